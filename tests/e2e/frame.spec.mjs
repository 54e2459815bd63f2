// The fixed frame and the phone (issue 29): in the README's 720 px frame a panel opened gets the
// height to be read; on a phone the choice of run and the parts' reading lists come first; the
// label riding each link reads whole. Screenshots go to artifacts/screenshots.
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";
import { origin } from "./origins.mjs";

const shot = (name) => `tests/e2e/artifacts/screenshots/${name}.png`;

// The README's frame: a course page 900 px wide with the lab in a 720 px iframe.
async function frame720(page, query) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.setContent(
    `<main style="max-width: 900px; margin: 0 auto"><h1>Course</h1><iframe title="Control Plane Lab" ` +
      `src="${origin("lab")}/?embed=1&height=fixed${query}" style="width: 100%; height: 720px; border: 0"></iframe></main>`,
  );
  const frame = page.frameLocator("iframe");
  await frame.getByTestId("trace-summary").waitFor();
  return frame;
}

// The part of `locator` inside its scrolling boxes and the window, in px, and its own height.
const seen = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (!/(auto|scroll|hidden)/.test(s.overflowY)) continue;
      const b = p.getBoundingClientRect();
      [top, bottom] = [Math.max(top, b.top), Math.min(bottom, b.bottom)];
    }
    return { shown: Math.max(0, bottom - top), height: r.height };
  });

// A filled row is read whole: the panels take the trace's room until the next step.
test("in the 720 px frame a matrix row pressed is read whole in the panels, which take the trace's room", async ({ page }) => {
  const frame = await frame720(page, "");
  const panels = frame.getByTestId("panels");
  await frame.getByTestId("matrix-fill-scheduler").click();
  const row = frame.getByTestId("matrix-row-scheduler");
  await expect(row).toContainText("half");
  const { shown, height } = await seen(row);
  expect(shown).toBeGreaterThanOrEqual(height - 1);
  // The panels have room to read in: at least half the frame once one is in use.
  expect((await panels.boundingBox()).height).toBeGreaterThanOrEqual(360);
  // The document itself never scrolls.
  const [scroll, inner] = await page.frames()[1].evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
  expect(scroll).toBeLessThanOrEqual(inner);
  await page.screenshot({ path: shot("frame-720-matrix") });
  // Back on the controls, the trace has its room again.
  // (The row's run is at its end: a step back is the next step.)
  await frame.getByTestId("back").click();
  await expect(frame.locator(".right.reading")).toHaveCount(0);
  await expect(frame.locator("tr.current")).toBeInViewport();
});

test("in the 720 px frame an assignment's score and misses are read inside the frame", async ({ page }) => {
  const frame = await frame720(page, "&assignment=assignments/lesson-trace.json");
  await frame.getByTestId("predict-steps").fill("16");
  await frame.getByTestId("predict-reads").fill("48");
  await lock(frame);
  await expect(frame.getByTestId("score")).toHaveText("Score: 0 / 6");
  // The score and the first miss whole, the next miss begun below them.
  for (const id of ["score", "reveal-steps"]) {
    const { shown, height } = await seen(frame.getByTestId(id));
    expect(shown, id).toBeGreaterThanOrEqual(height - 1);
  }
  expect((await seen(frame.getByTestId("reveal-reads"))).shown).toBeGreaterThanOrEqual(20);
  // Nothing covers the score: the panels' links stay above it.
  const [score, links] = [await frame.getByTestId("score").boundingBox(), await frame.locator(".switcher").boundingBox()];
  expect(score.y).toBeGreaterThanOrEqual(links.y + links.height - 1);
  expect((await frame.getByTestId("panels").boundingBox()).height).toBeGreaterThanOrEqual(360);
  await page.screenshot({ path: shot("frame-720-results") });
});

