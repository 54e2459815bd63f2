#!/usr/bin/env python3
"""Speed benchmark: `cplab run` against the lesson's own JavaScript on the scaled scenario.

Scaled scenario (1x): 50 services of 200 running copies over 1,000 nodes of capacity 21, then
every service scaled to 400: 11,050 items. 2x doubles services and nodes: 22,100 items.
Both programs are timed as whole processes (spawn to exit), side by side in this one run: the
best of several runs in the table, and the speed-up as paired medians (the two programs run in
turn, ten times each), which hold better than a best-of on a shared machine. Peak memory is the process's maximum resident set size (GNU time).
Then the same scenarios in watch mode (`"mode": "watch"`, beyond the lesson: issue 22) beside list
mode, with the items each reads and the events watch mode delivers (from `per_round`).
"""
import json, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPLAB = os.path.join(ROOT, "target", "release", "cplab")
LESSON = os.path.join(ROOT, "tests", "js", "lesson.mjs")


def scaled(factor):
    services, nodes, copies, target = 50 * factor, 1000 * factor, 200, 400
    initial = {}
    for s in range(1, services + 1):
        initial[f"service/s{s}"] = {"desired": copies}
    for s in range(1, services + 1):
        for i in range(1, copies + 1):
            n = ((s - 1) * copies + i - 1) % nodes + 1
            initial[f"copy/s{s}-{i}"] = {"service": f"s{s}", "node": f"node/m{n}", "status": "running"}
    for n in range(1, nodes + 1):
        initial[f"node/m{n}"] = {"capacity": 21, "health": "alive"}
    requests = [{"key": f"service/s{s}", "value": {"desired": target}} for s in range(1, services + 1)]
    return {"initial": initial, "requests": requests}, len(initial)


def measure(cmd, runs):
    """Best wall time (ms) and peak RSS (MiB) of `cmd` over `runs` runs, each a fresh process.

    posix_spawn + wait4 time the child alone (no shell, no helper process) and give its own
    resource usage; its output goes to /dev/null, its errors to a file read on failure.
    """
    best = None
    with tempfile.TemporaryFile() as err:
        for _ in range(runs):
            actions = [
                (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_DUP2, err.fileno(), 2),
            ]
            start = time.perf_counter()
            pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=actions)
            _, status, _ = os.wait4(pid, 0)
            ms = (time.perf_counter() - start) * 1000
            if os.waitstatus_to_exitcode(status) != 0:
                err.seek(0)
                sys.exit(f"bench: {' '.join(cmd[:2])} failed: {err.read().decode(errors='replace').strip()}")
            best = ms if best is None else min(best, ms)
    # Peak memory from GNU time, in a run of its own: a child spawned from Python would report
    # Python's own resident set as its peak.
    with tempfile.NamedTemporaryFile() as out:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *cmd], stdout=subprocess.DEVNULL, check=True)
        peak = int(open(out.name).read().split()[-1]) / 1024
    return best, peak


def spawn(cmd, err):
    """Wall and CPU time (ms, user + system) of one run of `cmd` as a fresh process."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
    start = time.perf_counter()
    pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        err.seek(0)
        sys.exit(f"bench: {' '.join(cmd[:2])} failed: {err.read().decode(errors='replace').strip()}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def paired(path, pairs):
    """Median wall and CPU times of `pairs` runs of each program, taken in turn (cplab, then the
    lesson's JS), so both see the same machine: on a shared machine a best-of figure taken at
    different moments compares two loads, not two programs."""
    runs = {"cplab": [], "js": []}
    with tempfile.TemporaryFile() as err:
        for _ in range(pairs):
            runs["cplab"].append(spawn([CPLAB, "run", path], err))
            runs["js"].append(spawn(["node", LESSON, "time", path], err))
    med = lambda xs: sorted(xs)[len(xs) // 2] if len(xs) % 2 else sum(sorted(xs)[len(xs) // 2 - 1:len(xs) // 2 + 1]) / 2
    return {name: (med([w for w, _ in r]), med([c for _, c in r])) for name, r in runs.items()}


def main():
    # The plain release build: the one docs/cli.md tells users to run.
    subprocess.run(["cargo", "build", "--quiet", "--release", "--bin", "cplab"], cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp(prefix="cplab-bench-")
    rows = {}
    for factor in (1, 2):
        doc, items = scaled(factor)
        path = os.path.join(tmp, f"scaled-{factor}x.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        rust_ms, rust_mib = measure([CPLAB, "run", path], 31)
        js_runs = 1 if factor == 2 else 2
        js_ms, js_mib = measure(["node", LESSON, "time", path], js_runs)
        rows[factor] = (items, rust_ms, rust_mib, js_ms, js_mib)

    print("scaled scenario            items   cplab run ms   peak MiB   lesson JS ms   peak MiB   speed-up")
    for factor, (items, rust_ms, rust_mib, js_ms, js_mib) in rows.items():
        print(f"{factor}x{'':24}{items:>6}   {rust_ms:>12.1f}   {rust_mib:>8.1f}   {js_ms:>12.0f}   {js_mib:>8.1f}   {js_ms / rust_ms:>7.0f}x")
    watch_rows = {}
    for factor in (1, 2):
        doc, items = scaled(factor)
        modes = {}
        for mode in ("list", "watch"):
            path = os.path.join(tmp, f"scaled-{factor}x-{mode}.json")
            with open(path, "w") as f:
                json.dump({**doc, "mode": mode}, f)
            ms, mib = measure([CPLAB, "run", path], 31)
            out = json.loads(subprocess.run([CPLAB, "run", path], capture_output=True, check=True).stdout)
            rounds = out["per_round"]
            reads, events = sum(r["reads"] for r in rounds), sum(r.get("events", 0) for r in rounds)
            modes[mode] = (ms, mib, reads, events, len(rounds) - 1)
        watch_rows[factor] = (items, modes)
    print("\nlist vs watch (cplab run) items   mode    ms   peak MiB   rounds   items read   events")
    for factor, (items, modes) in watch_rows.items():
        for mode, (ms, mib, reads, events, rounds) in modes.items():
            print(f"{factor}x{'':24}{items:>6}   {mode:<5} {ms:>6.1f}   {mib:>8.1f}   {rounds:>6}   {reads:>10}   {events:>6}")

    pairs = 10
    m = paired(os.path.join(tmp, "scaled-1x.json"), pairs)
    (rw, rc), (jw, jc) = m["cplab"], m["js"]
    print(f"\npaired medians of {pairs} at 1x (each pair: cplab run, then the lesson's JS; load average"
          f" {os.getloadavg()[0]:.1f}):\n  wall {rw:.1f} ms against {jw:.0f} ms: {jw / rw:.0f}x"
          f"   cpu {rc:.1f} ms against {jc:.0f} ms: {jc / rc:.0f}x")

    growth = rows[2][1] / rows[1][1]
    speedup = jw / rw
    print(f"\ncplab run 2x/1x time: {growth:.2f} (target at most 2.5)   speed-up at 1x, paired wall: {speedup:.0f}x"
          f" (target at least 100x)   peak memory at 1x: {rows[1][2]:.1f} MiB (target under 64)")
    ok = growth <= 2.5 and speedup >= 100 and rows[1][2] < 64
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
