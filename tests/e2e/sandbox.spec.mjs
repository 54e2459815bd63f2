// The students' sandbox (?workbench=1&sandbox=1, issue 21): the workbench's scenario tables without an
// assignment, reached from the plain lab by a plain link; the run counted live; a link that
// reopens the scenario; a bad link named. The counts are those of the native tests
// (src/teaching/sandbox.rs).
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const LESSON = "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2";
const SEVEN = "components visited 4   trace steps 23   store reads 60   store writes 13   revision 0 -> 13   round 2";
const COPY_DEAD = "components visited 4   trace steps 21   store reads 50   store writes 11   revision 0 -> 11   round 2";
const SCHEDULER_DOWN = "components visited 4   trace steps 15   store reads 40   store writes 7   revision 0 -> 7   round 2";
const COPY_LOST = 'Error: unknown status "lost"; use "pending", "running" or "dead"';
const ROUND_TWO = 'Error: must be a whole number from 1 to 1000, found the text "two"';
const ETCD = 'Error: unknown component "etcd"; use null or one of "API server", "state store", "scheduler", "controller manager", "node agents"';
const NOT_DOWN = 'Error: "scheduler" is not down at round 2: only a part that is down can come back';
const SEVEN_CODE = "eyJyZXF1ZXN0cyI6W3sia2V5Ijoic2VydmljZS9jb2xsZWN0b3IiLCJ2YWx1ZSI6eyJkZXNpcmVkIjo3fX1dfQ";
const code = (text) => Buffer.from(text).toString("base64url");

