"""Speed and size: compute time per button press on the
MicroPython unix port (App.handle from press to release: screen logic, engine,
redraw into the framebuffer, band diff), median and worst over the scripted UI
sessions; the time to draw a name's characters (ASCII and accented); and the
firmware's size as .mpy for armv6m.
Usage: python bench/speed.py   (make bench; heap figures: bench/memory.py)"""
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
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    timing = run([mp, "bench/workloads/press_timing.py"], {"MICROPYPATH": "firmware:tests/portable"})
    drawing = run([mp, "bench/workloads/text_timing.py"], {"MICROPYPATH": "firmware"})
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
    print("Unix port, text drawn per character (names, body and small fonts): "
          "%d ns ASCII, %d ns accented" % (drawing["text_ascii_ns_per_char"],
                                          drawing["text_accented_ns_per_char"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
