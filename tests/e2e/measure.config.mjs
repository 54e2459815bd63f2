// The measurements (scripts/measure): the end-to-end setup, run on measure.mjs alone, one worker, so
// no other browser competes for the two cores; and one more server, sending the build's .gz files
// with Content-Encoding, as a deployed lab is served (docs/embedding.md, "Compressed files").
import base from "./playwright.config.mjs";

const port = base.metadata.ports.labGzip;
const gzip = {
  command: `node tests/e2e/serve.mjs --port ${port} --precompressed gzip`,
  cwd: "../..",
  url: `http://127.0.0.1:${port}/`,
};

export default { ...base, testMatch: "measure.mjs", workers: 1, webServer: [...base.webServer, gzip] };
