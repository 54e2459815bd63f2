// The measurements (scripts/measure): the end-to-end setup, run on measure.mjs alone, one worker, so
// no other browser competes for the two cores.
import base from "./playwright.config.mjs";

export default { ...base, testMatch: "measure.mjs", workers: 1 };
