// High availability and the node side on the page ?kube=1 (issue 31): the cluster's replicas and
// faults typed on the page, the timeline on the clock, the moments on the scrubber and the blast
// table's seconds, each checked against `cplab kube apply deploy.yaml` with the same flags
// (tests/golden/kube/ha-page-*.txt, which tests/kube_setup.rs checks against the CLI and the
// page's own state natively). Bad values named with the text kept; the share link carries the
// fields; one screen at four sizes; axe; no long task on the largest HA run the page accepts.
import { test, expect } from "@playwright/test";
import { axe, kubeInFrame, longestTask } from "./lab-page.mjs";
import { readFileSync } from "node:fs";
import { origin } from "./origins.mjs";

const golden = (name) => readFileSync(new URL(`../golden/kube/ha-page-${name}.txt`, import.meta.url), "utf8");
const shot = (name) => `tests/e2e/artifacts/screenshots/${name}.png`;

// A golden's parts: the CLI's blast row by its column heads, each lane's spans, the marks.
function read(name) {
  const lines = golden(name).split("\n");
  const [head, row] = [lines[1], lines[2]];
  const heads = ["DOWN", "KUBECTL", "DEPLOY", "RS", "PODS", "BOUND", "REPORTED", "RUNNING", "ENDPOINTS", "ROUTING",
    "WRITES*", "WATCH*", "KNOWS", "PAUSE", "TRAFFIC STOPS", "REPLACED", "BLAST RADIUS"];
  const starts = heads.map((h) => head.indexOf(h));
  const cli = Object.fromEntries(heads.map((h, i) => [h, row.slice(starts[i], starts[i + 1]).trim()]));
  const lanes = Object.fromEntries(
    lines.filter((l) => /^(etcd|Lease |node-\d Ready)/.test(l)).map((l) => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]),
  );
  const marks = lines
    .filter((l) => l.startsWith("mark "))
    .map((l) => l.match(/^mark (\S+) (.+) \((.+)\), cursor (\d+)$/))
    .map(([, at, label, what, cursor]) => ({ at, label, what, cursor: Number(cursor) }));
  return { cli, lanes, marks, flags: lines[0].match(/deploy\.yaml (.*) -o blast$/)[1] };
}
const secs = (s) => Number(s.replace(/s$/, ""));

async function open(page, query = "") {
  await page.goto(`./?kube=1${query}`);
  await page.getByTestId("kube").waitFor();
}

// Types the cluster's fields and runs it.
async function cluster(page, { etcd = "1", api = "1", sched = "1", cm = "1", faults = "" }) {
  await page.getByTestId("setup-etcd").fill(etcd);
  await page.getByTestId("setup-kube-apiserver").fill(api);
  await page.getByTestId("setup-kube-scheduler").fill(sched);
  await page.getByTestId("setup-kube-controller-manager").fill(cm);
  await page.getByTestId("setup-faults").fill(faults);
  await page.getByTestId("setup-run").click();
  // The page's worker simulates the cluster (the page carries no simulation): wait for its run.
  await expect(page.getByTestId("step-sentence")).not.toContainText("the page's worker simulates");
}

// Steps forward until the clock reaches `ms` (at most 400 steps).
async function stepUntil(page, ms) {
  for (let i = 0; i < 400; i++) {
    const status = await page.getByTestId("status-strip").textContent();
    if (Number(status.match(/· (\d+) ms ·/)[1]) >= ms) return;
    await page.keyboard.press("ArrowRight");
  }
  throw new Error(`the clock never reached ${ms} ms`);
}

const lane = (page, name) => page.locator(`[data-testid=lane][data-lane="${name}"]`);
const moment = (page, label) => page.locator(`[data-testid=moment][data-label="${label}"]`);

// The blast row's cells by the table's heads.
async function blastRow(page) {
  const heads = await page.locator("[data-testid=blast] thead th").allTextContents();
  const cells = await page.locator("[data-testid=blast-row]").last().locator("th, td").allTextContents();
  return Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
}



