// The lab embedded in a course page on another origin, in a sandboxed iframe.
import { test, expect } from "@playwright/test";
import { lock } from "./lab-page.mjs";
import { readFileSync, mkdtempSync, mkdirSync, copyFileSync, writeFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { origin } from "./origins.mjs";

// The lab (with CORS, for a sandboxed frame), the host page's origin, and a second host page's.
const LAB = () => `${origin("labCors")}/`;
const HOST = () => origin("host");
const WRONG_HOST = () => origin("otherHost");

const labUrl = (host, extra = "") => `${LAB()}?embed=1&host=${encodeURIComponent(host)}&a=${extra}`;

async function open(page, hostPage, query) {
  await page.goto(`${hostPage}/host.html?lab=${encodeURIComponent(query)}`);
  return page.frameLocator("#lab");
}

const own = (page, type) =>
  page.evaluate((t) => window.__messages.filter((m) => m.data?.source === "control-plane-lab" && m.data.type === t), type);

const ASSIGNMENT = Buffer.from(
  JSON.stringify({ version: 1, title: "Embedded", predict: ["steps", "reads"] }),
).toString("base64url");

// Opens or closes a <details> by its summary, as a student would. The host resizes the frame as
// the lab grows, which can move the summary under a click already aimed; the click is then aimed
// again, and the state (not the click) is what the test waits for.
async function toggle(details, open) {
  await expect(async () => {
    if ((await details.evaluate((d) => d.open)) !== open) await details.locator("summary").click();
    expect(await details.evaluate((d) => d.open)).toBe(open);
  }).toPass({ timeout: 10_000 });
}

test("ready arrives, height follows content, a finished assignment posts its result", async ({ page }) => {
  const lab = await open(page, HOST(), labUrl(HOST(), ASSIGNMENT));
  await expect(lab.getByTestId("assignment-title")).toHaveText("Embedded");
  await expect.poll(() => own(page, "ready")).toHaveLength(1);
  const [ready] = await own(page, "ready");
  expect(ready.data).toMatchObject({ version: 1, payload: { embed: true, lang: "en" } });
  // Height messages in all three shapes.
  await expect.poll(async () => (await own(page, "resize")).length).toBeGreaterThan(0);
  const kinds = await page.evaluate(() => window.__messages.map((m) => m.data.context === "h5p" ? "h5p" : m.data.subject === "lti.frameResize" ? "canvas" : m.data.type));
  expect(kinds).toEqual(expect.arrayContaining(["ready", "resize", "h5p", "canvas"]));
  // Opening and closing a panel moves the height both ways.
  const height = async () => (await own(page, "resize")).at(-1).data.payload.height;
  const before = await height();
  // (The report reviewer is closed while the assignment is sealed: the glossary opens instead.)
  const glossary = lab.getByTestId("glossary");
  await toggle(glossary, true);
  await expect.poll(height).toBeGreaterThan(before);
  const opened = await height();
  await toggle(glossary, false);
  await expect.poll(height).toBeLessThan(opened);
  // Storage is blocked in a sandbox without allow-same-origin: the student is told.
  await expect(lab.getByTestId("storage-notice")).toContainText("Export");
  await lab.getByTestId("predict-steps").fill("17");
  await lab.getByTestId("predict-reads").fill("40");
  await lock(lab);
  await expect.poll(() => own(page, "result")).toHaveLength(1);
  const [result] = await own(page, "result");
  expect(result.data.payload.completed.result.score).toEqual({ raw: 1, min: 0, max: 2, scaled: 0.5 });
  expect(result.data.payload.statements[0].object.definition.correctResponsesPattern).toEqual(["17"]);
  // No horizontal scrollbar in a 320 px frame.
  const widths = await lab.locator("html").evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
});

test("with the answers never shown, the host's result says right or wrong, never the answer", async ({ page }) => {
  const sealed = Buffer.from(
    JSON.stringify({ version: 1, title: "Sealed", predict: ["steps", "reads"], reveal: false }),
  ).toString("base64url");
  const lab = await open(page, HOST(), labUrl(HOST(), sealed));
  await expect(lab.getByTestId("assignment-title")).toHaveText("Sealed");
  await lab.getByTestId("predict-steps").fill("17");
  await lab.getByTestId("predict-reads").fill("40");
  await lock(lab);
  await expect.poll(() => own(page, "result")).toHaveLength(1);
  const [result] = await own(page, "result");
  const [steps, reads] = result.data.payload.statements;
  expect([steps.result.success, reads.result.success, reads.result.response]).toEqual([true, false, "40"]);
  expect(steps.object.definition).toEqual({ name: { "en-US": "trace steps" }, interactionType: "numeric" });
  expect(JSON.stringify(result.data)).not.toContain("50");
});

const notReporting = (reason) => ({ source: "control-plane-lab", version: 1, type: "ready", payload: { reporting: false, reason } });

test("the host's ping is answered; framed by another page, the lab says only that it runs and does not report", async ({ page }) => {
  await open(page, HOST(), labUrl(HOST(), ASSIGNMENT));
  await expect.poll(() => own(page, "ready")).toHaveLength(1);
  await page.evaluate(() => window.pingLab());
  await expect.poll(() => own(page, "ready")).toHaveLength(2);

  // The same host page on another origin: the lab was told to talk to HOST only.
  await open(page, WRONG_HOST(), labUrl(HOST(), ASSIGNMENT));
  await page.frameLocator("#lab").getByTestId("assignment-title").waitFor();
  await page.evaluate(() => window.pingLab());
  await page.waitForTimeout(300);
  // One message, with nothing in it but that: no height, no answer to the ping, no results.
  expect(await page.evaluate(() => window.__messages.map((m) => m.data))).toEqual([notReporting("host-mismatch")]);
  // The student is told that results are not being reported.
  await expect(page.frameLocator("#lab").getByTestId("link-notices")).toContainText(
    `This lab is shown inside "${WRONG_HOST()}", not "${HOST()}" that its link names`,
  );
});

test("a host origin outside the allowlist, or none, gets only word that the lab runs without reporting", async ({ page }) => {
  const lab = await open(page, HOST(), `${LAB()}?embed=1&host=${encodeURIComponent("https://evil.example")}`);
  await expect(lab.getByTestId("link-notices")).toContainText("not one this lab reports to");
  await expect.poll(() => page.evaluate(() => window.__messages.map((m) => m.data))).toEqual([notReporting("host-not-allowed")]);
  // Framed with no host= at all: no notice (nothing was asked), and the same one message.
  await open(page, HOST(), `${LAB()}?embed=1`);
  await expect(page.frameLocator("#lab").getByTestId("trace-summary")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__messages.map((m) => m.data))).toEqual([notReporting("no-host")]);
  await expect(page.frameLocator("#lab").getByTestId("link-notices")).toHaveCount(0);
});

