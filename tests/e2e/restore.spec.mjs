// An etcd snapshot and the restore from it on the page ?kube=1 (issue 31): the two seconds typed
// beside the cluster's other fields, the run played, the moments "snapshot" and "restored" on the
// scrubber, and after the restore the writes it took away, each the CLI's own trace row
// (tests/golden/kube/restore-page.txt: the rows of `cplab kube apply deploy.yaml --snapshot 0.01
// --restore 10 -o trace` between its snapshot save and snapshot restore that wrote etcd, which
// tests/kube_restore_page.rs checks against the CLI and the page's own state natively). The pods
// table believes the snapshot while the kubelets run the lost pods, until their housekeeping.
// Bad seconds named in the CLI's words; the share link carries them; one screen; axe.
import { test, expect } from "@playwright/test";
import { axe } from "./lab-page.mjs";
import { readFileSync } from "node:fs";

const shot = (name) => `tests/e2e/artifacts/screenshots/${name}.png`;

// The golden: the CLI's flags and its lost rows as "REV KEY".
function golden() {
  const text = readFileSync(new URL("../golden/kube/restore-page.txt", import.meta.url), "utf8");
  const [head, ...rest] = text.split("\n");
  const lost = rest.slice(0, rest.indexOf(""));
  return { flags: head.match(/deploy\.yaml (.*) -o trace/)[1], lost };
}

async function open(page, query = "") {
  await page.goto(`./?kube=1${query}`);
  await page.getByTestId("kube").waitFor();
}

async function restoring(page, snapshot = "0.01", restore = "10") {
  await page.getByTestId("setup-snapshot").fill(snapshot);
  await page.getByTestId("setup-restore").fill(restore);
  await page.getByTestId("setup-run").click();
}

const moment = (page, label) => page.locator(`[data-testid=moment][data-label="${label}"]`);
const podOf = (key) => key.split("/").pop();

test("the restore's lost writes are listed with the CLI's revisions and keys, the believed pods against the running ones", async ({ page }) => {
  const g = golden();
  expect(g.lost.length).toBeGreaterThan(10);
  await open(page);
  await restoring(page);
  await expect(page.getByTestId("setup-cli")).toHaveText(`The same run: cplab kube apply deploy.yaml ${g.flags}`);
  // The moments on the scrubber, each a button to its step.
  const marks = await page.locator("[data-testid=moment]").evaluateAll((b) => b.map((e) => [e.dataset.label, e.dataset.at]));
  expect(marks).toEqual([["snapshot", "0.01s"], ["restored", "10s"]]);
  await expect(page.locator("[data-testid=mark][data-kind=moment]")).toHaveCount(2);
  // Before the restore: when it comes, no list yet.
  await expect(page.getByTestId("restore-before")).toBeVisible();
  await expect(page.getByTestId("restore-done")).toBeHidden();
  // Played: the cursor moves on by itself.
  await page.getByTestId("speed").selectOption("3");
  await page.getByTestId("play").click();
  await expect(page.getByTestId("scrubber")).not.toHaveValue("0");
  await page.getByTestId("play").click();
  await moment(page, "restored").click();
  await expect(page.getByTestId("restore-done")).toBeVisible();
  await expect(page.getByTestId("restore-before")).toBeHidden();
  const rows = await page.locator("[data-testid=lost-write]").evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
  );
  expect(rows.map((c) => `${c[0]} ${c[3]}`)).toEqual(g.lost);
  await expect(page.getByTestId("restore-done")).toContainText(`these ${g.lost.length} writes are gone`);
  // Restored: etcd holds none of the pods made after the snapshot, while all three run.
  const lostPods = g.lost.filter((l) => / \/registry\/pods\//.test(l)).map((l) => podOf(l.split(" ")[1]));
  const made = [...new Set(lostPods)];
  expect(made).toHaveLength(3);
  const unbelieved = page.getByTestId("unbelieved");
  for (const pod of made) {
    await expect(unbelieved).toContainText(pod);
    await expect(page.locator("[data-testid=pods-table] tbody tr", { hasText: pod })).toHaveCount(0);
  }
  // The kubelets' housekeeping kills them; the ReplicaSet's new pods run by the end.
  await page.getByTestId("to-end").click();
  await expect(unbelieved).toHaveCount(0);
  await expect(page.locator("[data-testid=pods-table] tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("restore-reconciled")).toContainText("killed the 3 that etcd no longer held");
  for (const pod of made) await expect(page.getByTestId("restore-reconciled")).toContainText(pod);
});

test("bad seconds are named in the CLI's words, the text kept, and the share link carries them", async ({ page }) => {
  await open(page);
  const steps = await page.getByTestId("scrubber").getAttribute("max");
  await restoring(page, "soon", "10");
  const problems = page.getByTestId("setup-problems");
  await expect(problems).toHaveText('etcd snapshot at (s): "soon" is not a number of seconds');
  await expect(page.getByTestId("setup-snapshot")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("setup-snapshot")).toHaveValue("soon");
  await expect(page.getByTestId("scrubber")).toHaveAttribute("max", steps);
  // Read, but refused by the model, in the CLI's words.
  await restoring(page, "", "10");
  await expect(problems).toHaveText("The cluster: --restore 10: no snapshot to restore from (give --snapshot SECONDS)");
  await restoring(page, "0.01", "10");
  const link = await page.getByTestId("share-link").inputValue();
  await page.goto(link);
  await expect(page.getByTestId("setup-snapshot")).toHaveValue("0.01");
  await expect(page.getByTestId("setup-restore")).toHaveValue("10");
  await expect(page.getByTestId("restore-before")).toBeVisible();
});

for (const [width, height] of [[1280, 800], [375, 812]]) {
  test(`one screen at ${width}x${height} with the writes lost`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await open(page);
    await restoring(page);
    await moment(page, "restored").click();
    const [sh, ih, sw, iw] = await page.evaluate(() => [
      document.scrollingElement.scrollHeight, innerHeight, document.scrollingElement.scrollWidth, innerWidth,
    ]);
    expect(sh).toBeLessThanOrEqual(ih);
    expect(sw).toBeLessThanOrEqual(iw);
    await expect(page.getByTestId("play")).toBeInViewport({ ratio: 1 });
    await page.getByTestId("restore").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("restore-done")).toBeInViewport();
    await page.screenshot({ path: shot(`restore-${width}x${height}`) });
  });
}

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no violations (${colorScheme}): the writes lost and the pods etcd forgot`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    await open(page);
    await restoring(page);
    await moment(page, "restored").click();
    await expect(page.getByTestId("unbelieved")).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });
}
