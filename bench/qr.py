"""QR code bench (PL-19): what encoding and drawing the largest code costs,
and the largest play that fits each version.

Usage: python bench/qr.py [--runs N] [--chip]

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
4. With --chip (needs `make firmware`): on the emulated RP2040 (Badger
   image), the largest code encoded and drawn with the device's native
   kernels (median of 3) and in bytecode, and the least free heap it
   completes in (the goal's figures); then chip time
   (sim/rp2, 125 MHz, the Badger image with the firmware frozen) of the
   press that opens the share screen of the longest play the device keeps
   (put in the history on the emulated flash; version 21-22, not 26: no
   kept play needs 26), twice (the first also makes and writes the device id),
   beside the press that leaves it (a redraw of the play's scores: the
   part that is not the code's), and the heap's largest live size and
   smallest free size found at a garbage collection over the run.
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

# Both bench scripts' heap search (a script defines once()).
FITS = """

def fits(room):
    # Leave only `room` bytes free (ballast blocks take the rest), then
    # encode and draw (once()): True when that was enough.
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


def least_room(hi, step):
    # The least free heap (step bytes apart) in which once() completes.
    lo = 0
    while hi - lo > step:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi
"""

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

%(fits)s

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
hi = least_room(96 * 1024, 64)
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


def big_line():
    """The longest play the device can keep: 5 Multisala players whose
    10-letter names are all accented letters (6 link bytes each), dated."""
    from usher.ui import share
    line = {"game": "multisala", "date": "2026-12-01T21:05:09",
            "players": [chr(0xC0 + i) * 10 for i in range(5)], "scores": [101, 102, 103, 104, 105],
            "winners": [4], "breakdown": [[["last round", 1]]] * 5, "actions": 50, "seed": 7,
            "options": {"players": 5}, "n": 1}
    return line, len(share.link_of(line, "89abcdef"))


CHIP_LARGEST = """
# bench/qr.py --chip, as /boot.py on the emulated Badger: the largest code
# (version 26 at L, 1,367 bytes) encoded and drawn as the share screen does
# (usher.device.qr_kernels), then in bytecode; the least free heap it
# completes in. Figures to /data/qr_bench.txt.
import gc, os, time
from usher import qr
from usher.device import qr_kernels as K
from usher.ui import share_screen
from usher.ui.canvas import new_canvas
buf, c = new_canvas()
data = bytes([(i * 37 + 11) & 0xFF for i in range(qr.capacity(26, "L"))])


def once(kernels=K):
    code = qr.encode(data, "L", kernels=kernels)
    share_screen.draw_code(c, code, 3, 3, 1)
    return code


def timed(kernels):
    gc.collect()
    t0 = time.ticks_us()
    code = qr.encode(data, "L", kernels=kernels)
    t1 = time.ticks_us()
    share_screen.draw_code(c, code, 3, 3, 1)
    return time.ticks_diff(t1, t0), time.ticks_diff(time.ticks_us(), t1)

""" + FITS + """

once()   # the kernels' module and the tables in place, as after a first share
runs = sorted([timed(K) for _ in range(3)])
slow = timed(None)
hi = least_room(48 * 1024, 128)
try:
    os.mkdir("/data")
except OSError:
    pass
with open("/data/qr_bench.txt", "w") as f:
    f.write("%d %d %d %d %d\\n" % (runs[1][0], runs[1][1], slow[0], slow[1], hi))