// A wasm trap (an abort, as running out of memory ends) throws past every Rust hook, and boot.js
// shows the notice the lab made ready. The pages' builds abort on a panic too (immediate-abort,
// scripts/env.sh's PAGE_BUILD_ENV), so a panic is a trap: the same notice, the trap's message to
// the host, once.
for (const [kind, message] of [["panic", "WebAssembly stopped"], ["trap", "WebAssembly stopped"]]) {
  test(`a ${kind} shows a plain fallback with Reload, and posts error to the host`, async ({ page }) => {
    const lab = await open(page, HOST(), `${LAB()}?embed=1&selftest=${kind}&host=${encodeURIComponent(HOST())}`);
    await expect(lab.getByTestId("crash")).toBeVisible();
    await expect(lab.getByTestId("crash")).toContainText("The lab stopped because of an error");
    await expect(lab.getByTestId("reload")).toHaveAttribute("href", new RegExp(`selftest=${kind}`));
    await expect.poll(() => own(page, "error")).toHaveLength(1);
    const [error] = await own(page, "error");
    expect(error.data.payload.message).toContain(message);
  });
}

// Every page fails plainly, each its own build: the workbench and the sandbox once had no notice
// at all and froze without a word (found by a playtest once panics became traps).
for (const query of ["workbench=1", "workbench=1&sandbox=1", "kube=1", "explore=1", "review=1"]) {
  for (const kind of ["panic", "trap"]) {
    test(`?${query}: a ${kind} shows the plain fallback with Reload`, async ({ page }) => {
      await page.goto(`./?${query}&selftest=${kind}`);
      await expect(page.getByTestId("crash")).toBeVisible();
      await expect(page.getByTestId("crash")).toContainText("The lab stopped because of an error");
      await expect(page.getByTestId("reload")).toHaveAttribute("href", new RegExp(`selftest=${kind}`));
    });
  }
}

