// Assignments: predict, run, reveal; answers that survive reloads; broken inputs.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { LabPage, lock } from "./lab-page.mjs";

const LESSON_TRACE = "assignments/lesson-trace.json";
const link = (text) => Buffer.from(text, "utf8").toString("base64url");

async function predict(page, values) {
  for (const [id, v] of Object.entries(values)) await page.getByTestId(`predict-${id}`).fill(v);
}

test("predict, run, and see the reveal with score and explaining rows", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await expect(page.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
  await predict(page, { steps: " 17 ", reads: "+48", writes: "7", revision: "seven", rounds: "2", components: "4" });
  await expect(page.getByTestId("input-error")).toHaveText("\"seven\" is not a whole number");
  await page.getByTestId("run").click();
  await expect(page.getByTestId("run-blocked")).toContainText("final revision");
  await expect(page.getByTestId("reveal")).toHaveCount(0);
  await predict(page, { revision: "7" });
  await lock(page);
  await expect(page.getByTestId("run")).toHaveText("Predictions locked");
  await expect(page.getByTestId("predict-steps")).toHaveAttribute("readonly", "");
  await expect(page.getByTestId("score")).toHaveText("Score: 5 / 6");
  const reads = page.getByTestId("reveal-reads");
  await expect(reads).toContainText("✗ off by 2");
  await expect(reads).toContainText("-2");
  // Locked, the predicted run waits at step 0, ready to watch.
  await expect(page.getByTestId("status-strip")).toContainText("Step 0 of 17");
  await expect(page.getByTestId("watch")).toBeVisible();
  // Each round's share of the reads, not every read: round 1 adds 24, round 2 adds 26.
  await expect(reads.locator("a")).toHaveText(["round 1: 24", "round 2: 26"]);
  // A link moves the run to that round's last step, its row current in the trace's box.
  const y = await page.evaluate(() => window.scrollY);
  await reads.locator("a").first().click();
  await expect(page.getByTestId("status-strip")).toContainText("Step 12 of 17");
  await expect(page.locator("#step-12")).toHaveAttribute("aria-current", "step");
  await expect(page.locator("#step-12")).toBeInViewport();
  await expect(lab.traceSummary).toContainText("store reads 24");
  await expect(page).not.toHaveURL(/#step-/);
  // The row shows below the sticky status strip, not under it.
  const [row, strip] = await Promise.all([
    page.locator("#step-12").boundingBox(),
    page.getByTestId("status-strip").boundingBox(),
  ]);
  expect(row.y).toBeGreaterThanOrEqual(strip.y + strip.height - 1);
  expect(typeof y).toBe("number");
});

test("predictions survive a reload, locked or not", async ({ page }) => {
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await predict(page, { steps: "16", reads: "50" });
  await page.reload();
  await expect(page.getByTestId("predict-steps")).toHaveValue("16");
  await expect(page.getByTestId("predict-reads")).toHaveValue("50");
  await lock(page);
  await page.reload();
  await expect(page.getByTestId("run")).toHaveText("Predictions locked");
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 6");
});

test("a corrupt stored record is kept aside with a notice, and the lab goes on", async ({ page }) => {
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await predict(page, { steps: "17" });
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("cplab/assignment/")));
  await page.evaluate((k) => localStorage.setItem(k, "{broken"), key);
  await page.reload();
  await expect(page.getByTestId("storage-notice")).toContainText("could not be read");
  await expect(page.getByTestId("storage-notice")).toContainText("kept aside");
  const aside = await page.evaluate((k) => Object.keys(localStorage).filter((x) => x.startsWith(`${k}/corrupt/`)).map((x) => localStorage.getItem(x)), key);
  expect(aside).toEqual(["{broken"]);
  await predict(page, { steps: "17" });
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 6");
});

test("a record from a newer lab is left untouched", async ({ page }) => {
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await predict(page, { steps: "1" });
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("cplab/assignment/")));
  const newer = JSON.stringify({ version: 9, anything: true });
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, newer]);
  await page.reload();
  await expect(page.getByTestId("storage-notice")).toContainText("newer version");
  await predict(page, { steps: "17" });
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe(newer);
});

