# Flash erases of the rarely written files (PL-23) and of the device log's
# boots on littlefs with the RP2040's geometry (lfs_blocks.CountingBlocks,
# as bench/workloads/flash_ops.py), on MicroPython's unix port:
#   MICROPYPATH=firmware:tests/portable:bench/workloads:sim/rp2 \
#     .venv/bin/micropython bench/workloads/rare_files_erases.py
# Prints erases per settings change (App.set_setting, then the press that
# leaves the entry screen: its routes saved in place), per press that only
# changes the routes, per Multisala record beaten (finish_game's save and
# the set_by mark after it, as the Multisala screens save it), and per boot
# of the device log (FlashLog: "boot", "resume", "info" held, then one
# release, as usher.device.runtime writes them) and per game's log lines
# ("game", "end"). Point MICROPYPATH's first entry at another firmware tree
# to compare.
import os
import sys

import vfs

from lfs_blocks import CountingBlocks


def _mount():
    dev = CountingBlocks()
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    try:
        vfs.umount("/flash")
    except OSError:
        pass
    vfs.mount(fs, "/flash")
    os.mkdir("/flash/data")
    return dev, "/flash/data"


def settings(n):
    dev, data = _mount()
    from usher.ui import settings as settings_ui
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    _buf, canvas = new_canvas()
    app = App(canvas, data, {"board": "test"})
    app.start()
    app.push(settings_ui.settings_menu(app))        # ui.json written
    e0 = dev.erases
    for i in range(n):
        app.set_setting("sleep_min", (1, 2, 5, 10)[i % 4])
        app.replace(settings_ui.settings_menu(app))
    change = dev.erases - e0
    e0 = dev.erases
    for _ in range(n):
        app.push(settings_ui.About(app))
        app.pop()
    press = dev.erases - e0
    return change, press


def record(n):
    dev, data = _mount()
    from usher.games.multisala import record as record_file
    path = data + "/multisala_record.json"
    final = {"players": 1, "phase": "over", "variant": False, "totals": [0]}
    record_file.finish_game(path, final)
    e0 = dev.erases
    for i in range(n):
        final["totals"] = [i + 1]
        rec, _beaten = record_file.finish_game(path, final)
        rec["set_by"] = i
        record_file.save(path, rec)
    return dev.erases - e0


def boots(n):
    dev, data = _mount()
    from usher.device.log import FlashLog
    os.mkdir(data + "/log")
    e0 = dev.erases
    for _ in range(n):
        log = FlashLog(data + "/log")
        log.hold()
        log.write("boot", {"board": "badger2040", "version": "0.1.0", "wake": False, "usb": False,
                           "image": "usher-badger2040", "runtime": "micropython"})
        log.write("resume", {"version": "0.1.0", "game": None, "seed": None, "actions": 0})
        log.write("info", {"heap_free": 150000, "at": "boot"})
        log.release()
    per_boot = dev.erases - e0
    e0 = dev.erases
    log = FlashLog(data + "/log")
    for i in range(n):
        log.write("game", {"game": "seatwars", "seed": 1000 + i, "options": {"players": 2}})
        log.write("end", {"game": "seatwars", "actions": 19, "seed": 1000 + i, "play": i + 1})
    return per_boot, dev.erases - e0


N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
change, press = settings(N)
print("settings changes %d erases %d per change %.3f" % (N, change, change / N))
print("route-only presses %d erases %d per press %.3f" % (N, press, press / N))
rec = record(N)
print("records beaten %d erases %d per record %.3f" % (N, rec, rec / N))
b, g = boots(N)
print("log boots %d erases %d per boot %.3f" % (N, b, b / N))
print("log games %d erases %d per game %.3f" % (N, g, g / N))