test("the plain lab keeps the fallback hidden until a trap, then shows it", async ({ page }) => {
  await page.goto("./");
  await expect(page.getByTestId("trace-summary")).toBeVisible();
  await expect(page.getByTestId("crash")).toBeHidden();
  await page.goto("./?selftest=trap");
  await expect(page.getByTestId("crash")).toBeVisible();
  await expect(page.getByTestId("crash")).toHaveAttribute("role", "alert");
});

// The embed snippet of docs/embedding.md as a teacher pastes it, set up as the text around it says: `src` the
// lab's URL as served (absolute, for the lab is on another port than the page), `host=` the
// page's origin. The lab is under the course's path on a plain static server (no CORS header).
const LAB_PATH = "/en/courses/orchestration/control-plane-components/lab/";
const courseLab = () => `${origin("course")}${LAB_PATH}`;

function readmeSnippet({ lab, host }) {
  const readme = readFileSync(new URL("../../docs/embedding.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Embedding in the course page"));
  const snippet = section.match(/```html\n([\s\S]*?)```/)[1];
  const printed = snippet.match(/ src="([^"]*)"/)[1];
  // As the text says: the lab's URL is absolute, so that it also loads from a page elsewhere.
  expect(printed, "the snippet's src is the lab's absolute URL").toMatch(/^https?:\/\//);
  const at = new URL(printed);
  let set = snippet.replace(`${at.origin}${at.pathname}?`, `${lab}?`);
  if (host) set = set.replace(`host=${encodeURIComponent(at.searchParams.get("host"))}`, `host=${encodeURIComponent(host)}`);
  return set;
}

// The teacher's page, from a server of its own on a port the system picks (as a teacher's
// `python3 -m http.server` would be): a real loopback page, which Chromium lets frame another
// loopback port (a page made up with page.route counts as public, and may not). It is given the
// page's origin, which it names as host=. At 127.0.0.2, still loopback, the page is on an origin
// the lab's build does not admit.
const servers = [];
test.afterEach(() => Promise.all(servers.splice(0).map((s) => (s.closeAllConnections(), new Promise((done) => s.close(done))))));

async function openTeacherPage(page, snippetFor, address = "127.0.0.1") {
  let html = "";
  const server = createServer((_, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html));
  servers.push(server);
  await new Promise((done) => server.listen(0, address, done));
  const here = `http://${address}:${server.address().port}`;
  html = `<!doctype html><title>Course</title>${snippetFor(here)}`;
  await page.goto(`${here}/try.html`);
  return { here, lab: page.frameLocator('iframe[title="Control Plane Lab"]') };
}

