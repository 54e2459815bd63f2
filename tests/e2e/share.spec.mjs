// Share links: the run, the downed part, the step, and (if chosen) the predictions.
import { test, expect } from "@playwright/test";
import { LabPage } from "./lab-page.mjs";

test("a share link reopens the same run, downed part and step", async ({ page, browser }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.chooseEvents();
  await lab.part("scheduler").click();
  await lab.forward(5);
  await page.getByTestId("make-link").click();
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toContain("run=events");
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(url);
  const again = new LabPage(other);
  await expect(again.traceRows).toHaveCount(5);
  await expect(again.part("scheduler")).toHaveAttribute("aria-pressed", "true");
  await expect(other.getByTestId("play-events")).toBeChecked();
  await context.close();
});

test("predictions travel in the link only when chosen, and never replace saved ones", async ({ page, browser }) => {
  await page.goto("./?assignment=assignments/lesson-trace.json");
  await page.getByTestId("predict-steps").fill("17");
  await page.getByTestId("make-link").click();
  expect(await page.getByTestId("share-url").inputValue()).not.toContain("&p=");
  await page.getByTestId("share-predictions").check();
  await page.getByTestId("make-link").click();
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toContain("&p=");
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId("predict-steps")).toHaveValue("17");
  await context.close();
  // In the browser that already holds answers, the link's differ: the saved ones stay.
  await page.getByTestId("predict-steps").fill("16");
  await page.goto(url);
  await expect(page.getByTestId("predict-steps")).toHaveValue("16");
  await expect(page.getByTestId("storage-notice")).toContainText("were kept");
});

test("bad link parameters are named and ignored", async ({ page }) => {
  await page.goto("./?run=scale:collector:99&down=etcd&step=x");
  await expect(page.getByTestId("link-notices")).toContainText('"run" was ignored');
  await expect(page.getByTestId("link-notices")).toContainText('"etcd" is not a part');
  await expect(page.getByTestId("link-notices")).toContainText('"x" is not a step number');
  await page.getByTestId("forward").click();
  await expect(page.getByTestId("trace-row")).toHaveCount(1);
});

test("a link's run=assignment or predictions without an assignment are named, not silently dropped", async ({ page }) => {
  await page.goto("./?run=assignment&step=5");
  await expect(page.getByTestId("link-notices")).toHaveText("This run is the assignment's, and no assignment is loaded: pick another run.");
  await expect(page.getByTestId("trace-row")).toHaveCount(0);
  const p = Buffer.from(JSON.stringify({ steps: "17" })).toString("base64url");
  await page.goto(`./?p=${p}`);
  await expect(page.getByTestId("link-notices")).toContainText("The link's \"p\" was ignored: it carries predictions, and the link names no assignment");
});

test("an assignment link in standard base64 survives its + becoming a space", async ({ page }) => {
  const doc = JSON.stringify({ version: 1, title: "Plus>>?", predict: ["steps"] });
  const standard = Buffer.from(doc).toString("base64");
  expect(standard).toContain("+");
  // As a hand-made link would be: the + left raw, so the query reads it as a space.
  await page.goto(`./?a=${standard}`);
  await expect(page.getByTestId("assignment-title")).toHaveText("Plus>>?");
});

// The label, its field and Copy are each read whole and none covers another (the label once took
// the diagram connector's class, 2 px tall: "ink:", and the field ran over Copy).
for (const [width, height] of [[1280, 800], [375, 812]]) {
  test(`at ${width}x${height} the link's label, field and Copy read whole, nothing overlapping`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("./?step=8");
    await page.getByTestId("make-link").click();
    const field = page.getByTestId("share-url");
    const label = page.locator("label", { has: field });
    await expect(label).toContainText("Link:");
    const [l, f, c] = await Promise.all([label, field, page.getByTestId("copy-link")].map((x) => x.boundingBox()));
    expect(l.height).toBeGreaterThanOrEqual(f.height);
    const apart = (a, b) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart(f, c)).toBe(true);
    expect(apart(l, c)).toBe(true);
    const sideways = await page.evaluate(() => [...document.querySelectorAll("section.share")].map((s) => s.scrollWidth - s.clientWidth));
    expect(sideways).toEqual([0]);
  });
}
