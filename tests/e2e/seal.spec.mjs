// The seal holds by construction: while an assignment is open (and, with reveal: false, after
// the lock too), no run plays, steps or shows a verdict, whatever its name, its changes or its
// length. Each path a red team found open is tried on every shipped assignment.
import { test, expect } from "@playwright/test";
import { LabPage, lock } from "./lab-page.mjs";

const SHIPPED = ["lesson-trace", "full-node", "failure-matrix", "beyond-the-tables", "overview-quiz"];
const open = (name) => `./?assignment=assignments/${name}.json`;
const inline = (doc) => `./?a=${Buffer.from(JSON.stringify(doc)).toString("base64url")}`;

// Nothing of any run's outcome is on the page: no step, no count, no verdict.
async function nothingShown(page, lab) {
  await expect(page.getByTestId("sealed")).toBeVisible();
  await expect(lab.traceRows).toHaveCount(0);
  await expect(page.getByTestId("status-strip")).toHaveText("Step 0 of ? · round 0: 0 item reads, 0 writes · in all 0 item reads, 0 writes · revision 0");
  await expect(page.getByTestId("why")).toHaveCount(0);
  await expect(page.getByTestId("matrix-progress")).toHaveText(/^0 of 7/);
  // The start is the start whatever is down: no death that only a part down would leave unknown.
  await expect(page.locator("[data-testid=world] [data-state=ghost]")).toHaveCount(0);
  await expect(page.getByTestId("believed-gap")).toHaveCount(0);
  // A report of this assignment would carry its answer key: the reviewer is closed meanwhile.
  await expect(page.getByTestId("review-closed")).toBeVisible();
  // No way out to the pages that count the lesson's runs (the explorer, the sandbox): one click
  // there once showed the lesson's counts beside the unlocked assignment.
  await expect(page.locator("a[href*='explore'], a[href*='workbench'], a[href*='teach'], a[href*='sandbox']")).toHaveCount(0);
  const text = await page.locator("body").innerText();
  // The verdict words themselves are the matrix grid's choices; the verdicts are under "why".
  for (const answer of ["of 17", "of 16", "Step 1 ", "Why decisions stopped"]) {
    expect(text).not.toContain(answer);
  }
}

// Every control that moves a run: buttons (disabled or not), keys, the scrubber.
async function tryToMove(page, lab) {
  for (const id of ["play", "forward", "to-end"]) {
    const b = lab.button(id);
    if (await b.isEnabled()) await b.click();
  }
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  for (const key of [" ", "ArrowRight", "End"]) await page.keyboard.press(key);
}

for (const name of SHIPPED) {
  test(`${name}: a part down at step 0 and back "at round 1" plays nothing`, async ({ page }) => {
    const lab = new LabPage(page);
    await page.goto(open(name));
    await expect(page.getByTestId("assignment-title")).toBeVisible();
    // The red team's path: node agents down at step 0, Step, node agents back, Run to end.
    await lab.part("node agents").click();
    await expect(page.getByTestId("sealed")).toBeVisible();
    await tryToMove(page, lab);
    await lab.part("node agents").click();
    await tryToMove(page, lab);
    await nothingShown(page, lab);
    // The same with every run the Requests box offers.
    for (const run of ["play-lesson", "play-events", "play-scale"]) {
      await page.getByTestId(run).check();
      await lab.part("scheduler").click();
      await tryToMove(page, lab);
      await lab.part("scheduler").click();
      await tryToMove(page, lab);
      await nothingShown(page, lab);
    }
  });

  test(`${name}: a run of no steps shows no verdict`, async ({ page }) => {
    const lab = new LabPage(page);
    await page.goto(open(name));
    await expect(page.getByTestId("assignment-title")).toBeVisible();
    await page.getByTestId("play-events").check();
    for (const part of ["state store", "API server"]) {
      await lab.part(part).click();
      await tryToMove(page, lab);
      await nothingShown(page, lab);
      await lab.part(part).click();
    }
    await page.getByTestId("whole-plane").click();
    await tryToMove(page, lab);
    await nothingShown(page, lab);
  });
}

test("the lesson's request written differently (max_rounds 20) is sealed like the lesson", async ({ page }) => {
  const lab = new LabPage(page);
  const doc = {
    version: 1,
    title: "Twenty rounds",
    scenario: { requests: [{ key: "service/collector", value: { desired: 5 } }], max_rounds: 20 },
    predict: ["steps", "reads"],
  };
  await page.goto(inline(doc));
  await expect(page.getByTestId("assignment-title")).toBeVisible();
  for (const run of ["play-lesson", "play-scale", "play-events"]) {
    await page.getByTestId(run).check();
    await tryToMove(page, lab);
    await nothingShown(page, lab);
  }
});

