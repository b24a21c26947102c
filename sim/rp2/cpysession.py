"""Scripted game sessions on the emulated Badger 2040 running the
CircuitPython image (sim/rp2/circuitpython.*) with Usher's CIRCUITPY drive
(`make circuitpython`: code.py, boot.py, lib/): the same button tokens and
steps as the MicroPython image's sessions (sim/rp2/run.mjs), the panel's
pictures compared with the simulator's frames, the log and the saved game
read back from the FAT drive on the flash.

Used by tests/circuitpython/test_cpy_games.py and bench/circuitpython.py.
"""
import json
import os

import sim.rp2 as rp2
import sim.rp2.circuitpython as cpy
from sim.rp2 import run_job


def play(script, vbus=True, battery_mv=2900, settings=None, flash=None, extra_steps=(),
         boot_hold=(), trace=False, files=None, usb=False, heap=False, sample=None):
    """Boot the CircuitPython image (with the USB host attached when usb) and play the
    script. settings: data/device.json; trace: the free heap at boot and at
    each game's end into the log (usher.device.trace.heap_trace, see
    heap_figures); sample=N: the PC sampled every N cycles of computing
    (bench/rp2_profile.py --circuitpython)."""
    import tempfile
    tmp = tempfile.TemporaryDirectory()
    drive_files = dict(files or {})
    settings = dict(settings or {})
    if trace:
        settings["trace"] = True
    if settings:
        drive_files["data/device.json"] = json.dumps(settings)
    drive = None
    if not flash:
        drive = cpy.make_drive(os.path.join(tmp.name, "drive.img"), cpy.drive_folder(), drive_files)
    flash_out = os.path.join(tmp.name, "flash.bin")
    steps = [{"boot": {"hold": list(boot_hold)}}] + rp2.script_steps(script) + list(extra_steps)
    job = cpy.job(steps, drive=drive, flash=flash, flash_out=flash_out, vbus=vbus,
                  battery_mv=battery_mv, usb=usb)
    job["bootrom"] = rp2.bootrom_path()
    if heap:
        job["heap"] = rp2.heap_symbols(cpy.image()[1])
    if sample:
        job["sample"] = {"every_cycles": sample}
    result = run_job(job)
    result["elf"] = cpy.image()[1]
    out = cpy.drive_from_flash(flash_out, os.path.join(tmp.name, "drive-out.img"))
    files_dir = os.path.join(tmp.name, "files")
    cpy.read_drive(out, files_dir)
    result["files"] = files_dir
    result["flash_path"] = flash_out
    result["_tmp"] = tmp
    return result


def play_cut(tokens, press, op, fraction=0.5):
    """Play tokens on a fresh drive, then tap press and cut the power inside
    the op-th flash operation (erase or program) it causes, at fraction of
    it; then boot again from the flash as the cut left it (sim/rp2/run.mjs,
    cut_on_program). op 0: no cut (the files before the press). Returns the
    result with "files" (the drive at the end) as play() does."""
    import tempfile
    tmp = tempfile.TemporaryDirectory()
    drive = cpy.make_drive(os.path.join(tmp.name, "drive.img"), cpy.drive_folder(), {})
    flash_out = os.path.join(tmp.name, "flash.bin")
    steps = [{"boot": {}}] + rp2.script_steps(",".join(tokens))
    if op:
        steps += [{"cut_on_program": op, "press": press, "fraction": fraction}, {"boot": {}}]
    job = cpy.job(steps, drive=drive, flash_out=flash_out)
    job["bootrom"] = rp2.bootrom_path()
    job["continue_after_cut"] = True
    result = run_job(job)
    out = cpy.drive_from_flash(flash_out, os.path.join(tmp.name, "drive-out.img"))
    files_dir = os.path.join(tmp.name, "files")
    cpy.read_drive(out, files_dir)
    result["files"] = files_dir
    result["_tmp"] = tmp
    return result


def log(result):
    return rp2.read_log(os.path.join(result["files"], "data"))


def check(result, script, outcome=None):
    """The simulator's frames for the script with the device's seeds, and
    the list of steps whose picture differs (rp2.compare_session); outcome
    (a dict), when given, gets where the script left the simulator's game
    (rp2.sim_frames)."""
    seeds = rp2.seeds_from_log(log(result))
    frames = rp2.sim_frames(script, seeds, board="badger2040", outcome=outcome)
    return frames, rp2.compare_session(result, frames, "badger2040")


