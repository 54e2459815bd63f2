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

// Issue 29's words: what the matrix's columns mean, where the lesson's odd-looking names come
// from, what a report leaves halted, and the parts' real names, said where they are met.
test("the glossary explains the matrix's node and traffic columns, reads against rd, and the parts' real names", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const glossary = page.getByTestId("glossary");
  await glossary.locator("summary").click();
  const line = (start) => glossary.locator("li", { hasText: start }).first();
  await expect(line("node (matrix column):")).toContainText("node/m4");
  await expect(line("traffic (matrix column):")).toContainText("continues");
  await expect(line("reads (verdict) · rd (count):")).toContainText("a read request from outside");
  const names = line("In Kubernetes:");
  for (const real of ["kube-apiserver", "etcd", "kube-scheduler", "kube-controller-manager", "kubelet", "Deployment's replicas", "Pod"]) {
    await expect(names).toContainText(real);
  }
  await expect(names).toContainText("every read also goes through kube-apiserver");
  // Each part's box gives its real name once.
  for (const [part, real] of [["API server", "kube-apiserver"], ["state store", "etcd"], ["scheduler", "kube-scheduler"],
    ["controller manager", "kube-controller-manager"], ["node agents", "kubelet"]]) {
    await expect(lab.part(part).locator(".real")).toHaveText(real);
  }
});

test("where node/m1 first stands beside m1, one sentence says why, and why collector-4 goes to m1", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const note = page.getByTestId("world-names");
  await expect(note).toHaveText("");
  await expect(note).toBeHidden();
  await page.getByTestId("scrubber").fill("8"); // the scheduler writes collector-4 onto node/m1
  await expect(page.locator("[data-testid=store-key][data-key='copy/collector-4'] .value")).toHaveText("node node/m1, pending");
  await expect(note).toBeVisible();
  await expect(note).toContainText("node/m1 and m1 are one machine");
  await expect(note).toContainText("bare names do not count toward a node's load");
  await expect(note).toContainText("collector-4");
});

test("after the report the matrix says what stays halted", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId("matrix-fill-API-server").click();
  await page.getByTestId("matrix-repair-API-server").click();
  await page.getByTestId("matrix-report-API-server").click();
  expect((await lab.matrixCells("API server"))[10]).toBe(
    "failure done; scale halted and node halted stay so: a report sends no lost request again; 3 believed, 3 running; 40 item reads, 5 writes",
  );
});

test("no meaning rests on a glyph a machine may lack: no emoji anywhere on the page, locked or not", async ({ page }) => {
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await page.getByTestId("predict-steps").fill("17");
  const { lock } = await import("./lab-page.mjs");
  await lock(page);
  await expect(page.getByTestId("run")).toHaveText("Predictions locked");
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(/\p{Extended_Pictographic}/gu)?.filter((c) => c.codePointAt(0) > 0xffff) ?? []).toEqual([]);
});

test("the explorer says why watch mode's first round is longer, and what resourceVersion, 410 Gone and KEP-3157 are", async ({ page }) => {
  await page.goto("./?explore=1");
  const body = page.locator("main");
  await expect(body).toContainText("watch mode's first round is longer than list mode's");
  await expect(body).toContainText("resourceVersion that list returned (the store's revision");
  await expect(body).toContainText("410 Gone (the HTTP answer");
  await expect(body).toContainText("KEP-3157 (a Kubernetes Enhancement Proposal");
});

test("on a phone the explorer's tables keep their headings on screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("./?explore=1");
  for (const id of ["compare-table", "scale-table"]) {
    const table = page.getByTestId(id);
    await expect(table.locator("tbody tr").first()).toBeVisible();
    // The scale table is redrawn whole as each point of the curve arrives from the worker: measure
    // it once it is complete, or a head read mid-redraw is a detached node with no box.
    await expect(page.locator(`.${id}`)).not.toHaveAttribute("aria-busy", "true");
    // Nothing to scroll sideways: every column on the screen.
    const wide = await page.locator(`.${id}`).evaluate((b) => [b.scrollWidth - b.clientWidth, b.getBoundingClientRect().right]);
    expect(wide[0], id).toBeLessThanOrEqual(0);
    expect(wide[1], id).toBeLessThanOrEqual(375);
    // No head breaks inside a word ("wat ch mod e"): a head takes at most a line a word.
    const broken = await table.locator("thead th").evaluateAll((heads) =>
      heads.flatMap((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(getComputedStyle(th).writingMode.startsWith("vertical") ? r.x : r.y)));
        return lines.size > th.textContent.trim().split(/\s+/).length ? [`${th.textContent}: ${lines.size} lines`] : [];
      }),
    );
    expect(broken, id).toEqual([]);
    // Scrolled down to its last row, the column heads are still on screen, above it.
    const last = table.locator("tbody tr").last();
    await last.evaluate((r) => r.scrollIntoView({ block: "end" }));
    const [head, row] = [await table.locator("thead th").last().boundingBox(), await last.boundingBox()];
    expect(head.y, id).toBeGreaterThanOrEqual(-1);
    expect(head.y + head.height, id).toBeLessThanOrEqual(row.y + 1);
    await expect(table.locator("thead th").first()).toBeInViewport();
  }
  await page.screenshot({ path: "tests/e2e/artifacts/screenshots/explore-375x812.png" });
});
