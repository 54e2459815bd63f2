// Hostile and careless input, as an attacker or a hurried teacher would try it.
import { test, expect } from "@playwright/test";

test("?assignment= loads only paths on the lab's own site, and says so for anything else", async ({ page }) => {
  // Nothing is requested from anywhere but the lab's own origin (a data: URL has none).
  const elsewhere = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== "http://127.0.0.1:8099") elsewhere.push(r.url());
  });
  const doc = encodeURIComponent(JSON.stringify({ version: 1, title: "From elsewhere", predict: ["steps"] }));
  for (const path of [
    "http://127.0.0.1:8098/assignments/lesson-trace.json",
    "//127.0.0.1:8098/assignments/lesson-trace.json",
    `data:application/json,${doc}`,
  ]) {
    await page.goto(`./?assignment=${encodeURIComponent(path)}`);
    await expect(page.getByTestId("assignment-error")).toContainText("only a path on this lab's own site loads");
    await expect(page.getByTestId("assignment-title")).toHaveCount(0);
  }
  expect(elsewhere).toEqual([]);
  // A path on its own site still loads.
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await expect(page.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
});
