"""Memory bench: live heap of each workload on the 32-bit WebAssembly
MicroPython, and the smallest -X heapsize that completes it on the unix port.

Usage: python bench/memory.py

- "live heap": the peak of gc.mem_alloc() after two top-level
  collections, sampled between workload steps (one engine action, one
  button event, 1,000 shuffles or one save/load), minus the heap in use
  before the workload was imported and minus the bench's and tests' own
  modules (the harness): code (a stock build keeps the bytecode of .py/.mpy
  files in RAM), data and, for the UI sessions, the 4.7 KB canvas plus the
  App's CRCs of the last frame. "after setup" is the same right after the
  workload was constructed. The WebAssembly port is 32-bit like the RP2040,
  so these are the figures to hold against the board's ~190 KB heap (issue
  9's goal for a full session: 48 KB). Transient garbage inside one step is
  not seen here.
- "code": what importing the firmware modules resident at the peak costs in
  a fresh interpreter (bytecode, module objects, the pools of interned names
  they need; a pool doubles when full, so adding a few names can cost ~5 KB).
  "data" = live heap - code: game state and record, screens, canvas, names
  interned at run time. A frozen build (firmware/manifest.py) keeps
  bytecode, constant strings/bytes and the frozen names in flash but still
  builds each module's globals, functions and classes in RAM at import, so
  what it needs lies between "data" and "live heap" (not measured: neither
  port used here can freeze modules).
- "min heapsize": the smallest `micropython -X heapsize=` (1 KB steps) with
  which the unix port completes the whole workload, and each of the next 24
  sizes, transients and the interpreter's own objects included, with the
  garbage-collection threshold the device sets. The unix port is 64-bit
  (pointers and object headers twice the size), so this is an upper bound
  for the board.
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
    m = re.search(r"steps (\d+) base (\d+) imported (\d+) peak (\d+) final (\d+) "
                  r"code (\d+) harness (\d+)", p.stdout)
    if p.returncode or not m:
        raise SystemExit("%s %s failed on WebAssembly:\n%s%s" % (module, args, p.stdout, p.stderr))
    steps, base, imported, peak, final, code, harness = (int(g) for g in m.groups())
    return steps, imported - base - harness, peak - base - harness, code


def unix_completes(module, args, heap_kb):
    env = dict(os.environ, MICROPYPATH="firmware:tests/portable:bench/workloads")
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=%dk" % heap_kb,
                        "bench/workloads/drive.py", module] + args,
                       cwd=ROOT, env=env, capture_output=True, text=True)
    return p.returncode == 0 and "completed" in p.stdout


def smallest_heap_kb(module, args, hi=1024, check_above=24):
    """The smallest heap size (KB) from which the workload completes at it and
    at each of the next check_above sizes. Completion is not monotonic in
    the heap size: a larger heap is collected later, so imports spread over
    more of it and a 4.7 KB buffer may find no free run; a plain bisection
    could land on a lucky size just above a failing one."""
    if not unix_completes(module, args, hi):
        return None
    lo = 1
    while True:
        top = hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if unix_completes(module, args, mid):
                hi = mid
            else:
                lo = mid
        failed = None
        for kb in range(hi + 1, min(hi + check_above, top) + 1):
            if not unix_completes(module, args, kb):
                failed = kb
        if failed is None:
            return hi
        lo, hi = failed, top


def main():
    print("%-22s %5s %10s %11s %8s %8s %9s" % ("workload", "steps", "live heap", "after setup",
                                              "code", "data", "min -X"))
    print("%-22s %5s %10s %11s %8s %8s %9s" % ("", "", "(wasm, B)", "(B)", "(B)", "(B)",
                                              "heapsize"))
    for name, module, args in workloads():
        steps, setup, live, code = wasm_heap(module, args)
        kb = smallest_heap_kb(module, args)
        print("%-22s %5d %10d %11d %8d %8d %9s" % (name, steps, live, setup, code, live - code,
                                                  "%d KB" % kb if kb else "> 1024 KB"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
