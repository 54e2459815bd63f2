import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

const LESSON_SUMMARY =
  "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2";

// The lesson's failure matrix, as printed in the lesson.
const LESSON_MATRIX = {
  "-": ["done", "done", "done", "done", "continues", "5/5", "52", "13"],
  "API server": ["halted", "unknown", "halted", "halted", "continues", "3/2", "20", "0"],
  "state store": ["halted", "unknown", "halted", "halted", "continues", "3/2", "0", "0"],
  scheduler: ["half", "half", "done", "done", "continues", "2/2", "30", "7"],
  "controller manager": ["halted", "halted", "done", "done", "continues", "2/2", "14", "3"],
};

test("playing the lesson's request to the end counts 17 / 50 / 7 / 7 / 2", async ({ page }) => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const lab = new LabPage(page);
  await lab.open();
  await lab.button("speed").selectOption("3");
  await lab.button("play").click();
  await expect(lab.traceRows).toHaveCount(17, { timeout: 15_000 });
  await expect(lab.traceSummary).toHaveText(LESSON_SUMMARY);
  await expect(lab.revision).toHaveText("revision 7");
  await expect(lab.narration).toHaveText("Step 17 of 17: node agents read copy/*, 7 items");
  await expect(lab.button("play")).toHaveText("▶ Play");
  expect(errors).toEqual([]);
});

test("stepping back undoes a step: rows, revision and the store", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.forward(12);
  await expect(page.locator("[data-key='copy/collector-5']")).toContainText("running");
  await lab.button("back").click();
  await expect(lab.traceRows).toHaveCount(11);
  await expect(lab.revision).toHaveText("revision 6");
  await expect(page.locator("[data-key='copy/collector-5']")).toContainText("node node/m2, pending");
  await expect(lab.narration).toHaveText("Step 11 of 17: node agents write copy/collector-4, node node/m1, running");
});

test("each part taken down fills its failure-matrix row exactly as the lesson prints it", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  let previous = null;
  for (const [name, cells] of Object.entries(LESSON_MATRIX)) {
    // Start over, with only this row's part down from step 0.
    await lab.startOver(previous, name === "-" ? null : name);
    previous = name === "-" ? null : name;
    await expect(lab.matrixRow(name)).toContainText("—");
    await lab.runToEnd();
    // The healthy row's "-" says what it means beside it.
    expect((await lab.matrixCells(name)).slice(0, 9)).toEqual([name === "-" ? "- (nothing down)" : name, ...cells]);
  }
  await lab.startOver(previous, "node agents");
  await lab.runToEnd();
  expect((await lab.matrixCells("node agents")).slice(0, 9)).toEqual(
    ["node agents (beyond the lesson)", "half", "half", "done", "done", "continues", "2/2", "38", "10"],
  );
  await lab.startOver("node agents", null);
  await lab.button("whole-plane").click();
  await lab.runToEnd();
  expect((await lab.matrixCells("control plane")).slice(0, 9)).toEqual(
    ["whole control plane (beyond the lesson)", "halted", "unknown", "halted", "halted", "continues", "3/2", "0", "0"],
  );
  await expect(page.getByTestId("matrix-progress")).toHaveText("7 of 7 rows run.");
  await page.screenshot({ path: "tests/e2e/artifacts/matrix-filled.png", fullPage: true });
});

test("a down part looks down, says so, and never acts", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.part("scheduler").click();
  await expect(lab.part("scheduler")).toHaveAttribute("aria-pressed", "true");
  await expect(lab.part("scheduler")).toContainText("✕ down");
  await lab.runToEnd();
  await expect(page.getByTestId("trace-table")).not.toContainText("scheduler");
  await expect(page.getByTestId("trace-summary")).toContainText("components visited 3");
});

test("keyboard only: tab to a part, take it down, play and step with shortcuts", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Shortcuts work from the page, not from a field.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(lab.traceRows).toHaveCount(2);
  await page.keyboard.press("ArrowLeft");
  await expect(lab.traceRows).toHaveCount(1);
  await page.keyboard.press("End");
  await expect(lab.traceSummary).toHaveText(LESSON_SUMMARY);
  await page.keyboard.press("Home");
  await expect(lab.traceRows).toHaveCount(0);
  // Every control is reachable by Tab: walk to the controller manager and press it with Enter.
  let found = false;
  for (let i = 0; i < 40 && !found; i++) {
    await page.keyboard.press("Tab");
    found = await page.evaluate(() => document.activeElement?.dataset?.testid === "part-controller-manager");
  }
  expect(found).toBe(true);
  await page.keyboard.press("Enter");
  await expect(lab.part("controller manager")).toHaveAttribute("aria-pressed", "true");
  // Arrows inside a field belong to the field, not to playback.
  await page.getByTestId("scale-desired").focus();
  await page.keyboard.press("ArrowRight");
  await expect(lab.traceRows).toHaveCount(0);
});

test("the narration is one polite live region, present from the start", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.locator("[aria-live]")).toHaveCount(1);
  await expect(lab.narration).toHaveAttribute("aria-live", "polite");
  await expect(lab.narration).toHaveText("Step 0 of 17: nothing has happened yet.");
  await lab.forward(8);
  await expect(lab.narration).toHaveText("Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending");
  await page.screenshot({ path: "tests/e2e/artifacts/mid-playback.png", fullPage: true });
});

test("believed and actual part ways when the API server is down, with the reason", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("API server").click();
  await lab.runToEnd();
  await expect(page.getByTestId("believed-gap")).toContainText("copy/collector-2");
  await expect(page.getByTestId("believed-gap")).toContainText("never reached the store");
  await expect(page.getByTestId("why")).toContainText("scale halted: the scale request never landed (API server unavailable)");
});

for (const width of [320, 360, 768, 1440]) {
  test(`layout at ${width} px: no horizontal scroll; the trace scrolls inside its own region`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const lab = new LabPage(page);
    await lab.open();
    await lab.runToEnd();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    const region = page.locator(".trace .scroll");
    const box = await region.evaluate((el) => ({ overflow: getComputedStyle(el).overflow, client: el.clientWidth }));
    expect(box.overflow).toBe("auto");
    expect(box.client).toBeLessThanOrEqual(width);
  });
}

test("with reduced motion, nothing animates", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  const lab = new LabPage(page);
  await lab.open();
  await lab.forward(4);
  const animation = await page.locator("li.flash").evaluate((el) => getComputedStyle(el).animationName);
  expect(animation).toBe("none");
  await context.close();
});

test("the write flash runs once and at most three steps a second", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const speeds = await page.getByTestId("speed").locator("option").allTextContents();
  expect(speeds.map((s) => parseFloat(s))).toEqual([0.5, 1, 2, 3]);
  await lab.forward(4);
  const flash = await page.locator("li.flash").evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.animationIterationCount, s.animationDuration];
  });
  expect(flash).toEqual(["1", "0.3s"]);
});


test("lang: a language the lab has a table for is used quietly; another one gets a notice", async ({ page }) => {
  await page.goto("./?lang=en-GB");
  await expect(page.getByTestId("trace-summary")).toBeVisible();
  await expect(page.getByTestId("link-notices")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  await page.goto("./?lang=fr");
  await expect(page.getByTestId("link-notices")).toHaveText('There is no "fr" version of the lab yet; it is shown in English.');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
});
