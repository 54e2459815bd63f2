// Assignments that ask more, laid out as the lesson lays things out (issue 12): the failure
// matrix's predictions in a grid shaped like the matrix, results in the same grid, a wrong cell
// linking to the run that shows it; questions beyond the tables; the page usable by keyboard
// alone, axe clean, from 320 to 1440 px.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { LabPage, lock } from "./lab-page.mjs";

const MATRIX = "./?assignment=assignments/failure-matrix.json";
const BEYOND = "./?assignment=assignments/beyond-the-tables.json";

test("matrix predictions go in a grid shaped like the matrix, and come back in it", async ({ page }) => {
  await page.goto(MATRIX);
  const grid = page.getByTestId("matrix-grid");
  // The asked rows in the matrix's order, the asked cells as its columns.
  await expect(grid.locator("tbody th[scope=row]")).toHaveText(["nothing down (-)", "API server", "state store", "scheduler", "controller manager"]);
  // A column's tolerance shows in its header; the verdict words are explained beside the grid.
  await expect(grid.locator("thead th")).toHaveText(["down component", "scale", "failure", "node", "believed", "actual", "rd (±2)", "wr"]);
  await expect(page.getByTestId("grid-verdicts")).toContainText("half: decided but not carried out");
  await expect(grid.locator("tbody tr").nth(1).locator("[data-testid^=predict-matrix-]")).toHaveCount(7);
  // Each input still has its own name for a screen reader.
  await expect(page.getByLabel("API server down: scale")).toHaveAttribute("data-testid", "predict-matrix-API-server-scale");
  await page.getByTestId("predict-matrix-API-server-scale").selectOption("halted");
  await page.getByTestId("predict-matrix-API-server-believed").fill("3");
  await page.getByTestId("predict-matrix-API-server-actual").fill("3");
  await lock(page);
  const results = page.getByTestId("matrix-results");
  await expect(results.locator("tbody tr")).toHaveCount(5);
  await expect(results.locator("tbody tr").nth(1).locator("td")).toHaveCount(7);
  await expect(page.getByTestId("reveal-matrix-API-server-scale")).toHaveClass(/correct/);
  await expect(page.getByTestId("reveal-matrix-API-server-scale")).toContainText("✓ correct");
  const wrong = page.getByTestId("reveal-matrix-API-server-actual");
  await expect(wrong).toHaveClass(/wrong/);
  await expect(wrong).toContainText("answer: 2");
  // The wrong cell's link shows that row's run, the API server down, to its end.
  await expect(wrong.getByTestId("see")).toHaveText("see the run");
  await wrong.getByTestId("see").click();
  await expect(page.getByTestId("play-events")).toBeChecked();
  await expect(page.getByTestId("part-api-server")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("status-strip")).toHaveText(/^Step (\d+) of \1 /);
  const lab = new LabPage(page);
  expect((await lab.matrixCells("API server")).slice(1, 3)).toEqual(["halted", "unknown"]);
  await expect(lab.matrixRow("API server")).toBeInViewport();
});

test("questions beyond the tables: a round, a component, who writes a key in order, a service, a repair", async ({ page }) => {
  await page.goto(BEYOND);
  await expect(page.getByTestId("sealed")).toBeVisible();
  const fill = async (id, value) => page.getByTestId(`predict-${id}`).fill(value);
  await fill("round-2-reads", "26");
  await fill("round-2-writes", "0");
  await fill("component-scheduler-reads", "20");
  // An order is typed as names; a name that is not a component is said at once.
  await fill("writers-copy-collector-4", "controller manager, etcd");
  await expect(page.getByTestId("input-error")).toContainText("\"etcd\" is not a component");
  await fill("writers-copy-collector-4", "scheduler, controller manager, node agents");
  await fill("service-collector-believed", "5");
  await fill("service-collector-actual", "5");
  await fill("repair-API-server-believed", "2");
  await page.getByTestId("predict-repair-scheduler-scale").selectOption("done");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 6 / 8");
  const writers = page.getByTestId("reveal-writers-copy-collector-4");
  await expect(writers).toContainText("controller manager, scheduler, node agents");
  await expect(writers.getByTestId("see")).toHaveText(["#4", "#8", "#11"]);
  const repair = page.getByTestId("reveal-repair-API-server-believed");
  await expect(repair).toContainText("3");
  await expect(repair.getByTestId("see")).toHaveText("matrix row “API server”");
  await expect(page.getByTestId("reveal-round-2-reads")).toContainText("✓ correct");
});

test("keyboard only: type every prediction, lock, and read the results", async ({ page }) => {
  await page.goto(MATRIX);
  await page.getByTestId("predict-matrix---scale").focus();
  // Through the grid in reading order: a verdict's choice by arrow key, a count by typing.
  await page.keyboard.press("ArrowDown"); // done
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("predict-matrix---failure")).toBeFocused();
  for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
  await expect(page.getByTestId("predict-matrix---believed")).toBeFocused();
  await page.keyboard.type("5");
  // On to Run, and Enter locks (asking first about the blanks).
  await page.getByTestId("run").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("confirm-lock")).toBeVisible();
  await page.getByTestId("confirm-lock").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("score")).toHaveText("Score: 2 / 35");
});

for (const [name, url] of [["matrix", MATRIX], ["beyond the tables", BEYOND]]) {
  for (const width of [320, 375, 768, 1440]) {
    test(`${name} at ${width} px: no sideways scroll, axe clean before and after the lock`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.getByTestId("run").waitFor();
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await sideways()).toBeLessThanOrEqual(0);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      await lock(page);
      await page.getByTestId("score").waitFor();
      expect(await sideways()).toBeLessThanOrEqual(0);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    });
  }
}
