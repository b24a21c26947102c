# Flash erases of keeping plays in the history (usher.ui.playlog.append) on
# littlefs with the RP2040's geometry (4096-byte blocks, progsize=256), on
# MicroPython's unix port: PLAYS plays of a 3-player Seat Wars shape (a line
# of about 400 bytes, a record of about 1.5 KB) kept one after the other,
# the history's index written anew per play (storage.FORCE = False: FAT's
# way) and added to at its end (littlefs's, PL-17).
#   micropython bench/workloads/history_erases.py PLAYS
# Prints per way "way W plays N erases E first50 F after50 A" (F, A: the
# erases of plays 1-50 and of the plays after the 50th, when the index is
# at its cap).
import gc
import sys

import vfs
from lfs_blocks import CountingBlocks

from usher.core import storage
from usher.ui import playlog


def play(i):
    names = ["Maximilian", "Wolfgang-W", "Annabella"]
    line = {"game": "seatwars", "date": "2026-12-05T20:%02d:00" % (i % 60), "players": names,
            "scores": [i, 3, 7], "winners": [0],
            "breakdown": [[["characters", i], ["items", 3], ["seats", 5]]] * 3,
            "actions": 40, "seed": 1000 + i, "options": {"players": 3}}
    rec = {"game": "seatwars", "options": {"players": 3}, "seed": 1000 + i,
           "actions": [{"type": "turn", "seat": k % 3, "points": k % 7} for k in range(40)]}
    return line, rec


def run(force, plays):
    dev = CountingBlocks()
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/flash")
    storage.FORCE = force
    per = []
    try:
        for i in range(plays):
            line, rec = play(i)
            before = dev.erases
            playlog.append("/flash/data", line, rec)
            per.append(dev.erases - before)
            gc.collect()
        kept = [s["n"] for s in playlog.summaries("/flash/data")]
        assert kept == list(range(max(1, plays - playlog.CAP + 1), plays + 1)), kept
    finally:
        storage.FORCE = None
        vfs.umount("/flash")
    return per


def main(plays):
    for way, force in (("anew", False), ("append", None)):
        per = run(force, plays)
        print("way %s plays %d erases %d first50 %d after50 %d"
              % (way, plays, sum(per), sum(per[:50]), sum(per[50:])))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 130)
