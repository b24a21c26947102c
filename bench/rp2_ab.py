"""Each of the project's changes to MicroPython, A against B on the emulated
chip: the image as built (every switch of firmware/boards/usher_patches.h
on) against the same image with one switch set back to MicroPython's own
value, every game's session on each (bench/rp2.py's sessions, chip time at
125 MHz), and each image's size.

  python bench/rp2_ab.py                       every switch, the Badger
  python bench/rp2_ab.py --board pico_epaper29 (--board twice: both)
  python bench/rp2_ab.py --only MICROPY_FRAMEBUF_MONO_FAST   one switch
  python bench/rp2_ab.py --jobs 2              emulators at once

The A images are build/firmware/ (make firmware); each B is built into
build/firmware/ab/NAME=VALUE/ by `tools/firmware_image.py rp2 --define
NAME=VALUE`. firmware/boards/README.md keeps the decision taken on each
switch with the table this printed.

The mpy-tool fix (tools/firmware_image.py, fix_mpy_tool) has no switch: an
image without it is refused by the build's own check (frozen armv6m native
code not 4-byte aligned), so it is not timed here.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import rp2 as rp2bench  # noqa: E402  bench/rp2.py

# (switch, MicroPython's own value, what the switch changes)
SWITCHES = [
    ("MICROPY_VM_MAX_STATE_WORDS_ON_STACK", 11, "a frame of up to 32 words on the C stack"),
    ("MICROPY_FRAMEBUF_MONO_FAST", 0, "framebuf fills and blits a byte at a time"),
    ("MICROPY_VFS_LFS2_JANITOR", 0, "littlefs's janitor while a picture shows"),
]
OUT = os.path.join(ROOT, "build", "firmware")
IMAGE_FILES = {"badger2040": "usher-badger2040.bin", "pico_epaper29": "usher-pico-waveshare.bin"}


def build(define):
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "firmware_image.py"), "rp2",
                        "--define", define], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("the %s image did not build:\n%s" % (define, (p.stdout + p.stderr)[-3000:]))
    return os.path.join(OUT, "ab", define)


def sessions(folder, jobs, boards):
    os.environ["USHER_FIRMWARE_DIR"] = folder
    return rp2bench.sessions(jobs, which=(False,), boards=boards)


def summary(label, size, rows):
    """One line per image: the figures a player or the next feature feels."""
    ok = all(not x["mismatches"] and not x["errors"] for x in rows)
    med = sorted(x["compute"][0] for x in rows)
    p95 = sorted(x["compute"][1] for x in rows)
    stays = sorted(x["stays"][0] for x in rows)
    free = min(x["free"] or 0 for x in rows)
    live = max(x["live"] or 0 for x in rows)
    erases = [x["erases"][0] / max(1, x["erases"][1]) for x in rows]
    boot = max(x["boot"] or 0 for x in rows)
    return ("%-44s %8d %5.0f %4.0f-%-4.0f %4.0f-%-4.0f %4.0f-%-4.0f %7d %8d %4.2f-%-4.2f %s"
            % (label, size, boot, med[0], med[-1], p95[0], p95[-1], stays[0], stays[-1], live, free,
               min(erases), max(erases), "ok" if ok else "PICTURES OR PANEL WRONG"))


SUMMARY_HEAD = ("%-44s %8s %5s %-9s %-9s %-9s %7s %8s %-9s %s"
                % ("image", "bytes", "boot", "compute", "p95", "stays", "live", "free min",
                   "erases/a", "check"))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", action="append", choices=sorted(IMAGE_FILES))
    ap.add_argument("--only", action="append", help="one switch (repeatable)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    boards = tuple(args.board or ["badger2040"])
    todo = [s for s in SWITCHES if not args.only or s[0] in args.only]
    lines = []
    for board in boards:
        for label, folder in [("as built (every switch on)", OUT)] + [
                ("%s=%d (%s: off)" % (name, value, what), None) for name, value, what in todo]:
            if folder is None:
                folder = build(label.split(" ")[0])
            print("== %s, %s" % (label, board), flush=True)
            rows = sessions(folder, args.jobs, (board,))
            size = os.path.getsize(os.path.join(folder, IMAGE_FILES[board]))
            lines.append((board, summary(label, size, rows)))
            print("\n".join([SUMMARY_HEAD] + [x for b, x in lines if b == board]), flush=True)
    print("\nA against B, %s; ms of chip time (ranges over the four games' sessions), heap in bytes"
          % " and ".join(rp2bench.BOARD_NAMES[b] for b in boards))
    print(SUMMARY_HEAD)
    for _, line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
