// The overview's quiz stops on the page ?kube=1 (issue 31): each opened by its address sets up
// its run and puts the cursor at its moment, where the page shows the fact that answers the
// question (tests/kube_stops.rs derives the same moments natively, tests/golden/kube/stops.txt);
// opened from an assignment (sealed) the page says where to look and never what is seen there,
// and the assignment's links carry no answer; axe; one screen at 1280x800 and 375x812.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { axe } from "./lab-page.mjs";

const shot = (name) => `tests/e2e/artifacts/screenshots/${name}.png`;
const QUIZ = "./?assignment=assignments/overview-quiz.json";
const quiz = JSON.parse(readFileSync(new URL("../../assignments/overview-quiz.json", import.meta.url), "utf8"));
const lane = (page, name) => page.locator(`[data-testid=lane][data-lane="${name}"]`);
const moment = (page, label) => page.locator(`[data-testid=moment][data-label="${label}"]`);

// Opens a stop; waits for its moment (after the manifest reader, for the Service's run).
async function open(page, query) {
  await page.goto(`./?kube=1&stop=${query}`);
  await expect(page.getByTestId("stop-moment")).toHaveText(/^The stop's moment: step \d+ of \d+, at /, { timeout: 20_000 });
  const step = Number((await page.getByTestId("stop-moment").textContent()).match(/step (\d+)/)[1]);
  // The cursor is at the moment.
  await expect(page.getByTestId("scrubber")).toHaveValue(String(step));
  return step;
}

test("etcd-writer: the cursor at the run's first etcd write, which kube-apiserver sent", async ({ page }) => {
  const step = await open(page, "etcd-writer");
  await expect(page.getByTestId("stop")).toContainText("Quiz stop: who writes etcd");
  await expect(page.getByTestId("step-sentence")).toContainText("etcd: put /registry/deployments/default/web");
  await expect(page.getByTestId("kpart-etcd")).toContainText("/registry/deployments/default/web");
  await expect(page.getByTestId("stop-seen")).toContainText("etcd commits /registry/deployments/default/web for kube-apiserver.");
  // Every write of the run, by the part that sent it: kube-apiserver alone, as many as the marks.
  const writes = await page.locator("[data-testid=mark][data-kind=write]").count();
  await expect(page.getByTestId("stop-seen")).toContainText(`by the part that sent them: kube-apiserver ${writes}.`);
  // Moved away, the button brings the cursor back.
  await page.getByTestId("to-end").click();
  await page.getByTestId("stop-back").click();
  await expect(page.getByTestId("scrubber")).toHaveValue(String(step));
});

test("kube-proxy: the cursor where a node's kube-proxy first leads the Service's address to a Pod", async ({ page }) => {
  await open(page, "kube-proxy");
  await expect(page.getByTestId("step-sentence")).toContainText(/kube-proxy\/node-\d: sync rules/);
  await expect(page.getByTestId("step-sentence")).toContainText(/:80 -> 10\./);
  await expect(page.getByTestId("stop-seen")).toContainText(/^kube-proxy\/node-\d programs \S+:80 -> 10\./);
  await expect(page.getByTestId("stop-seen")).toContainText("kube-proxy's steps in this run: LIST");
  // The manifest the stop runs is the Deployment and its Service, in the box as typed.
  await expect(page.getByTestId("manifest-text")).toHaveValue(/kind: Service/);
});

test("etcd-sizes: 3 members lose 1 and writes go on, lose 2 and writes stop; 4 as 3; 5 survive 2", async ({ page }) => {
  test.setTimeout(90_000);
  const etcd = (p) => lane(p, "etcd").getByTestId("lane-now");
  await open(page, "etcd-sizes");
  await expect(page.getByTestId("setup-shape")).toContainText("etcd 3");
  await expect(etcd(page)).toHaveText(/^now: etcd\/\d, quorum$/);
  await expect(page.getByTestId("stop-seen")).toContainText("a quorum: writes go on");
  // The stop's other runs, one link each; the second: 3 members, 2 down.
  await page.getByRole("link", { name: "3 members, 2 down" }).click();
  await expect(page.getByTestId("stop-moment")).toHaveText(/step \d+/);
  await expect(page.getByRole("link", { name: "3 members, 2 down" })).toHaveAttribute("aria-current", "page");
  await expect(etcd(page)).toHaveText("now: no leader, no quorum");
  await expect(moment(page, "writes stopped")).toHaveCount(1);
  await expect(page.getByTestId("stop-seen")).toContainText("fewer than 2 of the 3 are up: etcd commits no write to the run's end");
  await page.screenshot({ path: shot("stop-etcd-3-2") });
  for (const [run, now, said] of [
    [3, /^now: etcd\/\d, quorum$/, "writes go on"],
    [4, "now: no leader, no quorum", "fewer than 3 of the 4 are up"],
    [6, /^now: etcd\/\d, quorum$/, "with 3 of the 5 members, a quorum: writes go on"],
  ]) {
    await open(page, `etcd-sizes&run=${run}`);
    await expect(etcd(page)).toHaveText(now);
    await expect(page.getByTestId("stop-seen")).toContainText(said);
  }
});

test("an unknown stop is said and the page opens as it would without it", async ({ page }) => {
  await page.goto("./?kube=1&stop=etcd-writers");
  await expect(page.getByTestId("link-notice")).toHaveText('There is no quiz stop "etcd-writers" (the stops: etcd-writer, kube-proxy, etcd-sizes).');
  await expect(page.getByTestId("stop")).toHaveCount(0);
  await expect(page.getByTestId("scrubber")).toHaveValue("0");
});

test("a sealed assignment's stop links name no answer, and the stops they open say none", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto(QUIZ);
  const links = page.locator("fieldset.choice a.stop");
  await expect(links).toHaveCount(quiz.ask.length);
  await expect(links.first()).toHaveText("Try it on the real control plane");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(quiz.ask.map((q) => `?kube=1&stop=${q.stop}&sealed=1`));
  await page.screenshot({ path: shot("stop-links-quiz") });
  // The link opens a tab of its own: the picks stay on the assignment's page.
  const [tab] = await Promise.all([context.waitForEvent("page"), links.first().click()]);
  await tab.waitForLoadState();
  await expect(tab.getByTestId("stop-sealed")).toBeVisible();
  await tab.close();
  for (const q of quiz.ask) {
    await open(page, `${q.stop}&sealed=1`);
    const box = page.getByTestId("stop");
    await expect(page.getByTestId("stop-sealed")).toHaveText("Opened from an assignment: the page says where to look, not what you will see.");
    await expect(page.getByTestId("stop-seen")).toHaveCount(0);
    const said = await box.innerText();
    // The answer is none of the box's words (a bare number aside: "1" is an option and a count).
    if (!/^\d+$/.test(q.answer)) expect(said).not.toContain(q.answer);
    for (const seen of ["commits", "programs", ": writes go on", "no member leads"]) expect(said).not.toContain(seen);
    // Every link the box gives keeps the seal.
    const own = await box.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(own.length).toBeGreaterThan(0);
    for (const href of own) expect(href).toMatch(/&sealed=1$/);
  }
});

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no violations (${colorScheme}): a stop open, the quiz with its links`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    await open(page, "etcd-sizes&run=2");
    expect(await axe(page)).toEqual([]);
    await page.goto(QUIZ);
    await page.locator("fieldset.choice a.stop").first().waitFor();
    expect(await axe(page)).toEqual([]);
  });
}

for (const [width, height] of [[1280, 800], [375, 812]]) {
  test(`one screen at ${width}x${height} with a stop open`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await open(page, "etcd-writer");
    const [sw, iw] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
    expect(sw).toBeLessThanOrEqual(iw);
    await expect(page.getByTestId("stop")).toBeInViewport();
    await expect(page.getByTestId("play")).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: shot(`stop-${width}x${height}`) });
  });
}