test("the scheduler leader's failover gap: the standby takes the Lease only once it has expired, the seconds the CLI's", async ({ page }) => {
  const g = read("scheduler-failover");
  await open(page);
  await cluster(page, { sched: "2", faults: "kube-scheduler/1@0.01" });
  await expect(page.getByTestId("setup-cli")).toHaveText(`The same run: cplab kube apply deploy.yaml ${g.flags}`);
  const lease = lane(page, "Lease kube-system/kube-scheduler");
  await expect(lease.getByTestId("lane-spans")).toHaveText(g.lanes["Lease kube-system/kube-scheduler"]);
  // The Lease expires 15 s after its last renewal; the standby's next try takes it after that.
  const spans = g.lanes["Lease kube-system/kube-scheduler"].split(" | ");
  const expiring = spans.find((s) => s.includes("expiring")).match(/^(\S+)-(\S+) /);
  const taken = spans.find((s) => s.includes("kube-scheduler/2")).match(/^(\S+)-/);
  expect(secs(taken[1])).toBeGreaterThan(secs(expiring[2]));
  // The moment new pods wait, on the scrubber and as a button to its step.
  expect(g.marks.map((m) => m.label)).toEqual(["new pods wait"]);
  await expect(page.locator("[data-testid=mark][data-kind=moment]")).toHaveCount(1);
  await expect(page.locator("[data-testid=mark][data-kind=moment]")).toHaveAttribute("data-step", String(g.marks[0].cursor));
  await moment(page, "new pods wait").click();
  await expect(page.getByTestId("scrubber")).toHaveValue(String(g.marks[0].cursor));
  await expect(lease.getByTestId("lane-now")).toHaveText("now: expiring (held by kube-scheduler/1, gone)");
  // While the gap lasts the pods wait unscheduled (a second in, the Lease still expiring).
  await stepUntil(page, 1000);
  await expect(lease.getByTestId("lane-now")).toHaveText("now: expiring (held by kube-scheduler/1, gone)");
  await expect(page.locator("[data-testid=pods-table] tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("pods-table")).toContainText("Pending");
  await page.getByTestId("to-end").click();
  await expect(lease.getByTestId("lane-now")).toHaveText("now: held by kube-scheduler/2");
  const row = await blastRow(page);
  expect([row.Knows, row.Pause]).toEqual([g.cli.KNOWS, g.cli.PAUSE]);
  // The gap: from the fault to the standby's Lease, the CLI's PAUSE.
  expect(Math.round((0.01 + secs(row.Pause)) * 1000)).toBe(Math.round(secs(taken[1]) * 1000));
});

test("etcd's quorum lost and regained: two of three members down, then back", async ({ page }) => {
  const g = read("quorum-lost-and-regained");
  await open(page);
  await cluster(page, { etcd: "3", faults: "etcd/1@0.01-20\netcd/2@0.01-20" });
  await expect(page.getByTestId("setup-shape")).toContainText("etcd 3");
  const etcd = lane(page, "etcd");
  await expect(etcd.getByTestId("lane-spans")).toHaveText(g.lanes.etcd);
  expect(g.lanes.etcd).toContain("no leader, no quorum");
  await moment(page, "writes stopped").click();
  await expect(moment(page, "writes stopped")).toHaveAttribute("data-at", g.marks[0].at);
  await expect(etcd.getByTestId("lane-now")).toHaveText("now: no leader, no quorum");
  await expect(page.getByTestId("status-strip")).toContainText("etcd/1");
  await page.getByTestId("to-end").click();
  await expect(etcd.getByTestId("lane-now")).toHaveText("now: etcd/1, quorum");
  const row = await blastRow(page);
  expect([row.Knows, row.Pause]).toEqual([g.cli.KNOWS, g.cli.PAUSE]);
  await expect(page.locator("[data-testid=mark][data-kind=moment]")).toHaveCount(g.marks.length);
});

test("a node's eviction: NotReady, then its pods evicted, then the replacements running, each at the CLI's second", async ({ page }) => {
  const g = read("node-eviction");
  await open(page);
  await cluster(page, { faults: "node/node-2@12" });
  const fault = 12;
  expect(g.marks.map((m) => m.label)).toEqual(["node NotReady", "pods evicted", "replacements running"]);
  // The CLI's seconds after the fault: KNOWS until NotReady, REPLACED until the replacements run.
  expect(secs(g.marks[0].at)).toBe(fault + secs(g.cli.KNOWS));
  expect(secs(g.marks[2].at)).toBeCloseTo(fault + secs(g.cli.REPLACED), 6);
  const shown = await page.locator("[data-testid=moment]").evaluateAll((b) => b.map((e) => [e.dataset.label, e.dataset.at]));
  expect(shown).toEqual(g.marks.map((m) => [m.label, m.at]));
  const steps = await page.locator("[data-testid=mark][data-kind=moment]").evaluateAll((m) => m.map((e) => Number(e.dataset.step)));
  expect(steps).toEqual(g.marks.map((m) => m.cursor));
  const node2 = lane(page, "node-2 Ready");
  await expect(node2.getByTestId("lane-spans")).toHaveText(g.lanes["node-2 Ready"]);
  // NotReady: the cluster still believes node-2's pod Running 1/1.
  await moment(page, "node NotReady").click();
  await expect(node2.getByTestId("lane-now")).toHaveText("now: Unknown");
  const onNode2 = page.locator("[data-testid=pods-table] tbody tr", { hasText: "node-2" });
  await expect(onNode2).toContainText("Running");
  await expect(onNode2).toContainText("1/1");
  await moment(page, "pods evicted").click();
  await expect(onNode2).toContainText("Terminating");
  await moment(page, "replacements running").click();
  await expect(page.locator("[data-testid=pods-table] tbody tr")).toHaveCount(4);
  await page.getByTestId("to-end").click();
  const row = await blastRow(page);
  expect([row.Knows, row["Traffic stops"], row.Replaced]).toEqual([g.cli.KNOWS, g.cli["TRAFFIC STOPS"], g.cli.REPLACED]);
});

// The diagram's pods on each node (what its runtime runs: name, then "running" or "starting"),
// and the pods table's rows (what etcd believes), each by the page's own text.
async function drawnOn(page) {
  const names = await page.locator("[data-testid=workers] .k-node h3").allTextContents();
  const boxes = await Promise.all(names.map((n) => page.getByTestId(`node-${n}`).getByTestId("pod").allTextContents()));
  return Object.fromEntries(names.map((n, i) => [n, boxes[i].map((t) => t.split(" "))]));
}
async function podRows(page) {
  const heads = await page.locator("[data-testid=pods-table] thead th").allTextContents();
  const rows = await page.locator("[data-testid=pods-table] tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  return rows.map((r) => Object.fromEntries(heads.map((h, i) => [h, r[i]])));
}
const namesOn = (rows, node) => rows.filter((r) => r.NODE === node).map((r) => r.NAME).sort();

// The last step shown before the clock reaches `ms`, by halving (a dozen scrubber moves at most).
async function lastBefore(page, ms) {
  const clock = async (c) => {
    await page.getByTestId("scrubber").fill(String(c));
    return Number((await page.getByTestId("status-strip").textContent()).match(/· (\d+) ms ·/)[1]);
  };
  let [low, high] = [0, Number(await page.getByTestId("scrubber").getAttribute("max"))];
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((await clock(mid)) < ms) low = mid;
    else high = mid;
  }
  await clock(low);
  return low;
}

test("a whole node down: its box in the diagram drops its pods at once while etcd still believes them, and the others carry the replacement", async ({ page }) => {
  const g = read("node-eviction");
  await open(page);
  await cluster(page, { faults: "node/node-2@12" });
  // Just before the fault every node runs what the pods table says it runs, each pod running.
  const before = await lastBefore(page, 12_000);
  const healthy = await podRows(page);
  const drawn = await drawnOn(page);
  expect(Object.keys(drawn)).toEqual(["node-1", "node-2", "node-3"]);
  for (const [node, pods] of Object.entries(drawn)) {
    expect(pods.map(([name]) => name).sort()).toEqual(namesOn(healthy, node));
    expect(pods.every(([, state]) => state === "running")).toBe(true);
  }
  const [lost] = namesOn(healthy, "node-2");
  expect(lost).toBeTruthy();
  // The steps of second 12 up to the fault's own (the leaders' renewals come first): node-2 still
  // draws its pod until the step "node/node-2 DOWN", and none from that step on.
  const node2 = page.getByTestId("node-node-2");
  const current = page.getByTestId("trace").locator("tr.current");
  for (let i = 0; !/node\/node-2\s*DOWN/.test(await current.textContent()); i++) {
    expect(i, "the fault's step comes within 5 steps of second 12").toBeLessThan(5);
    await expect(node2.getByTestId("pod")).toHaveText([`${lost} running`]);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("scrubber")).toHaveValue(String(before + i + 1));
  }
  // The fault's step: node-2's box is empty at once, its three parts down with it (node-1's up);
  // etcd still says Running 1/1 (no kubelet left to say otherwise).
  await expect(node2.getByTestId("pod")).toHaveCount(0);
  await expect(node2.locator(".empty")).toHaveText("no pods");
  for (const part of ["kubelet", "runtime", "kube-proxy"]) {
    await expect(page.getByTestId(`kpart-${part}-node-2`).locator(".state")).toHaveText("down");
    await expect(page.getByTestId(`kpart-${part}-node-1`).locator(".state")).not.toHaveText("down");
  }
  const lostRow = page.locator("[data-testid=pods-table] tbody tr", { hasText: lost });
  await expect(lostRow).toContainText("Running");
  await expect(lostRow).toContainText("1/1");
  // Through NotReady and the eviction the box stays empty; the table turns the pod Terminating.
  await moment(page, "node NotReady").click();
  await expect(node2.getByTestId("pod")).toHaveCount(0);
  await moment(page, "pods evicted").click();
  await expect(lostRow).toContainText("Terminating");
  await expect(node2.getByTestId("pod")).toHaveCount(0);
  // The replacement: a new name in the table, drawn running on the node the table names.
  await moment(page, "replacements running").click();
  const rows = await podRows(page);
  const fresh = rows.filter((r) => !healthy.some((h) => h.NAME === r.NAME));
  expect(fresh).toHaveLength(1);
  expect(fresh[0].NODE).not.toBe("node-2");
  const at = await drawnOn(page);
  expect(at[fresh[0].NODE]).toContainEqual([fresh[0].NAME, "running"]);
  expect(at["node-2"]).toEqual([]);
  // At the end the diagram is the table less node-2's Terminating pod, as many as the CLI's
  // "N pods run" (kubectl get pods -o wide of the same run lists the same names on the same nodes).
  await page.getByTestId("to-end").click();
  const end = await podRows(page);
  const ended = await drawnOn(page);
  for (const node of Object.keys(ended)) {
    const running = end.filter((r) => r.NODE === node && r.STATUS === "Running").map((r) => r.NAME).sort();
    expect(ended[node].map(([name]) => name).sort()).toEqual(running);
  }
  expect(end.find((r) => r.NAME === lost).STATUS).toBe("Terminating");
  const runs = Number(g.cli["BLAST RADIUS"].match(/(\d+) pods run/)[1]);
  expect(Object.values(ended).flat()).toHaveLength(runs);
  expect(ended["node-2"]).toEqual([]);
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await node2.scrollIntoViewIfNeeded();
    await expect(node2).toBeInViewport();
    await page.screenshot({ path: shot(`ha-node-down-${width}x${height}`) });
  }
});