test("blocked storage: everything works in memory, with a notice", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", { get() { throw new DOMException("blocked", "SecurityError"); } });
  });
  const page = await context.newPage();
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await expect(page.getByTestId("storage-notice")).toContainText("storage is blocked");
  await expect(page.getByTestId("storage-notice")).toContainText("Export");
  await predict(page, { steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2", components: "4" });
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 6 / 6");
  await context.close();
});

test("an assignment in the link works; a broken link says what is wrong", async ({ page }) => {
  const text = readFileSync(LESSON_TRACE, "utf8");
  await page.goto(`./?a=${link(text)}`);
  await expect(page.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
  await page.goto(`./?a=${link('{"version": 1, "title": "x", "predict": ["stepz"]}')}`);
  await expect(page.getByTestId("assignment-error")).toContainText('predict[0]: unknown quantity "stepz"');
  await expect(page.getByTestId("lab")).toBeVisible();
  await page.goto("./?a=%25%25not*base64");
  await expect(page.getByTestId("assignment-error")).toContainText("does not belong");
  await page.goto("./?assignment=assignments/missing.json");
  await expect(page.getByTestId("assignment-error")).toContainText("HTTP 404");
  // The lab below still plays.
  await page.getByTestId("forward").click();
  await expect(page.getByTestId("trace-row")).toHaveCount(1);
});

test("the failure-matrix assignment asks for each cell, verdicts as choices", async ({ page }) => {
  await page.goto("./?assignment=assignments/failure-matrix.json");
  await expect(page.getByTestId("assignment-title")).toHaveText("Take one component down at a time");
  await expect(page.locator("[data-testid^=predict-matrix-]")).toHaveCount(35);
  await page.getByTestId("predict-matrix-API-server-scale").selectOption("halted");
  await page.getByTestId("predict-matrix-API-server-rd").fill("21");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 2 / 35");
  await expect(page.getByTestId("reveal-matrix-API-server-rd")).toContainText("✓ correct"); // within ±2
});

test("the report exports as JSON and CSV, and reads back for review", async ({ page }) => {
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await predict(page, { steps: "17", reads: "49" });
  await lock(page);
  const [json] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-json").click()]);
  const path = await json.path();
  const report = JSON.parse(readFileSync(path, "utf8"));
  expect([report.title, report.correct, report.total]).toEqual(["Trace one request end to end", 1, 6]);
  expect(report.lines[1]).toMatchObject({ id: "reads", predicted: "49", actual: "50", difference: -1, correct: false });
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csvText = readFileSync(await csv.path(), "utf8");
  expect(csvText.split("\n")[1]).toBe("steps,trace steps,17,17,0,yes,1,,");
  // Read back on the reviewer's page, a build of its own that the assignment page links to.
  await page.goto("./?review=1");
  await page.getByTestId("import-report").setInputFiles(path);
  await expect(page.getByTestId("imported-report")).toContainText("Score: 1 / 6");
  await page.getByTestId("import-report").setInputFiles({ name: "x.json", mimeType: "application/json", buffer: Buffer.from("{nope") });
  await expect(page.getByTestId("import-error")).toContainText("not a lab report");
});

test("the plain lab links to the report reviewer, which opens ready to choose a file", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("review-link").click();
  await expect(page).toHaveURL(/\?review=1$/);
  await expect(page.getByTestId("import-report")).toBeVisible();
  await page.getByTestId("import-report").setInputFiles({ name: "x.json", mimeType: "application/json", buffer: Buffer.from("[]") });
  await expect(page.getByTestId("import-error")).toContainText("This file cannot be reviewed");
});

