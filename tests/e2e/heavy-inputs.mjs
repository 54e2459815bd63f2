// Inputs that once froze the page (issue "A seal that cannot be opened, and work that cannot
// freeze the page"), shared by freeze.spec.mjs (what the page does with them, by counts) and
// measure.mjs (how long the longest task took, printed by scripts/measure).
export const link = (doc) => `./?a=${Buffer.from(JSON.stringify(doc)).toString("base64url")}`;

// Opens a document too long for a link on the test server (a course server may accept 2 MB
// URLs; ours does not) as the assignment file the page fetches, served by the test itself.
export async function openLarge(page, name, doc) {
  await page.route(`**/assignments/${name}.json`, (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify(doc) }),
  );
  await page.goto(`./?assignment=assignments/${name}.json`);
}
const assignment = (title, scenario) => ({ version: 1, title, scenario, predict: ["steps"] });

// One copy key of 5,500 dashes and a report at round 1000: the controller manager looked up every
// prefix before a dash, every round (24.3 s on the main thread).
export const dashes = assignment("Dashes", {
  initial: {
    "service/a": { desired: 1 },
    [`copy/a${"-".repeat(5500)}`]: { service: "a", node: "m", status: "running" },
    "node/m": { capacity: 4, health: "alive" },
  },
  timeline: [{ round: 1000, report: true }],
});

// Reports sent while the API server is down: copies that run with no key, no step, no read
// (20,000 of them made a 2.3 s load, then 0.5-1 s a press). 20,000 make a 2 MB file, past the
// largest assignment the page reads (1 MiB); 1,200 pass that and reach the key limit.
export const orphansOf = (n) =>
  assignment("Orphans", {
    down: "API server",
    requests: Array.from({ length: n }, (_, i) => ({
      key: `copy/x-${i}`,
      value: { service: "x", node: "m1", status: "running" },
    })),
  });
export const orphans = orphansOf(20000);

// About the largest run the browser accepts: 24,151 steps, 1.99 million items read, 964 keys
// (endless work beside 960 copies; a 1.3 s load and 160-310 ms a step before).
const wide = {
  "service/b": { desired: 30 },
  "copy/b-x": { service: "b", node: "m", status: "running" },
  "node/m": { capacity: 100000, health: "alive" },
};
for (let i = 0; i < 960; i++) wide[`copy/c-${i}`] = { service: "c", node: null, status: "running" };
export const largest = assignment("Largest", { initial: wide, max_rounds: 690 });