// On a 375 x 812 phone the choice of run is first, in one row (the run chosen whole), and each
// part keeps its reading list, with the current trace row still on the first screen.
test("on a phone the choice of run and each part's reading list come first, and stay", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("./");
  await page.getByTestId("trace-summary").waitFor();
  const picker = page.getByRole("group", { name: "Requests" });
  await expect(picker).toBeInViewport({ ratio: 1 });
  const top = async (locator) => (await locator.boundingBox()).y;
  expect(await top(picker)).toBeLessThan(await top(page.getByTestId("play")));
  // The run chosen reads whole: its label is not cut.
  const chosen = page.getByTestId("play-lesson").locator("xpath=..");
  await expect(chosen).toHaveText("The lesson's request: collector 3 → 5");
  expect(await chosen.evaluate((l) => l.scrollWidth <= l.clientWidth && l.getBoundingClientRect().right <= l.parentElement.getBoundingClientRect().right)).toBe(true);
  for (const [part, text] of [["scheduler", "reads node/*, copy/* every round"], ["api-server", "writes what requests ask"]]) {
    const lists = page.getByTestId(`part-${part}`).locator(".lists");
    await expect(lists).toHaveText(text);
    await expect(lists).toBeInViewport({ ratio: 1 });
  }
  const lists = page.getByTestId("part-scheduler").locator(".lists");
  // Still there mid-run: a few steps on, the picker and the lists have not moved away, and the
  // current trace row is on the same screen, whole.
  for (let i = 0; i < 5; i++) await page.getByTestId("forward").click();
  await expect(lists).toBeInViewport({ ratio: 1 });
  await expect(picker).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("play")).toBeInViewport({ ratio: 1 });
  await expect(page.locator("tr.current")).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => [window.scrollY, document.scrollingElement.scrollWidth])).toEqual([0, 375]);
  await page.screenshot({ path: shot("phone-first-screen-375x812") });
  // Each other run, once chosen, comes first in the row and reads whole (the own request with
  // its fields), the row scrolled back to its start.
  for (const [id, whole] of [["play-events", "xpath=.."], ["play-scale", "xpath=../.."]]) {
    await page.getByTestId(id).click();
    const chosen = page.getByTestId(id).locator(whole);
    await expect.poll(() => picker.evaluate((p) => p.scrollLeft), id).toBe(0);
    const [box, row] = [await chosen.boundingBox(), await picker.boundingBox()];
    expect([box.x >= row.x, box.x + box.width <= row.x + row.width], id).toEqual([true, true]);
    expect(await chosen.evaluate((l) => l.scrollWidth <= l.clientWidth), id).toBe(true);
    await expect(page.locator("tr.current")).toHaveCount(0);
    await page.getByTestId("forward").click();
    await expect(page.locator("tr.current")).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: shot("phone-own-request-375x812") });
});

// A phone showing the README's fixed frame (720 px high, the course page's width): the same
// order, with the current trace row whole inside the frame mid-run.
test("in a 720 px fixed frame on a phone the choice of run and the reading lists come first, and stay", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.setContent(
    `<iframe title="Control Plane Lab" src="${origin("lab")}/?embed=1&height=fixed" style="display: block; width: 100%; height: 720px; border: 0"></iframe>`,
  );
  const frame = page.frameLocator("iframe");
  await frame.getByTestId("trace-summary").waitFor();
  for (let i = 0; i < 5; i++) await frame.getByTestId("forward").click();
  const inFrame = (id) => page.frames()[1].evaluate((id) => {
    const r = document.querySelector(id).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, id);
  for (const id of ["fieldset.picker", "[data-testid=play]", "[data-testid=part-scheduler] .lists", "[data-testid=part-controller-manager] .lists", "tr.current"]) {
    expect(await inFrame(id), id).toBe(true);
  }
  await expect(frame.getByTestId("part-scheduler").locator(".lists")).toHaveText("reads node/*, copy/* every round");
  expect(await page.frames()[1].evaluate(() => scrollY)).toBe(0);
  await page.screenshot({ path: shot("phone-frame-720") });
});

// Whether the label a token carries is all shown: each line of its text inside the gap between
// the boxes, with nothing on top of either end of it, and none of it cut.
async function tokenWhole(page, part) {
  const label = page.getByTestId(`link-${part}`).getByTestId("token-label");
  await expect(label).toHaveCount(1);
  return label.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const box = e.getBoundingClientRect();
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    e.style.pointerEvents = "auto";
    const ok = rects.length > 0 && rects.every((r) => {
      const y = r.top + r.height / 2;
      const ends = [r.left + 1, r.right - 1].map((x) => document.elementFromPoint(x, y) === e);
      return r.left >= box.left - 1 && r.right <= box.right + 1 && ends.every(Boolean);
    });
    e.style.pointerEvents = "";
    return ok && e.scrollWidth <= e.clientWidth + 1;
  });
}

for (const [width, height] of [[1280, 800], [375, 812]]) {
  test(`at ${width}x${height} the label riding a link is read whole`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("./");
    await page.getByTestId("trace-summary").waitFor();
    // Keys written by each part on its link (steps 4, 8, 11: copy/collector-4) and a read's count (3).
    for (const [step, part] of [[4, "controller-manager"], [8, "scheduler"], [11, "node-agents"], [3, "controller-manager"], [1, "api-server"]]) {
      await page.getByTestId("scrubber").fill(String(step));
      await expect(page.getByTestId("status-strip")).toContainText(`Step ${step} of 17`);
      expect(await tokenWhole(page, part), `step ${step}`).toBe(true);
    }
    await page.getByTestId("scrubber").fill("8");
    await page.screenshot({ path: shot(`token-${width}x${height}`) });
  });
}
