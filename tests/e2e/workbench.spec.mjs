// The teacher's workbench (?workbench=1, issue 21): an assignment built without JSON, checked by
// `cplab check`, handed out and previewed; bad fields named beside themselves; a class's reports
// reviewed at once. The golden files are made by the native tests (src/teaching/).
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createServer } from "node:http";
import { lock, longestTask } from "./lab-page.mjs";

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const GOLDEN = root("tests/golden/workbench/lesson-trace.json");
const CLASS = root("tests/golden/workbench/class");
const SHIPPED = JSON.parse(readFileSync(root("assignments/lesson-trace.json"), "utf8"));
const COUNTS = ["components", "steps", "reads", "writes", "revision", "rounds"];

async function axe(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// A panic in the workbench (a signal read while it is written, say) is logged, never silent.
const logged = new WeakMap();
test.afterEach(async ({ page }) => {
  expect(logged.get(page) ?? []).toEqual([]);
});

async function open(page) {
  if (!logged.has(page)) {
    const errors = [];
    logged.set(page, errors);
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  }
  await page.goto("./?workbench=1");
  await expect(page.getByTestId("workbench")).toBeVisible();
}

// The workbench's former address (issue 28's rename): links handed out before it carry
// `teach`, and still open the workbench and the sandbox.
test("the former address ?teach=1 opens the workbench, and with sandbox=1 the sandbox", async ({ page }) => {
  await page.goto("./?teach=1");
  await expect(page.getByTestId("workbench")).toBeVisible();
  await expect(page).toHaveTitle("Control Plane Lab: the teacher's workbench");
  await page.goto("./?teach=1&sandbox=1");
  await expect(page.getByTestId("sandbox")).toBeVisible();
  await expect(page).toHaveTitle("Try your own scenario");
});

async function buildLessonTrace(page) {
  await page.getByTestId("title").fill(SHIPPED.title);
  await page.getByTestId("instructions").fill(SHIPPED.instructions);
  for (const q of COUNTS) await page.getByTestId(`count-${q}`).check();
}

test("the lesson's trace assignment built from scratch is the committed file, and cplab check takes it", async ({ page }, info) => {
  await open(page);
  await expect(page.getByTestId("out-blocked")).toBeVisible();
  // The lesson's scenario, run live and counted as the lesson counts it.
  await expect(page.getByTestId("scenario-counts")).toHaveText(
    "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2");
  await buildLessonTrace(page);
  // cplab check's warning, beside the scenario it concerns.
  await expect(page.locator("#scenario-notes")).toContainText("Warning: every answer is the lesson's own");
  await expect(page.getByTestId("out-json")).toHaveValue(readFileSync(GOLDEN, "utf8"));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-json").click()]);
  expect(download.suggestedFilename()).toBe("assignment-trace-one-request-end-to-end.json");
  const saved = info.outputPath("exported.json");
  await download.saveAs(saved);
  expect(readFileSync(saved, "utf8")).toBe(readFileSync(GOLDEN, "utf8"));
  // The CLI (`cargo build --bin cplab`) checks the exported file as it is.
  const check = spawnSync(root("target/debug/cplab"), ["check", saved], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  expect(check.stdout).toBe(`ok: ${saved}: "${SHIPPED.title}", 6 items to predict, answers shown after the run\n`);
  // Its one warning is the one the page shows beside the scenario, word for word.
  const note = (await page.locator("#scenario-notes").innerText()).replace(/^Warning:\s*/, "");
  expect(check.stderr).toBe(`cplab: warning: ${saved}: scenario: ${note}\n`);
  const key = execFileSync(root("target/debug/cplab"), ["answer-key", saved], { encoding: "utf8" });
  await expect(page.getByTestId("answer-key")).toHaveText(key.trimEnd());
  // The link carries the file; the snippet embeds it with the course page's host.
  const link = await page.getByTestId("out-link").inputValue();
  expect(Buffer.from(new URL(link).searchParams.get("a"), "base64url").toString("utf8")).toBe(readFileSync(GOLDEN, "utf8"));
  await expect(page.getByTestId("out-snippet")).toHaveValue(/embed=1&amp;height=fixed&amp;host=https%3A%2F%2Facademia\.sh&amp;a=/);
});

test("a shipped assignment opens, one question changes, and the preview is the locked assignment", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/beyond-the-tables.json"));
  await expect(page.getByTestId("opened")).toHaveText('Editing "Where the load comes from, and who writes what".');
  await expect(page.getByTestId("asked")).toHaveCount(8);
  // A tolerance is offered for numbers only (a writers answer is names, scored exactly).
  await expect(page.getByTestId("tolerance-component-scheduler-reads")).toBeVisible();
  await expect(page.getByTestId("tolerance-writers-copy-collector-4")).toHaveCount(0);
  // The first question (round 2's reads) becomes round 1's writes.
  await page.getByRole("button", { name: /^Remove: .*round\.2\.reads/ }).click();
  await page.getByTestId("ask-kind").selectOption("round");
  await page.getByTestId("ask-first").fill("1");
  await page.getByTestId("ask-second").selectOption("writes");
  await page.getByTestId("ask-add").click();
  await expect(page.getByTestId("asked")).toHaveCount(8);
  await expect(page.getByTestId("asked").last()).toContainText("round.1.writes");
  // The file shows the draft as last checked, once the typing pauses (SETTLE_MS).
  const outJson = async () => JSON.parse(await page.getByTestId("out-json").inputValue());
  await expect.poll(async () => (await outJson()).ask.at(-1)).toEqual({ round: 1, count: "writes" });
  expect((await outJson()).ask[0]).toEqual({ round: 2, count: "writes" });
  await expect(page.getByTestId("answer-key")).toContainText("round.1.writes");
  const href = await page.getByTestId("preview").getAttribute("href");
  await page.goto(href);
  await expect(page.getByTestId("assignment-title")).toHaveText("Where the load comes from, and who writes what");
  await expect(page.getByTestId("sealed")).toContainText("Predict first");
  // The changed question is there to predict, as the student will see it.
  await expect(page.getByTestId("predict-round-1-writes")).toBeVisible();
  await expect(page.getByTestId("predict-round-2-reads")).toHaveCount(0);
});

test("a bad field says what is wrong beside it and keeps what was typed", async ({ page }) => {
  await open(page);
  await buildLessonTrace(page);
  await page.getByTestId("tolerance-reads").fill("abc");
  await expect(page.locator("#tolerance-reads-notes")).toHaveText('Error: must be a whole number from 0 to 1000000, found the text "abc"');
  await expect(page.getByTestId("tolerance-reads")).toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("retries").fill("-1");
  await expect(page.locator("#retries-notes")).toContainText("Error:");
  await page.getByTestId("title").fill("");
  // A title still to give is a step to take, not an error, and not marked invalid.
  await expect(page.locator("#title-notes")).toHaveText("To do: Give the assignment a title: students see it as its heading.");
  await expect(page.getByTestId("title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("out-blocked")).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByTestId("tolerance-reads")).toHaveValue("abc");
  await expect(page.getByTestId("retries")).toHaveValue("-1");
  await page.getByTestId("ask-kind").selectOption("round");
  await page.getByTestId("ask-first").fill("two");
  await page.getByTestId("ask-second").selectOption("reads");
  await page.getByTestId("ask-add").click();
  // Said in the field's own name, the field marked; what was typed stays.
  await expect(page.getByTestId("ask-problem")).toHaveText('Round (0 is the requests): must be a whole number from 0 to 1000, found the text "two"');
  await expect(page.getByTestId("ask-first")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("ask-first")).toHaveValue("two");
  // The scenario's requests, as a table: a bad number named on its row, and kept.
  await page.getByTestId("request-0-desired").fill("five");
  await expect(page.locator("#request-0-notes")).toHaveText('Error: must be a whole number from 0 to 100000, found the text "five"');
  await expect(page.getByTestId("scenario-counts")).toHaveText("");
  await expect(page.getByTestId("request-0-desired")).toHaveValue("five");
  await page.getByTestId("request-0-desired").fill("4");
  // The starting nodes, as a table: a change to m3 is written under "changes".
  await page.getByTestId("node-m3-capacity").fill("lots");
  await expect(page.locator("#node-m3-notes")).toHaveText('Error: must be a whole number from 0 to 100000, found the text "lots"');
  await page.getByTestId("node-m3-capacity").fill("0");
  await page.getByTestId("node-m3-health").selectOption("dead");
  await expect(page.locator("#node-m3-notes")).toHaveText("");
  await page.getByTestId("service-verifier-desired").fill("-2");
  await expect(page.locator("#service-verifier-notes")).toHaveText("Error: must not be negative, found -2");
  await page.getByTestId("service-verifier-desired").fill("1");
  await page.getByTestId("request-add").click();
  await page.getByTestId("request-1-key").fill("service/verifier");
  await page.getByTestId("request-1-desired").fill("3");
  await expect(page.getByTestId("scenario")).toHaveText("Scenario: not the lesson's request (opened or changed below)");
  await expect(page.getByTestId("scenario-counts")).toContainText("trace steps");
  await expect(page.getByTestId("scenario-counts")).not.toContainText("trace steps 17 ");
  await expect(page.getByTestId("out-json")).toHaveCount(0);
  await page.getByTestId("open-link").fill("?a=not*a*code");
  await page.getByTestId("open-link-button").click();
  await expect(page.getByTestId("open-failed")).toContainText("It does not open:");
  await expect(page.getByTestId("tolerance-reads")).toHaveValue("abc");
  // Fixed, the assignment is handed out again.
  await page.getByTestId("title").fill("T");
  await page.getByTestId("tolerance-reads").fill("2");
  await page.getByTestId("retries").fill("");
  await expect(page.getByTestId("answer-key")).toContainText("reads");
  const file = JSON.parse(await page.getByTestId("out-json").inputValue());
  expect(file.scenario.changes).toEqual({ "node/m3": { capacity: 0, health: "dead" }, "service/verifier": { desired: 1 } });
  expect(file.scenario.requests).toEqual([
    { key: "service/collector", value: { desired: 4 } },
    { key: "service/verifier", value: { desired: 3 } },
  ]);
});

test("a new assignment starts with steps to take, not errors; every bad field of the scenario is named at once", async ({ page }) => {
  await open(page);
  // Nothing typed yet: nothing is wrong, two steps are left, and the hand-out says which.
  await expect(page.getByText("Error:")).toHaveCount(0);
  await expect(page.locator("#title-notes")).toHaveText("To do: Give the assignment a title: students see it as its heading.");
  await expect(page.locator("#predict-notes")).toHaveText("To do: Choose what students predict: a count, failure-matrix rows and cells, or a question.");
  await expect(page.getByTestId("out-todo")).toHaveText([
    "Give the assignment a title: students see it as its heading.",
    "Choose what students predict: a count, failure-matrix rows and cells, or a question.",
  ]);
  // The question form starts on its first kind, its fields labelled in the teacher's words.
  await expect(page.getByTestId("ask-kind")).toHaveValue("round");
  await expect(page.getByLabel("Round (0 is the requests)")).toBeVisible();
  await page.getByTestId("ask-kind").selectOption("repair");
  await expect(page.getByTestId("ask-first")).toHaveValue("API server");
  await expect(page.getByTestId("ask-second")).toHaveValue("scale");
  // Counts ticked, no title yet: cplab check's warning shows already.
  for (const q of COUNTS) await page.getByTestId(`count-${q}`).check();
  await expect(page.locator("#scenario-notes")).toContainText("Warning: every answer is the lesson's own");
  await expect(page.getByTestId("out-todo")).toHaveText(["Give the assignment a title: students see it as its heading."]);
  // Two fields of the scenario wrong at once: both named, each beside its own row.
  await page.getByTestId("request-0-desired").fill("five");
  await page.getByTestId("node-m3-capacity").fill("lots");
  await expect(page.locator("#request-0-notes")).toHaveText('Error: must be a whole number from 0 to 100000, found the text "five"');
  await expect(page.locator("#node-m3-notes")).toHaveText('Error: must be a whole number from 0 to 100000, found the text "lots"');
  await expect(page.getByTestId("out-blocked")).toContainText("Fix the errors marked above");
  await expect(page.getByTestId("run-trace").locator("summary")).toHaveText("The run's trace (none while the scenario has an error)");
  await page.getByTestId("node-m3-capacity").fill("4");
  await expect(page.locator("#node-m3-notes")).toHaveText("");
  await expect(page.locator("#request-0-notes")).toContainText("found the text");
  await page.getByTestId("request-0-desired").fill("5");
  // The run's trace is the lesson's table, row for row.
  await page.getByTestId("run-trace").locator("summary").click();
  await expect(page.getByTestId("run-trace").locator("summary")).toHaveText("The run's trace (17 steps)");
  const lesson = readFileSync(root("tests/golden/trace.txt"), "utf8").split("\n").slice(1, 19).join("\n");
  expect(await page.getByTestId("run-trace-table").innerText()).toBe(lesson);
  // A tolerance is labelled by what it is for.
  await expect(page.getByLabel("Tolerance for store reads (items)")).toBeVisible();
  // A key or service is offered from the run as it is typed: the keys it writes, its services.
  const offered = (id) => page.locator(`#${id} option`).evaluateAll((o) => o.map((x) => x.value));
  expect(await offered("ask-keys")).toEqual(["service/collector", "copy/collector-4", "copy/collector-5"]);
  expect(await offered("ask-services")).toEqual(["collector", "verifier"]);
  await page.getByTestId("ask-kind").selectOption("writers");
  await expect(page.getByTestId("ask-first")).toHaveAttribute("list", "ask-keys");
});

test("the draft is kept in this browser: a reload gives it back, and 'New' asks before replacing it", async ({ page }) => {
  await open(page);
  await expect(page.getByTestId("draft-restored")).toHaveCount(0);
  await page.getByTestId("title").fill("Kept");
  await page.getByTestId("count-steps").check();
  await page.getByTestId("tolerance-steps").fill("abc");
  await page.getByTestId("request-0-desired").fill("six");
  await page.reload();
  await expect(page.getByTestId("draft-restored")).toHaveText("Your draft is back: the workbench keeps it in this browser as you type.");
  await expect(page.getByTestId("title")).toHaveValue("Kept");
  await expect(page.getByTestId("count-steps")).toBeChecked();
  await expect(page.getByTestId("tolerance-steps")).toHaveValue("abc");
  await expect(page.getByTestId("request-0-desired")).toHaveValue("six");
  // "New" asks first; keeping the draft changes nothing, starting anew empties it.
  await page.getByTestId("new").click();
  await expect(page.getByTestId("new-confirm")).toContainText("Your draft is replaced");
  await page.getByTestId("new-no").click();
  await expect(page.getByTestId("title")).toHaveValue("Kept");
  await page.getByTestId("new").click();
  await page.getByTestId("new-yes").click();
  await expect(page.getByTestId("title")).toHaveValue("");
  await expect(page.getByTestId("count-steps")).not.toBeChecked();
  // An empty draft is replaced without asking.
  await page.getByTestId("new").click();
  await expect(page.getByTestId("new-confirm")).toHaveCount(0);
  // A record that cannot be read is set aside, never overwritten, and said.
  await page.evaluate(() => localStorage.setItem("cplab/workbench/draft", "{not json"));
  await page.reload();
  await expect(page.getByTestId("draft-restored")).toContainText("could not be read (it is set aside, not deleted)");
  expect(await page.evaluate(() => localStorage.getItem("cplab/workbench/draft-unreadable"))).toBe("{not json");
});

test("what a teacher might mistype is named: the snippet's origin, a pasted address, a blank or repeated question, a half-ticked matrix", async ({ page }) => {
  await open(page);
  await buildLessonTrace(page);
  await expect(page.getByTestId("out-host-note")).toHaveCount(0);
  await page.getByTestId("out-host").fill("not a url");
  await expect(page.getByTestId("out-host-note")).toHaveText("Error: this is not an origin: give the scheme and the name only, such as https://academia.sh (no path, no slash at the end).");
  await expect(page.getByTestId("out-host")).toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("out-host").fill("https://school.example");
  await expect(page.getByTestId("out-host-note")).toContainText("Warning: this lab sends results only to the course's pages");
  await page.getByTestId("out-host").fill("https://academia.sh");
  await expect(page.getByTestId("out-host-note")).toHaveCount(0);
  // The lab's own address pasted as a student link.
  await page.getByTestId("open-link").fill(new URL("./", page.url()).href);
  await page.getByTestId("open-link-button").click();
  await expect(page.getByTestId("open-failed")).toHaveText('It does not open: this address holds no assignment: a student link has ?a= and a code after it ("Hand out" below makes one)');
  // A question about no key, and one asked twice.
  await page.getByTestId("ask-kind").selectOption("writers");
  await page.getByTestId("ask-add").click();
  await expect(page.getByTestId("ask-problem")).toHaveText("Key: type one first (the list offers those of the run)");
  await page.getByTestId("ask-first").fill("copy/collector-4");
  await page.getByTestId("ask-add").click();
  await expect(page.getByTestId("asked")).toHaveCount(1);
  await page.getByTestId("ask-kind").selectOption("writers");
  await page.getByTestId("ask-first").fill("copy/collector-4");
  await page.getByTestId("ask-add").click();
  await expect(page.getByTestId("ask-problem")).toHaveText("This question is asked already: it is in the list above.");
  await expect(page.getByTestId("asked")).toHaveCount(1);
  // Removed by the keyboard, focus stays in the form rather than falling to the page's start.
  await page.getByRole("button", { name: /^Remove: / }).press("Enter");
  await expect(page.getByTestId("asked")).toHaveCount(0);
  await expect(page.getByTestId("ask-kind")).toBeFocused();
  // A matrix row without a cell: the step is the cells, and nothing is handed out meanwhile.
  await page.getByTestId("row-scheduler").check();
  await expect(page.locator("#matrix-notes")).toHaveText("To do: Tick the cells students predict in each failure-matrix row ticked above.");
  await expect(page.getByTestId("out-todo")).toHaveText(["Tick the cells students predict in each failure-matrix row ticked above."]);
  await page.getByTestId("cell-rd").check();
  await expect(page.locator("#matrix-notes")).toHaveText("");
  await expect(page.getByTestId("out-json")).toBeVisible();
});

test("copies and the fault timeline edited as tables are written into the assignment's scenario", async ({ page }) => {
  await open(page);
  await buildLessonTrace(page);
  await page.getByTestId("copy-collector-2-status").fill("dead");
  // A copy's message stands on the row beneath it, across the table.
  await page.getByTestId("copy-collector-3-status").fill("lost");
  const under = page.getByTestId("copy").nth(2).locator("xpath=following-sibling::tr[1]");
  await expect(under).toHaveClass("row-notes");
  await expect(under).toHaveText('Error: unknown status "lost"; use "pending", "running" or "dead"');
  await page.getByTestId("copy-collector-3-status").fill("running");
  // A copy added can be removed again, and a starting one too (written as a removal).
  await page.getByTestId("copy-add").click();
  await expect(page.getByTestId("copy")).toHaveCount(6);
  await page.getByTestId("copy-collector-4-remove").click();
  await expect(page.getByTestId("copy")).toHaveCount(5);
  await expect(page.getByTestId("copy-add")).toBeFocused();
  await page.getByTestId("copy-verifier-2-remove").click();
  await expect(page.getByTestId("copy")).toHaveCount(4);
  await page.getByTestId("event-add").click();
  await page.getByTestId("event-0-parts").fill("scheduler, API server");
  await expect(page.getByTestId("out-blocked")).toHaveCount(0);
  const file = JSON.parse(await page.getByTestId("out-json").inputValue());
  expect(file.scenario.changes["copy/collector-2"]).toEqual({ service: "collector", node: "m2", status: "dead" });
  expect(file.scenario.changes["copy/verifier-2"]).toBe(null);
  expect(Object.keys(file.scenario.changes)).not.toContain("copy/collector-4");
  expect(file.scenario.timeline).toEqual([{ round: 2, down: ["scheduler", "API server"] }]);
  // What the run has no use for is said beside its row: a node the state does not have (a
  // warning), a timeline row with no part (an error: it would change nothing).
  await page.getByTestId("copy-collector-2-node").fill("n2");
  await expect(page.locator("#copy-collector-2-notes")).toHaveText('Warning: "n2" is not a node of the starting state (there is no "node/n2"): no node counts this copy among its copies; a copy names its node "m1" or "node/m1"');
  await page.getByTestId("event-0-parts").fill("");
  await expect(page.locator("#event-0-notes")).toContainText("Error: names no part, so it changes nothing");
});

test("the SCORM 1.2 package holds the manifest, the lab's files as served and the assignment", async ({ page, request }, info) => {
  await open(page);
  await buildLessonTrace(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-scorm").click()]);
  expect(download.suggestedFilename()).toBe("assignment-trace-one-request-end-to-end-scorm12.zip");
  const saved = info.outputPath("package.zip");
  await download.saveAs(saved);
  // Python's zipfile reads it: every CRC right, each file stored, the lab's files as the server
  // sends them, and the assignment the workbench writes.
  const listed = execFileSync("python3", ["-c", `import sys, zipfile, hashlib
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
for i in z.infolist():
    print(i.filename, i.compress_type, hashlib.sha256(z.read(i)).hexdigest())`, saved], { encoding: "utf8" });
  const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");
  const want = [];
  for (const name of ["index.html", "boot.js", "lab.css", "lab_assignments.js", "lab_assignments_bg.wasm", "lab_assignments_split.js", "split_lab_later.wasm"]) {
    want.push(`${name} 0 ${sha(await (await request.get(`./${name}`)).body())}`);
  }
  want.push(`assignment.json 0 ${sha(readFileSync(GOLDEN))}`);
  const lines = listed.trim().split("\n");
  expect(lines[0]).toMatch(/^imsmanifest\.xml 0 /);
  expect(lines.slice(1)).toEqual(want);
  const manifest = execFileSync("python3", ["-c", "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('imsmanifest.xml').decode(), end='')", saved], { encoding: "utf8" });
  expect(manifest).toContain('<resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="index.html?assignment=assignment.json">');
  expect(manifest).toContain("<title>Trace one request end to end</title>");
});

test("class review over a folder of reports gives the expected table", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  const files = readdirSync(CLASS).sort().map((f) => `${CLASS}/${f}`);
  await page.getByTestId("class-files").setInputFiles(files);
  await expect(page.getByTestId("class-table").locator("caption")).toHaveText("5 reports counted, each marked anew");
  const rows = page.getByTestId("class-row");
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toHaveText(/trace steps.*17.*2 \/ 5.*12 \(3\)/);
  await expect(rows.nth(4)).toHaveText(/rounds.*2.*1 \/ 5.*1 \(3\), blank \(1\)/);
  await expect(page.getByTestId("class-edited")).toContainText("dana-edited.json");
  // Ana's JSON and CSV are one report: the first given (ana.csv, in the folder's order) counts.
  await expect(page.getByTestId("class-duplicates")).toHaveText(["ana.json is the same report as ana.csv: counted once"]);
  await expect(page.getByTestId("class-skipped")).toHaveText([
    /^Skipped eli-corrupt\.json: left out \(not a lab report/,
    'Skipped fay-other.json: a report of another assignment, "Where the load comes from, and who writes what"',
  ]);
});

for (const width of [320, 375, 768, 1024, 1280, 1440]) {
  test(`axe finds nothing at ${width} px, with notes, outputs and a class review`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    // Steps to take, the question form's problem and the trace open.
    await page.getByTestId("ask-first").fill("x");
    await page.getByTestId("ask-add").click();
    await expect(page.getByTestId("ask-problem")).toBeVisible();
    await page.getByTestId("run-trace").locator("summary").click();
    expect(await axe(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
    await page.getByTestId("class-files").setInputFiles(readdirSync(CLASS).map((f) => `${CLASS}/${f}`));
    await expect(page.getByTestId("class-row")).toHaveCount(6);
    await page.getByTestId("tolerance-reads").fill("1");
    await expect(page.locator("#scenario-notes")).toContainText("Warning:");
    expect(await axe(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId("tolerance-reads").fill("abc");
    await expect(page.locator("#tolerance-reads-notes")).toContainText("Error:");
    expect(await axe(page)).toEqual([]);
  });
}

test("the keyboard alone builds an assignment", async ({ page }) => {
  await open(page);
  const focusOn = async (id) => {
    for (let i = 0; i < 80; i++) {
      if ((await page.evaluate(() => document.activeElement?.dataset?.testid)) === id) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${id}`);
  };
  await focusOn("title");
  await page.keyboard.type("Keys only");
  await focusOn("count-steps");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("count-steps")).toBeChecked();
  await focusOn("tolerance-steps");
  await page.keyboard.type("1");
  // A question added by keys: its kind chosen, its round typed, the form sent with Enter.
  await focusOn("ask-kind");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("ask-kind")).toHaveValue("component");
  await page.keyboard.press("ArrowUp");
  await focusOn("ask-first");
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("asked")).toHaveText([/round\.2\.reads/]);
  await focusOn("download-json");
  // The file shows the draft as last checked, once the typing pauses (SETTLE_MS).
  await expect
    .poll(async () => {
      const json = JSON.parse(await page.getByTestId("out-json").inputValue());
      return [json.title, json.predict, json.tolerance, json.ask];
    })
    .toEqual(["Keys only", ["steps"], { steps: 1 }, [{ round: 2, count: "reads" }]]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toBe("assignment-keys-only.json");
});

test("the plain lab asks for none of the workbench's files, and the workbench none of the lab's", async ({ page }) => {
  const asked = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await page.goto("./");
  await expect(page.getByTestId("lab")).toBeVisible();
  expect(asked.filter((p) => p.includes("lab_workbench"))).toEqual([]);
  asked.length = 0;
  await open(page);
  expect(asked.filter((p) => /\/lab(_assignments)?(_bg\.wasm|\.js)$/.test(p))).toEqual([]);
  expect(asked.filter((p) => p.includes("lab_workbench")).sort()).toEqual(["/lab_workbench.js", "/lab_workbench_bg.wasm"]);
});

// Issue 29, the teachers' points: what a teacher hands out, reviews and reads.

test("the link and the snippet have Copy buttons; the snippet says what it is and carries the host script", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.getByTestId("out-link-copy").click();
  await expect(page.getByTestId("out-link-copied")).toHaveText("Copied to the clipboard.");
  expect(await clipboard()).toBe(await page.getByTestId("out-link").inputValue());
  await page.getByTestId("out-snippet-copy").click();
  await expect(page.getByTestId("out-snippet-copied")).toHaveText("Copied to the clipboard.");
  const snippet = await page.getByTestId("out-snippet").inputValue();
  expect(await clipboard()).toBe(snippet);
  // What it is, first, as a comment; then the iframe; then the script that receives the results.
  expect(snippet).toMatch(/^<!-- Control Plane Lab for the course page at https:\/\/academia\.sh\. Paste all of it into the page: the iframe shows the lab, and the script after it receives the students' results/);
  expect(snippet).toMatch(/-->\n<iframe\n[\s\S]*<\/iframe>\n<script>\n[\s\S]*m\.type === "result"[\s\S]*<\/script>\n$/);
  await expect(page.getByTestId("out-snippet-about")).toContainText("the script after it receives the students' results (the lab sends them to https://academia.sh only)");
});

test("an origin that is not one is reported and written into no snippet", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  await expect(page.getByTestId("out-snippet")).toBeVisible();
  for (const bad of ["https://academia.sh/", "academia.sh", "not a url"]) {
    await page.getByTestId("out-host").fill(bad);
    await expect(page.getByTestId("out-host-note")).toContainText("Error: this is not an origin");
    await expect(page.getByTestId("out-snippet")).toHaveCount(0);
    await expect(page.getByTestId("out-snippet-copy")).toHaveCount(0);
    await expect(page.getByTestId("out-snippet-none")).toHaveText("No snippet until the origin above is one: with it, the lab would send the results to no page.");
  }
  await page.getByTestId("out-host").fill("https://www.academia.sh");
  await expect(page.getByTestId("out-snippet")).toHaveValue(/host=https%3A%2F%2Fwww\.academia\.sh&amp;a=/);
});

// The workbench's snippet pasted into a teacher's page on another port (the lab's own origin
// is the workbench's), its host= that page's origin: the results reach the page's script.
test("the workbench's snippet, pasted into a page elsewhere, receives the results", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  let html = "";
  const server = createServer((_, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html));
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  try {
    const here = `http://127.0.0.1:${server.address().port}`;
    await page.getByTestId("out-host").fill(here);
    await expect(page.getByTestId("out-snippet")).toHaveValue(new RegExp(`host=${encodeURIComponent(here).replace(/\./g, "\\.")}&amp;`));
    html = `<!doctype html><title>Course</title>${await page.getByTestId("out-snippet").inputValue()}`;
    const logged = [];
    page.on("console", (m) => logged.push(m.text()));
    await page.goto(`${here}/course.html`);
    const lab = page.frameLocator('iframe[title="Control Plane Lab"]');
    await expect(lab.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
    await lab.getByTestId("predict-steps").fill("17");
    await lock(lab);
    await expect.poll(() => logged.filter((t) => t.startsWith("statements"))).toHaveLength(1);
    await expect(page.getByRole("alert")).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

test("the class review lists each student with a score, marked anew", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/lesson-trace.json"));
  await page.getByTestId("class-files").setInputFiles(readdirSync(CLASS).sort().map((f) => `${CLASS}/${f}`));
  await expect(page.getByTestId("class-students").locator("caption")).toHaveText("Each student, marked anew");
  const rows = page.getByTestId("class-student");
  await expect(rows).toHaveCount(5);
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 3).map((c) => c.textContent)));
  expect(cells).toEqual([
    ["Ana", "ana.csv", "6 / 6"],
    ["Ben", "ben.json", "3 / 6"],
    ["Cy", "cy.csv", "3 / 6"],
    // Dana's file claims 6 of 6: marked anew, none is right.
    ["Dana", "dana-edited.json", "0 / 6"],
    ["Gus", "gus.csv", "1 / 6"],
  ]);
  await expect(rows.nth(1).locator("td").last()).toHaveText("trace steps, rounds, components visited");
  await expect(rows.nth(0).locator("td").last()).toHaveText("none");
});

test("matrix questions name the run they ask about: in the workbench, on the student's grid, and where the instructions disagree", async ({ page }) => {
  await open(page);
  await page.getByTestId("open-file").setInputFiles(root("assignments/failure-matrix.json"));
  await expect(page.getByTestId("matrix-run")).toHaveText("These rows do not run the scenario above: each runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with its own parts down from the start, as the lesson's failure matrix does.");
  await expect(page.locator("#matrix-notes")).not.toContainText("the instructions say");
  // A teacher's "with the scheduler down": the rows do not run so, and the page says it.
  await page.getByTestId("instructions").fill("With the scheduler down, predict each row.");
  await expect(page.locator("#matrix-notes")).toContainText("Warning: the instructions say scheduler down, but the failure-matrix rows do not run so", { timeout: 10_000 });
  await page.getByTestId("instructions").fill("Predict each row.");
  await expect(page.locator("#matrix-notes")).not.toContainText("the instructions say", { timeout: 10_000 });
  // A scenario of the assignment's own beside matrix rows: the rows do not run it.
  const href = await page.getByTestId("preview").getAttribute("href");
  await page.getByTestId("service-collector-desired").fill("4");
  await expect(page.locator("#matrix-notes")).toContainText("Warning: the failure-matrix rows do not run this assignment's scenario", { timeout: 10_000 });
  // The student's grid names its run.
  await page.goto(href);
  await expect(page.getByTestId("grid-run")).toHaveText("Each row runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with that row's parts down from the start, as in the lesson's failure matrix.");
});

// What a teacher reads first: the questions near the top however long the scenario, captions in
// words, and no caption under the run's counts.
for (const [width, height] of [[1280, 800], [375, 812]]) {
  test(`the questions sit near the top beside 200 copies, and no caption is covered or speaks JSON (${width} px)`, async ({ page }, info) => {
    await page.setViewportSize({ width, height });
    await open(page);
    const changes = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`copy/c-${i}`, { service: "collector", node: "m1", status: "running" }]),
    );
    const doc = { version: 1, title: "Large", scenario: { changes }, predict: ["steps"] };
    await page.getByTestId("open-file").setInputFiles({ name: "large.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(doc)) });
    await expect(page.getByTestId("copy")).toHaveCount(205);
    // The first count students predict, in the page: within 1,400 px of its top.
    const top = await page.getByTestId("count-steps").evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(1400);
    const captions = page.locator("main caption");
    expect(await captions.count()).toBeGreaterThanOrEqual(5);
    for (const text of await captions.allTextContents()) expect(text).not.toMatch(/"changes"|written under|JSON/);
    // Each caption scrolled to the window's foot is itself at its centre: nothing lies over it.
    for (let i = 0; i < (await captions.count()); i++) {
      const covered = await captions.nth(i).evaluate((c) => {
        c.scrollIntoView({ block: "end" });
        const r = c.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return at && c.contains(at) ? null : at?.outerHTML.slice(0, 80);
      });
      expect(covered, `caption ${i}`).toBeNull();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: info.outputPath(`workbench-top-${width}.png`) });
  });
}

// Issue 29, work that grows faster than its input: a scenario of 990 copies or 1,000 timeline
// entries is drawn a piece at a time, at most ROWS_PER_TASK rows at once (100,
// src/teaching/table_drawing.rs; its tasks are tested natively there), where its whole table was
// once drawn in one task (995 rows in 355 ms, 1,000 in 368 ms). Counted as the rows each batch of
// the page's changes to its document adds (a MutationObserver's callback, which comes once the
// wasm that drew them yields); the longest task is printed, never asserted (the machine is shared).
const ROWS_PER_TASK = 100;
const countRowBatches = () => {
  window.rowBatches = [];
  new MutationObserver((records) => {
    let rows = 0;
    const row = "tr[data-testid=copy], tr[data-testid=event]";
    // A row added itself, or inside what was added (the page's first drawing adds it whole).
    for (const r of records) for (const n of r.addedNodes) rows += n.matches?.(row) ? 1 : (n.querySelectorAll?.(row).length ?? 0);
    if (rows > 0) window.rowBatches.push(rows);
  }).observe(document, { childList: true, subtree: true });
};
const manyCopies = {
  changes: Object.fromEntries(
    Array.from({ length: 990 }, (_, i) => [`copy/c-${i}`, { service: "collector", node: "m1", status: "running" }]),
  ),
};
const manyEvents = {
  requests: [{ key: "service/collector", value: { desired: 5 } }],
  timeline: Array.from({ length: 1000 }, (_, i) => ({ round: i + 1, [i % 2 ? "up" : "down"]: "scheduler" })),
};
// `before`: the rows already drawn (the lesson's copies, which the workbench keeps drawn).
async function expectDrawnInPieces(page, testid, rows, what, before = 0, since = 0) {
  await expect(page.getByTestId(testid)).toHaveCount(rows, { timeout: 30_000 });
  const batches = await page.evaluate(() => window.rowBatches);
  console.log(`${what}: rows added per batch ${JSON.stringify(batches)}; longest task ${Math.round(await longestTask(page, since))} ms`);
  expect(before + batches.reduce((a, b) => a + b, 0)).toBe(rows);
  expect(Math.max(...batches)).toBeLessThanOrEqual(ROWS_PER_TASK);
  expect(batches.length).toBeGreaterThanOrEqual(Math.ceil((rows - before) / ROWS_PER_TASK));
}

for (const [what, scenario, testid, rows] of [
  ["990 copies", manyCopies, "copy", 995],
  ["1,000 timeline entries", manyEvents, "event", 1000],
]) {
  test(`${what} opened in the workbench are drawn ${ROWS_PER_TASK} rows at a time, never the table at once`, async ({ page }) => {
    await open(page);
    const before = await page.getByTestId(testid).count();
    await page.evaluate(countRowBatches);
    const since = await page.evaluate(() => performance.now());
    const doc = { version: 1, title: "Large", scenario, predict: ["steps"] };
    await page.getByTestId("open-file").setInputFiles({ name: "large.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(doc)) });
    await expectDrawnInPieces(page, testid, rows, `workbench, ${what}`, before, since);
  });
}

test(`the sandbox's first load with 990 copies draws them ${ROWS_PER_TASK} rows at a time`, async ({ page }) => {
  // Too long for the test server's request line: the page's own address is kept, the lab's files
  // are what the server answers for its root.
  await page.route((url) => url.search.length > 8000, async (route) =>
    route.fulfill({ response: await route.fetch({ url: new URL("./", route.request().url()).href }) }),
  );
  await page.addInitScript(countRowBatches);
  await page.goto(`./?workbench=1&sandbox=1&s=${Buffer.from(JSON.stringify(manyCopies)).toString("base64url")}`);
  await expect(page.getByTestId("sandbox")).toBeVisible();
  await expectDrawnInPieces(page, "copy", 995, "sandbox, 990 copies");
});
