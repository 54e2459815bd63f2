// Words a student knows, parts that look pressable, a phone, dark mode: the page read as a
// newcomer reads it.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { LabPage } from "./lab-page.mjs";

test("the glossary explains the table's words and marks", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const glossary = page.getByTestId("glossary");
  await glossary.locator("summary").click();
  for (const term of ["items:", "rd:", "wr:", "-:", "done · half · halted · unknown:", "believed · actual:", "m1 · node/m1:", "a token on a link:", "under the scrubber: ┃"]) {
    await expect(glossary.locator("li", { hasText: term }).first()).toBeVisible();
  }
  await expect(glossary).toContainText('a cell like 4/1 reads "4 believed, 1 actual", not a fraction');
});

test("each part says what it reads every round, from the model's own list", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await expect(lab.part("scheduler")).toContainText("reads node/*, copy/* every round");
  await expect(lab.part("controller manager")).toContainText("reads service/*, copy/* every round");
  await expect(lab.part("node agents")).toContainText("reads copy/* every round");
  await expect(lab.part("API server")).toContainText("writes what requests ask");
  await expect(lab.part("scheduler")).toContainText("press to take down");
});

test("reads halted says why, beside a trace of the components' own reads", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("API server").click();
  await lab.runToEnd();
  await expect(page.getByTestId("why")).toContainText("a read request from outside");
  await expect(page.getByTestId("why")).toContainText("the components in this model read the store directly");
  await expect(lab.traceRows).toHaveCount(5);
});

test("on a phone the matrix rows are cards and the trace keeps its columns, with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("scheduler").click();
  await lab.runToEnd();
  const overflow = await page.evaluate(() => ({
    page: document.scrollingElement.scrollWidth - window.innerWidth,
    trace: (([e]) => e.scrollWidth - e.clientWidth)(document.querySelectorAll(".trace .scroll")),
    matrix: (([e]) => e.scrollWidth - e.clientWidth)(document.querySelectorAll(".matrix .scroll")),
  }));
  expect(overflow).toEqual({ page: 0, trace: 0, matrix: 0 });
  // Each number of a matrix card says which column it is; the trace's columns all show.
  const rd = page.locator("[data-testid=matrix-row-scheduler] td[data-label=rd]");
  expect(await rd.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"rd: "');
  await page.locator(".trace .scroll").scrollIntoViewIfNeeded();
  for (const col of ["items", "rd", "wr"]) {
    await expect(page.getByRole("columnheader", { name: col, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: "tests/e2e/artifacts/phone-375.png", fullPage: true });
});

test("make a link, then copy it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const lab = new LabPage(page);
  await lab.open();
  await lab.forward(3);
  await lab.button("make-link").click();
  await lab.button("copy-link").click();
  await expect(page.getByTestId("copy-status")).toHaveText("Copied to the clipboard.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("step=3");
});

test("dark: axe finds no violations, contrast included, and the colors are the dark ones", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("API server").click();
  await lab.runToEnd();
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe("rgb(20, 23, 28)");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await context.close();
});

test("embedded, the diagram still says its parts can be pressed", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open("embed=1");
  await expect(page.locator(".diagram > .hint")).toBeVisible();
  await expect(page.locator(".matrix .hint")).toBeHidden();
});
