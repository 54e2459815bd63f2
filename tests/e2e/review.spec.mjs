// Reviewing a lab report: the marks and the score are the lab's, recomputed from the report's
// predictions and the assignment it carries, never what the file says of itself (issue 17).
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { lock } from "./lab-page.mjs";

const LESSON_TRACE = readFileSync("assignments/lesson-trace.json", "utf8");
const IDS = ["steps", "reads", "writes", "revision", "rounds", "components"];

// A report as a forger writes it: every mark right and the score as given.
function forged(predicted, [correct, total]) {
  const lines = IDS.map((id) => ({ id, label: id, predicted: predicted[id] ?? "", actual: "", difference: null, correct: true }));
  const report = { version: 1, title: "Trace one request end to end", assignment: LESSON_TRACE, lines, correct, total, time: "2026-11-29T10:00:00Z", attempts: [] };
  return { name: "lab-report.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(report)) };
}

test("a forged report shows the recomputed marks and score, and says what the file claims", async ({ page }) => {
  await page.goto("./?review=1");
  const predicted = { steps: "3", reads: "50", writes: "7", revision: "7", rounds: "2", components: "4" };
  await page.getByTestId("import-report").setInputFiles(forged(predicted, [6, 6]));
  const review = page.getByTestId("imported-report");
  await expect(review.getByTestId("review-score")).toHaveText("Score: 5 / 6 · 2026-11-29T10:00:00Z");
  await expect(review.getByTestId("review-claim")).toContainText("The file claims a score of 6 / 6");
  await expect(review.getByTestId("review-line").first()).toHaveText("trace steps: predicted 3, answer 17 — ✗ (the file says ✓)");
  await expect(review).not.toContainText("Score: 6 / 6");
  // A score no assignment has is not shown as one either.
  await page.getByTestId("import-report").setInputFiles(forged(predicted, [999, 1]));
  await expect(review.getByTestId("review-score")).toHaveText("Score: 5 / 6 · 2026-11-29T10:00:00Z");
  await expect(review.getByTestId("review-claim")).toContainText("claims a score of 999 / 1");
});

test("the CSV export reads back for review with every attempt, like the JSON", async ({ page }) => {
  const doc = { version: 1, title: "Two tries", predict: ["steps", "reads"], retries: 1 };
  await page.goto(`./?a=${Buffer.from(JSON.stringify(doc)).toString("base64url")}`);
  await page.getByTestId("predict-steps").fill("16");
  await page.getByTestId("predict-reads").fill("50");
  await lock(page);
  await page.getByTestId("start-over").click();
  await page.getByTestId("predict-steps").fill("17");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 2 / 2");
  const files = [];
  for (const kind of ["csv", "json"]) {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`export-${kind}`).click()]);
    files.push(await file.path());
  }
  // The reviewer is a page of its own (the assignment page links there once it is unsealed).
  await page.getByTestId("review-link").click();
  await expect(page).toHaveURL(/\?review=1$/);
  for (const path of files) {
    await page.getByTestId("import-report").setInputFiles(path);
    const review = page.getByTestId("imported-report");
    await expect(review.locator("h3")).toHaveText("Two tries");
    await expect(review.getByTestId("review-score")).toContainText("Score: 2 / 2");
    await expect(review.getByTestId("review-claim")).toHaveCount(0);
    const attempt = review.getByTestId("review-attempt");
    await expect(attempt).toHaveCount(1);
    await expect(attempt.locator("p").first()).toContainText(/^Attempt 1, started over .*: 1 \/ 2$/);
    await expect(attempt.getByTestId("review-line").first()).toHaveText("trace steps: predicted 16, answer 17 — ✗");
  }
});

test("a file larger than any report is refused at once, unread, naming the limit", async ({ page }) => {
  await page.goto("./?review=1");
  const huge = Buffer.alloc(30 << 20, " ");
  huge.write('{"version": 1, "lines": [');
  await page.getByTestId("import-report").setInputFiles({ name: "huge.json", mimeType: "application/json", buffer: huge });
  await expect(page.getByTestId("import-error")).toHaveText(
    "This file cannot be reviewed: the file is larger than 4 MiB, more than any lab report; it was not read",
    { timeout: 3000 },
  );
});

test("the reviewer's page loads its own build, and the assignment page none of the reviewer", async ({ page }) => {
  const wasm = () =>
    page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname).filter((p) => p.endsWith(".wasm")));
  await page.goto("./?review=1");
  await expect(page.getByTestId("import-report")).toBeVisible();
  expect(await wasm()).toEqual(["/lab_review_bg.wasm"]);
  // The assignment page: closed while sealed, a link to the reviewer's page after the lock.
  await page.goto(`./?assignment=assignments/lesson-trace.json`);
  await expect(page.getByTestId("review-closed")).toBeVisible();
  await expect(page.getByTestId("review-link")).toHaveCount(0);
  await lock(page);
  await expect(page.getByTestId("review-link")).toHaveAttribute("href", "?review=1");
  await expect(page.getByTestId("import-report")).toHaveCount(0);
  await page.getByTestId("trace-table").waitFor();
  expect(await wasm()).toEqual(["/lab_assignments_bg.wasm", "/split_lab_later.wasm"]);
});

for (const [width, height] of [[1280, 800], [375, 812]]) {
  // On its own page the reviewer is what the teacher came for: opened and brought into view (it
  // sits below the lab's panels, 2,200 px down their box at 1280x800, 3,549 px down a phone).
  test(`the reviewer's page opens with the reviewer in view (${width}x${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("./?review=1");
    await expect(page.locator("details.review")).toHaveAttribute("open", "");
    await expect(page.getByTestId("import-report")).toBeInViewport();
    await page.screenshot({ path: `tests/e2e/artifacts/screenshots/review-${width}x${height}.png` });
  });
}
