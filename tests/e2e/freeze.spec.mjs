// Work that cannot freeze the page: each input that once held the main thread for seconds is
// either refused at once, naming the limit it hit, or played with bounded work. Asserted by
// counts (steps run, keys and copies drawn), never by time: scripts/measure prints the times.
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";
import { link, openLarge, dashes, orphans, orphansOf, largest } from "./heavy-inputs.mjs";

test("a copy key of 5,500 dashes with a report at round 1000 plays: 1000 rounds, 5000 steps", async ({ page }) => {
  await page.goto(link(dashes));
  await page.getByTestId("predict-steps").fill("5000");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 1");
  await page.getByTestId("to-end").click();
  await expect(page.getByTestId("status-strip")).toContainText("Step 5000 of 5000 · round 1000");
});

test("copies running with no key count against the key limit; 20,000 are refused unread", async ({ page }) => {
  await openLarge(page, "orphans", orphansOf(1200));
  const error = page.getByTestId("assignment-error");
  await expect(error).toContainText("past 1000 keys in the store (copies running without a key count too)");
  await expect(error).toContainText("`cplab answer-key`");
  await openLarge(page, "orphans", orphans);
  await expect(error).toContainText("larger than 1 MiB");
});

test("the largest run accepted steps and scrubs drawing a bounded number of keys and copies", async ({ page }) => {
  await openLarge(page, "largest", largest);
  await page.getByTestId("predict-steps").fill("24151");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 1");
  await page.getByTestId("to-end").click();
  await expect(page.getByTestId("status-strip")).toContainText("Step 24151 of 24151");
  const drawn = () =>
    page.evaluate(() => ({
      keys: document.querySelectorAll("[data-testid=store-key]").length,
      copies: document.querySelectorAll("[data-testid=world] [data-copy]").length,
      more: document.querySelectorAll("[data-testid=store-more]").length,
    }));
  // 964 keys and 962 copies in the store: at most 40 keys a prefix and 24 copies a node drawn.
  let d = await drawn();
  expect(d.keys).toBeLessThanOrEqual(3 * 40 + 1);
  expect(d.copies).toBeLessThanOrEqual(24 * 24);
  expect(d.more).toBeGreaterThan(0);
  await page.getByTestId("back").click();
  await expect(page.getByTestId("status-strip")).toContainText("Step 24150 of 24151");
  expect((await drawn()).keys).toBeLessThanOrEqual(3 * 40 + 1);
  // Back to the last write: the key written is among those drawn, marked, though its group
  // holds over 900 keys.
  const flash = page.locator("[data-testid=store-key].flash");
  for (let i = 0; i < 40 && (await flash.count()) === 0; i++) await page.getByTestId("back").click();
  await expect(flash).toHaveCount(1);
  // A drag of 30 moves along the scrubber settles where it ended.
  await page.getByTestId("scrubber").evaluate((el) => {
    for (let i = 1; i <= 30; i++) {
      el.value = String(i * 800);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
  });
  await expect(page.getByTestId("status-strip")).toContainText("Step 24000 of 24151");
  d = await drawn();
  expect(d.keys).toBeLessThanOrEqual(3 * 40 + 1);
});
