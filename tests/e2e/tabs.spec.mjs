// Two tabs on one assignment with retries: attempts follow across tabs like predictions, none is
// ever lost, and the tries left are counted over every tab's attempts (issue 17).
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";

const open = (retries) => `./?a=${Buffer.from(JSON.stringify({ version: 1, title: "Two tabs", predict: ["steps", "reads"], retries })).toString("base64url")}`;

async function twoTabs(context, retries) {
  const tabs = [await context.newPage(), await context.newPage()];
  for (const p of tabs) {
    await p.goto(open(retries));
    await expect(p.getByTestId("assignment-title")).toBeVisible();
  }
  return tabs;
}

const stored = (page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("cplab/assignment/") && !k.includes("/corrupt/"));
    return JSON.parse(localStorage.getItem(key));
  });

async function exported(page) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-json").click()]);
  return JSON.parse(await (await import("node:fs/promises")).readFile(await file.path(), "utf8"));
}

const predictions = (attempts) => attempts.map((a) => a.predictions);

test("retries 1: tab A locks, starts over and locks again; tab B keeps up and has no try left", async ({ context }) => {
  const [a, b] = await twoTabs(context, 1);
  await a.getByTestId("predict-steps").fill("3");
  await a.getByTestId("predict-reads").fill("50");
  await lock(a);
  await expect(b.getByTestId("run")).toBeDisabled();
  await expect(b.getByTestId("start-over")).toHaveText("Start over (tries left: 1)");
  await a.getByTestId("start-over").click();
  // B follows A's start over: unlocked, its run sealed again.
  await expect(b.getByTestId("run")).toBeEnabled();
  await expect(b.getByTestId("sealed")).toBeVisible();
  await a.getByTestId("predict-steps").fill("17");
  await lock(a);
  await expect(b.getByTestId("score")).toHaveText("Score: 2 / 2");
  await expect(b.getByTestId("start-over")).toHaveCount(0);
  const record = await stored(b);
  expect([record.locked, predictions(record.attempts)]).toEqual([true, [{ steps: "3", reads: "50" }]]);
  for (const tab of [a, b]) {
    const report = await exported(tab);
    expect(report.attempts.map((x) => [x.predictions, x.correct])).toEqual([[{ steps: "3", reads: "50" }, 1]]);
    expect(report.correct).toBe(2);
  }
});

test("retries 2: the third lock happens in tab B, and every attempt of both tabs is kept", async ({ context }) => {
  const [a, b] = await twoTabs(context, 2);
  await a.getByTestId("predict-steps").fill("3");
  await a.getByTestId("predict-reads").fill("50");
  await lock(a);
  await a.getByTestId("start-over").click();
  await a.getByTestId("predict-steps").fill("16");
  await lock(a);
  // B counts A's attempt: one try left, not two.
  await expect(b.getByTestId("start-over")).toHaveText("Start over (tries left: 1)");
  await b.getByTestId("start-over").click();
  await expect(a.getByTestId("run")).toBeEnabled();
  await b.getByTestId("predict-steps").fill("17");
  await lock(b);
  await expect(a.getByTestId("score")).toHaveText("Score: 2 / 2");
  for (const tab of [a, b]) await expect(tab.getByTestId("start-over")).toHaveCount(0);
  const kept = [{ steps: "3", reads: "50" }, { steps: "16", reads: "50" }];
  expect(predictions((await stored(a)).attempts)).toEqual(kept);
  for (const tab of [a, b]) expect(predictions((await exported(tab)).attempts)).toEqual(kept);
});