test("bad values are named beside their fields, nothing typed is lost, and the share link carries the fields", async ({ page }) => {
  await open(page);
  const steps = await page.getByTestId("scrubber").getAttribute("max");
  await cluster(page, { etcd: "9", sched: "x", faults: "kube-scheduler/1@20\nkubelet\netcd/1@soon" });
  const problems = page.getByTestId("setup-problems");
  await expect(problems).toContainText('etcd members: "9": etcd runs 1 to 7 members');
  await expect(problems).toContainText('kube-scheduler replicas: "kube-scheduler=x": a part runs 1 to 7 replicas');
  await expect(problems).toContainText('Faults, line 2: unknown part "kubelet"');
  await expect(problems).toContainText('Faults, line 3: "soon" is not a number of seconds');
  await expect(page.getByTestId("setup-etcd")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("setup-kube-apiserver")).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByTestId("setup-etcd")).toHaveValue("9");
  await expect(page.getByTestId("setup-faults")).toHaveValue("kube-scheduler/1@20\nkubelet\netcd/1@soon");
  await expect(page.getByTestId("scrubber")).toHaveAttribute("max", steps);
  // Read, but refused by the model: named as the cluster's.
  await cluster(page, { etcd: "3", faults: "etcd/4@1" });
  await expect(problems).toHaveText("The cluster: etcd/4: etcd has 3 member(s) (--etcd 3): no member 4");
  // The link carries the fields as typed, bad ones too.
  await page.getByTestId("setup-etcd").fill("8");
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toContain("&ha=");
  await page.goto(link);
  await expect(page.getByTestId("setup-etcd")).toHaveValue("8");
  await expect(page.getByTestId("setup-faults")).toHaveValue("etcd/4@1");
  await expect(problems).toContainText('etcd members: "8": etcd runs 1 to 7 members');
  // A good link runs its cluster.
  await page.getByTestId("setup-etcd").fill("3");
  await page.getByTestId("setup-faults").fill("etcd/3@1");
  await page.goto(await page.getByTestId("share-link").inputValue());
  await expect(page.getByTestId("setup-shape")).toContainText("etcd 3");
  await expect(page.getByTestId("setup-cli")).toHaveText("The same run: cplab kube apply deploy.yaml --etcd 3 --down etcd/3@1");
  await expect(page.getByTestId("timeline-off")).toHaveCount(0);
  // A link's code that cannot be read is said; one of each runs.
  await open(page, "&ha=%25%25");
  await expect(page.getByTestId("link-notice")).toContainText("The link's cluster could not be read");
  await expect(page.getByTestId("timeline-off")).toBeVisible();
});

