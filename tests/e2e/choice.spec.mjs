// Choice questions (issue 31) on the student's page: a radio group per question, labelled by its
// prompt, picked with the keyboard or the mouse; nothing marks the right option before the lock;
// locked, each is marked like every other item and counts in the score.
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";
import { origin } from "./origins.mjs";

const QUIZ = "./?assignment=assignments/overview-quiz.json";
const group = (page, id) => page.getByRole("group", { name: id });

test("a choice is picked by keyboard and mouse, sealed before the lock and marked after it", async ({ page }) => {
  await page.goto(QUIZ);
  await expect(page.getByTestId("assignment-title")).toHaveText(/overview's quiz/);
  const writer = group(page, "Which component is the only one permitted to write to etcd?");
  await expect(writer.getByRole("radio")).toHaveCount(4);
  // Each radio is labelled by its option's text.
  await expect(writer.getByRole("radio", { name: "kube-apiserver" })).toBeVisible();
  // The seal: before the lock nothing on the page tells the right option from the others, no
  // result row is drawn, and every radio carries the same attributes but its own id and value.
  await expect(page.getByTestId("reveal")).toHaveCount(0);
  await expect(page.locator("[data-testid^=reveal-choice]")).toHaveCount(0);
  const shapes = await page.locator("fieldset.choice input[type=radio]").evaluateAll((radios) =>
    radios.map((r) => [...r.attributes].map((a) => a.name).filter((n) => !["id", "data-testid", "value", "name"].includes(n)).sort().join(" ")),
  );
  expect(new Set(shapes).size).toBe(1);
  const before = await page.locator("body").innerText();
  for (const key of ["✓", "right", "correct", "Answer"]) expect(before).not.toContain(key);
  // Nor does the page's markup carry the file (whose `answer` field names the right option):
  // not as text, and not as a link's code.
  const html = await page.content();
  const file = readFileSync(new URL("../../assignments/overview-quiz.json", import.meta.url), "utf8");
  expect(html).not.toContain('"answer"');
  expect(html).not.toContain(Buffer.from(file).toString("base64url").slice(0, 40));

  // Keyboard: Tab into the group lands on its first radio; the arrow moves the pick.
  await writer.getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await expect(writer.getByRole("radio", { name: "kube-scheduler" })).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(writer.getByRole("radio", { name: "kube-apiserver" })).toBeChecked();
  // The mouse: a click on an option's words picks it.
  await group(page, "What does kube-proxy do on each node?").getByText("It picks the node each new Pod runs on").click();
  await group(page, /3-member etcd cluster/).getByRole("radio", { name: "1", exact: true }).check();
  await page.screenshot({ path: "tests/e2e/artifacts/screenshots/choice-before-lock.png", fullPage: false });

  await lock(page);
  // Locked: the picks stay, disabled; each is marked; the blank one is marked as left blank.
  await expect(writer.getByRole("radio", { name: "kube-apiserver" })).toBeDisabled();
  await expect(page.getByTestId("score")).toContainText("2");
  await expect(page.getByTestId("score")).toContainText("4");
  await expect(page.getByTestId("reveal-choice-etcd-writer")).not.toHaveClass(/wrong/);
  await expect(page.getByTestId("reveal-choice-kube-proxy")).toHaveClass(/wrong/);
  await expect(page.getByTestId("reveal-choice-odd-etcd")).not.toHaveClass(/wrong/);
  await expect(page.getByTestId("reveal-choice-odd-etcd-why")).toHaveClass(/wrong/);
  // reveal: true, no retries: the right option is shown beside the pick.
  await expect(page.getByTestId("reveal-choice-kube-proxy")).toContainText("It programs the node's network rules");
  await page.getByTestId("reveal").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/e2e/artifacts/screenshots/choice-after-lock.png", fullPage: false });
});

test("a pick is saved as it is made and comes back with the page", async ({ page }) => {
  await page.goto(QUIZ);
  const odd = group(page, "Why run an odd number of etcd members?");
  await odd.getByRole("radio").nth(1).check();
  await page.reload();
  await expect(group(page, "Why run an odd number of etcd members?").getByRole("radio").nth(1)).toBeChecked();
});

for (const [width, height] of [[1280, 800], [1366, 768], [375, 812]]) {
  test(`the quiz at ${width}x${height} has no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(QUIZ);
    await group(page, "What does kube-proxy do on each node?").scrollIntoViewIfNeeded();
    const [scroll, inner] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
    expect(scroll).toBeLessThanOrEqual(inner);
    await page.screenshot({ path: `tests/e2e/artifacts/screenshots/choice-${width}x${height}.png` });
  });
}

test("the quiz in a 720 px frame of a course page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const src = `${origin("lab")}/?embed=1&height=fixed&assignment=assignments/overview-quiz.json`;
  await page.setContent(
    `<main style="max-width: 900px; margin: 0 auto"><h1>Course</h1>` +
      `<iframe title="Control Plane Lab" src="${src}" style="width: 100%; height: 720px; border: 0"></iframe></main>`,
  );
  const frame = page.frameLocator("iframe");
  const writer = frame.getByRole("group", { name: "Which component is the only one permitted to write to etcd?" });
  await writer.getByRole("radio", { name: "kube-apiserver" }).check();
  await writer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/e2e/artifacts/screenshots/choice-embed-720.png" });
});
