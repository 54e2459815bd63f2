// A real cluster's audit log on the real control plane's page (?kube=1, issue 32), built: the
// page's own download of the simulated run (Metadata, as `cplab kube apply -o audit` writes it)
// dropped back on the page plays on the same diagram, trace and toolbar; a file with a bad line
// names that line and the rest plays; a 10 MB log (real lines repeated, generated here) loads
// with its progress shown while the page stays responsive (long tasks counted and reported,
// never a pass condition: the machine is shared); one screen at 1280x800, 375x812 and in a
// 720 px frame with a log playing.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { origin } from "./origins.mjs";
import { kubeInFrame } from "./lab-page.mjs";

// A fixture the project wrote (tests/fixtures/audit, docs/audit.md): kubectl apply on a kind-like cluster.
const NGINX = readFileSync(new URL("../fixtures/audit/nginx-apply.jsonl", import.meta.url), "utf8");

// Waits for the audit panel, which takes a file dropped anywhere on the page: it comes in the
// page's later module (docs/size.md, "Pages in two modules"), after the page has started.
async function open(page, query = "") {
  await page.goto(`./?kube=1${query}`);
  await page.getByTestId("audit").waitFor();
}

// The page's download of its run as an audit log.
async function exported(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
  expect(download.suggestedFilename()).toBe("deploy-audit.log");
  // Written in the page's worker (the page carries no log writer): nothing is left to say.
  await expect(page.getByTestId("audit-export-status")).toHaveText("");
  return readFileSync(await download.path(), "utf8");
}

