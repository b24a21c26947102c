"""Usher on CircuitPython 10.2.1: the artefacts of `make circuitpython` and
the Badger image on the emulated board (sim/rp2/circuitpython.*). Chip
times are at 125 MHz, from the emulator's cycle count.

  python bench/circuitpython_image.py            everything below
  python bench/circuitpython_image.py --sizes    the artefacts only (no emulator)

Figures:
  image         firmware.bin of the Badger image, the 1020 KB limit before
                the CIRCUITPY drive and the headroom
  drive         the CIRCUITPY folder: files and bytes (code.py, boot.py,
                lib/ as CircuitPython .mpy)
  boot          reset to USB connected and to the REPL's prompt, chip ms
                (the drive folder's code.py runs in between)
  free heap     gc.mem_free() after gc.collect() at the REPL, board.DISPLAY
                up (nothing of Usher loaded)
  loaded        every module of usher.core, usher.games and usher.ui
                imported, then gc.collect(): free heap and what the imports
                took, with the firmware frozen in the image and with it
                from lib/ on the drive (.mpy, the stock CircuitPython path);
                modules that fail to import are counted and named
"""
import argparse
import ast
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import sim.rp2.circuitpython as cpy  # noqa: E402


def modules():
    """usher's modules outside the device layer (which needs its board)."""
    base = os.path.join(ROOT, "firmware")
    out = []
    for root, dirs, files in os.walk(os.path.join(base, "usher")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(root, base).replace(os.sep, ".")
        if rel.startswith("usher.device"):
            continue
        for name in sorted(files):
            if name.endswith(".py"):
                out.append(rel if name == "__init__.py" else rel + "." + name[:-3])
    return out


IMPORTS = """import gc
import sys
if FILES:
    sys.path.remove(".frozen")
gc.collect()
before = gc.mem_free()
bad = []
for name in NAMES:
    try:
        __import__(name)
    except Exception as e:
        bad.append((name, repr(e)))
gc.collect()
after = gc.mem_free()
print(repr((before, after, len(NAMES), bad)))
"""


def sizes():
    pins = json.load(open(os.path.join(ROOT, "firmware", "boards", "circuitpython", "sources.json")))
    binary, _ = cpy.image()
    size = os.path.getsize(binary)
    limit = pins["firmware_limit"]
    print("image   %s: %d bytes of %d, headroom %d bytes (%.1f%% used)"
          % (os.path.relpath(binary, ROOT), size, limit, limit - size, 100.0 * size / limit))
    folder = cpy.drive_folder()
    files = [os.path.join(r, n) for r, _d, names in os.walk(folder) for n in names]
    lib = [f for f in files if f.endswith(".mpy")]
    print("drive   %s: %d files, %d bytes (lib/: %d .mpy files, %d bytes)"
          % (os.path.relpath(folder, ROOT), len(files), sum(map(os.path.getsize, files)), len(lib),
             sum(map(os.path.getsize, lib))))


def emulated():
    names = modules()
    mem = {"raw_exec": "import gc\ngc.collect()\nprint(gc.mem_free())"}
    steps = cpy.to_repl() + [mem]
    for files in (False, True):
        code = "FILES = %r\nNAMES = %r\n" % (files, names) + IMPORTS
        # each measurement from a fresh heap: Ctrl-D, then back to the REPL
        steps += cpy.soft_reload() + [{"console_until": cpy.PROMPT, "send": "\r", "every_ms": 300},
                                      {"raw_exec": code, "limit_ms": 120000}]
    r = cpy.run(steps, folder=cpy.drive_folder())
    boot = r["steps"][0]
    print("boot    USB connected at %.0f ms, REPL prompt at %.0f ms of chip time"
          % (boot["usb_connected_ms"], boot["boot_ms"]))
    print("heap    free after boot at the REPL (board.DISPLAY up): %s bytes"
          % r["steps"][1]["stdout"].strip())
    for label, step in (("frozen", r["steps"][5]), ("lib/ .mpy", r["steps"][9])):
        if step["result"] != "ok":
            print("loaded  %-9s %s: %s" % (label, step["result"], (step.get("stderr") or "")[-300:]))
            continue
        before, after, n, bad = ast.literal_eval(step["stdout"].strip())   # the repr IMPORTS prints
        print("loaded  %-9s %d modules: free %d bytes before, %d after, the imports took %d bytes; "
              "%d failed%s" % (label, n, before, after, before - after, len(bad),
                               (": " + ", ".join(b[0] for b in bad)) if bad else ""))
        for name, err in bad[:5]:
            print("          %s: %s" % (name, err[:200]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", action="store_true", help="the artefacts only")
    args = ap.parse_args()
    sizes()
    if not args.sizes:
        emulated()


if __name__ == "__main__":
    main()
