# Flash operations of one UI session on littlefs with the RP2040's geometry,
# on MicroPython's unix port (bench/flash_ops.py runs it):
#   micropython bench/workloads/flash_ops.py SESSION
# The App's data folder and the device's flash log (usher.device.log, in
# data/log as on the device) live on a littlefs2 filesystem mounted as rp2's
# _boot.py mounts it: 352 blocks of 4096 bytes, progsize=256. The block
# device counts block erases and page programs; they are attributed to the
# file being saved (storage.save) or to the log (FlashLog.write) while those
# run. Prints one line "session events E erases N programs P bytes B
# actions A starts S" (A: the game actions, plays and undos) and
# one line per file: "file NAME saves S erases N bytes B" (NAME log-line:
# the log).
import os
import sys

import vfs

from lfs_blocks import CountingBlocks


def earlier_log(folder, nbytes=8192):
    """log0.jsonl as after some use of the board: nbytes of earlier boots'
    lines (usher.device.log's format)."""
    import json
    size = 0
    b = 0
    with open(folder + "/log0.jsonl", "w") as f:
        while size < nbytes:
            b += 1
            for n, (kind, d) in enumerate((("boot", {"board": "badger2040", "runtime": "micropython"}),
                                           ("resume", {"game": None, "actions": 0}),
                                           ("info", {"heap_free": 150000, "at": "boot"})), 1):
                line = json.dumps({"b": b, "n": n, "k": kind, "d": d}) + "\n"
                f.write(line)
                size += len(line)


def earlier_plays(data, n=49):
    """n finished games kept in the history (usher.ui.playlog), as on a
    board after some use: Seat Wars bot games of two seats, each kept by
    its end as the device keeps it (plays.jsonl, the newest records)."""
    import ui_sessions
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    _buf, canvas = new_canvas()
    app = App(canvas, data, {"board": "test"})
    app.start()
    for i in range(n):
        ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bob"], 1000 + i)


def main(name, janitor=False, used=False, plays=False):
    dev = CountingBlocks()
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    vfs.mount(fs, "/flash")
    data = "/flash/data"
    os.mkdir(data)
    os.mkdir(data + "/log")
    if used:
        earlier_log(data + "/log")
    if plays:
        earlier_plays(data)

    import mptest
    mptest.tmpdir = lambda: data
    import ui
    import ui_sessions
    from usher.core import storage
    from usher.device.log import FlashLog

    log = FlashLog(data + "/log")
    per_file = {}

    def counted(key, fn):
        def wrapped(*args, **kw):
            e, b = dev.erases, dev.bytes
            try:
                return fn(*args, **kw)
            finally:
                c = per_file.setdefault(key(*args), [0, 0, 0])
                c[0] += 1
                c[1] += dev.erases - e
                c[2] += dev.bytes - b
        return wrapped

    storage.save = counted(lambda path, obj: path.split("/")[-1], storage.save)
    # a game's base at a fold, a kept play's record: their JSON made into bytes first
    storage.save_json = counted(lambda path, data: path.split("/")[-1], storage.save_json)
    # the play history's index, written anew when a game is kept
    storage.write_lines = counted(lambda path, lines: path.split("/")[-1], storage.write_lines)
    # ... or, on littlefs, a line added at its end (PL-17)
    storage.append_line = counted(lambda path, obj: path.split("/")[-1], storage.append_line)
    # the running game's tail of newest actions (usher.core.gamefile, PL-17)
    from usher.core import gamefile
    gamefile._write = counted(lambda path, data: path.split("/")[-1], gamefile._write)
    # game actions: the plays and undos the App took (a press saves once for
    # all of its actions, App._flush)
    from usher.ui.app import App
    saves = [0, 0]
    app_play, app_undo = App.play, App.undo

    def play_counted(self, action):
        ok = app_play(self, action)
        saves[0] += 1 if ok else 0
        return ok

    def undo_counted(self):
        ok = app_undo(self)
        saves[0] += 1 if ok else 0
        return ok
    App.play = play_counted
    App.undo = undo_counted
    start_game = App.start_game

    def start_counted(self, *args):
        saves[1] += 1
        return start_game(self, *args)
    App.start_game = start_counted
    log.write = counted(lambda kind, d=None: "log-line", log.write)
    new_app = ui_sessions.new_app

    def app_with_log(*args):
        app = new_app(*args)
        app.services["log"] = log
        return app

    ui_sessions.new_app = app_with_log
    w = ui.Workload(name)
    w.step()                                # the App starts (boot)
    e0, p0, b0 = dev.erases, dev.programs, dev.bytes
    for c in per_file.values():
        c[0] = c[1] = c[2] = 0
    saves[0] = saves[1] = 0
    events = 0
    while w.step():
        events += 1
        if janitor:
            fs.gc()       # as the device after each picture (usher.device.runtime)
    print("session %s events %d erases %d programs %d bytes %d actions %d starts %d"
          % (name, events, dev.erases - e0, dev.programs - p0, dev.bytes - b0, saves[0],
             saves[1]))
    for key in sorted(per_file):
        c = per_file[key]
        if c[0]:
            print("file %s saves %d erases %d bytes %d" % (key, c[0], c[1], c[2]))


main(sys.argv[1], "--janitor" in sys.argv, "--used" in sys.argv, "--plays" in sys.argv)
