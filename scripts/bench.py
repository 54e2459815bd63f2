#!/usr/bin/env python3
"""Speed benchmark: `cplab run` against the lesson's own JavaScript on the scaled scenario.

Scaled scenario (1x): 50 services of 200 running copies over 1,000 nodes of capacity 21, then
every service scaled to 400: 11,050 items. 2x doubles services and nodes: 22,100 items.
Both programs are timed as whole processes (start to exit), side by side in this one run; the
best of several runs counts. Peak memory is the process's maximum resident set size.
"""
import json, os, resource, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPLAB = os.path.join(ROOT, "target", "bench-native", "cplab")
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
    """Best wall time (ms) and peak RSS (MiB) of `cmd` over `runs` runs, each in a fresh process."""
    best, peak = None, 0
    for _ in range(runs):
        # A fresh python per run isolates RUSAGE_CHILDREN to exactly one child.
        probe = (
            "import resource,subprocess,sys,time;t=time.perf_counter();"
            "r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.PIPE);"
            "e=time.perf_counter()-t;"
            "sys.exit(r.stderr.decode()) if r.returncode else None;"
            "print(e*1000, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024)"
        )
        out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True)
        if out.returncode:
            sys.exit(f"bench: {' '.join(cmd[:2])} failed: {out.stderr.strip()}")
        ms, mib = map(float, out.stdout.split())
        best = ms if best is None else min(best, ms)
        peak = max(peak, mib)
    return best, peak


def main():
    subprocess.run(["cargo", "build", "--quiet", "--profile", "bench-native", "--bin", "cplab"], cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp(prefix="cplab-bench-")
    rows = {}
    for factor in (1, 2):
        doc, items = scaled(factor)
        path = os.path.join(tmp, f"scaled-{factor}x.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        rust_ms, rust_mib = measure([CPLAB, "run", path], 7)
        js_runs = 1 if factor == 2 else 2
        js_ms, js_mib = measure(["node", LESSON, "time", path], js_runs)
        rows[factor] = (items, rust_ms, rust_mib, js_ms, js_mib)

    print("scaled scenario            items   cplab run ms   peak MiB   lesson JS ms   peak MiB   speed-up")
    for factor, (items, rust_ms, rust_mib, js_ms, js_mib) in rows.items():
        print(f"{factor}x{'':24}{items:>6}   {rust_ms:>12.1f}   {rust_mib:>8.1f}   {js_ms:>12.0f}   {js_mib:>8.1f}   {js_ms / rust_ms:>7.0f}x")
    growth = rows[2][1] / rows[1][1]
    speedup = rows[1][3] / rows[1][1]
    print(f"\ncplab run 2x/1x time: {growth:.2f} (target at most 2.5)   speed-up at 1x: {speedup:.0f}x (target at least 100x)"
          f"   peak memory at 1x: {rows[1][2]:.1f} MiB (target under 64)")
    ok = growth <= 2.5 and speedup >= 100 and rows[1][2] < 64
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
