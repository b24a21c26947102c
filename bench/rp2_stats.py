"""The Statistics screens' presses against the plays kept, on the emulated
Badger (PL-16, sim/rp2/): from the launcher, Statistics (the menu and its
counts), Last plays, the newest play's final scores, back to the menu and
a game's page (Take a Seat's), played from data folders holding N kept
plays (made as bench/rp2_soak.py's kept_history makes them). Each of these
presses checks every line of the history (PL-23) and uses what it needs
from that same pass (usher.ui.playlog.folded): one read of the file. Prints
per press the compute (chip ms) at each N and the cost per kept play
(docs/performance.md, "Reading the history").

  python bench/rp2_stats.py                  1, 25, 50, 55 and 60 kept plays
  python bench/rp2_stats.py --kept 10,50
"""
import argparse
import concurrent.futures
import os
import sys
import tempfile

import rp2_soak  # its import puts the project, firmware/ and tests/portable/ on sys.path
import sim.rp2 as rp2

BOARD = "badger2040"
# the launcher's fifth row is Statistics; A goes back a screen
SCRIPT = ("DOWN", "DOWN", "DOWN", "DOWN", "C", "C", "C", "A", "A", "DOWN", "C")
# (name, step index (0: the boot), the title the simulator's screen has after it)
PRESSES = (("the menu", 5, "Statistics"), ("Last plays", 6, "Last plays"),
           ("a play's scores", 7, "#"), ("a game's page", 11, "Take a Seat"))


def play(kept):
    """{press name: compute ms} of SCRIPT from a data folder holding `kept`
    plays. Every picture is compared with the simulator's from the same
    folder, whose screens must be the ones named in PRESSES: a run that
    went astray, logged an error or met a MemoryError prints no figure."""
    script = ",".join(SCRIPT)
    titles = {}

    def on_token(i, _tok, app):
        titles[i + 1] = getattr(app.stack[-1], "title", None)

    with tempfile.TemporaryDirectory(prefix="usher-stats-") as held:
        data = os.path.join(held, "data")
        os.makedirs(data)
        rp2_soak.kept_history(data, kept)
        r = rp2.play(script, profile=BOARD, extra_specs=[data + "=/data"])
        frames = rp2.sim_frames(script, board=BOARD, start_dir=data, on_token=on_token)
        bad = rp2.compare_session(r, frames, BOARD)
    astray = [(name, titles.get(i)) for name, i, title in PRESSES
              if not (titles.get(i) or "").startswith(title)]
    if astray:
        raise SystemExit("%d kept plays: the script reached other screens: %r" % (kept, astray))
    if bad:
        raise SystemExit("%d kept plays: pictures differ from the simulator's: %r" % (kept, bad[:5]))
    steps = r["steps"]
    if r.get("error") or len(steps) <= len(SCRIPT):
        raise SystemExit("%d kept plays: the run stopped early (%s)" % (kept, r.get("error")))
    console = r.get("console") or ""
    if r.get("errors") or "MemoryError" in console or "Traceback" in console:
        raise SystemExit("%d kept plays: %s %s" % (kept, r.get("errors"), console[-300:]))
    return {name: steps[i]["active_ms"] for name, i, _title in PRESSES}


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/rp2_stats.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kept", default="1,25,50,55,60",
                    help="the plays kept, one run each (default 1,25,50,55,60: on littlefs a long-used"
                    " history holds 50-54 lines at rest and up to 60, playlog.tidy)")
    ap.add_argument("--jobs", type=int, default=2, help="emulators at once")
    a = ap.parse_args(argv)
    rp2_soak.littlefs_way()
    sizes = [int(k) for k in a.kept.split(",")]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        got = dict(zip(sizes, pool.map(play, sizes)))
    print("The Statistics screens' presses against the plays kept (%s), compute in chip ms" % BOARD)
    print("%-16s %s %s" % ("press", " ".join(["%8s" % ("%d kept" % k) for k in sizes]), "  per kept play"))
    lo, hi = sizes[0], sizes[-1]
    for name, _i, _title in PRESSES:
        slope = (got[hi][name] - got[lo][name]) / max(1, hi - lo)
        print("%-16s %s   %5.1f ms" % (name, " ".join(["%8.0f" % got[k][name] for k in sizes]), slope))


if __name__ == "__main__":
    main(sys.argv[1:])
