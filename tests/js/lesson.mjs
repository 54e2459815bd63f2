// Runs the lesson's own JavaScript model, for differential tests and the speed benchmark.
//
// The lesson's code is not copied into this project: it is read from the lesson text
// (../shared/seeds/000_5a11d69533bf8e0c.txt beside the repository, or $CPLAB_LESSON) each time,
// written to a temporary folder, and imported from there.
//
//   node tests/js/lesson.mjs tables          prints the lesson's trace table, then its matrix
//   node tests/js/lesson.mjs run [FILE]      FILE (or stdin) holds a JSON array of scenarios in
//                                            the `cplab run` format; prints a JSON array of results
//   node tests/js/lesson.mjs time FILE       runs one scenario, prints {"ms": elapsed}
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const here = dirname(fileURLToPath(import.meta.url));
const lessonPath = process.env.CPLAB_LESSON ||
  join(here, "..", "..", "..", "shared", "seeds", "000_5a11d69533bf8e0c.txt");

let text;
try {
  text = readFileSync(lessonPath, "utf8");
} catch (e) {
  console.error(`lesson.mjs: cannot read the lesson at ${lessonPath} (set CPLAB_LESSON): ${e.message}`);
  process.exit(3);
}
const blocks = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const named = {};
for (const b of blocks) {
  const m = b.match(/^\/\/ (\w+\.mjs)/);
  if (m) named[m[1]] = b;
}
for (const f of ["plane.mjs", "trace.mjs", "matrix.mjs"]) {
  if (!named[f]) {
    console.error(`lesson.mjs: the lesson at ${lessonPath} has no ${f} block`);
    process.exit(3);
  }
}
const dir = mkdtempSync(join(tmpdir(), "cplab-lesson-"));
for (const [f, src] of Object.entries(named)) writeFileSync(join(dir, f), src);

const mode = process.argv[2];
if (mode === "tables") {
  for (const f of ["trace.mjs", "matrix.mjs"]) process.stdout.write(execFileSync("node", [join(dir, f)]));
  process.exit(0);
}

const plane = await import(join(dir, "plane.mjs"));
const { initial } = await import(join(dir, "trace.mjs"));

// One scenario, with the lab's meaning of "down" (the lesson's matrix.mjs, extended to node agents).
function simulate(s) {
  const d = plane.create(s.initial ?? initial());
  const down = s.down ?? null;
  if (down === "state store") { d.read = () => []; d.write = () => {}; d.remove = () => {}; }
  const responses = [];
  for (const r of s.requests ?? []) {
    if (down === "API server") { responses.push("API server unavailable"); continue; }
    const answer = plane.apiServer(d, r);
    responses.push(answer === "written" && down === "state store" ? "state store unavailable" : answer);
  }
  const max = s.max_rounds ?? 8;
  let round = 0, work;
  do {
    work = (down === "controller manager" ? 0 : plane.controllerManager(d)) +
      (down === "scheduler" ? 0 : plane.scheduler(d)) +
      (down === "node agents" ? 0 : plane.nodes(d));
    round++;
  } while (work > 0 && round < max);
  return {
    trace: d.trace.map((e) => ({ component: e.b, op: e.i, key: e.a, items: e.n })),
    rounds: round, revision: d.rev, store: [...d.data], responses,
  };
}

if (mode === "run") {
  const input = readFileSync(process.argv[3] ?? 0, "utf8");
  process.stdout.write(JSON.stringify(JSON.parse(input).map(simulate)));
} else if (mode === "time") {
  const s = JSON.parse(readFileSync(process.argv[3], "utf8"));
  const t0 = performance.now();
  const r = simulate(s);
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, steps: r.trace.length, revision: r.revision }) + "\n");
} else {
  console.error("usage: node tests/js/lesson.mjs tables | run [FILE] | time FILE");
  process.exit(2);
}
