"""CPU time of each game's ending on the emulated Badger 2040 with the
CircuitPython image, as tests/circuitpython/test_cpy_endings.py plays it
(sim.rp2.cpysession.play_ending: the simulator's saved game near the end on
the drive, the last presses with a reset on the chip), one game at a time.

  python bench/cpy_endings.py                  the four games
  python bench/cpy_endings.py theatre_game

Needs `make circuitpython`. Prints per game: the presses played on the chip
(the reset included), the CPU time of the emulator (the node process, read
with getrusage(RUSAGE_CHILDREN)), the wall time and the pictures that differ
from the simulator's frames.
"""
import os
import resource
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "circuitpython"))

import sim.rp2 as rp2  # noqa: E402
import sim.rp2.cpysession as cs  # noqa: E402
from test_cpy_endings import ENDINGS  # noqa: E402


def cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def main(argv):
    wanted = set(argv)
    print("%-16s %7s %7s %7s %s" % ("session", "tokens", "cpu s", "wall s", "differing"))
    for name, keep, after in ENDINGS:
        if wanted and name not in wanted:
            continue
        c, t = cpu(), time.time()
        r, bad, _head, tail = cs.play_ending(rp2.session_script(name), keep, after)
        print("%-16s %7d %7.0f %7.0f %d" % (name, len(tail), cpu() - c, time.time() - t, len(bad)))
        r["_tmp"].cleanup()


if __name__ == "__main__":
    main(sys.argv[1:])
