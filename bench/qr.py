"""QR code bench (PL-19): what encoding and drawing the largest code costs,
and the largest play that fits each version.

Usage: python bench/qr.py [--runs N]

1. Time: the MicroPython unix port (64-bit, this machine) encodes the
   largest code (version 26 at L, 1,367 bytes: the most a share screen
   holds) and draws it into the 296x128 canvas, N times; the median and the
   fastest run in ms, and the encoder's parts (codewords, placement, the 8
   masks' scores). This is not chip time: the emulated RP2040 figure needs
   `make firmware` (see the README's goal of <= 300 ms).
2. Heap: the least free heap (64-byte steps) in which encode + draw
   completes, everything else already in place (ballast blocks take the
   rest of a 160 KB heap): the peak the code needs, transients included (64-bit
   objects: an upper bound of the RP2040's 32-bit need; goal <= 12 KB).
   Also the live heap the finished code holds.
3. The largest play at each version: for a Multisala play (the most
   players, 5; dated; 3-digit scores), the longest names (ASCII, and
   accented: 2 UTF-8 bytes, 6 link bytes each) with which 2..5 players fit
   the version at M and at L, as usher.ui.share builds the link.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
MP = os.path.join(ROOT, ".venv", "bin", "micropython")

WORK = """
import gc, time
from usher import qr
from usher.ui import share_screen
from usher.ui.canvas import new_canvas
buf, c = new_canvas()
data = bytes([(i * 37 + 11) & 0xFF for i in range(qr.capacity(26, "L"))])


def parts():
    gc.collect()
    t0 = time.ticks_us()
    words = qr.codewords(data, 26, "L")
    t1 = time.ticks_us()
    m = qr.Matrix(qr.size_of(26))
    qr._function_patterns(m, 26)
    qr._place(m, words)
    t2 = time.ticks_us()
    for k in range(8):
        qr.penalty(m, k)
    t3 = time.ticks_us()
    return time.ticks_diff(t1, t0), time.ticks_diff(t2, t1), time.ticks_diff(t3, t2)


def once():
    code = qr.encode(data, "L")
    share_screen.draw_code(c, code, 3, 3, 1)
    return code


def fits(room):
    # Leave only `room` bytes free (ballast blocks take the rest), then
    # encode and draw: True when that was enough.
    gc.collect()
    ballast = []
    for size in (4096, 256, 32):
        try:
            while gc.mem_free() > room + 2 * size:
                ballast.append(bytearray(size))
        except MemoryError:
            pass
    try:
        once()
        ok = True
    except MemoryError:
        ok = False
    ballast = None
    gc.collect()
    return ok


times = []
for _ in range(%(runs)d):
    gc.collect()
    t0 = time.ticks_us()
    once()
    times.append(time.ticks_diff(time.ticks_us(), t0))
times.sort()
p = parts()
gc.collect()
before = gc.mem_alloc()
code = once()
gc.collect()
live = gc.mem_alloc() - before
print("version", code.version, code.mask)
print("times", times[len(times) // 2], times[0])
print("parts", p[0], p[1], p[2])
print("live", live)
code = None
lo, hi = 0, 96 * 1024
while hi - lo > 64:
    mid = (lo + hi) // 2
    if fits(mid):
        hi = mid
    else:
        lo = mid
print("peak", hi)
"""


def run(script):
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    return subprocess.run([MP, "-X", "heapsize=160k", "-c", script], env=env, capture_output=True,
                          text=True, timeout=300)


def largest_plays():
    from usher import qr
    from usher.ui import share
    print("\nThe largest Multisala play (dated, 3-digit scores) at each version: the longest")
    print("names (at most 10 characters) with which 2..5 players fit; '-' none fits,")
    print("ASCII / accented (every letter 2 UTF-8 bytes):")
    print("%-4s %-6s %5s %5s  %-23s %-23s" % ("ver", "module", "M", "L", "M: 2 3 4 5 players",
                                             "L: 2 3 4 5 players"))

    def longest(n, v, ec, accent):
        best = None
        for k in range(1, 11):
            ch = "\u00e9" if accent else "W"
            line = {"n": 50, "game": "multisala", "date": "2026-12-01T21:05:09",
                    "players": [(ch * k)[:k - 1] + str(i) for i in range(n)],
                    "scores": [100 + i for i in range(n)], "winners": [0], "options": {}}
            if len(share.link_of(line, "89abcdef")) <= qr.capacity(v, ec):
                best = k
        return "-" if best is None else str(best)

    for v in range(1, 27):
        cells = []
        for ec in ("M", "L"):
            cells.append(" ".join("%s/%s" % (longest(n, v, ec, False), longest(n, v, ec, True))
                                  for n in range(2, 6)))
        px = 2 if (qr.size_of(v) + 2 * share.QUIET) * 2 <= share.SCREEN_H else 1
        print("%-4d %-6s %5d %5d  %-23s %-23s" % (v, "%d px" % px, qr.capacity(v, "M"),
                                                  qr.capacity(v, "L"), cells[0], cells[1]))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    a = ap.parse_args(argv)
    p = run(WORK % {"runs": a.runs})
    if p.returncode != 0:
        sys.exit(p.stdout + p.stderr)
    vals = dict((ln.split()[0], [int(x) for x in ln.split()[1:]]) for ln in p.stdout.splitlines()
                if ln.strip())
    print("MicroPython unix port (64-bit, this machine; not chip time), version %d at L "
          "(1,367 bytes), mask %d:" % tuple(vals["version"]))
    print("  encode + draw: median %.1f ms, fastest %.1f ms over %d runs" % (
        vals["times"][0] / 1000, vals["times"][1] / 1000, a.runs))
    print("  parts: codewords %.1f ms, function patterns + placement %.1f ms, 8 mask scores %.1f ms"
          % tuple(x / 1000 for x in vals["parts"]))
    print("  peak heap of encode + draw (the least free heap it completes in): %d B "
          "(goal <= 12,288 B)" % vals["peak"][0])
    print("  live heap of the finished code: %d B" % vals["live"][0])
    largest_plays()


if __name__ == "__main__":
    main(sys.argv[1:])
