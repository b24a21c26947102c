"""Flash erases and page programs per UI session on littlefs with the
RP2040's geometry (352 blocks of 4096 bytes, progsize=256, as rp2's _boot.py
mounts it), on MicroPython's unix port in a few seconds: the App's saves and
the device's flash log of the four games' scripted sessions, per file. On
the chip a block erase stalls the core about 45 ms (W25Q16JV, as
sim/rp2/board.mjs times it), so erases are most of what a save costs
(bench/rp2_profile.py --phases).

  python bench/flash_ops.py              the four sessions
  python bench/flash_ops.py multisala_solo
  python bench/flash_ops.py --janitor    on the frozen 32-bit unix build (make
                                         firmware-unix32), whose littlefs has gc()
                                         (tools/lfs_janitor.py), called after every
                                         event as the device does after each picture:
                                         the erases column counts gc()'s as well
  python bench/flash_ops.py --used       the log starts as a board's after some
                                         use: log0.jsonl holds 8 KB of earlier
                                         lines (on a fresh board it is small
                                         enough for littlefs to keep inline)
  python bench/flash_ops.py --plays      the history starts with 49 kept plays (Seat
                                         Wars bot games): a game's end then writes
                                         the history's index anew past the inline
                                         limit (with --used: both)

Events are the sessions' button events after the App's start (a held
button's repeats count one each), not the script tokens bench/rp2.py calls
presses. The filesystem starts empty and the log is usher.device.log's
FlashLog in data/log, as on the device; the counts do not depend on timing.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
FROZEN_MICROPYTHON = os.path.join(ROOT, "build", "firmware", "unix32", "micropython")
SESSIONS = ("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game")


def run(name, janitor=False, used=False, plays=False):
    env = dict(os.environ, MICROPYPATH="firmware:tests/portable:bench/workloads:sim/rp2")
    cmd = [MICROPYTHON, "-X", "heapsize=8M", "bench/workloads/flash_ops.py", name]
    if janitor:
        cmd[0] = FROZEN_MICROPYTHON
        cmd.append("--janitor")
    if used:
        cmd.append("--used")
    if plays:
        cmd.append("--plays")
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("%s failed:\n%s%s" % (name, p.stdout, p.stderr))
    head = p.stdout.split("\n")[0].split()
    files = [line.split() for line in p.stdout.split("\n")[1:] if line.startswith("file ")]
    return {"events": int(head[3]), "erases": int(head[5]), "programs": int(head[7]),
            "bytes": int(head[9]), "actions": int(head[11]),
            "files": [(f[1], int(f[3]), int(f[5]), int(f[7])) for f in files]}


def main(argv):
    janitor = "--janitor" in argv
    used = "--used" in argv
    plays = "--plays" in argv
    names = [a for a in argv if a not in ("--janitor", "--used", "--plays")] or SESSIONS
    if janitor and not os.path.exists(FROZEN_MICROPYTHON):
        raise SystemExit("no %s: run `make firmware-unix32`" % FROZEN_MICROPYTHON)
    print("Flash operations per session (littlefs, RP2040 geometry, unix port%s%s%s)"
          % (", gc() after every event" if janitor else "",
             ", a log of 8 KB from earlier use" if used else "",
             ", 49 kept plays" if plays else ""))
    print("%-16s %6s %7s %8s %9s %14s" % ("session", "events", "erases", "programs", "KB written",
                                          "erases/event"))
    details = []
    actions_of = {}
    for name in names:
        r = run(name, janitor, used, plays)
        actions_of[name] = r["actions"]
        print("%-16s %6d %7d %8d %9.1f %14.2f" % (name, r["events"], r["erases"], r["programs"],
                                                  r["bytes"] / 1024.0, r["erases"] / max(1, r["events"])))
        details.append((name, r["files"]))
    print()
    print("Per game action (plays and undos): the erases of the running game's files (game.json,")
    print("game.tail) and of the log's lines, the game's start and end included")
    print("%-16s %7s %7s %14s" % ("session", "actions", "erases", "erases/action"))
    for name, files in details:
        actions = actions_of[name]
        e = sum(f[2] for f in files if f[0].startswith("game.") or f[0] == "log-line")
        print("%-16s %7d %7d %14.2f" % (name, actions, e, e / max(1, actions)))
    print()
    print("%-16s %-24s %6s %7s %9s" % ("session", "file", "saves", "erases", "KB written"))
    for name, files in details:
        for f, saves, erases, nbytes in files:
            print("%-16s %-24s %6d %7d %9.1f" % (name, f, saves, erases, nbytes / 1024.0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
