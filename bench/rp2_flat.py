"""The end screen's presses against the plays kept, on the emulated Badger
(PL-16, sim/rp2/): each game's script of the soak (bench/rp2_soak.py: the
game to its end, then History, Share and Finish) played from an empty data
folder and from one holding N kept plays (59: the end keeps the 60th), so
that the two runs differ in the history only. The soak compares two different games of a kind, whose
presses differ by more than the history moves them; this compares the same
game. Prints per game the compute (chip ms) and the flash erases of the
game's end, Share and Finish presses at 0 and at N kept plays, and the
change (the goal: within 10%, docs/performance.md, The soak).

  python bench/rp2_flat.py                 0 and 59 kept plays, the four games and the House
  python bench/rp2_flat.py --kept 30 --games seatwars,house
"""
import argparse
import concurrent.futures
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import rp2_soak  # noqa: E402
import sim.rp2 as rp2  # noqa: E402

BOARD = "badger2040"
PRESSES = ("end", "share", "finish")


def _script(gid):
    """(the script's tokens, {press name: its index, 1 the first press})."""
    body = dict(rp2_soak.games())[gid]
    toks = body + rp2_soak.HISTORY + rp2_soak.SHARE + rp2_soak.FINISH
    at = {"end": len(body), "share": len(body) + len(rp2_soak.HISTORY) + 1, "finish": len(toks)}
    return toks, at


def play(gid, kept):
    """{press name: (compute ms, erases)} of gid's script from a data
    folder holding `kept` plays (made by the App's own code, the littlefs
    way, as rp2_soak.kept_history makes them)."""
    toks, at = _script(gid)
    with tempfile.TemporaryDirectory(prefix="usher-flat-") as held:
        data = os.path.join(held, "data")
        os.makedirs(data)
        if kept:
            rp2_soak.kept_history(data, kept)
        r = rp2.play(",".join(toks), profile=BOARD, extra_specs=[data + "=/data"])
    steps = r["steps"]
    if r.get("error") or len(steps) <= at["finish"]:
        raise SystemExit("%s at %d kept plays: the run stopped early (%s)" % (gid, kept, r.get("error")))
    return {k: (steps[i]["active_ms"], steps[i]["flash_ops"]["erase"]) for k, i in at.items()}


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/rp2_flat.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kept", type=int, default=59,
                    help="the plays kept in the second run (default 59: its end keeps the 60th play)")
    ap.add_argument("--games", default="takeaseat,theatre,multisala,seatwars,house")
    ap.add_argument("--jobs", type=int, default=2, help="emulators at once")
    a = ap.parse_args(argv)
    rp2_soak.littlefs_way()
    games = a.games.split(",")
    runs = [(g, k) for g in games for k in (0, a.kept)]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        got = dict(zip(runs, pool.map(lambda gk: play(*gk), runs)))
    print("The end screen's presses at 0 and %d kept plays: the same game, script and board (%s), "
          "compute in chip ms (erases)" % (a.kept, BOARD))
    print("%-10s %-24s %-24s %-24s" % ("game", "end", "share", "finish"))
    worst = 0.0
    for g in games:
        cells = []
        for p in PRESSES:
            (ms0, e0), (ms1, e1) = got[(g, 0)][p], got[(g, a.kept)][p]
            change = 100.0 * (ms1 / max(1e-9, ms0) - 1)
            worst = max(worst, change)
            cells.append("%4.0f (%d) -> %4.0f (%d) %+4.0f%%" % (ms0, e0, ms1, e1, change))
        print("%-10s %s" % (g, " ".join(["%-24s" % c for c in cells])))
    print("the largest change: %+.0f%% (the goal: at most +10%%)" % worst)


if __name__ == "__main__":
    main(sys.argv[1:])
