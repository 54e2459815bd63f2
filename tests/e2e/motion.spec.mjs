// The diagram in motion: each step's token travels its link, timed by the playback speed and
// still with reduced motion; marks on the scrubber for rounds, writes and changes; and the
// screenshots a reviewer looks at (1280 and 375 px, light and dark, mid-playback).
import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

const token = (page, part) => page.getByTestId(`link-${part}`).getByTestId("token");
const box = (locator) => locator.evaluate((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top]; });

test("each step moves a token between its component and the store: a read's count, a write's key", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByTestId("token")).toHaveCount(0);
  await lab.forward(1); // the API server writes service/collector: along its link to the store, on its right
  await expect(page.getByTestId("token")).toHaveCount(1);
  await expect(token(page, "api-server")).toHaveText("→ service/collector");
  await expect(token(page, "api-server")).toHaveClass(/write/);
  await lab.forward(2); // the controller manager reads copy/*: 5 items come back from the store, on its right
  await expect(token(page, "controller-manager")).toHaveText("← 5 items");
  await expect(token(page, "controller-manager")).toHaveClass(/read/);
  await lab.forward(4); // steps 4 to 7: the scheduler, on the store's other side
  await expect(token(page, "scheduler")).toHaveText(/^[←→] /);
  // Its timing follows the speed: four fifths of a step.
  for (const [speed, seconds] of [["0", "1.6s"], ["1", "0.8s"], ["3", "0.267s"]]) {
    await lab.button("speed").selectOption(speed);
    await expect(page.getByTestId("token")).toHaveCSS("animation-duration", seconds);
  }
});

test("the token travels; with reduced motion it stands still, its arrow giving the direction", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.button("speed").selectOption("0"); // 1.6 s across the link
  await lab.forward(3);
  const moving = token(page, "controller-manager");
  const start = await box(moving);
  await page.waitForTimeout(400);
  expect(await box(moving)).not.toEqual(start);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await lab.forward(1);
  const still = token(page, "controller-manager");
  await expect(still).toHaveCSS("animation-name", "none");
  const at = await box(still);
  await page.waitForTimeout(400);
  expect(await box(still)).toEqual(at);
  await expect(still).toHaveText(/^[←→] /);
});

test("marks on the scrubber: rounds, writes and changes; a click goes there", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const marks = page.getByTestId("mark");
  await expect(marks.and(page.locator("[data-kind=round]"))).toHaveCount(3);
  await expect(marks.and(page.locator("[data-kind=write]"))).toHaveCount(7);
  // The last write: the node agents' report of collector-5 at step 17? Whatever it is, a click shows it.
  const last = marks.and(page.locator("[data-kind=write]")).last();
  const step = await last.getAttribute("data-step");
  await expect(last.locator("title")).toHaveText(new RegExp(`^Step ${step}: .+ writes? copy/`));
  await last.click();
  await expect(page.getByTestId("status-strip")).toHaveText(new RegExp(`^Step ${step} of 17 `));
  // Round 2 (the verification round) starts where its mark says.
  const round2 = marks.and(page.locator("[data-kind=round]")).nth(2);
  await expect(round2.locator("title")).toHaveText(/: round 2$/);
  await round2.click();
  await expect(page.locator("tr.current")).toBeVisible();
  await expect(page.getByTestId("status-strip")).toContainText("round 2");

  // A part taken down and brought back: its return is marked where it takes effect.
  await lab.chooseEvents();
  await lab.part("scheduler").click(); // down for the whole run
  await lab.forward(8);
  await lab.part("scheduler").click(); // back from the next round
  const change = marks.and(page.locator("[data-kind=change]"));
  await expect(change).toHaveCount(1);
  await expect(change.locator("title")).toContainText("scheduler");
});

test("an open assignment's sealed run has no marks to count", async ({ page }) => {
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await expect(page.getByTestId("sealed")).toBeVisible();
  await expect(page.getByTestId("mark")).toHaveCount(0);
});

for (const scheme of ["light", "dark"]) {
  for (const width of [1280, 375]) {
    test(`screenshot mid-playback at ${width} px, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      const lab = new LabPage(page);
      await lab.open();
      await lab.button("speed").selectOption("3");
      await lab.button("play").click();
      await expect.poll(() => lab.traceRows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(9);
      await lab.button("play").click(); // paused mid-run, a token on its link
      await expect(page.getByTestId("token")).toHaveCount(1);
      for (const id of ["plane", "step-sentence", "status-strip"]) await expect(page.getByTestId(id)).toBeInViewport();
      await page.screenshot({ path: `tests/e2e/artifacts/screenshots/mid-playback-${width}-${scheme}.png` });
    });
  }
}