async function axe(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// A panic (a signal read while it is written, say) is logged, never silent.
const logged = new WeakMap();
test.beforeEach(async ({ page }) => {
  const errors = [];
  logged.set(page, errors);
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
});
test.afterEach(async ({ page }) => {
  expect(logged.get(page)).toEqual([]);
});

test("the plain lab links to the sandbox; a change is counted live and its link reopens it", async ({ page }) => {
  await page.goto("./");
  const link = page.getByRole("link", { name: "Try your own scenario" });
  await expect(link).toHaveAttribute("href", "?workbench=1&sandbox=1");
  await link.click();
  await expect(page.getByTestId("sandbox")).toBeVisible();
  const base = new URL("./", page.url()).href;
  expect(page.url()).toBe(`${base}?workbench=1&sandbox=1`);
  await expect(page).toHaveTitle("Try your own scenario");
  const counts = page.getByTestId("scenario-counts");
  await expect(counts).toHaveText(LESSON);
  await expect(page.getByTestId("sandbox-share-link")).toHaveValue(`${base}?workbench=1&sandbox=1`);
  // Nothing of an assignment: no questions, no answer key, no hand-out, and none of cplab
  // check's warnings, which are all about what students are asked.
  await expect(page.getByText("Warning:")).toHaveCount(0);
  await expect(page.getByTestId("count-steps")).toHaveCount(0);
  await expect(page.getByTestId("answer-key")).toHaveCount(0);
  await expect(page.getByTestId("title")).toHaveCount(0);
  await page.getByTestId("request-0-desired").fill("7");
  await expect(counts).toHaveText(SEVEN);
  await expect(page.getByTestId("sandbox-share-link")).toHaveValue(`${base}?workbench=1&sandbox=1&s=${SEVEN_CODE}`);
  await page.getByTestId("sandbox-reopen").click();
  await expect(page).toHaveURL(`${base}?workbench=1&sandbox=1&s=${SEVEN_CODE}`);
  await page.reload();
  await expect(page.getByTestId("request-0-desired")).toHaveValue("7");
  await expect(counts).toHaveText(SEVEN);
  await page.getByTestId("sandbox-back").click();
  await expect(page.getByRole("link", { name: "Try your own scenario" })).toBeVisible();
});

test("'Run it in the lab' runs the sandbox's scenario in the lab, unsealed, and the lab leads back to it", async ({ page }) => {
  await page.goto("./?workbench=1&sandbox=1");
  const base = new URL("./", page.url()).href;
  // The lesson's own scenario is the plain lab's.
  await expect(page.getByTestId("sandbox-run")).toHaveAttribute("href", `${base}?`);
  await page.getByTestId("request-0-desired").fill("7");
  await expect(page.getByTestId("sandbox-run")).toHaveAttribute("href", `${base}?s=${SEVEN_CODE}`);
  const asked = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await page.getByTestId("sandbox-run").click();
  await expect(page.getByTestId("lab")).toBeVisible();
  // The assignments build (which runs a given scenario), never the plain lab's or the workbench's.
  expect(asked.filter((p) => /lab(_workbench)?(_bg\.wasm|\.js)$/.test(p) && !p.includes("assignments"))).toEqual([]);
  expect(asked.filter((p) => p.includes("lab_assignments")).sort()).toEqual(["/lab_assignments.js", "/lab_assignments_bg.wasm", "/lab_assignments_split.js"]);
  await expect(page.getByTestId("play-assignment")).toBeChecked();
  await expect(page.getByTestId("picker")).toContainText("Your scenario, from the sandbox");
  // Nothing is asked, so nothing is sealed: the run plays to its end, the sandbox's counts.
  await expect(page.getByTestId("sealed")).toHaveCount(0);
  await page.keyboard.press("End");
  await expect(page.getByTestId("status-strip")).toHaveText("Step 23 of 23 · round 2: 32 item reads, 0 writes · in all 60 item reads, 13 writes · revision 13");
  await expect(page.getByTestId("trace-summary")).toHaveText(SEVEN);
  // A share link keeps the scenario.
  await page.getByTestId("make-link").click();
  await expect(page.getByTestId("share-url")).toHaveValue(new RegExp(`[?&]s=${SEVEN_CODE}(&|$)`));
  await page.getByTestId("sandbox-edit").click();
  await expect(page.getByTestId("sandbox")).toBeVisible();
  await expect(page.getByTestId("request-0-desired")).toHaveValue("7");
  await expect(page.getByTestId("scenario-counts")).toHaveText(SEVEN);
});

test("a scenario with an error offers no run; a damaged or bad lab link is named and the lab's runs stay", async ({ page }) => {
  await page.goto("./?workbench=1&sandbox=1");
  await page.getByTestId("request-0-desired").fill("five");
  await expect(page.getByTestId("sandbox-run")).toHaveCount(0);
  await expect(page.getByTestId("sandbox-no-run")).toHaveText("Fix the errors marked above to run this scenario in the lab.");
  await page.goto("./?s=ab!c");
  await expect(page.getByTestId("sandbox-link-broken")).toHaveText(
    "The scenario in this link could not be opened: the link's code has a character that does not belong: '!'. The lab's own runs are here.");
  await expect(page.getByTestId("play-lesson")).toBeChecked();
  await expect(page.getByTestId("play-assignment")).toHaveCount(0);
  const bad = JSON.stringify({ requests: [{ key: "service/collector", value: { desired: -2 } }] });
  await page.goto(`./?s=${code(bad)}`);
  await expect(page.getByTestId("sandbox-link-broken")).toContainText("requests[0].value.desired: must not be negative, found -2");
  await page.keyboard.press("End");
  await expect(page.getByTestId("status-strip")).toContainText("in all 50 item reads, 7 writes");
});

test("a bad link says what is wrong; a bad field opens as written, named beside it", async ({ page }) => {
  await page.goto("./?workbench=1&sandbox=1&s=ab!c");
  await expect(page.getByTestId("sandbox-bad-link")).toHaveText(
    "The scenario in this link could not be opened (the link's code has a character that does not belong: '!'); the lesson's scenario is shown instead.");
  await expect(page.getByTestId("scenario-counts")).toHaveText(LESSON);
  await page.goto(`./?workbench=1&sandbox=1&s=${code("[1]")}`);
  await expect(page.getByTestId("sandbox-bad-link")).toHaveText(
    "The scenario in this link could not be opened (scenario: must be a scenario object, found an array); the lesson's scenario is shown instead.");
  const five = JSON.stringify({ requests: [{ key: "service/collector", value: { desired: "five" } }] });
  await page.goto(`./?workbench=1&sandbox=1&s=${code(five)}`);
  await expect(page.getByTestId("sandbox-bad-link")).toHaveCount(0);
  await expect(page.getByTestId("request-0-desired")).toHaveValue("five");
  await expect(page.locator("#request-0-notes")).toHaveText('Error: must be a whole number from 0 to 100000, found the text "five"');
  await expect(page.getByTestId("scenario-counts")).toHaveText("");
  await expect(page.getByTestId("sandbox-share-link")).toHaveValue(new RegExp(`&s=${code(five)}$`));
});

test("copies and the fault timeline are tables: each field checked beside it, kept as typed", async ({ page }) => {
  await page.goto("./?workbench=1&sandbox=1");
  const counts = page.getByTestId("scenario-counts");
  await expect(page.getByTestId("copy")).toHaveCount(5);
  await page.getByTestId("copy-collector-2-status").fill("lost");
  await expect(page.locator("#copy-collector-2-notes")).toHaveText(COPY_LOST);
  await expect(page.getByTestId("copy-collector-2-status")).toHaveAttribute("aria-invalid", "true");
  await expect(counts).toHaveText("");
  await page.getByTestId("copy-collector-2-status").fill("dead");
  await expect(page.locator("#copy-collector-2-notes")).toHaveText("");
  await expect(counts).toHaveText(COPY_DEAD);
  await page.getByTestId("copy-collector-2-status").fill("running");
  await expect(counts).toHaveText(LESSON);
  await page.getByTestId("event-add").click();
  await expect(page.getByTestId("event-0-round")).toHaveValue("2");
  await expect(page.getByTestId("event-0-parts")).toHaveValue("scheduler");
  await expect(counts).toHaveText(SCHEDULER_DOWN);
  await page.getByTestId("event-0-round").fill("two");
  await expect(page.locator("#event-0-notes")).toHaveText(ROUND_TWO);
  await expect(page.getByTestId("event-0-round")).toHaveValue("two");
  await page.getByTestId("event-0-round").fill("2");
  await page.getByTestId("event-0-parts").fill("etcd");
  await expect(page.locator("#event-0-notes")).toHaveText(ETCD);
  await page.getByTestId("event-0-parts").fill("scheduler");
  await page.getByTestId("event-0-change").selectOption("up");
  await expect(page.locator("#event-0-notes")).toHaveText(NOT_DOWN);
  await page.getByRole("button", { name: "Remove entry 1" }).click();
  await expect(page.getByTestId("event")).toHaveCount(0);
  await expect(counts).toHaveText(LESSON);
});

for (const width of [320, 375, 768, 1024, 1280, 1440]) {
  test(`the sandbox: axe finds nothing at ${width} px, with a bad link and a bad field`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("./?workbench=1&sandbox=1&s=ab!c");
    await expect(page.getByTestId("sandbox-bad-link")).toBeVisible();
    await page.getByTestId("node-m3-capacity").fill("lots");
    await expect(page.locator("#node-m3-notes")).toContainText("Error:");
    expect(await axe(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