test("full-node (reveal: false): after the lock, a part back at round 1 still plays nothing", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(open("full-node"));
  await page.getByTestId("predict-steps").fill("16");
  await lock(page);
  await expect(page.getByTestId("reveal")).toBeVisible();
  await lab.part("node agents").click();
  await tryToMove(page, lab);
  await lab.part("node agents").click();
  await tryToMove(page, lab);
  await nothingShown(page, lab);
});

test("with a retry open a locked attempt shows right and wrong only, sealed; the last lock opens every run", async ({ page }) => {
  const lab = new LabPage(page);
  const doc = { version: 1, title: "Two tries", predict: ["steps"], retries: 1, reveal: true };
  await page.goto(inline(doc));
  await page.getByTestId("predict-steps").fill("16");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 0 / 1");
  await expect(page.getByTestId("answers-held")).toBeVisible();
  await expect(page.getByTestId("reveal-steps")).not.toContainText("17");
  await expect(page.getByTestId("watch")).toHaveCount(0);
  await tryToMove(page, lab);
  await nothingShown(page, lab);
  // The last try: locked, the answers and every run open.
  await page.getByTestId("start-over").click();
  await page.getByTestId("predict-steps").fill("17");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 1");
  await expect(page.getByTestId("answers-held")).toHaveCount(0);
  await expect(page.getByTestId("sealed")).toHaveCount(0);
  await page.getByTestId("play-events").check();
  await lab.runToEnd();
  await expect(page.getByTestId("matrix-progress")).toHaveText(/^1 of 7/);
});

// A red team's path: the assignment's file arrives after the lab's wasm (a slow course server, a
// cached wasm and a file revalidating). While it is on its way no run plays, steps or fills a row,
// and the page says it is loading the file; once read, the assignment opens sealed as ever.
for (const name of ["lesson-trace", "failure-matrix"]) {
  test(`${name}: while its file is on its way nothing plays, and the page says it is loading it`, async ({ page }) => {
    let release;
    const held = new Promise((r) => (release = r));
    await page.route(`**/assignments/${name}.json`, async (route) => {
      await held;
      await route.continue();
    });
    const lab = new LabPage(page);
    await page.goto(open(name));
    await expect(page.getByTestId("assignment-loading")).toContainText(`Loading the assignment "assignments/${name}.json"`);
    await expect(page.getByTestId("assignment-loading")).toContainText("No run plays until it is read");
    await expect(lab.button("play")).toBeDisabled();
    for (const run of ["play-lesson", "play-events"]) {
      await page.getByTestId(run).check();
      await tryToMove(page, lab);
      await page.getByTestId("matrix-fill-API-server").click();
      await expect(lab.traceRows).toHaveCount(0);
      await expect(page.getByTestId("status-strip")).toHaveText(/^Step 0 of \? · round 0: 0 item reads, 0 writes/);
      await expect(page.getByTestId("matrix-progress")).toHaveText(/^0 of 7/);
    }
    release();
    await expect(page.getByTestId("assignment-title")).toBeVisible();
    await expect(page.getByTestId("assignment-loading")).toHaveCount(0);
    await nothingShown(page, lab);
  });
}

test("an assignment file that does not come is named, and one that fails too; neither plays meanwhile", async ({ page }) => {
  const lab = new LabPage(page);
  await page.clock.install();
  await page.route("**/assignments/lesson-trace.json", () => {});
  await page.goto(open("lesson-trace"));
  await expect(page.getByTestId("assignment-loading")).toContainText("Loading the assignment");
  // The page's own clock, moved on: the wait it allows a file (10 s) is over.
  await page.clock.fastForward(10_000);
  const slow = page.getByTestId("assignment-loading");
  await expect(slow).toContainText('The assignment "assignments/lesson-trace.json" has not arrived after 10 s');
  await tryToMove(page, lab);
  await expect(lab.traceRows).toHaveCount(0);
  await expect(lab.button("play")).toBeDisabled();
  // A file the server does not have: named with what the server said.
  await page.unrouteAll();
  await page.route("**/assignments/lesson-trace.json", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(open("lesson-trace"));
  await expect(page.getByTestId("assignment-error")).toContainText('could not load "assignments/lesson-trace.json" (HTTP 404)');
});
