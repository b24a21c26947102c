"""Memory bench: live heap of each workload on the 32-bit WebAssembly
MicroPython, and the smallest -X heapsize that completes it on the unix port.

Usage: python bench/memory.py [--frozen]

--frozen prints only the files-against-frozen table of the UI sessions
(live heap on WebAssembly next to the frozen 32-bit unix build, PL-14) and
skips the slow heapsize search.

- "live heap": the peak of gc.mem_alloc() after two top-level
  collections, sampled between workload steps (one engine action, one
  button event, 1,000 shuffles or one save/load), minus the heap in use
  before the workload was imported and minus the bench's and tests' own
  modules (the harness): code (a stock build keeps the bytecode of .py/.mpy
  files in RAM), data and, for the UI sessions, the 4.7 KB canvas plus the
  App's CRCs of the last frame. "after setup" is the same right after the
  workload was constructed. The WebAssembly port is 32-bit like the RP2040,
  so these are the figures to hold against the board's ~190 KB heap (the
  goal for a full session: 48 KB, docs/ui-internals.md, Memory). Transient garbage
  inside one step is not seen here.
- "code": what importing the firmware modules resident at the peak costs in
  a fresh interpreter (bytecode, module objects, the pools of interned names
  they need; a pool doubles when full, so adding a few names can cost ~5 KB).
  "data" = live heap - code: game state and record, screens, canvas, names
  interned at run time. A frozen build (firmware/manifest.py) keeps
  bytecode, constant strings/bytes and the frozen names in flash but still
  builds each module's globals, functions and classes in RAM at import, so
  what it needs lies between "data" and "live heap" ("frozen" below).
- "frozen": the same live heap on the 32-bit unix build with the firmware
  frozen (build/firmware/unix32/micropython, `make firmware-unix32`, PL-14),
  measured in one process (bench/workloads/heap.py) with the harness's
  import cost taken off the same way: what the firmware needs when it runs
  from the project's image rather than from .mpy files. The goal for each
  of the four games' sessions is at most 32 KB (32,768 B). "-" when that
  build is missing.
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
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
FROZEN_MICROPYTHON = os.path.join(ROOT, "build", "firmware", "unix32", "micropython")
# The frozen firmware, then the tests' and the bench's modules (firmware/ is
# not on the path: usher comes from the build).
FROZEN_PATH = ".frozen:tests/portable:bench/workloads"
GOAL = 32 * 1024
GAME_SESSIONS = ("takeaseat", "theatre", "multisala", "seatwars")


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


def _frozen(cmd):
    env = dict(os.environ, MICROPYPATH=FROZEN_PATH)
    p = subprocess.run([FROZEN_MICROPYTHON, "bench/workloads/heap.py"] + cmd, cwd=ROOT, env=env,
                       capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("%s failed on the frozen unix build:\n%s%s" % (cmd, p.stdout, p.stderr))
    return p.stdout


def frozen_heap(module, args):
    """(live, code) on the frozen 32-bit unix build, or None when it is not
    built: peak - base - the harness's import cost; code = what importing
    the firmware modules costs there."""
    if not os.path.exists(FROZEN_MICROPYTHON):
        return None
    out = _frozen(["run", module] + args)
    m = re.search(r"steps (\d+) base (\d+) imported (\d+) peak (\d+) final (\d+)", out)
    mods = re.search(r"modules (.*)", out).group(1).split(",")
    firmware = [n for n in mods if n.startswith("usher")]
    others = [n for n in mods if n and not n.startswith("usher")]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(",".join(firmware) + "\n" + ",".join(others) + "\n")
    try:
        c = re.search(r"first (\d+) second (\d+)", _frozen(["cost", f.name]))
    finally:
        os.unlink(f.name)
    base, peak = int(m.group(2)), int(m.group(4))
    return peak - base - int(c.group(2)), int(c.group(1))


def _is_game_session(name):
    return name.startswith("ui:") and name[3:].split("_")[0] in GAME_SESSIONS


def frozen_table():
    """The UI sessions: live heap as .mpy files (WebAssembly) and frozen."""
    if not os.path.exists(FROZEN_MICROPYTHON):
        raise SystemExit("no %s: run `make firmware-unix32` first"
                         % os.path.relpath(FROZEN_MICROPYTHON, ROOT))
    print("%-22s %11s %11s %11s %8s  %s" % ("session", "files (B)", "frozen (B)", "saved (B)",
                                          "frozen", "goal <= 32 KB"))
    print("%-22s %11s %11s %11s %8s" % ("", "(wasm)", "(unix32)", "", "code (B)"))
    over = 0
    for name, module, args in workloads():
        if module != "ui":
            continue
        _steps, _setup, live, _code = wasm_heap(module, args)
        frozen, fcode = frozen_heap(module, args)
        goal = ""
        if _is_game_session(name):
            goal = "ok" if frozen <= GOAL else "OVER"
            over += frozen > GOAL
        print("%-22s %11d %11d %11d %8d  %s" % (name, live, frozen, live - frozen, fcode, goal))
    print("game sessions over the goal: %d" % over)
    return 0


def main(argv):
    if "--frozen" in argv:
        return frozen_table()
    print("%-22s %5s %10s %11s %8s %8s %10s %9s" % ("workload", "steps", "live heap", "after setup",
                                                    "code", "data", "frozen", "min -X"))
    print("%-22s %5s %10s %11s %8s %8s %10s %9s" % ("", "", "(wasm, B)", "(B)", "(B)", "(B)",
                                                    "(unix32,B)", "heapsize"))
    for name, module, args in workloads():
        steps, setup, live, code = wasm_heap(module, args)
        frozen = frozen_heap(module, args)
        kb = smallest_heap_kb(module, args)
        print("%-22s %5d %10d %11d %8d %8d %10s %9s" % (name, steps, live, setup, code, live - code,
                                                        frozen[0] if frozen else "-",
                                                        "%d KB" % kb if kb else "> 1024 KB"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
