// The built lab as the course serves it: under the shipped CSP, and under a deep path prefix.
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";
import { readFileSync } from "node:fs";
import { origin } from "./origins.mjs";

const CSP = () => `${origin("csp")}/`;
const PREFIXED = () => `${origin("course")}/en/courses/orchestration/control-plane-components/lab/`;

test("under the shipped CSP the lab works and reports no violation", async ({ page }) => {
  const policy = readFileSync("deploy/content-security-policy", "utf8");
  expect(policy).not.toContain("unsafe-inline");
  expect(policy).not.toMatch(/(^|\s)'unsafe-eval'/);
  expect(policy).toContain("'wasm-unsafe-eval'");
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${CSP()}?assignment=assignments/lesson-trace.json`);
  expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval'");
  await expect(page.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
  await page.getByTestId("predict-steps").fill("17");
  await lock(page);
  await expect(page.getByTestId("score")).toHaveText("Score: 1 / 6");
  await page.getByTestId("to-end").click();
  await expect(page.getByTestId("trace-summary")).toContainText("trace steps 17");
  await page.getByTestId("back").click();
  await expect(page.getByTestId("trace-row")).toHaveCount(16);
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the same build works under the course's path prefix", async ({ page }) => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${PREFIXED()}?assignment=assignments/full-node.json`);
  await expect(page.getByTestId("assignment-title")).toHaveText("A node with no room and a dead copy");
  // Its run waits for the predictions: the assignments build is running.
  await expect(page.getByTestId("sealed")).toBeVisible();
  const wasm = () =>
    page.evaluate(() => performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname).filter((p) => p.endsWith(".wasm")));
  // A page with an assignment loads the assignments build, and only that one.
  // (Its diagram, trace and panels come after it, in a module of its own: docs/size.md.)
  await page.getByTestId("trace-table").waitFor();
  expect(await wasm()).toEqual(["lab_assignments_bg.wasm", "split_lab_later.wasm"].map((f) => `/en/courses/orchestration/control-plane-components/lab/${f}`));
  // The plain lab loads the small build, and only that one.
  await page.goto(PREFIXED());
  await page.getByTestId("forward").click();
  await expect(page.getByTestId("trace-row")).toHaveCount(1);
  expect(await wasm()).toEqual(["/en/courses/orchestration/control-plane-components/lab/lab_bg.wasm"]);
  await expect(page.getByTestId("review-link")).toHaveText("Review a lab report");
  expect(errors).toEqual([]);
});

// The explorer's worker is a file of the page's own origin (script-src 'self'; worker-src falls
// back to it): under the shipped CSP, and under the course's prefix, its points come from it.
for (const [where, base] of [["under the shipped CSP", CSP], ["under the course's path prefix", PREFIXED]]) {
  test(`the explorer's worker runs ${where}`, async ({ page }) => {
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    const worker = page.waitForEvent("worker");
    await page.goto(`${base()}?explore=1`);
    expect(new URL((await worker).url()).pathname.split("/").pop()).toBe("explore_worker.js");
    const readout = page.getByTestId("scale-readout");
    await expect(readout).toContainText("12 items (2 services, 7 copies, 3 nodes): an idle round reads 26 items");
    await page.getByTestId("scale-slider").focus();
    await page.keyboard.press("End");
    await expect(readout).toContainText("an idle round reads 216,666 items in list mode and 0 in watch mode", { timeout: 20_000 });
    expect(page.workers().length).toBe(1);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
