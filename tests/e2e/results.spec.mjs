// Students reading their results (issue 29, "Students reading their results"): a number never
// wraps, each label stays with its value, the answer has a word of its own, the misses come into
// view with the score, the row a press fills stays in view under its column heads, and nothing
// sticks out of its panel. Screenshots go to artifacts/screenshots for the reviewer.
import { test, expect } from "@playwright/test";
import { LabPage, lock } from "./lab-page.mjs";
import { origin } from "./origins.mjs";

const LESSON_TRACE = "./?assignment=assignments/lesson-trace.json";
const MATRIX = "./?assignment=assignments/failure-matrix.json";
const shot = (name) => `tests/e2e/artifacts/screenshots/${name}.png`;

// How many lines the text of `locator` takes (its line boxes), and whether it spills out of its box.
const lines = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return { lines: tops.size, spills: el.scrollWidth > el.clientWidth + 1 };
  });

// Whether the whole of `locator` is inside every box that scrolls around it, and inside the window.
const wholeInView = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.height === 0) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (!/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX)) continue;
      const b = p.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return false;
    }
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });

// Locks the lesson's trace assignment with two two-digit predictions wrong (48 reads, 26 steps).
async function lockLessonTrace(scope) {
  const values = { steps: "26", reads: "48", writes: "7", revision: "7", rounds: "2", components: "4" };
  for (const [id, v] of Object.entries(values)) await scope.getByTestId(`predict-${id}`).fill(v);
  await lock(scope);
  await expect(scope.getByTestId("score")).toHaveText("Score: 4 / 6");
}

for (const [width, height] of [[1280, 800], [1366, 768]]) {
  test(`at ${width}x${height} a two-digit prediction stays on one line, and the misses show with the score`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(LESSON_TRACE);
    await lockLessonTrace(page);
    for (const id of ["steps", "reads"]) {
      const cell = page.getByTestId(`reveal-${id}`).locator("td").first();
      await expect(cell).toHaveText(id === "steps" ? "26" : "48");
      expect(await lines(cell), id).toEqual({ lines: 1, spills: false });
    }
    // The score and the first miss are in view at once, the miss whole in its scrolling box.
    await expect(page.getByTestId("score")).toBeInViewport();
    expect(await wholeInView(page.getByTestId("reveal-steps"))).toBe(true);
    await page.screenshot({ path: shot(`results-${width}x${height}`) });
  });
}

test("the correct answer is called 'answer', never 'actual', which names a column", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(MATRIX);
  await page.getByTestId("predict-matrix-scheduler-actual").fill("3");
  await lock(page);
  const cell = page.getByTestId("reveal-matrix-scheduler-actual");
  await expect(cell.locator(".actual")).toHaveText("answer: 2");
  await expect(cell).not.toContainText("actual:");
  await page.goto(LESSON_TRACE);
  await page.getByTestId("predict-steps").fill("16");
  await lock(page);
  await expect(page.getByTestId("reveal-steps").locator("td").nth(1)).toHaveText("17");
  expect(await page.getByTestId("reveal-steps").locator("td").nth(1).getAttribute("data-label")).toBe("answer");
});

test("on a phone each matrix result's label stays with its value, in the cell's own box", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(MATRIX);
  await page.getByTestId("predict-matrix-scheduler-scale").selectOption("half");
  await page.getByTestId("predict-matrix-scheduler-failure").selectOption("done");
  await page.getByTestId("predict-matrix-scheduler-actual").fill("3");
  await lock(page);
  const row = page.getByTestId("matrix-results").locator("tr", { has: page.getByTestId("reveal-matrix-scheduler-scale") });
  const cells = await row.locator("td").evaluateAll((tds) =>
    tds.map((td) => {
      const r = td.getBoundingClientRect();
      const typed = td.querySelector(".typed").getBoundingClientRect();
      const before = getComputedStyle(td, "::before");
      return {
        label: before.content,
        block: before.display,
        top: r.top, bottom: r.bottom, left: r.left, right: r.right,
        // The value right under its own label: no more than a label's line between them.
        gap: typed.top - r.top,
        inside: typed.left >= r.left - 1 && typed.right <= r.right + 1,
        framed: getComputedStyle(td).borderTopStyle !== "none" || getComputedStyle(td).borderLeftStyle !== "none",
      };
    }),
  );
  expect(cells.length).toBe(7);
  for (const c of cells) {
    expect(c.label).toMatch(/^"[a-z]+"$/);
    expect(c.block).toBe("block");
    expect(c.inside).toBe(true);
    expect(c.gap).toBeLessThan(30);
    expect(c.framed).toBe(true);
  }
  // No two cells share a line with a label of one above the value of another.
  for (const [i, a] of cells.entries()) {
    for (const b of cells.slice(i + 1)) {
      const apart = a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
      expect(apart).toBe(true);
    }
  }
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("matrix-results-375x812") });
});

