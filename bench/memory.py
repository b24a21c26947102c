"""Memory bench: peak heap of each workload on the 32-bit WebAssembly
MicroPython, and the smallest -X heapsize that completes it on the unix port.

Usage: python bench/memory.py [WORKLOAD ...]   (default: every file in
bench/workloads/ except heap_probe.py)

The WebAssembly port is 32-bit like the RP2040, so its gc.mem_alloc() figures
are the ones to compare with the board's ~190 KB heap. The unix port is
64-bit (pointers twice as wide), so its smallest heapsize is an upper bound
for the board; it is found by bisection in 1 KB steps.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = os.path.join(ROOT, "bench", "workloads")
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


def workloads():
    return sorted(f[:-3] for f in os.listdir(WORKLOADS)
                  if f.endswith(".py") and f != "heap_probe.py")


def wasm_peak(name):
    script = os.path.join("bench", "workloads", name + ".py")
    p = subprocess.run(["node", "tools/wasm_run.mjs", script], cwd=ROOT,
                       capture_output=True, text=True)
    m = re.search(r"peak_heap_bytes (\d+)", p.stdout)
    if p.returncode or not m:
        raise SystemExit("%s failed on WebAssembly:\n%s%s" % (name, p.stdout, p.stderr))
    return int(m.group(1)), p.stdout


def unix_runs(name, heap_kb):
    env = dict(os.environ, MICROPYPATH="firmware:tests/portable:bench/workloads")
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=%dk" % heap_kb,
                        os.path.join("bench", "workloads", name + ".py")],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    return p.returncode == 0 and "peak_heap_bytes" in p.stdout


def smallest_heap_kb(name, hi=1024):
    if not unix_runs(name, hi):
        return None
    lo = 1  # fails
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if unix_runs(name, mid):
            hi = mid
        else:
            lo = mid
    return hi


def main(argv):
    names = argv or workloads()
    print("%-12s %22s %26s" % ("workload", "peak heap (wasm 32-bit)", "min -X heapsize (unix 64-bit)"))
    for name in names:
        peak, _ = wasm_peak(name)
        heap = smallest_heap_kb(name)
        print("%-12s %16d bytes %22s" % (name, peak, "%d KB" % heap if heap else "> 1024 KB"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
