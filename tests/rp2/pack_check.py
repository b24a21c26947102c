# Runs on the emulated chip as /boot.py (tests/rp2/test_rp2_pack.py): the
# native canvas-to-panel conversion (usher.device.pack) against a bytecode
# reference, on every path the drivers use, then the board's own driver
# shows the same canvas so the harness can compare the panel's picture.
#
# The canvas is a fixed pseudo-random pattern (canvas_pattern() below; the
# test builds the same bytes on the host). Results go to /data/pack_check.txt,
# one line per case: "name mismatched_bytes first_bad_index". It runs as
# boot.py because the image's main.py is frozen (and found first); once the
# picture is up it waits for good, so the firmware's own main.py never runs.
import json
import time

from usher.device import boards, runtime
from usher.device.epaper import FRAME_BYTES, PAGES, WIDTH
from usher.device.pack import pack


def canvas_pattern():
    out = bytearray(FRAME_BYTES)
    s = 12345
    for i in range(FRAME_BYTES):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = (s >> 16) & 0xFF
    return out


def reference(src, dst, x0, x1, p0, p1, col0, stride, k0, kstep, rev):
    """pack() in plain bytecode, pixel by pixel (see its docstring)."""
    for x in range(x0, x1):
        shift = 7 - (x & 7)
        col = x >> 3
        for p in range(p0, p1):
            v = 0
            for r in range(8):
                black = (src[(8 * p + r) * 37 + col] >> shift) & 1
                if not black:
                    v |= (1 << r) if rev else (0x80 >> r)
            dst[(x - col0) * stride + k0 + kstep * (p - p0)] = v


# name, x0, x1, p0, p1, col0, stride, k0, kstep, rev: the whole frame as
# Panel.convert calls it for each panel (UC8151: rev 0, top down; SSD1680:
# rev 1, lines from y = 127), and windows of odd width at an odd x as
# send_window converts them (col0 = x0, stride = the window's pages).
CASES = (
    ("frame_topdown", 0, WIDTH, 0, PAGES, 0, PAGES, 0, 1, 0),
    ("frame_bottomup", 0, WIDTH, 0, PAGES, 0, PAGES, PAGES - 1, -1, 1),
    ("window_topdown", 3, 61, 2, 6, 3, 4, 0, 1, 0),
    ("window_bottomup", 3, 61, 2, 6, 3, 4, 3, -1, 1),
    ("window_rev_only", 101, 150, 0, 16, 101, 16, 0, 1, 1),
    ("window_flip_only", 251, 296, 9, 16, 251, 7, 6, -1, 0),
)


def check(canvas):
    lines = []
    for name, x0, x1, p0, p1, col0, stride, k0, kstep, rev in CASES:
        got = bytearray(FRAME_BYTES)
        want = bytearray(FRAME_BYTES)
        pack(canvas, got, x0, x1, p0, p1, col0, stride, k0, kstep, rev)
        reference(canvas, want, x0, x1, p0, p1, col0, stride, k0, kstep, rev)
        bad = [i for i in range(FRAME_BYTES) if got[i] != want[i]]
        lines.append("%s %d %d" % (name, len(bad), bad[0] if bad else -1))
    return lines


def main():
    with open("/data/device.json") as f:
        profile = boards.select(json.load(f))
    canvas = canvas_pattern()
    lines = check(canvas)
    with open("/data/pack_check.txt", "w") as f:
        f.write("\n".join(lines) + "\n")
    display = runtime.make_display(profile, canvas)
    display.init()
    display.show("clean")
    display.sleep()
    while True:
        time.sleep_ms(1000)


main()
