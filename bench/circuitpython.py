"""Usher on CircuitPython against the frozen MicroPython image, on the
emulated Badger 2040 (sim/rp2/, rp2040js at 125 MHz; chip time from the
emulator's cycle count): one scripted session per game on each image.

  python bench/circuitpython.py                       the four games on both images
  python bench/circuitpython.py --image circuitpython --session multisala_solo
  python bench/circuitpython.py --jobs 2
  python bench/circuitpython.py --canvas       the three CircuitPython canvases on the
                                              start of a Multisala game (time per press)
  python bench/circuitpython.py --boot --image circuitpython
                                              reset to the first picture only: the
                                              first boot after install, then a reset
  python bench/circuitpython.py --boot --image circuitpython --no-trace
                                              the same without the heap trace

  python bench/circuitpython.py --cuts      power cuts inside the flash operations
                                              of a game action's save (FAT): Multisala's
                                              13th press, each of its first 12 operations
  python bench/circuitpython.py --cuts --press 48 --ops 3
                                            the same in the 49th press, whose save first
                                              rewrites the game's copy in nvm (one erase)

Needs `make firmware` (build/firmware/usher-badger2040.*) and `make
circuitpython` (build/circuitpython/usher-circuitpython-badger2040.* and the
drive folder). Columns, per session:
  boot        reset to the first refresh of the panel, ms: the first boot on
              the freshly written drive, where CircuitPython waits 1 s and
              writes boot_out.txt (main.c, run_boot_py: it does so whenever
              that file's text changes, so after an install or an update)
  reset       with --boot: the same for a reset after it (boot_out.txt
              unchanged), as every later boot of a board in use
  compute     per press: the time the core was not sleeping from the press
              until the firmware was quiet, ms (median, p95); it includes
              the redraw, the canvas conversion and the SPI transfer of the
              refresh (and, on CircuitPython, its spin on BUSY after PON)
  wait        per press that changed the panel: ms from the press until the
              last refresh it caused had finished (BUSY over), i.e. until
              the new picture stands (median, p90); it includes waiting for
              a refresh still running and CircuitPython's minimum time
              between refreshes
  turbo       the same for the presses whose every refresh had the turbo
              waveform (PL-18: a window; told by its BUSY, under 500 ms),
              median, p90 and how many presses
  free boot   gc.mem_free() after gc.collect() when the first picture after
              boot is sent, bytes (device.json "trace": true,
              usher.device.trace.heap_trace, into the log; the GC hooks of
              bench/rp2.py do not find CircuitPython's split heap)
  free end    the same right after the session's last game ended
  check       pictures that differ from the simulator's frames
"""
import argparse
import concurrent.futures
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import sim.rp2 as rp2  # noqa: E402
import sim.rp2.cpysession as cs  # noqa: E402

SESSIONS = ("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game")
IMAGES = ("circuitpython", "micropython")


def pct(values, p):
    if not values:
        return 0
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))]


BOOT_SCRIPT = "C,restart"  # a press, then a reset: the two boots are what --boot reports
CANVAS_SCRIPT = "DOWN,DOWN,C,C,C,C,B,C,B,C,C"


