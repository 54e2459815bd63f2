// Failures over time, as a student plays them from the start page: take a part down, run the
// failure-matrix events to the end, bring the part back at the end (the repair), and where the
// store still believes otherwise, have the node agents report again.
import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

// The collector's line in the believed/actual panel.
const collector = (page) => page.getByTestId("believed-services").locator("li", { hasText: "collector:" });

async function failureRun(lab, part) {
  await lab.open();
  await lab.chooseEvents();
  await lab.part(part).click();
  await lab.runToEnd();
}

test("scheduler down, then repaired: half, then placed, believed = actual", async ({ page }) => {
  const lab = new LabPage(page);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await failureRun(lab, "scheduler");
  expect((await lab.matrixCells("scheduler")).slice(1, 3)).toEqual(["half", "half"]);
  await expect(collector(page)).toHaveText("collector: the store believes 2 run, 2 actually run");
  const before = await lab.traceRows.count();
  // At the end, bringing it back continues the same run.
  await lab.part("scheduler").click();
  await expect(lab.part("scheduler")).toContainText("back next round");
  await expect(lab.narration).toContainText(" — next, from round 3: scheduler comes back.");
  await expect(lab.traceRows).toHaveCount(before, { timeout: 2000 });
  await lab.button("forward").click();
  await expect(lab.narration).toContainText("From round 3: scheduler comes back. Step");
  await expect(page.getByTestId("round-changes")).toHaveText("scheduler comes back");
  await lab.runToEnd();
  await expect(collector(page)).toHaveText("collector: the store believes 5 run, 5 actually run");
  await expect(page.getByTestId("believed-gap")).toHaveCount(0);
  const cells = await lab.matrixCells("scheduler");
  expect(cells.slice(1, 3)).toEqual(["half", "half"], "the lesson's cells stay as printed");
  expect(cells[9]).toBe("scale done, failure done, node done; 5 believed, 5 running; 54 item reads, 6 writes");
  expect(cells[10]).toBe("no gap left");
  // Every earlier step is still there: step back to the last step before the repair.
  await page.getByTestId("scrubber").fill(String(before));
  await expect(lab.traceRows).toHaveCount(before);
  await expect(lab.part("scheduler")).toContainText("✕ down");
  expect(errors).toEqual([]);
});

test("controller manager down, then repaired: the gap closes", async ({ page }) => {
  const lab = new LabPage(page);
  await failureRun(lab, "controller manager");
  expect((await lab.matrixCells("controller manager")).slice(1, 3)).toEqual(["halted", "halted"]);
  await lab.part("controller manager").click();
  await lab.runToEnd();
  await expect(collector(page)).toHaveText("collector: the store believes 5 run, 5 actually run");
  expect((await lab.matrixCells("controller manager"))[9]).toBe(
    "scale done, failure done, node done; 5 believed, 5 running; 52 item reads, 10 writes",
  );
});

test("API server down, then repaired: stays 3/2 until the node agents report again", async ({ page }) => {
  const lab = new LabPage(page);
  await failureRun(lab, "API server");
  await expect(collector(page)).toHaveText("collector: the store believes 3 run, 2 actually run");
  await expect(lab.button("report-again")).toBeEnabled();
  await lab.part("API server").click();
  await lab.runToEnd();
  // The repair brings the gate back, not the lost event.
  await expect(collector(page)).toHaveText("collector: the store believes 3 run, 2 actually run");
  await expect(page.getByTestId("believed-gap")).toContainText("copy/collector-2");
  expect((await lab.matrixCells("API server"))[9]).toBe(
    "scale halted, failure unknown, node halted; 3 believed, 2 running; 20 item reads, 0 writes",
  );
  await lab.button("report-again").click();
  await lab.runToEnd();
  await expect(collector(page)).toHaveText("collector: the store believes 3 run, 3 actually run");
  await expect(page.getByTestId("believed-gap")).toHaveCount(0);
  await expect(lab.button("report-again")).toBeDisabled();
  expect((await lab.matrixCells("API server"))[10]).toBe(
    "failure done; scale halted and node halted stay so: a report sends no lost request again; 3 believed, 3 running; 40 item reads, 5 writes",
  );
  // The report went through the API server like any request.
  await expect(page.getByTestId("round-changes").last()).toHaveText("the node agents report again what actually runs");
});

test("the whole control plane down: traffic continues and what runs is unchanged", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.button("whole-plane").click();
  for (const part of ["API server", "state store", "scheduler", "controller manager"]) {
    await expect(lab.part(part)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(lab.part("node agents")).toHaveAttribute("aria-pressed", "false");
  const runningAtStart = await page.getByTestId("believed-counts").textContent();
  await lab.runToEnd();
  const cells = await lab.matrixCells("control plane");
  expect(cells.slice(5, 9)).toEqual(["continues", "3/2", "0", "0"]);
  // Only the death that happened on its node changed what runs: 5 believed, 4 running.
  expect(runningAtStart).toBe("Across all services, the store believes 5 copies run; 4 actually run.");
  await expect(page.getByTestId("believed-counts")).toHaveText(runningAtStart);
  await expect(lab.traceRows).toHaveCount(0);
  // One control brings it all back.
  await lab.button("whole-plane").click();
  await lab.runToEnd();
  expect((await lab.matrixCells("control plane"))[9]).toBe(
    "scale halted, failure unknown, node halted; 3 believed, 2 running; 20 item reads, 0 writes",
  );
});