test("the README's snippet, set up as it says, embeds the lab from another port: height and results reach the page", async ({ page }) => {
  const logged = [];
  page.on("console", (m) => logged.push(m.text()));
  const { lab } = await openTeacherPage(page, (here) => readmeSnippet({ lab: courseLab(), host: here }));
  await expect(lab.getByTestId("assignment-title")).toHaveText("Trace one request end to end");
  // The host script follows the lab's height: no blank 150 px frame.
  await expect.poll(() => page.locator("iframe").evaluate((f) => f.getBoundingClientRect().height)).toBeGreaterThan(400);
  await lab.getByTestId("predict-steps").fill("17");
  await lock(lab);
  await expect.poll(() => logged.filter((t) => t.startsWith("statements"))).toHaveLength(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveCount(0);
});

// A lab that runs but may not report to the page: the README's script says so, and never that
// the lab did not start. As pasted, with academia.sh's host= left in; and on a page the build
// does not report to (as the shipped build on a teacher's machine).
for (const [reason, address, setHost, notice] of [
  ["host-mismatch", "127.0.0.1", false, (here) => `This lab is shown inside "${here}", not "https://academia.sh"`],
  ["host-not-allowed", "127.0.0.2", true, (here) => `The embedding page "${here}" is not one this lab reports to`],
]) {
  test(`the README's script tells a lab that runs without reporting (${reason}) from one that did not start`, async ({ page }) => {
    await page.clock.install();
    const logged = [];
    page.on("console", (m) => logged.push(m.text()));
    const { here, lab } = await openTeacherPage(
      page,
      (here) => readmeSnippet({ lab: courseLab(), host: setHost ? here : null }),
      address,
    );
    // The lab tells the student, and the page tells the same.
    await expect(lab.getByTestId("link-notices")).toContainText(notice(here));
    // The course page says what to do, in the words the lab uses for handing in.
    await expect(page.getByRole("status")).toHaveText(
      "The lab is running but cannot report your results here. To hand in: export your report (JSON or CSV) in the lab and send the file to your teacher.",
    );
    expect(logged).toContain(`the lab is not reporting here: ${reason}`);
    await page.clock.fastForward(10_500);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
}

test("the README's host script says so when the lab never starts", async ({ page }) => {
  await page.clock.install();
  await openTeacherPage(page, (here) => readmeSnippet({ lab: `${origin("course")}/no-such-lab/`, host: here }));
  await page.clock.fastForward(10_500);
  await expect(page.getByRole("alert")).toHaveText("The lab did not start. Reload the page; if it stays blank, tell your teacher.");
  await expect(page.getByRole("status")).toHaveCount(0);
});

// A teacher tries the snippet against scripts/serve: that build must admit local pages. Run on a
// copy, with setup, env.sh and trunk stood in for (nothing is installed or built): what trunk is
// started with, and what the script says.
test("scripts/serve builds a lab that local pages may embed, and says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cplab-serve-"));
  try {
    mkdirSync(join(dir, "scripts"));
    mkdirSync(join(dir, "bin"));
    copyFileSync(new URL("../../scripts/serve", import.meta.url), join(dir, "scripts", "serve"));
    writeFileSync(join(dir, "scripts", "setup"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(join(dir, "scripts", "env.sh"), "");
    writeFileSync(join(dir, "bin", "trunk"), '#!/bin/sh\necho "trunk $* CPLAB_TEST_HOSTS=${CPLAB_TEST_HOSTS-unset}"\n', { mode: 0o755 });
    const env = { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` };
    delete env.CPLAB_TEST_HOSTS;
    const run = spawnSync("bash", [join(dir, "scripts", "serve"), "--port", "8080"], { env, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe("trunk serve --port 8080 CPLAB_TEST_HOSTS=1");
    // One line says so, naming the pages it admits.
    const said = run.stderr.trim().split("\n");
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("http://localhost:* and http://127.0.0.1:* may embed it");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a verdict goes to the host as a choice among the lesson's four words, a count as a number", async ({ page }) => {
  const matrix = Buffer.from(
    JSON.stringify({ version: 1, title: "Verdicts", matrix: { rows: ["scheduler"], cells: ["scale", "rd"] } }),
  ).toString("base64url");
  const lab = await open(page, HOST(), labUrl(HOST(), matrix));
  await expect(lab.getByTestId("assignment-title")).toHaveText("Verdicts");
  await lab.getByTestId("predict-matrix-scheduler-scale").selectOption("half");
  await lab.getByTestId("predict-matrix-scheduler-rd").fill("10");
  await lock(lab);
  await expect.poll(() => own(page, "result")).toHaveLength(1);
  const [result] = await own(page, "result");
  const [scale, rd] = result.data.payload.statements.map((s) => s.object.definition);
  expect(scale.interactionType).toBe("choice");
  expect(scale.choices.map((c) => c.id)).toEqual(["done", "half", "halted", "unknown"]);
  expect(rd.interactionType).toBe("numeric");
  expect(rd.choices).toBeUndefined();
});