def one(args):
    name, image = args[0], args[1]
    canvas = args[2] if len(args) > 2 else None
    trace = args[3] if len(args) > 3 else True
    script = CANVAS_SCRIPT if canvas else BOOT_SCRIPT if name == "boot" else rp2.session_script(name)
    t0 = time.time()
    if image == "circuitpython":
        r = cs.play(script, trace=trace, settings={"canvas": canvas} if canvas else None)
        frames, bad = cs.check(r, script)
    else:
        r = rp2.play(script, settings={"trace": True})
        seeds = rp2.seeds_from_log(rp2.read_log(os.path.join(r["files"], "data")))
        bad = rp2.compare_session(r, rp2.sim_frames(script, seeds, board="badger2040"), "badger2040")
    wall = time.time() - t0
    presses = [s for s in r["steps"][1:] if s.get("token") and s["token"].lower() != "restart"]
    compute = [s["active_ms"] for s in presses]
    waits = cs.panel_waits(r)
    turbo = cs.panel_waits(r, turbo=True)
    free_boot, free_end = cs.heap_figures(cs.log(r) if image == "circuitpython"
                                          else rp2.read_log(os.path.join(r["files"], "data")))
    return {"name": name, "image": image + (" " + canvas if canvas else ""), "presses": len(presses),
            "boot": r["steps"][0].get("first_frame_ms") or -1,
            "reset": [s.get("first_frame_ms") or -1 for s in r["steps"][1:]
                      if (s.get("token") or "").lower() == "restart"],
            "compute": (pct(compute, 50), pct(compute, 95)),
            "wait": (pct(waits, 50), pct(waits, 90)),
            "turbo": (pct(turbo, 50), pct(turbo, 90), len(turbo)),
            "free_boot": free_boot, "free_end": free_end,
            "refreshes": sum(len(s["refreshes"]) for s in r["steps"]),
            "bad": len(bad), "errors": len(r["errors"]), "wall": wall,
            "chip_s": r["steps"][-1]["t_ms"] / 1000.0}


HEADER = "%-15s %-24s %7s %6s %-15s %-15s %-17s %9s %9s %9s %s" % (
    "session", "image", "presses", "boot", "compute med/p95", "wait med/p90", "turbo med/p90/n",
    "free boot", "free end", "refreshes", "check")


def _n(v):
    return "-" if v is None else "%d" % v


def row(x):
    check = "ok"
    if x["bad"] or x["errors"]:
        check = "%d differ, %d panel errors" % (x["bad"], x["errors"])
    turbo = "%.0f/%.0f/%d" % x["turbo"]
    return "%-15s %-24s %7d %6.0f %6.0f/%-8.0f %6.0f/%-8.0f %-17s %9s %9s %9d %s" % (
        x["name"], x["image"], x["presses"], x["boot"], x["compute"][0], x["compute"][1],
        x["wait"][0], x["wait"][1], turbo, _n(x["free_boot"]), _n(x["free_end"]),
        x["refreshes"], check)


CUT_SESSION = "multisala_solo"
CUT_PRESS = 12          # the tokens played before the cut press (its 13th: a deal saved)
CUT_OPS = 12            # the first operations of that press cut, one run each


def saved_game(files):
    """(actions of the game saved on the drive or None, where from, the
    game files there, whether /data is there)."""
    d = os.path.join(files, "data")
    if not os.path.isdir(d):
        return None, "no /data", [], False
    names = sorted(n for n in os.listdir(d) if n.startswith("game"))
    try:
        rec, source = rp2.saved_record(files)
    except Exception as e:
        return None, "unreadable: %s" % e, names, True
    return (len(rec["actions"]) if rec else None), source, names, True


def resumed(files):
    """The actions of the game the last boot resumed (its "resume" log
    line), or None; and whether it came back from the copy outside the FAT
    drive (an "error" line naming it)."""
    try:
        entries = rp2.read_log(os.path.join(files, "data"))
    except Exception:
        return None, False
    boots = [i for i, e in enumerate(entries) if e.get("k") == "boot"]
    last = entries[boots[-1]:] if boots else entries
    n = None
    for e in last:
        if e.get("k") == "resume" and type(e.get("d")) is dict:
            n = e["d"].get("actions")
    copy = any(e.get("k") == "error" and "board's memory" in str(e.get("d")) for e in last)
    return n, copy


def one_cut(args):
    from sim.session import parse_script
    op, press = args
    tokens = [t for t, _ in parse_script(rp2.session_script(CUT_SESSION))]
    r = cs.play_cut(tokens[:press], tokens[press], op)
    n, source, names, data = saved_game(r["files"])
    back, copy = resumed(r["files"])
    return {"op": op, "result": r["steps"][-2]["result"] if op else "none", "actions": n,
            "source": source, "names": names, "data": data, "resumed": back, "copy": copy,
            "picture": bool(r["steps"][-1].get("picture")), "errors": len(r["errors"])}


