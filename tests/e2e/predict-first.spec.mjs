// Predict first: while an assignment's predictions are not locked, nothing on the page gives away
// an answer it asks for: not playing, stepping, scrubbing, running to the end, the keyboard, a
// share link's step, nor any other run (every run is sealed while the assignment is open). With
// reveal: false, not after the lock either. Tried on all four shipped assignments; the paths a red
// team found (changes at rounds, runs of no steps, the same run written differently) are in
// seal.spec.mjs.
import { test, expect } from "@playwright/test";
import { LabPage, lock } from "./lab-page.mjs";

const open = (name, extra = "") => `assignment=assignments/${name}.json${extra}`;

// Types one prediction per item id.
async function predict(page, values) {
  for (const [id, v] of Object.entries(values)) await page.getByTestId(`predict-${id}`).fill(v);
}

// Every way a student could move through the run.
async function tryEverything(page, lab) {
  for (const id of ["play", "forward", "to-end"]) await expect(lab.button(id)).toBeDisabled();
  await page.getByTestId("scrubber").focus();
  for (const key of ["End", "ArrowRight", "PageUp"]) await page.keyboard.press(key);
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  for (const key of [" ", "End", "ArrowRight"]) await page.keyboard.press(key);
  await page.getByTestId("scrubber").evaluate((el) => {
    el.value = "9";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

// The places where counts are shown all say nothing yet.
async function nothingShown(page, lab) {
  await expect(lab.traceRows).toHaveCount(0);
  await expect(page.getByTestId("status-strip")).toHaveText("Step 0 of ? · round 0: 0 item reads, 0 writes · in all 0 item reads, 0 writes · revision 0");
  await expect(page.getByTestId("trace-summary")).toHaveText(
    "components visited 0   trace steps 0   store reads 0   store writes 0   revision 0 -> 0   round 0",
  );
  await expect(page.getByTestId("sealed")).toBeVisible();
}

for (const [name, answers] of [
  ["lesson-trace", ["of 17", "17 steps", "50 item reads", "revision 0 -> 7"]],
  ["full-node", ["of 16", "16 steps", "31 item reads", "revision 0 -> 6"]],
  ["beyond-the-tables", ["of 17", "17 steps", "26 item reads", "controller manager, scheduler, node agents"]],
]) {
  test(`${name}: no count before the lock, whatever the student tries`, async ({ page }) => {
    const lab = new LabPage(page);
    await page.goto(`./?${open(name)}`);
    await expect(page.getByTestId("assignment-title")).toBeVisible();
    await tryEverything(page, lab);
    await nothingShown(page, lab);
    // The starting state and the diagram stay: something to reason from.
    await expect(page.getByTestId("diagram")).toBeVisible();
    await expect(page.locator("[data-testid=world] [data-copy]").first()).toBeVisible();
    const text = await page.locator("body").innerText();
    for (const a of answers) expect(text).not.toContain(a);
    // A share link's step does not move it either.
    await page.goto(`./?${open(name, "&run=assignment&step=9")}`);
    await expect(page.getByTestId("assignment-title")).toBeVisible();
    await nothingShown(page, lab);
  });
}

test("lesson-trace: every run is sealed, whatever its name: the lesson, scale to 5, scale to 4", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?${open("lesson-trace")}`);
  await expect(page.getByTestId("assignment-title")).toBeVisible();
  await page.getByTestId("play-lesson").check();
  await tryEverything(page, lab);
  await nothingShown(page, lab);
  for (const n of ["5", "4"]) {
    await page.getByTestId("scale-desired").selectOption(n);
    await page.getByTestId("play-scale").check();
    await tryEverything(page, lab);
    await nothingShown(page, lab);
  }
});

test("lesson-trace: after the lock the run plays and its counts are there", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?${open("lesson-trace")}`);
  await predict(page, { steps: "17", reads: "50", writes: "7", revision: "7", rounds: "2", components: "4" });
  await page.getByTestId("run").click();
  await expect(page.getByTestId("sealed")).toHaveCount(0);
  // The run the student predicted waits at step 0; Watch plays it from there.
  await expect(page.getByTestId("status-strip")).toContainText("Step 0 of 17");
  await page.getByTestId("speed").selectOption("3");
  await page.getByTestId("watch").click();
  await expect(page.getByTestId("diagram")).toBeInViewport();
  await expect(lab.traceRows).toHaveCount(17, { timeout: 15_000 });
  await expect(page.getByTestId("status-strip")).toContainText("Step 17 of 17");
});

test("full-node (reveal: false): after the lock, right or wrong, and still no count", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?${open("full-node")}`);
  await predict(page, { steps: "15", reads: "31", writes: "6", revision: "6", rounds: "2", components: "4" });
  await predict(page, { "writers-copy-collector-5": "controller manager" });
  await lock(page);
  await expect(page.getByTestId("reveal")).toBeVisible();
  // Right or wrong for each question, what the assignment asks beyond the counts included.
  await expect(page.getByTestId("reveal-writers-copy-collector-5")).toContainText("✓");
  await expect(page.getByTestId("sealed")).toHaveText(/shows which predictions were right, not the answers/);
  await tryEverything(page, lab);
  await nothingShown(page, lab);
  const text = await page.locator("body").innerText();
  for (const a of ["of 16", "16 steps", "revision 0 -> 6"]) expect(text).not.toContain(a);
});

test("failure-matrix: every row stays empty before the lock, asked or not", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?${open("failure-matrix")}`);
  await expect(page.getByTestId("assignment-title")).toBeVisible();
  // The events run is the one shown, and it is sealed with nothing down.
  await expect(page.getByTestId("play-events")).toBeChecked();
  await tryEverything(page, lab);
  await nothingShown(page, lab);
  for (const part of ["API server", "state store", "scheduler", "controller manager", "node agents"]) {
    await lab.part(part).click(); // down for the whole run
    await tryEverything(page, lab);
    await expect(lab.traceRows).toHaveCount(0);
    await lab.part(part).click();
  }
  // A share link to a row's end does not fill it.
  await page.goto(`./?${open("failure-matrix", "&run=events&down=API%20server&step=30")}`);
  await expect(page.getByTestId("assignment-title")).toBeVisible();
  await expect(lab.traceRows).toHaveCount(0);
  for (const row of ["-", "API server", "state store", "scheduler", "controller manager", "node agents"]) {
    expect((await lab.matrixCells(row)).slice(1, 9)).toEqual(Array(8).fill("—"));
  }
  const text = await page.locator(".matrix").innerText();
  expect(text).not.toContain("3/2");
});

