"""UI budgets (issue 9): peak heap of the scripted UI sessions on the 32-bit
WebAssembly MicroPython, and compute time per button press on the unix port
(median and worst). Usage: python bench/ui_bench.py  (make ui-bench)"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, env=None):
    e = dict(os.environ)
    e.update(env or {})
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=e, check=True).stdout
    vals = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            vals[parts[0]] = int(parts[1])
    return vals


def main():
    heap = run(["node", "bench/ui_heap.mjs"])
    per_session = []
    for name in ("menus", "dice", "tally"):
        h = run(["node", "bench/ui_heap.mjs"], {"UI_HEAP_SESSION": name})
        per_session.append((name, h["heap_peak"] - h["heap_base"]))
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    timing = run([mp, "bench/ui_timing.py"], {"MICROPYPATH": "firmware:tests/portable"})
    print("WebAssembly (32-bit) heap, bytes:")
    print("  interpreter before the UI   %6d" % heap["heap_base"])
    print("  after importing the UI      %6d  (+%d: code, fonts, icons)"
          % (heap["heap_after_import"], heap["heap_after_import"] - heap["heap_base"]))
    print("  peak during the sessions    %6d  (+%d over the interpreter; goal <= 48 KB)"
          % (heap["heap_peak"], heap["heap_peak"] - heap["heap_base"]))
    for name, peak in per_session:
        print("  session %-6s alone: peak %6d over the interpreter" % (name, peak))
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "tools/mpy_check.py", "firmware", "--out", out], cwd=ROOT,
                       check=True, capture_output=True)
        total = ui = 0
        for folder, _, files in os.walk(out):
            for f in files:
                size = os.path.getsize(os.path.join(folder, f))
                total += size
                if os.sep + "ui" in folder[len(out):]:
                    ui += size
    print("Firmware as .mpy (armv6m): %d bytes, of which the UI %d" % (total, ui))
    print("Unix port, per button press (%d presses):" % timing["presses"])
    print("  median %.2f ms, worst %.2f ms (goal: median <= 2 ms)"
          % (timing["press_median_us"] / 1000, timing["press_worst_us"] / 1000))
    return 0


if __name__ == "__main__":
    sys.exit(main())