def cuts(jobs, press=CUT_PRESS, ops=CUT_OPS):
    """Power cuts inside each flash operation of one game action's save on
    the CircuitPython image's FAT drive; the acknowledged actions must stay.
    press: the tokens played before the cut one; ops: how many of its
    operations are cut, one run each."""
    print("Power cuts on the emulated Badger 2040 with the CircuitPython image: %s, %d presses, "
          "then the next one cut inside its K-th flash operation (erase or program), then a boot"
          % (CUT_SESSION, press))
    before = one_cut((0, press))
    print("before the press: %s actions saved (%s), files %s" % (before["actions"], before["source"],
                                                                 " ".join(before["names"])))
    print("resumed: the actions of the game the boot after the cut came back to (its log's "
          "\"resume\"); FAT: the game the drive's files hold")
    lost = fat_lost = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for x in ex.map(one_cut, [(k, press) for k in range(1, ops + 1)]):
            ok = x["resumed"] is not None and x["resumed"] >= before["actions"]
            fat_ok = x["actions"] is not None and x["actions"] >= before["actions"]
            lost += 0 if ok else 1
            fat_lost += 0 if fat_ok else 1
            print("K=%2d %-9s boot picture %-5s resumed: %-4s%-9s FAT: %-4s from %-9s files: %s%s"
                  % (x["op"], x["result"], x["picture"], x["resumed"], " (copy)" if x["copy"] else "",
                     x["actions"], x["source"],
                     " ".join(x["names"]) or "(none)", "" if x["data"] else " (no /data folder)")
                  + ("" if ok else "   LOST"), flush=True)
    print("%d of %d cuts lost the game (%d left the FAT drive without it)" % (lost, ops, fat_lost))
    return 1 if lost else 0


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--session", action="append", choices=SESSIONS)
    ap.add_argument("--image", choices=IMAGES)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--canvas", action="store_true")
    ap.add_argument("--boot", action="store_true", help="boot and one press only: the boot figure")
    ap.add_argument("--no-trace", action="store_true",
                    help="CircuitPython without the heap trace, whose log lines go to flash "
                         "before the first picture (no free heap figures)")
    ap.add_argument("--cuts", action="store_true",
                    help="power cuts inside a game action's save on the CircuitPython image")
    ap.add_argument("--press", type=int, default=CUT_PRESS,
                    help="with --cuts: the presses played before the cut one (48: the press whose "
                         "save rewrites the game's copy in nvm, one erase first)")
    ap.add_argument("--ops", type=int, default=CUT_OPS, help="with --cuts: how many operations are cut")
    a = ap.parse_args(argv)
    if a.cuts:
        return cuts(a.jobs, a.press, a.ops)
    work = [(n, i) for n in (a.session or SESSIONS) for i in ([a.image] if a.image else IMAGES)]
    if a.canvas:
        work = [("multisala_start", "circuitpython", k) for k in ("bitmap", "rows", "pyframebuf")]
    if a.boot:
        work = [("boot", i) for i in ([a.image] if a.image else IMAGES)]
    if a.no_trace:
        work = [(w[0], w[1], w[2] if len(w) > 2 else None, False) for w in work]
    print("Sessions on the emulated Badger 2040 (rp2040js, 125 MHz): ms of chip time, heap in bytes")
    print(HEADER, flush=True)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for fut in concurrent.futures.as_completed([ex.submit(one, w) for w in work]):
            x = fut.result()
            rows.append(x)
            print(row(x), flush=True)
            if x["reset"]:
                print("%-15s %-24s reset to the first picture after it: %s ms"
                      % ("", "", ", ".join("%.0f" % v for v in x["reset"])), flush=True)
    print("(emulation: %.0f s of wall time for %.0f s of chip time)"
          % (sum(x["wall"] for x in rows), sum(x["chip_s"] for x in rows)))
    return 0 if all(not x["bad"] and not x["errors"] for x in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
