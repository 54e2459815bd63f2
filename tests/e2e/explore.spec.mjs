// The page "List every round vs watch" (?explore=1, its own build): the lesson's run listing beside
// watching, the scale explorer and its slider, accessibility, and that the plain lab never loads it.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const files = (page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname.split("/").pop()));

test("the side-by-side view shows the lesson's idle round: 26 listing, 0 watching", async ({ page }) => {
  await page.goto("./?explore=1");
  await expect(page.getByTestId("compare-idle")).toHaveText(
    "Round 2 has nothing to do: list mode reads 26 items, watch mode 0.",
  );
  // The table's round 2 totals: list 26/0/0, watch 0/0/0; round 1 watching: 24 listed, 12 events.
  const total = (round) => page.locator(`tbody[data-round="${round}"] [data-testid=round-total] td`);
  await expect(total(2)).toHaveText(["all", "26", "0", "0", "0", "0", "0"]);
  await expect(total(1)).toHaveText(["all", "24", "0", "6", "24", "12", "6"]);
  // The charts say the same: round 2's bar reads 26 in list mode and 0 in watch mode.
  await expect(page.locator("[data-testid=chart-list] g[data-round='2']")).toHaveAttribute("data-listed", "26");
  await expect(page.locator("[data-testid=chart-watch] g[data-round='2']")).toHaveAttribute("data-listed", "0");
  // Another of the lab's runs: the failure-matrix events, whose whole run in list mode is the
  // lesson's matrix row (52 reads, 13 writes); watching, the same writes.
  await page.getByTestId("compare-run").selectOption({ index: 1 });
  await expect(page.locator("[data-testid=compare-table] tfoot td")).toHaveText(["52", "0", "13", "25", "19", "13"]);
  expect(await files(page)).not.toContain("lab_bg.wasm");
});

test("the explorer's point for the lesson's cluster is the trace's 26, and the slider works by keyboard", async ({ page }) => {
  await page.goto("./?explore=1");
  const readout = page.getByTestId("scale-readout");
  await expect(readout).toContainText("12 items (2 services, 7 copies, 3 nodes): an idle round reads 26 items in list mode and 0 in watch mode");
  await expect(page.getByTestId("lesson-point")).toHaveText("the lesson: 26");
  const slider = page.getByTestId("scale-slider");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("scale-items")).toHaveText("13 items");
  await expect(readout).toContainText("13 items");
  await page.keyboard.press("End");
  await expect(readout).toContainText("100,000 items (16,667 services, 58,333 copies, 25,000 nodes): an idle round reads 216,666 items in list mode and 0 in watch mode", { timeout: 20_000 });
  await expect(slider).toHaveAttribute("aria-valuetext", "100,000 items");
  await expect(page.locator("[data-testid=scale-table] tr[data-items='10000'] td")).toHaveText(["21,666", "21,666", "0", "43,337", "10"]);
  // One request: list mode reads the cluster twice, watch mode takes 10 events.
  await expect(page.getByTestId("scale-request")).toContainText("433,337 items read in list mode; in watch mode 0 read and 10 events delivered");
});

test("the plain lab's trace reads 26 in round 2, the explorer's lesson point", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("to-end").click();
  await expect(page.locator("[data-testid=round-heading][data-round='2']")).toContainText("26 item reads, 0 writes");
  // The plain lab links to the explorer and loads none of its files.
  await expect(page.getByRole("link", { name: "Beyond the lesson: list every round vs watch" })).toHaveAttribute("href", "?explore=1");
  expect((await files(page)).filter((f) => f.startsWith("lab_explore"))).toEqual([]);
});

for (const [width, height] of [[375, 812], [1280, 800]]) {
  test(`axe finds no violations on the explorer at ${width}x${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("./?explore=1");
    await expect(page.getByTestId("scale-readout")).toContainText("26");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // Nothing wider than the screen but the tables' own scrolling regions.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
