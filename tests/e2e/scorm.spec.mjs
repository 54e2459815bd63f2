// The lab launched by an LMS from its SCORM 1.2 package (issue 21): the package is the
// workbench's own download, unzipped by Python's zipfile; the LMS is scorm-again's SCORM 1.2
// runtime in fixtures/lms.html, on the package's origin. What the LMS got is read from its calls
// (fixtures/lms.html records each, with its answer) and from its own data model.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lock } from "./lab-page.mjs";
import { origin } from "./origins.mjs";

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
// Under the scorm server's root (the repository), so the LMS page frames them on its origin.
const PACKAGES = "tests/e2e/artifacts/scorm";
// The lesson's trace (reveal: true, no retry) and one that never reveals, with one retry.
const SEALED = {
  version: 1,
  title: "Sealed, with one retry",
  predict: ["steps", "reads"],
  ask: [{ writers: "copy/collector-4" }],
  reveal: false,
  retries: 1,
};

// Each package built as a teacher builds it: the workbench opens the file, then downloads.
async function pack(browser, name, file, passMark = "") {
  const page = await browser.newPage();
  await page.goto(`${origin("lab")}/?workbench=1`);
  await page.getByTestId("open-file").setInputFiles(file);
  if (passMark) await page.getByTestId("pass-mark").fill(passMark);
  await expect(page.getByTestId("download-scorm")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-scorm").click()]);
  const dir = root(`${PACKAGES}/${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await download.saveAs(`${dir}.zip`);
  execFileSync("python3", ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", `${dir}.zip`, dir]);
  await page.close();
}

test.beforeAll(async ({ browser }) => {
  mkdirSync(root(PACKAGES), { recursive: true });
  const sealed = root(`${PACKAGES}/sealed.json`);
  writeFileSync(sealed, JSON.stringify(SEALED));
  await pack(browser, "trace", root("assignments/lesson-trace.json"));
  await pack(browser, "sealed", sealed);
  await pack(browser, "marked", root("assignments/lesson-trace.json"), "80");
});

const SCO = (name) => `/${PACKAGES}/${name}/index.html?assignment=assignment.json`;
const lmsPage = (name, params = {}) =>
  `${origin("scorm")}/tests/e2e/fixtures/lms.html?${new URLSearchParams({ sco: SCO(name), ...params })}`;
const calls = (page) => page.evaluate(() => window.calls);
const set = (element, value, answer = "true") => ["LMSSetValue", element, value, answer];

// Nothing the lab logs as an error, in any frame, goes unnoticed.
const logged = new WeakMap();
function watch(page) {
  const errors = [];
  logged.set(page, errors);
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
}
test.afterEach(async ({ page }) => {
  expect(logged.get(page) ?? []).toEqual([]);
});

async function predict(scope, values) {
  for (const [id, v] of Object.entries(values)) await scope.getByTestId(`predict-${id}`).fill(v);
}

// One interaction as the lab sets it (with the answer only when the page shows it).
const interaction = (n, id, response, result, pattern) => [
  set(`cmi.interactions.${n}.id`, id),
  set(`cmi.interactions.${n}.type`, id.startsWith("writers-") ? "fill-in" : "numeric"),
  ...(response === null ? [] : [set(`cmi.interactions.${n}.student_response`, response)]),
  set(`cmi.interactions.${n}.result`, result),
  ...(pattern === undefined ? [] : [set(`cmi.interactions.${n}.correct_responses.0.pattern`, pattern)]),
];
const score = (raw, status) => [
  set("cmi.core.score.raw", raw),
  set("cmi.core.score.min", "0"),
  set("cmi.core.score.max", "100"),
  set("cmi.core.lesson_status", status),
];
const OPENED = [["LMSInitialize", "", "true"], set("cmi.core.lesson_status", "incomplete")];

test("launched by an LMS: its name fills the field, a lock reports each item, the score and the status, then commits; leaving finishes", async ({ page }) => {
  watch(page);
  // Two frames down, as an LMS player frames a lesson: the API is found on the parents' chain.
  await page.goto(lmsPage("trace", { name: "Lovelace, Ada", id: "s-042", mastery: "80", nest: "1" }));
  const sco = page.frameLocator("iframe").frameLocator("iframe");
  await expect(sco.getByTestId("student")).toHaveValue("Lovelace, Ada");
  await expect.poll(() => calls(page)).toEqual(OPENED);
  await predict(sco, { components: "4", steps: "17", reads: "+48", writes: "7", revision: "7" });
  await lock(sco);
  await expect(sco.getByTestId("score")).toHaveText("Score: 4 / 6");
  // 4 of 6 is 66.67, under the mastery score of 80: failed. The answers show on the page (reveal,
  // no retry), so the LMS gets them too.
  await expect.poll(() => calls(page)).toEqual([
    ...OPENED,
    ...interaction(0, "steps", "17", "correct", "17"),
    ...interaction(1, "reads", "48", "wrong", "50"),
    ...interaction(2, "writes", "7", "correct", "7"),
    ...interaction(3, "revision", "7", "correct", "7"),
    ...interaction(4, "rounds", null, "wrong", "2"),
    ...interaction(5, "components", "4", "correct", "4"),
    ...score("66.67", "failed"),
    ["LMSCommit", "", "true"],
  ]);
  // The LMS's own data model holds them.
  const held = await page.evaluate(() => {
    const cmi = window.API.cmi;
    return [cmi.core.score.raw, cmi.core.lesson_status, cmi.interactions.childArray.length, cmi.core.student_name];
  });
  expect(held).toEqual(["66.67", "failed", 6, "Lovelace, Ada"]);
  await expect(sco.getByTestId("hand-in")).toHaveText("Your results have gone to your course's LMS; you can also export them below.");
  await expect(sco.getByTestId("lms-error")).toHaveCount(0);
  // Leaving the lesson (the LMS moves the lesson's frame on) ends the session.
  await page.evaluate(() => (document.querySelector("iframe").contentDocument.querySelector("iframe").src = "about:blank"));
  await expect.poll(async () => (await calls(page)).at(-1)).toEqual(["LMSFinish", "", "true"]);
  expect((await calls(page)).filter(([name]) => name === "LMSFinish")).toHaveLength(1);
});

test("a retry reports again after the first attempt's interactions, and a sealed assignment never sends an answer", async ({ page }) => {
  watch(page);
  await page.goto(lmsPage("sealed", { id: "s-042" }));
  const sco = page.frameLocator("iframe");
  // No name at the LMS: its student id.
  await expect(sco.getByTestId("student")).toHaveValue("s-042");
  // What the student types (and so saves) is theirs: a second launch does not replace it.
  await sco.getByTestId("student").fill("Ada L.");
  await page.goto(lmsPage("sealed", { name: "Lovelace, Ada" }));
  await expect(sco.getByTestId("student")).toHaveValue("Ada L.");
  await expect.poll(() => calls(page)).toEqual(OPENED);
  const writers = "writers-copy-collector-4";
  await predict(sco, { steps: "17", reads: "40", [writers]: "controller manager, scheduler, node agents" });
  await lock(sco);
  await expect(sco.getByTestId("score")).toHaveText("Score: 2 / 3");
  const first = [
    ...interaction(0, "steps", "17", "correct"),
    ...interaction(1, "reads", "40", "wrong"),
    ...interaction(2, "writers-copy-collector-4", "controller manager, scheduler, node agents", "correct"),
    ...score("66.67", "completed"),
    ["LMSCommit", "", "true"],
  ];
  await expect.poll(() => calls(page)).toEqual([...OPENED, ...first]);
  await sco.getByTestId("start-over").click();
  await predict(sco, { reads: "50" });
  await lock(sco);
  await expect(sco.getByTestId("score")).toHaveText("Score: 3 / 3");
  // The second attempt's interactions follow the first's (3 to 5); still no answer, as the page
  // shows none (reveal: false).
  await expect.poll(() => calls(page)).toEqual([
    ...OPENED,
    ...first,
    ...interaction(3, "steps", "17", "correct"),
    ...interaction(4, "reads", "50", "correct"),
    ...interaction(5, "writers-copy-collector-4", "controller manager, scheduler, node agents", "correct"),
    ...score("100", "completed"),
    ["LMSCommit", "", "true"],
  ]);
  const held = await page.evaluate(() => [window.API.cmi.core.score.raw, window.API.cmi.interactions.childArray.length]);
  expect(held).toEqual(["100", 6]);
});

test("an LMS that refuses a value: the student is told which and why, and to export; nothing typed is lost", async ({ page }) => {
  watch(page);
  await page.goto(lmsPage("trace", { name: "Lovelace, Ada", fail: "cmi.core.score.raw" }));
  const sco = page.frameLocator("iframe");
  await expect(sco.getByTestId("student")).toHaveValue("Lovelace, Ada");
  await predict(sco, { components: "4", steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2" });
  await lock(sco);
  await expect(sco.getByTestId("lms-error")).toHaveText(
    "Your course's LMS did not take your results: it answered LMSSetValue cmi.core.score.raw with error 405 (Incorrect Data Type). " +
      "Everything you typed is kept here: export your report (JSON or CSV) and send the file to your teacher.",
  );
  await expect(sco.getByTestId("hand-in")).toContainText("To hand in: export your report");
  // The rest still went, and was committed.
  const got = await calls(page);
  expect(got.slice(-5)).toEqual([
    set("cmi.core.score.raw", "100", "false"),
    set("cmi.core.score.min", "0"),
    set("cmi.core.score.max", "100"),
    set("cmi.core.lesson_status", "completed"),
    ["LMSCommit", "", "true"],
  ]);
  await expect(sco.getByTestId("predict-steps")).toHaveValue("17");
  const [json] = await Promise.all([page.waitForEvent("download"), sco.getByTestId("export-json").click()]);
  const report = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect([report.student, report.correct, report.total, report.lines[0].predicted]).toEqual(["Lovelace, Ada", 6, 6, "17"]);
});

test("no LMS: the package's page runs as the plain assignment page, and an API on another origin is not reached", async ({ page }) => {
  watch(page);
  await page.goto(`${origin("scorm")}${SCO("trace")}`);
  await expect(page.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
  await expect(page.getByTestId("student")).toHaveValue("");
  await predict(page, { components: "4", steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2" });
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 6 / 6");
  await expect(page.getByTestId("hand-in")).toContainText("To hand in: export your report");
  await expect(page.getByTestId("lms-error")).toHaveCount(0);

  // An LMS page on another origin: reading its API throws in the lesson's frame, which is no API.
  await page.goto(`${origin("host")}/lms-elsewhere.html?sco=${encodeURIComponent(origin("scorm") + SCO("sealed"))}`);
  const sco = page.frameLocator("iframe");
  await expect(sco.getByTestId("assignment-title")).toHaveText("Sealed, with one retry");
  await expect(sco.getByTestId("student")).toHaveValue("");
  await predict(sco, { steps: "17", reads: "50", "writers-copy-collector-4": "controller manager, scheduler, node agents" });
  await lock(sco);
  await expect(sco.getByTestId("score")).toHaveText("Score: 3 / 3");
  await expect(sco.getByTestId("hand-in")).toContainText("To hand in: export your report");
  expect(await calls(page)).toEqual([]);
});

test("the lab's calls to the LMS are one a task: a slow LMS never holds the page for a report", async ({ page }) => {
  watch(page);
  await page.goto(lmsPage("trace", { name: "Lovelace, Ada" }));
  const sco = page.frameLocator("iframe");
  await expect(sco.getByTestId("student")).toHaveValue("Lovelace, Ada");
  await predict(sco, { components: "4", steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2" });
  await lock(sco);
  await expect.poll(async () => (await calls(page)).at(-1)).toEqual(["LMSCommit", "", "true"]);
  const tasks = await page.evaluate(() => window.callTasks);
  // 6 items of 4 or 5 values, the score and the status, the reads before them and the commit.
  expect(tasks.length).toBeGreaterThan(30);
  const most = Math.max(...Object.values(tasks.reduce((n, t) => ({ ...n, [t]: (n[t] ?? 0) + 1 }), {})));
  expect(most).toBe(1);
});

// The pass mark a teacher sets in the workbench: written into the package's manifest as the
// item's adlcp:masteryscore, which an LMS gives the lesson as cmi.student_data.mastery_score
// (the fixture LMS is told the manifest's value, as an LMS reads it on import).
test("the pass mark set in the workbench is the package's mastery score: passed at it or above, failed below", async ({ browser }) => {
  const manifest = readFileSync(root(`${PACKAGES}/marked/imsmanifest.xml`), "utf8");
  const mastery = manifest.match(/<adlcp:masteryscore>(\d+)<\/adlcp:masteryscore>/)?.[1];
  expect(mastery).toBe("80");
  for (const [typed, score, said] of [
    [{ components: "4", steps: "17", reads: "48", writes: "7", revision: "7" }, "Score: 4 / 6", "failed"],
    [{ components: "4", steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2" }, "Score: 6 / 6", "passed"],
  ]) {
    // Each student in a browser of their own (saved work is kept per browser).
    const context = await browser.newContext();
    const page = await context.newPage();
    watch(page);
    const status = () => page.evaluate(() => window.API.cmi.core.lesson_status);
    await page.goto(lmsPage("marked", { name: `Student ${said}`, mastery }));
    const sco = page.frameLocator("iframe");
    await expect(sco.getByTestId("student")).toHaveValue(`Student ${said}`);
    await predict(sco, typed);
    await lock(sco);
    await expect(sco.getByTestId("score")).toHaveText(score);
    await expect.poll(status).toBe(said);
    expect(logged.get(page)).toEqual([]);
    await context.close();
  }
});

test("a pass mark that is not a whole percent is named, and no package is made with it", async ({ page }) => {
  watch(page);
  await page.goto(`${origin("lab")}/?workbench=1`);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  await expect(page.getByTestId("pass-mark")).toHaveValue("");
  await expect(page.getByTestId("download-scorm")).toBeEnabled();
  for (const bad of ["101", "66.5", "abc"]) {
    await page.getByTestId("pass-mark").fill(bad);
    await expect(page.getByTestId("pass-mark-note")).toContainText("Error:");
    await expect(page.getByTestId("pass-mark")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("download-scorm")).toBeDisabled();
  }
  await page.getByTestId("pass-mark").fill("80");
  await expect(page.getByTestId("pass-mark-note")).toHaveCount(0);
  await expect(page.getByTestId("download-scorm")).toBeEnabled();
});