"""


def chip_largest():
    """The largest code on the emulated Badger: (encode ms, draw ms with the
    kernels, encode ms, draw ms in bytecode, least free heap in B)."""
    import tempfile
    sys.path.insert(0, ROOT)
    import sim.rp2 as rp2
    binary, _elf = rp2.image("badger2040")
    if not os.path.exists(binary):
        sys.exit("no firmware image %s: run `make firmware`" % binary)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "boot.py")
        with open(path, "w") as f:
            f.write(CHIP_LARGEST)
        job = {"firmware": binary, "profile": "badger2040", "vbus": True, "battery_mv": 2900,
               "flash_out": os.path.join(tmp, "flash.bin"), "steps": [{"boot": {"hold": []}}],
               "fs": rp2.make_fs(os.path.join(tmp, "fs.img"),
                                 [path + "=/boot.py", rp2.device_settings(tmp, {"board": "badger2040"})])}
        r = rp2.run_job(job)
        files = rp2.extract_flash(job["flash_out"], os.path.join(tmp, "files"))
        out = os.path.join(files, "data", "qr_bench.txt")
        if not os.path.exists(out):
            sys.exit("the chip's bench wrote no figures: %s %s" % (r.get("console"), r.get("errors")))
        with open(out) as f:
            v = [int(x) for x in f.read().split()]
    print("\nEmulated RP2040 (125 MHz, Badger image, firmware frozen), the largest code "
          "(version 26 at L, 1,367 bytes), as the share screen makes it:")
    print("  with the native kernels (usher.device.qr_kernels): encode %.0f ms + draw %.0f ms = "
          "%.0f ms (goal <= 300 ms)" % (v[0] / 1000, v[1] / 1000, (v[0] + v[1]) / 1000))
    print("  bytecode only (CircuitPython's path): encode %.0f ms + draw %.0f ms" % (
        v[2] / 1000, v[3] / 1000))
    print("  peak heap of encode + draw (the least free heap it completes in, 128-byte steps): "
          "%d B (goal <= 12,288 B)" % v[4])


def _shape(n):
    from usher.ui import share
    v, ec, _scale = share.layout(n)
    return v, ec


def _chip_run(rp2, tmp, spec, script, main=None):
    binary, elf = rp2.image("badger2040")
    if not os.path.exists(binary):
        sys.exit("no firmware image %s: run `make firmware`" % binary)
    specs = rp2.firmware_files(False, tmp) + [spec]
    steps = rp2.script_steps(script)
    if main is not None:   # a bench script instead of the device's main.py
        path = os.path.join(tmp, "main.py")
        with open(path, "w") as f:
            f.write(main)
        specs = [path + "=/main.py", spec]
        steps = [{"run_ms": 60000}]
    job = {"firmware": binary, "profile": "badger2040", "vbus": True, "battery_mv": 2900,
           "flash_out": os.path.join(tmp, "flash.bin"),
           "steps": [{"boot": {"hold": []}}] + steps,
           "fs": rp2.make_fs(os.path.join(tmp, "fs.img"), specs),
           "heap": rp2.heap_symbols(elf)}
    if main is not None:
        job["usb"] = True   # the bench script prints its figures on the USB console
    return rp2.run_job(job)


def chip():
    import tempfile
    sys.path.insert(0, ROOT)
    import sim.rp2 as rp2
    from usher.ui import playlog
    line, n = big_line()
    to_play = "DOWN,DOWN,DOWN,DOWN,C,C,C"      # Statistics, Last plays, the play's scores
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        line = dict(line)
        line.pop("n")
        playlog.append(data, line, {"game": "multisala", "options": line["options"], "seed": 7,
                                    "actions": []})
        spec = os.path.join(data, "history") + "=/data/history"
        base = _chip_run(rp2, tmp, spec, to_play)
        r = _chip_run(rp2, tmp, spec, to_play + ",B,B,B,B")    # share, leave, share, leave
        presses = r["steps"][1:]
        pics = os.path.join(ROOT, "out", "qr")
        os.makedirs(pics, exist_ok=True)
        rp2.save_picture_png(presses[7]["picture"], "badger2040", os.path.join(pics, "chip_share.png"))
    print("\nEmulated RP2040 (125 MHz, Badger image, firmware frozen): the longest play the "
          "device keeps (5 players, 10 accented letters each, dated: %d bytes, version %d at %s), "
          "its share screen opened from Statistics:"
          % ((n,) + _shape(n)))
    print("  open the share screen: %d ms (first, device id written), %d ms (again)" % (
        presses[7]["active_ms"], presses[9]["active_ms"]))
    print("  leave it (redraw of the play's scores): %d ms, %d ms" % (
        presses[8]["active_ms"], presses[10]["active_ms"]))
    heap, h0 = r.get("heap") or {}, base.get("heap") or {}
    print("  heap, largest live at a collection: %s B with the shares, %s B without (+%s B); "
          "smallest free %s B" % (heap.get("peak_live"), h0.get("peak_live"),
                                  (heap.get("peak_live") or 0) - (h0.get("peak_live") or 0),
                                  heap.get("min_free")))
    print("  the panel's picture: out/qr/chip_share.png")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--chip", action="store_true", help="also on the emulated RP2040")
    a = ap.parse_args(argv)
    p = run(WORK % {"runs": a.runs, "fits": FITS})
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
    if a.chip:
        chip_largest()
        chip()


if __name__ == "__main__":
    main(sys.argv[1:])
