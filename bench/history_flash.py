"""Flash cost of the play history (docs/history.md): plays whole
games of each kind with their bots through the real App, keeps them with
usher.ui.playlog, and prints the bytes of each kept play's file and summary
line, the 4 KB flash blocks they take on the RP2040's littlefs, and the
history's worst case at the cap.
Usage: python bench/history_flash.py [games per kind, default 20]
       python bench/history_flash.py --erases [plays, default 130]
           the 4 KB erases of keeping plays one after the other on littlefs
           (RP2040 geometry, MicroPython's unix port): the history's index
           written anew per play, as on FAT, and added to at its end, as on
           littlefs (PL-17; bench/workloads/history_erases.py)"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from usher import games  # noqa: E402
from usher.core import rng  # noqa: E402
from usher.ui import playlog, seats  # noqa: E402
from usher.ui.app import App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402

BLOCK = 4096         # the RP2040 MicroPython littlefs block
FILESYSTEM = 1408 * 1024
KINDS = (("takeaseat solo", "takeaseat", {"mode": "solo"}, 1),
         ("takeaseat 4p", "takeaseat", {"mode": "multi", "players": 4}, 4),
         ("theatre 4p", "theatre", {"players": 4}, 4),
         ("multisala solo", "multisala", {"players": 1}, 1),
         ("multisala 5p", "multisala", {"players": 5, "variant": True}, 5),
         ("seatwars 4p", "seatwars", {"players": 4}, 4))
NAMES = ["WWWWWWWWWW", "MMMMMMMMMM", "Maximilian", "Wolfgang-W", "Annabella"]


def blocks(n):
    return (n + BLOCK - 1) // BLOCK


def main(argv):
    per = int(argv[1]) if len(argv) > 1 else 20
    worst_file = 0
    worst_line = 0
    print("%-16s %6s %8s %8s %8s %7s" % ("kind", "plays", "file avg", "file max", "line max",
                                         "blocks"))
    for label, gid, options, n in KINDS:
        sizes = []
        lines = []
        for seed in range(1, per + 1):
            with tempfile.TemporaryDirectory() as d:
                buf, canvas = new_canvas()
                app = App(canvas, d, {"date": lambda: (2026, 12, 1, 20, 0, 0)})
                app.start()
                app.start_game(gid, seats.with_names(gid, options, NAMES[:n]), seed)
                bot = games.bot(gid)
                brng = rng.new_state(seed ^ 0x5A5A)
                while True:
                    a = bot.next_action(app.state, brng)
                    if a is None:
                        break
                    app.play(a)
                app.end_game()
                sizes.append(os.path.getsize(playlog.play_path(d, 1)))
                lines.append(os.path.getsize(playlog.index_path(d)))
        worst_file = max(worst_file, max(sizes))
        worst_line = max(worst_line, max(lines))
        print("%-16s %6d %8d %8d %8d %7d" % (label, per, sum(sizes) // len(sizes), max(sizes),
                                             max(lines), blocks(max(sizes))))
    cap, acap = playlog.CAP, playlog.ACTIONS_CAP
    index = (cap + playlog.SLACK) * worst_line
    # plays.jsonl and its .bak at cap + SLACK lines (littlefs), a rewrite's .tmp at cap
    lines_kb = (2 * blocks(index) + blocks(cap * worst_line)) * BLOCK // 1024
    files_kb = acap * blocks(worst_file) * BLOCK // 1024
    total = lines_kb + files_kb
    print("per kept play: its line, at most %d bytes, in plays.jsonl (and in its .bak); for the "
          "newest %d plays also their record, at most %d bytes = %d block(s) of 4 KB"
          % (worst_line, acap, worst_file, blocks(worst_file)))
    print("at the caps (%d lines, %d more on littlefs, %d records): lines at most %d KB (plays.jsonl, "
          ".bak and a rewrite's .tmp), records at most %d KB: %d KB, %d%% of the %d KB filesystem"
          % (cap, playlog.SLACK, acap, lines_kb, files_kb, total, total * 100 * 1024 // FILESYSTEM,
             FILESYSTEM // 1024))


def erases(argv):
    plays = int(argv[0]) if argv else 130
    env = dict(os.environ, MICROPYPATH="firmware:bench/workloads:sim/rp2")
    p = subprocess.run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=16M",
                        "bench/workloads/history_erases.py", str(plays)],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("history_erases.py failed:\n%s%s" % (p.stdout, p.stderr))
    print("Erases of keeping %d plays on littlefs (RP2040 geometry, unix port), 3-player Seat Wars "
          "lines of about 400 bytes" % plays)
    print("%-34s %8s %14s %16s" % ("the history's index", "erases", "per play 1-50", "per play after"))
    labels = {"anew": "written anew per play (FAT's way)", "append": "added to at its end (littlefs)"}
    for line in p.stdout.split("\n"):
        f = line.split()
        if len(f) == 10 and f[0] == "way":
            after = max(1, plays - 50)
            print("%-34s %8s %14.2f %16.2f" % (labels[f[1]], f[5], int(f[7]) / 50.0, int(f[9]) / after))


if __name__ == "__main__":
    if "--erases" in sys.argv:
        erases(sys.argv[sys.argv.index("--erases") + 1:])
    else:
        main(sys.argv)
