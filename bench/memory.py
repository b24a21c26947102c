"""Memory bench: live heap of each workload on the 32-bit WebAssembly
MicroPython, and the smallest -X heapsize that completes it on the unix port.

Usage: python bench/memory.py

- "live heap": gc.mem_alloc() after gc.collect(), sampled between workload
  steps (one engine action, one button event, 1,000 shuffles or one
  save/load), minus the heap in use before the workload was imported: code
  (a stock build keeps the bytecode of .py/.mpy files in RAM), data and, for
  the UI sessions, the 4.7 KB canvas plus the UI's copy of the last frame.
  "after setup" is the heap right after the workload was constructed. The
  WebAssembly port is 32-bit like the RP2040, so these are the figures to hold
  against the board's ~190 KB heap (issue 9's goal for a full session: 48 KB).
  Transient garbage inside one step is not seen here.
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



def workloads():
    out = [("core", "core", [])]
    for gid in ("takeaseat", "theatre", "multisala", "seatwars"):
        out.append((gid, "engines", [gid]))
    sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable")]
    import ui_sessions
    for name, _ in ui_sessions.SESSIONS:
        out.append(("ui:" + name, "ui", [name]))
    return out


def wasm_heap(module, args):
    p = subprocess.run(["node", "tools/wasm_heap.mjs", module] + args, cwd=ROOT,
                       capture_output=True, text=True)
    m = re.search(r"steps (\d+) base (\d+) imported (\d+) peak (\d+) final (\d+)", p.stdout)
    if p.returncode or not m:
        raise SystemExit("%s %s failed on WebAssembly:\n%s%s" % (module, args, p.stdout, p.stderr))
    steps, base, imported, peak, final = (int(g) for g in m.groups())
    return steps, imported - base, peak - base


def unix_completes(module, args, heap_kb):
    env = dict(os.environ, MICROPYPATH="firmware:tests/portable:bench/workloads")
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
    print("%-14s %6s %17s %15s %18s" % ("workload", "steps", "live heap (wasm)", "after setup",
                                         "min -X heapsize"))
    for name, module, args in workloads():
        steps, code, live = wasm_heap(module, args)
        kb = smallest_heap_kb(module, args)
        print("%-14s %6d %11d bytes %9d bytes %15s" % (name, steps, live, code,
                                                      "%d KB" % kb if kb else "> 1024 KB"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
