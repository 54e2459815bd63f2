// Hostile and careless input, as an attacker or a hurried teacher would try it.
import { test, expect } from "@playwright/test";
import { origin } from "./origins.mjs";

test("?assignment= loads only paths on the lab's own site, and says so for anything else", async ({ page }) => {
  // Nothing is requested from anywhere but the lab's own origin (a data: URL has none).
  const elsewhere = [];
  const [own, other] = [origin("lab"), origin("csp")];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== own) elsewhere.push(r.url());
  });
  const doc = encodeURIComponent(JSON.stringify({ version: 1, title: "From elsewhere", predict: ["steps"] }));
  for (const path of [
    `${other}/assignments/lesson-trace.json`,
    `${other.replace("http:", "")}/assignments/lesson-trace.json`,
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

test("two tabs on one assignment keep every prediction, and each says when the other changed them", async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  for (const p of [a, b]) {
    await p.goto("./?assignment=assignments/lesson-trace.json");
    await expect(p.getByTestId("assignment-title")).toBeVisible();
  }
  await a.getByTestId("predict-steps").fill("17");
  await b.getByTestId("predict-reads").fill("50");
  await a.getByTestId("predict-writes").fill("7");
  const stored = await a.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("cplab/assignment/") && !k.includes("/corrupt/"));
    return JSON.parse(localStorage.getItem(key)).predictions;
  });
  expect(stored).toEqual({ steps: "17", reads: "50", writes: "7" });
  // Each tab shows what the other typed, and was told.
  await expect(b.getByTestId("predict-steps")).toHaveValue("17");
  await expect(b.getByTestId("predict-writes")).toHaveValue("7");
  await expect(a.getByTestId("predict-reads")).toHaveValue("50");
  await expect(a.getByTestId("storage-notice")).toContainText("Another tab with this assignment changed your predictions");
});
