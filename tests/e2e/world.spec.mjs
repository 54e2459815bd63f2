// The world the store describes, where the load comes from, and the status strip: what a student
// sees beside the trace.
import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

const node = (page, name) => page.getByTestId(`world-node-${name}`);
const copy = (page, key) => page.locator(`[data-testid=world] [data-copy='${key}']`);

test("the world at step 0, mid-trace and at the end of the lesson's request", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Step 0: the five starting copies, each on one node (they name m1, not node/m1).
  await expect(page.locator("[data-testid=world] [data-copy]")).toHaveCount(5);
  await expect(node(page, "m1").locator("[data-copy]")).toHaveText(["● collector-1: running", "● verifier-1: running"]);
  await expect(node(page, "m3").locator("[data-copy]")).toHaveText(["● collector-3: running"]);
  // Step 4: collector-4 is born without a node.
  await lab.forward(4);
  await expect(page.getByTestId("world-waiting")).toHaveText("Waiting for a node: collector-4");
  // Step 8: placed on m1, not started.
  await lab.forward(4);
  await expect(copy(page, "copy/collector-4")).toHaveAttribute("data-state", "starting");
  await expect(node(page, "m1")).toContainText("collector-4: placed, not started");
  // The end: started on their nodes, each copy on exactly one node.
  await lab.runToEnd();
  await expect(copy(page, "copy/collector-4")).toHaveAttribute("data-state", "running");
  await expect(node(page, "m1")).toContainText("collector-4: running");
  await expect(node(page, "m2")).toContainText("collector-5: running");
  await expect(page.locator("[data-testid=world] [data-copy]")).toHaveCount(7);
  await expect(page.getByTestId("world-waiting")).toHaveText("");
});

test("with the API server down, collector-2 is a ghost on m2 while the store says running", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("API server").click();
  await lab.runToEnd();
  const ghost = node(page, "m2").locator("[data-copy='copy/collector-2']");
  await expect(ghost).toHaveAttribute("data-state", "ghost");
  await expect(ghost).toHaveText("◌ collector-2: ghost — the store says running, it is dead");
  await expect(page.locator("[data-key='copy/collector-2']")).toContainText("running");
  // Drawn in outline, not by color alone.
  await expect(ghost).toHaveCSS("border-top-style", "dashed");
  await expect(node(page, "m4")).toHaveCount(0);
});

test("round 2 of the lesson's request: 26 item reads, 0 writes, and the chart agrees with the trace", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.runToEnd();
  await expect(page.locator("[data-testid=round-heading][data-round='2']")).toContainText("26 item reads, 0 writes");
  // Its text reads as words, the name and the totals apart (a hidden separator, read aloud).
  await expect(page.locator("[data-testid=round-heading][data-round='2']")).toContainText("round 2 · 26 item reads, 0 writes");
  await expect(page.locator("[data-testid=round-heading][data-round='1']")).toContainText("24 item reads, 6 writes");
  // Sum the trace's reads per component, and compare with the chart's bars.
  const rows = await page.getByTestId("trace-row").evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent.trim())));
  const sums = {};
  for (const [, part, op, , items] of rows) if (op === "read") sums[part] = (sums[part] || 0) + Number(items);
  const bars = await page.getByTestId("load-bar").evaluateAll((gs) =>
    gs.map((g) => [g.getAttribute("data-part"), Number(g.getAttribute("data-reads")), g.querySelector("text").textContent]));
  expect(bars).toEqual([
    ["API server", 0, "API server: 0 item reads"],
    ["controller manager", sums["controller manager"], `controller manager: ${sums["controller manager"]} item reads`],
    ["scheduler", sums["scheduler"], `scheduler: ${sums["scheduler"]} item reads`],
    ["node agents", sums["node agents"], `node agents: ${sums["node agents"]} item reads`],
  ]);
  expect(sums).toEqual({ "controller manager": 16, scheduler: 20, "node agents": 14 });
});

test("the status strip and the step sentence stay on screen while playing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.button("speed").selectOption("2"); // 2 steps a second: mid-play lasts long enough to look
  await lab.button("play").click();
  await expect.poll(() => lab.traceRows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(11);
  await expect(lab.button("play")).toHaveText("❚❚ Pause");
  const sentence = page.getByTestId("step-sentence");
  await expect(sentence).toHaveText(/^Step \d+ of 17: /);
  await expect(page.getByTestId("status-strip")).toHaveText(/^Step \d+ of 17 · round \d: \d+ item reads, \d+ writes · in all \d+ item reads, \d+ writes · revision \d+$/);
  for (const id of ["plane", "step-sentence", "status-strip"]) await expect(page.getByTestId(id)).toBeInViewport();
  // The trace box keeps the current step in view, inside the page's first screen.
  await expect(page.locator("tr.current")).toBeInViewport();
  // The live region stays quiet while playing; the visible sentence does not.
  await expect(lab.narration).toHaveText("");
});