test("assignment text from outside renders as text, never as markup", async ({ page }) => {
  const evil = JSON.stringify({
    version: 1,
    title: '<img src=x onerror="window.__pwned=1">Title',
    instructions: "<b>bold?</b><script>window.__pwned=2</script>",
    predict: ["steps"],
  });
  await page.goto(`./?a=${Buffer.from(evil, "utf8").toString("base64url")}`);
  await expect(page.getByTestId("assignment-title")).toHaveText('<img src=x onerror="window.__pwned=1">Title');
  await expect(page.getByTestId("assignment-instructions")).toHaveText("<b>bold?</b><script>window.__pwned=2</script>");
  expect(await page.locator("main img, main b, main script").count()).toBe(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test("the student's name is saved with the work and written into the report; the page says how to hand in", async ({ page }) => {
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await page.getByTestId("student").fill("Ada L. (s-042)");
  await page.getByTestId("student").blur();
  await page.getByTestId("predict-steps").fill("17");
  await page.reload();
  await expect(page.getByTestId("student")).toHaveValue("Ada L. (s-042)");
  await lock(page);
  await expect(page.getByTestId("hand-in")).toHaveText(/^To hand in: export your report/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-json").click()]);
  const report = JSON.parse(await (await import("node:fs/promises")).readFile(await download.path(), "utf8"));
  expect(report.student).toBe("Ada L. (s-042)");
  // Named for the assignment and the student, so a teacher's folder says whose each one is.
  expect(download.suggestedFilename()).toBe("lab-report-trace-one-request-end-to-end-ada-l-s-042.json");
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csv.suggestedFilename()).toBe("lab-report-trace-one-request-end-to-end-ada-l-s-042.csv");
  expect(await (await import("node:fs/promises")).readFile(await csv.path(), "utf8")).toContain("\nstudent,Ada L. (s-042),");
});

test("on a phone the assignment comes first, under the title: its predictions before any control of the run", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`./?assignment=${LESSON_TRACE}`);
  await expect(page.getByTestId("assignment-title")).toBeInViewport();
  const top = async (id) => (await page.getByTestId(id).boundingBox()).y;
  // The title, the first prediction and the lock before Play and the diagram.
  expect(await top("assignment-title")).toBeLessThan(await top("play"));
  expect(await top("run")).toBeLessThan(await top("play"));
  expect(await top("run")).toBeLessThan(await top("part-state-store"));
  // The plain lab keeps its order: the controls first.
  await page.goto("./");
  await expect(page.getByTestId("play")).toBeInViewport();
});

test("the diagram, the trace and the panels come in a module of their own; a prediction is typed before it", async ({ page }) => {
  let release;
  const held = new Promise((done) => (release = done));
  const asked = [];
  await page.route("**/split_lab_later.wasm", async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await page.getByTestId("predict-steps").fill("17");
  await expect(page.getByTestId("predict-steps")).toHaveValue("17");
  // Asked for once the page was idle, and held: the assignment is there, the lab's views not yet.
  await expect.poll(() => asked.length).toBe(1);
  await expect(page.getByTestId("trace-table")).toHaveCount(0);
  await expect(page.getByTestId("diagram")).toHaveCount(0);
  // Run's lock comes with the same module: pressed now, it waits for it, and nothing is lost.
  await page.getByTestId("run").click();
  await expect(page.getByTestId("run")).toBeEnabled();
  await expect(page.getByTestId("confirm-blank")).toHaveCount(0);
  release();
  await expect(page.getByTestId("trace-table")).toBeVisible();
  await expect(page.getByTestId("diagram")).toBeVisible();
  await expect(page.getByTestId("glossary")).toBeVisible();
  await expect(page.getByTestId("predict-steps")).toHaveValue("17");
  await expect(page.getByTestId("later-missing")).toHaveCount(0);
  // The press made while held is answered once the module is in (the other counts are blank).
  await expect(page.getByTestId("confirm-blank")).toBeVisible();
  expect(asked).toHaveLength(1);
});

test("if that module never comes, one line says so and the typed prediction stays", async ({ page }) => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.route("**/split_lab_later.wasm", (route) => route.abort());
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await page.getByTestId("predict-steps").fill("17");
  await expect(page.getByTestId("later-missing")).toHaveCount(1);
  await expect(page.getByTestId("later-missing")).toContainText("your predictions are kept");
  await expect(page.getByTestId("predict-steps")).toHaveValue("17");
  // Run cannot lock without it: said where Run's refusals stand, and the prediction stays.
  await page.getByTestId("run").click();
  await expect(page.getByTestId("run-blocked")).toContainText("could not be locked");
  await expect(page.getByTestId("run")).toBeEnabled();
  await expect(page.getByTestId("predict-steps")).toHaveValue("17");
  await expect(page.getByTestId("crash")).toBeHidden();
  expect(errors).toEqual([]);
});