test("in the 720 px frame the misses come into view with the score", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.setContent(
    `<main style="max-width: 900px; margin: 0 auto"><h1>Course</h1><iframe title="Control Plane Lab" ` +
      `src="${origin("lab")}/?embed=1&height=fixed&assignment=assignments/lesson-trace.json" style="width: 100%; height: 720px; border: 0"></iframe></main>`,
  );
  const frame = page.frameLocator("iframe");
  await frame.getByTestId("assignment-title").waitFor();
  await lockLessonTrace(frame);
  expect(await wholeInView(frame.getByTestId("score"))).toBe(true);
  expect(await wholeInView(frame.getByTestId("reveal-steps"))).toBe(true);
  await page.screenshot({ path: shot("results-embed-720") });
});

// In a frame of fixed height only the lab's own boxes scroll: the course page around it stays
// where the student has it (scrollIntoView alone scrolled the host 81 px, hiding its header).
test("in a 720 px fixed frame, locking scrolls only the lab's own boxes, never the course page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.setContent(
    `<main style="max-width: 900px; margin: 0 auto"><h1>Course</h1><iframe title="Control Plane Lab" ` +
      `src="${origin("lab")}/?embed=1&height=fixed&assignment=assignments/lesson-trace.json" style="width: 100%; height: 720px; border: 0"></iframe>` +
      `<p style="height: 2000px">The course goes on.</p></main>`,
  );
  const frame = page.frameLocator("iframe");
  await frame.getByTestId("assignment-title").waitFor();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await lockLessonTrace(frame);
  expect(await wholeInView(frame.getByTestId("score"))).toBe(true);
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

// The matrix row a press has filled stays in the panels' box, its column heads above it.
async function rowWithHeads(page, row) {
  const tr = page.getByTestId(`matrix-row-${row}`);
  await expect.poll(() => wholeInView(tr)).toBe(true);
  const heads = page.getByTestId("matrix-table").locator("thead");
  await expect.poll(() => wholeInView(heads)).toBe(true);
  const [h, r] = [await heads.boundingBox(), await tr.boundingBox()];
  expect(h.y).toBeLessThan(r.y);
}

for (const [width, height] of [[1280, 800], [1366, 768]]) {
  test(`at ${width}x${height} 'Bring the parts back' keeps its row in view under its heads, and nothing overflows sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const lab = new LabPage(page);
    await lab.open();
    for (const row of ["-", "state-store", "scheduler", "controller-manager"]) await page.getByTestId(`matrix-fill-${row}`).click();
    await page.getByTestId("matrix-fill-API-server").click();
    await page.getByTestId("matrix-repair-API-server").click();
    await expect(lab.matrixRow("API server")).toContainText("3 believed, 2 running");
    await rowWithHeads(page, "API-server");
    // After the repair the node agents can report: the row's button fits the panel, which does
    // not scroll sideways.
    const report = page.getByTestId("matrix-report-API-server");
    await expect(report).toHaveText("Node agents report again");
    const panels = page.getByTestId("panels");
    expect(await panels.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    const [b, p] = [await report.boundingBox(), await panels.boundingBox()];
    expect(b.x + b.width).toBeLessThanOrEqual(p.x + p.width);
    await page.screenshot({ path: shot(`repaired-${width}x${height}`) });
  });
}

test("'see the run' of a wrong matrix cell fills the row and keeps it in view under its heads", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(MATRIX);
  await page.getByTestId("predict-matrix-controller-manager-rd").fill("1");
  await lock(page);
  await page.getByTestId("reveal-matrix-controller-manager-rd").getByTestId("see").click();
  await expect(page.getByTestId("matrix-row-controller-manager")).toContainText("halted");
  await rowWithHeads(page, "controller-manager");
  await page.screenshot({ path: shot("see-the-run-1280x800") });
});
