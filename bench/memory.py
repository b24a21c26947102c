"""Memory bench: live heap of each workload on the 32-bit WebAssembly
MicroPython, and the smallest -X heapsize that completes it on the unix port.

Usage: python bench/memory.py

- "live heap": gc.mem_alloc() after gc.collect(), sampled between workload
  steps (one engine action, or 1,000 shuffles, or one save/load), minus the
  heap in use before the workload was imported. The WebAssembly port is
  32-bit like the RP2040, so these are the figures to hold against the
  board's ~190 KB heap. Transient garbage inside one step is not seen here.
- "min heapsize": the smallest `micropython -X heapsize=` (1 KB steps) with
  which the unix port completes the whole workload, transients and the
  interpreter's own objects included. The unix port is 64-bit (pointers and
  object headers twice the size), so this is an upper bound for the board.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

WORKLOADS = [
    ("core", "core", []),
    ("takeaseat", "engines", ["takeaseat"]),
    ("theatre", "engines", ["theatre"]),
    ("multisala", "engines", ["multisala"]),
    ("seatwars", "engines", ["seatwars"]),
]


def wasm_heap(module, args):
    p = subprocess.run(["node", "tools/wasm_heap.mjs", module] + args, cwd=ROOT,
                       capture_output=True, text=True)
    m = re.search(r"steps (\d+) base (\d+) peak (\d+) final (\d+)", p.stdout)
    if p.returncode or not m:
        raise SystemExit("%s %s failed on WebAssembly:\n%s%s" % (module, args, p.stdout, p.stderr))
    steps, base, peak, final = (int(g) for g in m.groups())
    return steps, peak - base


def unix_completes(module, args, heap_kb):
    env = dict(os.environ, MICROPYPATH="firmware:bench/workloads")
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=%dk" % heap_kb,
                        "bench/workloads/drive.py", module] + args,
                       cwd=ROOT, env=env, capture_output=True, text=True)
    return p.returncode == 0 and "completed" in p.stdout


def smallest_heap_kb(module, args, hi=1024):
    if not unix_completes(module, args, hi):
        return None
    lo = 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if unix_completes(module, args, mid):
            hi = mid
        else:
            lo = mid
    return hi


def main():
    print("%-10s %6s %26s %28s" % ("workload", "steps", "live heap, wasm 32-bit",
                                   "min heapsize, unix 64-bit"))
    for name, module, args in WORKLOADS:
        steps, live = wasm_heap(module, args)
        kb = smallest_heap_kb(module, args)
        print("%-10s %6d %20d bytes %25s" % (name, steps, live, "%d KB" % kb if kb else "> 1024 KB"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