// Drops `text` on the page as a file named `name`, as a student drags one from their desktop.
// `copies` > 1 repeats its lines in the page, each copy with its own auditIDs (a large log
// without sending megabytes over the wire).
async function drop(target, text, name, copies = 1) {
  // page.evaluate calls with the argument; a locator's evaluate with its element first.
  await target.evaluate(
    (first, second) => {
      const [text, name, copies] = second ?? first;
      const lines = text.split("\n").filter((l) => l.trim());
      const parts = [];
      for (let c = 0; c < copies; c++) {
        const copy = copies === 1 ? lines : lines.map((l) => l.replace('"auditID":"', `"auditID":"${c}-`));
        parts.push(copy.join("\n") + "\n");
      }
      const data = new DataTransfer();
      data.items.add(new File(parts, name, { type: "application/jsonl" }));
      document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [text, name, copies],
  );
}

const playing = (target) => expect(target.getByTestId("audit-progress")).toContainText("Playing", { timeout: 60_000 });
const max = async (target) => Number(await target.getByTestId("scrubber").getAttribute("max"));

test("the run's own audit log, downloaded and dropped back, plays on the diagram and trace", async ({ page }) => {
  await open(page);
  const runSteps = await max(page);
  const log = await exported(page);
  const lines = log.trim().split("\n");
  expect(lines.length).toBeGreaterThan(100);
  const first = JSON.parse(lines[0]);
  expect([first.kind, first.apiVersion, first.level]).toEqual(["Event", "audit.k8s.io/v1", "Metadata"]);
  await drop(page, log, "deploy-audit.log");
  await playing(page);
  await expect(page.getByTestId("audit-progress")).toContainText("deploy-audit.log");
  const requests = await max(page);
  expect(requests).toBeGreaterThan(50);
  expect(requests).not.toBe(runSteps);
  // The trace is the log's: its heads are the CLI's `cplab kube audit` columns.
  await expect(page.locator("[data-testid=trace] thead")).toContainText("component");
  await expect(page.locator("[data-testid=trace] thead")).toContainText("items");
  await expect(page.getByTestId("status-strip")).toContainText("etcd revision not known from a log");
  const lit = new Set();
  for (let i = 1; i <= 40; i++) {
    await page.keyboard.press("ArrowRight");
    await expect(page.locator("[data-testid=trace] tr.current")).toHaveAttribute("data-step", String(i));
    const component = await page.locator("[data-testid=trace] tr.current td").nth(1).textContent();
    const acting = await page.locator(".k-part.acting").evaluateAll((ps) => ps.map((p) => p.dataset.testid));
    // The part that sent the request lights, as in the run (kube-proxy's account names no node).
    if (!component.startsWith("kube-proxy")) expect(acting.length, component).toBe(1);
    acting.forEach((a) => lit.add(a));
  }
  expect([...lit]).toEqual(expect.arrayContaining(["kpart-kube-controller-manager", "kpart-kube-scheduler"]));
  await expect(page.getByTestId("step-sentence")).toContainText(/At \d+ ms, /);
  // Nothing is taken down in a log; back to the run, it plays again.
  await expect(page.getByTestId("kpart-etcd")).toBeDisabled();
  await page.getByTestId("audit-close").click();
  expect(await max(page)).toBe(runSteps);
  await expect(page.getByTestId("kpart-etcd")).toBeEnabled();
});

test("a file with a bad line names that line and plays the rest; a pasted log plays too", async ({ page }) => {
  await open(page);
  await drop(page, NGINX, "nginx-apply.jsonl");
  await playing(page);
  const clean = await max(page);
  await expect(page.getByTestId("audit-bad")).toHaveCount(0);
  const lines = NGINX.trim().split("\n");
  const bad = [...lines.slice(0, 4), '{"kind":"Event","apiVersion":"audit.k8s.io/v1",', ...lines.slice(4)].join("\n");
  await drop(page, bad, "cut.jsonl");
  await playing(page);
  await expect(page.getByTestId("audit-bad-count")).toContainText("Lines not loaded: 1");
  await expect(page.locator("[data-testid=audit-bad] li")).toHaveText(["line 5: cut off: the JSON ends before the event does"]);
  expect(await max(page)).toBe(clean);
  await page.getByTestId("to-end").click();
  await expect(page.getByTestId("step-sentence")).toContainText(`The log is over after ${clean} requests`);
  await page.getByTestId("audit-text").fill(lines.slice(0, 20).join("\n"));
  await page.getByTestId("audit-play").click();
  await playing(page);
  await expect(page.getByTestId("audit-progress")).toContainText("the pasted log");
  expect(await max(page)).toBeLessThan(clean);
});

test("a 10 MB log loads with its progress shown, every step a task of its own", async ({ page }, info) => {
  test.setTimeout(240_000);
  await open(page);
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => window.__tasks.push(...list.getEntries().map((e) => e.duration))).observe({
      type: "longtask",
    });
    // Every text the progress line takes, as the page writes it (each step is a task of its own,
    // so each step's line is seen, however fast the machine: no sampling by a clock).
    window.__progress = new Set();
    new MutationObserver(() => {
      const line = document.querySelector("[data-testid=audit-progress]");
      if (line) window.__progress.add(line.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const copies = Math.ceil(10_000_000 / NGINX.length);
  await drop(page, NGINX, "big.jsonl", copies);
  // The progress line changes as the steps go: read in many steps, the percentage rising.
  await playing(page);
  const seen = new Set(await page.evaluate(() => [...window.__progress]));
  const reading = [...seen].filter((s) => s.startsWith("Reading big.jsonl: read"));
  expect(reading.length).toBeGreaterThanOrEqual(3);
  // 10,000,000 bytes and more: 9.5 MiB and more.
  expect(reading.some((s) => / of (9\.[5-9]|1\d\.\d) MiB /.test(s))).toBe(true);
  const percents = reading.map((s) => Number(/\((\d+)%\)/.exec(s)[1]));
  expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
  await expect(page.getByTestId("audit-progress")).toContainText("of " + String(copies * 33) + " in the log");
  expect(await max(page)).toBe(copies * 20); // each copy: the golden's 20 requests of the journey
  await page.getByTestId("to-end").click();
  await page.keyboard.press("ArrowLeft");
  const tasks = await page.evaluate(() => window.__tasks);
  const figure = `long tasks: ${tasks.length}, over 200 ms: ${tasks.filter((t) => t > 200).length}, longest ${Math.round(Math.max(0, ...tasks))} ms; ${seen.size} progress lines seen`;
  info.annotations.push({ type: "figure", description: figure });
  console.log(`10 MB log (${copies} copies of nginx-apply.jsonl): ${figure}`);
});

test("a Secret's bodies stay withheld until the student asks, and the log is read again to show them", async ({ page }) => {
  await open(page);
  const hostile = readFileSync(new URL("../fixtures/audit/hostile.jsonl", import.meta.url), "utf8");
  await drop(page, hostile, "hostile.jsonl");
  await playing(page);
  const total = await max(page);
  for (let i = 1; i <= total; i++) {
    await page.keyboard.press("ArrowRight");
    if ((await page.locator("[data-testid=trace] tr.current").textContent()).includes("secrets/db-password")) break;
  }
  const cursor = await page.getByTestId("scrubber").inputValue();
  await page.getByTestId("audit-bodies").locator("summary").click();
  await expect(page.getByTestId("audit-body")).toContainText("requestObject: withheld: a Secret's body");
  await page.getByTestId("audit-secrets").check();
  await expect(page.getByTestId("audit-body")).not.toContainText("withheld", { timeout: 20_000 });
  await expect(page.getByTestId("audit-body")).toContainText('"kind": "Secret"');
  expect(await page.getByTestId("scrubber").inputValue()).toBe(cursor);
});

const screens = [[1280, 800], [375, 812]];
for (const [width, height] of screens) {
  test(`one screen at ${width}x${height} with a log playing`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await open(page);
    await drop(page, NGINX, "nginx-apply.jsonl");
    await playing(page);
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
    const [sh, ih, sw, iw] = await page.evaluate(() => [
      document.scrollingElement.scrollHeight, innerHeight, document.scrollingElement.scrollWidth, innerWidth,
    ]);
    expect(sh).toBeLessThanOrEqual(ih);
    expect(sw).toBeLessThanOrEqual(iw);
    await expect(page.getByTestId("play")).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `tests/e2e/artifacts/screenshots/audit-${width}x${height}.png` });
    await page.getByTestId("audit-progress").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tests/e2e/artifacts/screenshots/audit-panel-${width}x${height}.png` });
  });
}

test("one screen in a 720 px fixed frame with a log playing", async ({ page }) => {
  test.setTimeout(90_000);
  const frame = await kubeInFrame(page);
  await frame.getByTestId("audit").waitFor();
  await drop(frame.locator("body"), NGINX, "nginx-apply.jsonl");
  await playing(frame);
  for (let i = 0; i < 12; i++) await frame.getByTestId("forward").click();
  const scrolled = await page.frames()[1].evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
  expect(scrolled[0]).toBeLessThanOrEqual(scrolled[1]);
  await page.screenshot({ path: "tests/e2e/artifacts/screenshots/audit-embed-720.png" });
});