def heap_figures(entries):
    """(free heap at boot, at the last game end) from a log written with
    "trace" (usher.device.trace.heap_trace); None where missing."""
    boot = end = None
    for e in entries:
        d = e.get("d")
        if e.get("k") == "info" and type(d) is dict and "heap_free" in d:
            if d.get("at") == "boot" and boot is None:
                boot = d["heap_free"]
            elif d.get("at") == "end":
                end = d["heap_free"]
    return boot, end


TURBO_BUSY_MS = 500      # a refresh with a shorter BUSY had the turbo waveform (260 ms; fast 930)


def panel_waits(result, turbo=None):
    """Per press: ms from the press until the last refresh it caused has
    finished (its BUSY over), i.e. until the new picture stands on the
    panel; presses without a refresh are left out. turbo=True: only the
    presses whose every refresh had the turbo waveform (PL-18: a window;
    CircuitPython refreshes the whole panel, so the waveform is told by its
    BUSY time), turbo=False: the others."""
    waits = []
    steps = result["steps"]
    for prev, s in zip(steps, steps[1:]):
        if not s.get("token") or s["token"].lower() == "restart" or not s["refreshes"]:
            continue
        if turbo is not None:
            quick = all(f["busy_ms"] < TURBO_BUSY_MS for f in s["refreshes"])
            if quick != turbo:
                continue
        last = s["refreshes"][-1]
        waits.append(last["t_ms"] + last["busy_ms"] - prev["t_ms"])
    return waits


# --- a game's ending from a saved game ---------------------------------------------------
def saved_game(script, board="badger2040"):
    """The desktop simulator (sim.session, the same App, engines and
    screens) plays script from a fresh data folder; returns (files, seeds):
    every file it wrote there as {"data/NAME": bytes} (game.json, ui.json
    and their .bak, history/... : the files the device keeps in /data on
    CIRCUITPY, usher.device.runtime.DATA_DIR) and the seeds of the games it
    started, in order."""
    with rp2.SIM_LOCK:
        return _saved_game(script, board)


def _saved_game(script, board):
    import tempfile
    from sim.session import Session, parse_script
    seeds = []
    with tempfile.TemporaryDirectory() as data:
        s = Session(data)
        s.services["board"] = board

        def patch(app):
            own = app.new_seed

            def new_seed():
                seed = own()
                seeds.append(seed)
                return seed
            app.new_seed = new_seed
        s.start()
        patch(s.app)
        for _tok, events in parse_script(script):
            s.step(events)
            if events == ["restart"]:
                patch(s.app)
        files = {}
        for folder, _dirs, names in os.walk(data):
            for n in sorted(names):
                path = os.path.join(folder, n)
                with open(path, "rb") as f:
                    files["data/" + os.path.relpath(path, data).replace(os.sep, "/")] = f.read()
    return files, seeds


def script_tokens(script):
    return [t.strip() for t in script.replace("\n", ",").split(",") if t.strip()]


def with_restart(tokens, at):
    """tokens with a restart (a reset that resumes the game from the drive)
    put in after `at` of them, unless they hold one already."""
    if any(t.lower() == "restart" for t in tokens):
        return list(tokens)
    return tokens[:at] + ["restart"] + tokens[at:]


def ending_script(script, keep, restart_after=None):
    """(tokens before, tokens played on the device) of a session's script:
    its last keep tokens; when those hold no restart, one is put in after
    restart_after of them."""
    tokens = script_tokens(script)
    head, tail = tokens[:-keep], tokens[-keep:]
    if restart_after is not None:
        tail = with_restart(tail, restart_after)
    return head, tail


def play_ending(script, keep, restart_after=None, tamper=None, **kw):
    """A game's ending on the emulated chip: the simulator plays the script
    up to its last keep tokens and saves; those files go on the CIRCUITPY
    drive; the chip boots, resumes, and plays the rest (ending_script). The
    pictures are compared with the simulator's frames for the whole script
    (the restart put in included): the boot's with the frame where the
    saved game stops, then one per token. tamper(files) may change the
    saved files first (to show that a wrong start is caught).
    Returns (result, bad, head, tail) as check does."""
    head, tail = ending_script(script, keep, restart_after)
    files, seeds = saved_game(",".join(head))
    if tamper:
        tamper(files)
    r = play(",".join(tail), files=files, **kw)
    frames = rp2.sim_frames(",".join(head + tail), seeds + rp2.seeds_from_log(log(r)),
                            board="badger2040")
    split = len(head)
    ref = [("resume", frames[split][1], 1)] + frames[split + 1:]
    return r, rp2.compare_session(r, ref, "badger2040"), head, tail