test("locking with blank predictions asks first, and going back keeps everything typed", async ({ page }) => {
  const lab = new LabPage(page);
  await page.goto(`./?${open("lesson-trace")}`);
  await page.getByTestId("predict-steps").fill("17");
  await page.getByTestId("predict-reads").fill("50");
  await page.getByTestId("run").click();
  await expect(page.getByTestId("confirm-blank")).toHaveText(/^4 of your 6 predictions are blank\./);
  await expect(page.getByTestId("reveal")).toHaveCount(0);
  await page.getByTestId("confirm-back").click();
  await expect(page.getByTestId("confirm-blank")).toHaveCount(0);
  await expect(page.getByTestId("predict-steps")).toHaveValue("17");
  await expect(page.getByTestId("predict-steps")).not.toHaveAttribute("readonly", "");
  await expect(page.getByTestId("sealed")).toBeVisible();
  // Asked again, and this time locked as the student chose.
  await page.getByTestId("run").click();
  await page.getByTestId("confirm-lock").click();
  await expect(page.getByTestId("reveal")).toBeVisible();
  await expect(page.getByTestId("score")).toHaveText("Score: 2 / 6");
  // A blank is said as such once nothing can be entered.
  await expect(page.getByTestId("reveal-writes")).toContainText("✗ left blank");
  await lab.runToEnd();
  await expect(lab.traceRows).toHaveCount(17);
});

test("retries: a locked attempt starts over as the assignment allows, and the report keeps every attempt", async ({ page }) => {
  const lab = new LabPage(page);
  const doc = { version: 1, title: "Two tries", predict: ["steps", "reads"], retries: 1 };
  await page.goto(`./?a=${Buffer.from(JSON.stringify(doc)).toString("base64url")}`);
  await page.getByTestId("predict-steps").fill("16");
  await page.getByTestId("predict-reads").fill("50");
  await page.getByTestId("run").click();
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 2");
  await page.getByTestId("start-over").click();
  // Sealed again, what was typed kept to be changed; the attempt survives a reload.
  await expect(page.getByTestId("sealed")).toBeVisible();
  await expect(lab.traceRows).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("predict-steps")).toHaveValue("16");
  await page.getByTestId("predict-steps").fill("17");
  await page.getByTestId("run").click();
  await expect(page.getByTestId("score")).toHaveText("Score: 2 / 2");
  await expect(page.getByTestId("start-over")).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-json").click()]);
  const report = JSON.parse(await (await import("node:fs/promises")).readFile(await download.path(), "utf8"));
  expect(report.attempts).toEqual([
    { predictions: { steps: "16", reads: "50" }, correct: 1, total: 2, ended_at: report.attempts[0].ended_at },
  ]);
  expect(report.correct).toBe(2);
});

test("results are readable at 375 px: every value shown, labelled, with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`./?${open("lesson-trace")}`);
  await predict(page, { steps: "16", reads: "50", writes: "7", revision: "7", rounds: "2", components: "4" });
  await page.getByTestId("run").click();
  const row = page.getByTestId("reveal-steps");
  await row.scrollIntoViewIfNeeded();
  for (const [label, value] of [["your prediction", "16"], ["answer", "17"], ["difference", "-1"]]) {
    const cell = row.locator(`td[data-label='${label}']`);
    await expect(cell).toBeInViewport();
    await expect(cell).toHaveText(value);
  }
  const overflow = await page.evaluate(() => ({
    page: document.scrollingElement.scrollWidth - window.innerWidth,
    box: (([e]) => e.scrollWidth - e.clientWidth)(document.querySelectorAll(".reveal .scroll")),
  }));
  expect(overflow).toEqual({ page: 0, box: 0 });
});