// The node's eviction at its NotReady moment: the timeline, the scenario and the blast rows.
async function evicting(page) {
  await cluster(page, { faults: "node/node-2@12" });
  await page.getByTestId("to-end").click();
  await moment(page, "node NotReady").click();
}

const sizes = [[1280, 800], [1366, 768], [375, 812]];
for (const [width, height] of sizes) {
  test(`one screen at ${width}x${height} with the timeline and a node's eviction`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await open(page);
    await evicting(page);
    const [sh, ih, sw, iw] = await page.evaluate(() => [
      document.scrollingElement.scrollHeight, innerHeight, document.scrollingElement.scrollWidth, innerWidth,
    ]);
    expect(sh).toBeLessThanOrEqual(ih);
    expect(sw).toBeLessThanOrEqual(iw);
    await expect(page.getByTestId("play")).toBeInViewport({ ratio: 1 });
    await page.getByTestId("timeline").scrollIntoViewIfNeeded();
    await expect(lane(page, "node-2 Ready")).toBeInViewport();
    await page.screenshot({ path: shot(`ha-${width}x${height}`) });
  });
}

test("one screen in a 720 px fixed frame, the cluster from the link", async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  await page.getByTestId("setup-kube-scheduler").fill("2");
  await page.getByTestId("setup-faults").fill("kube-scheduler/1@0.01");
  const query = new URL(await page.getByTestId("share-link").inputValue()).search;
  const frame = await kubeInFrame(page, query);
  await frame.locator("[data-testid=moment]").first().click();
  await expect(frame.getByTestId("setup-shape")).toContainText("kube-scheduler 2");
  const scrolled = await page.frames()[1].evaluate(() => [document.scrollingElement.scrollHeight, innerHeight]);
  expect(scrolled[0]).toBeLessThanOrEqual(scrolled[1]);
  await frame.getByTestId("timeline").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("ha-embed-720") });
});

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no violations (${colorScheme}): the timeline mid-eviction, bad fields named`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await open(page);
    await evicting(page);
    expect(await axe(page)).toEqual([]);
    await cluster(page, { etcd: "9", faults: "kubelet" });
    expect(await axe(page)).toEqual([]);
  });
}

// Bounded by counts, not time: PAGE_REPLICAS (40) pods, and PAGE_STEPS (5,000) steps a run; a run
// past them is refused by name before it is played. The longest task is printed here and by
// scripts/measure, never a pass condition (a loaded CI machine gave 313 ms where a quiet one gives
// under 200).
test("the largest HA run the page accepts (40 replicas, two whole nodes down: 4,491 steps) is played, and one past PAGE_STEPS refused by name", async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  const deploy = readFileSync(new URL("../kube/deploy.yaml", import.meta.url), "utf8");
  await page.getByTestId("manifest-text").fill(deploy.replace("replicas: 3", "replicas: 40"));
  await page.getByTestId("manifest-apply").click();
  await expect(page.getByTestId("scrubber")).toHaveAttribute("max", /^2\d{3}$/);
  const since = await page.evaluate(() => performance.now());
  await cluster(page, { faults: "node/node-2@12\nnode/node-3@12" });
  await expect(page.getByTestId("scrubber")).toHaveAttribute("max", "4491");
  await page.getByTestId("to-end").click();
  await moment(page, "node NotReady").first().click();
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  // One more: past PAGE_STEPS (5,820 steps with seven replicas of each part), refused by name.
  await cluster(page, { etcd: "7", api: "7", sched: "7", cm: "7", faults: "node/node-2@12" });
  await expect(page.getByTestId("setup-problems")).toContainText("this run takes 5820 steps; the page plays at most 5000");
  await expect(page.getByTestId("scrubber")).toHaveAttribute("max", "4491");
  console.log(`largest HA run: longest task ${Math.round(await longestTask(page, since))} ms`);
});
