"""The emulated board (PL-16) from Python: jobs for sim/rp2/run.mjs (Node,
rp2040js), filesystem images, panel pictures and the simulator's frames for
the same script.

Paths come from the environment:
  USHER_BOOTROM       the RP2040 B1 bootrom (default ../shared/vendor/rp2040-bootrom-b1.bin
                      beside the repository, or one folder further up; rp2040js's
                      repository carries the same ROM in demo/bootrom.ts); it is never
                      copied into the project
  USHER_FIRMWARE_DIR  the images of `make firmware` (default build/firmware)
"""
import json
import os
import subprocess
import sys
import tempfile

from sim.session import ROOT, Session, parse_script

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH = 296
HEIGHT = 128
PAGES = 16
FS_OFFSET = 0xA0000
FS_BYTES = 352 * 4096
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

IMAGES = {
    "badger2040": "usher-badger2040",
    "pico_epaper29": "usher-pico-waveshare",
    "stock": "micropython-rpi-pico-stock",
}


class EmulatorError(Exception):
    pass


def bootrom_path():
    if os.environ.get("USHER_BOOTROM"):
        return os.environ["USHER_BOOTROM"]
    # ../shared/vendor beside the repository (CI); a worktree one level deeper also finds it
    up = os.path.dirname(ROOT)
    for base in (up, os.path.dirname(up)):
        p = os.path.join(base, "shared", "vendor", "rp2040-bootrom-b1.bin")
        if os.path.exists(p):
            return p
    return os.path.join(up, "shared", "vendor", "rp2040-bootrom-b1.bin")


def firmware_dir():
    return os.environ.get("USHER_FIRMWARE_DIR") or os.path.join(ROOT, "build", "firmware")


def image(name):
    """(bin path, elf path or None) of one image of `make firmware`. The ELF
    (for the heap figures) sits beside the .bin or in the build folders
    under build/firmware/work/, where the one whose firmware.bin equals the
    image is taken."""
    base = os.path.join(firmware_dir(), IMAGES[name])
    binary = base + ".bin"
    elf = base + ".elf"
    if os.path.exists(elf):
        return binary, elf
    if os.path.exists(binary):
        import glob
        with open(binary, "rb") as f:
            want = f.read()
        for cand in sorted(glob.glob(os.path.join(firmware_dir(), "work", "**", "firmware.bin"),
                                     recursive=True)):
            with open(cand, "rb") as f:
                if f.read() == want and os.path.exists(cand[:-4] + ".elf"):
                    return binary, cand[:-4] + ".elf"
    return binary, None


def session_script(name):
    """A scripted session of tests/portable/ui_session_*.py by name."""
    import importlib.util
    folder = os.path.join(ROOT, "tests", "portable")
    for fn in sorted(os.listdir(folder)):
        if fn.startswith("ui_session_") and fn.endswith(".py"):
            spec = importlib.util.spec_from_file_location(fn[:-3], os.path.join(folder, fn))
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            scripts = dict(mod.SESSIONS)
            if name in scripts:
                return scripts[name]
    raise KeyError(name)


def saved_phase(files):
    """The phase of the game a run left in files/data/game.json, replayed
    with the firmware's engines (None: no saved game). A session that stops
    on its result screen logs no "end"; its finished game replays to "over"."""
    from usher import games
    from usher.core import game
    path = os.path.join(files, "data", "game.json")
    if not os.path.exists(path):
        return None
    from usher.core import gamefile
    record = gamefile.GameFile(path).load()[0]       # base + tail on littlefs (PL-17)
    if record is None:
        return None
    return game.replay(games.engine(record["game"]), record).get("phase")


def heap_symbols(elf):
    """Addresses the bench follows the GC by: mp_state_ctx, gc_collect_start
    and gc_collect_end, read with arm-none-eabi-nm."""
    if not elf:
        return None
    try:
        out = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    want = {"mp_state_ctx": "state", "gc_collect_start": "collect_start", "gc_collect_end": "collect_end"}
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in want:
            found[want[parts[2]]] = int(parts[0], 16)
    return found if len(found) == 3 else None


# --- filesystem images (MicroPython's own littlefs, on the unix port) --------
def _fsimage(*args, capture=True):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=24M", os.path.join(HERE, "fsimage.py")] + list(args),
                       capture_output=capture)
    return r


def make_fs(path, specs):
    """A filesystem image at path holding SRC=DEST specs (files or trees)."""
    r = _fsimage("make", path, *specs)
    if r.returncode:
        raise EmulatorError("fsimage make: %s" % (r.stdout + r.stderr).decode(errors="replace"))
    return path


def fs_from_flash(flash_path, out_path):
    with open(flash_path, "rb") as f:
        f.seek(FS_OFFSET)
        data = f.read(FS_BYTES)
    with open(out_path, "wb") as f:
        f.write(data)
    return out_path


def extract_flash(flash_path, dest):
    """Every file of a flash dump's filesystem under dest."""
    with tempfile.TemporaryDirectory() as tmp:
        img = fs_from_flash(flash_path, os.path.join(tmp, "fs.img"))
        r = _fsimage("extract", img, dest)
        if r.returncode:
            raise EmulatorError("the filesystem does not mount: %s" % r.stderr.decode(errors="replace"))
    return dest


def firmware_files(stock=False, tmp=None):
    """Specs for the filesystem: main.py, and with a stock image the
    firmware as .mpy files compiled for armv6m (PL-1's path)."""
    specs = [os.path.join(ROOT, "firmware", "main.py") + "=/main.py"]
    if stock:
        sys.path.insert(0, os.path.join(ROOT, "host_tools"))
        from usher_host.build import compile_all
        out = os.path.join(tmp, "mpy")
        compiled, failures = compile_all(os.path.join(ROOT, "firmware"), out, "armv6m")
        if failures:
            raise EmulatorError("mpy-cross failed: %r" % (failures,))
        specs = [os.path.join(out, "usher") + "=/lib/usher"] + specs
    return specs


def device_settings(tmp, settings):
    path = os.path.join(tmp, "device.json")
    with open(path, "w") as f:
        json.dump(settings, f)
    return path + "=/data/device.json"


# --- running ---------------------------------------------------------------------
def run_job(job, timeout=None):
    """Run one job (see sim/rp2/run.mjs) and return its result. The wall-time
    limit is $USHER_RP2_TIMEOUT seconds (default 3600: a whole session takes
    minutes alone and far longer on a machine shared with builds)."""
    if timeout is None:
        timeout = int(os.environ.get("USHER_RP2_TIMEOUT") or 3600)
    job = dict(job)
    job.setdefault("bootrom", bootrom_path())
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
        path = f.name
    try:
        r = subprocess.run(["node", os.path.join(HERE, "run.mjs"), path], capture_output=True, text=True,
                           timeout=timeout, cwd=ROOT)
    finally:
        os.unlink(path)
    if r.returncode:
        raise EmulatorError("emulator failed (%d): %s" % (r.returncode, r.stderr[-4000:]))
    return json.loads(r.stdout)


def run_panel_bus(jobs, timeout=120):
    """Run panel-bus jobs (sim/rp2/panel_bus.mjs: one panel model driven by
    raw command sequences, no chip) and return their results in order."""
    r = subprocess.run(["node", os.path.join(HERE, "panel_bus.mjs"), "-"], input=json.dumps(list(jobs)),
                       capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    if r.returncode:
        raise EmulatorError("panel bus failed (%d): %s" % (r.returncode, r.stderr[-4000:]))
    return json.loads(r.stdout)


def script_steps(script):
    """Script tokens -> job steps ("restart" resets the chip)."""
    steps = []
    for tok, _ in parse_script(script):
        if tok.lower() == "restart":
            steps.append({"restart": True, "token": tok})
        elif tok.lower() == "sleep":
            raise ValueError("'sleep' is the idle power-off on the device: use until_off")
        else:
            steps.append({"token": tok})
    return steps


# --- pictures ----------------------------------------------------------------------
def picture_canvas(picture, profile):
    """Panel picture (hex, controller layout, 1 = white) -> canvas bytes
    (296x128 MONO_HLSB, 1 = black), so it compares with the simulator's
    frame. UC8151 (Badger): byte x*16 + y//8, MSB = smallest y. SSD1680
    (Waveshare landscape): the line starts at y = 127, MSB first."""
    data = bytes.fromhex(picture) if isinstance(picture, str) else picture
    flip = profile == "pico_epaper29"
    out = bytearray(WIDTH * HEIGHT // 8)
    for x in range(WIDTH):
        line = data[x * PAGES:(x + 1) * PAGES]
        for s in range(HEIGHT):
            if line[s >> 3] & (0x80 >> (s & 7)):
                continue                        # white
            y = (HEIGHT - 1 - s) if flip else s
            out[(y * WIDTH + x) >> 3] |= 0x80 >> (x & 7)
    return bytes(out)


def diff_count(a, b):
    n = 0
    for x, y in zip(a, b):
        n += bin(x ^ y).count("1")
    return n


def save_picture_png(picture, profile, path, scale=2):
    from sim.frames import save_png
    save_png(picture_canvas(picture, profile), path, scale)


# --- the simulator's frames for the same script --------------------------------------
def read_log(data_dir):
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from usher.device import log as devlog
    return devlog.read_all(os.path.join(data_dir, "log"))


def seeds_from_log(entries):
    return [e["d"]["seed"] for e in entries if e.get("k") == "game"]


def sim_frames(script, seeds=(), board="simulator", battery=None, start_files=None):
    """The simulator's canvas after the start and after each script token,
    with the device's seeds (taken from its log) given to the new games in
    order, and the refresh requests of each token."""
    seeds = list(seeds)
    with tempfile.TemporaryDirectory() as data:
        for name, text in (start_files or {}).items():
            with open(os.path.join(data, name), "w") as f:
                f.write(text)
        s = Session(data, battery=battery)
        s.services["board"] = board
        frames = []
        s.start()

        def patch(app):
            def new_seed():
                app.ui["next_seed"] = app.ui.get("next_seed", 1) + 1
                if not seeds:
                    raise AssertionError("the simulator started more games than the device logged")
                return seeds.pop(0)
            app.new_seed = new_seed
        patch(s.app)
        frames.append(("start", bytes(s.buf), 1))
        for tok, events in parse_script(script):
            reqs = s.step(events)
            if events == ["restart"]:
                patch(s.app)
            frames.append((tok, bytes(s.buf), len(reqs)))
        return frames


def compare_session(result, frames, profile):
    """Pairs each device step with the simulator's frame: a list of
    (index, token, differing pixels, device refreshes, simulator requests)
    for every mismatch (pixels, or a refresh on one side only)."""
    bad = []
    steps = result["steps"]
    if len(steps) != len(frames):
        bad.append((-1, "steps", len(steps), len(frames), 0))
        return bad
    for i, (st, (tok, frame, nreq)) in enumerate(zip(steps, frames)):
        d = diff_count(picture_canvas(st["picture"], profile), frame)
        nref = len(st["refreshes"])
        if d or (nref > 0) != (nreq > 0):
            bad.append((i, tok, d, nref, nreq))
    return bad


def ui_settings_file(tmp, ui_settings):
    """ui.json with the App's settings (Settings' entries) and the launcher."""
    path = os.path.join(tmp, "ui.json")
    with open(path, "w") as f:
        json.dump({"routes": ["launcher"], "next_seed": 1, "settings": ui_settings}, f)
    return path + "=/data/ui.json"


def play(script, profile="badger2040", stock=False, vbus=True, battery_mv=2900, heap=False,
         settings=None, flash=None, flash_out=None, extra_steps=(), boot_hold=(), sample=None,
         trace=False, ui_settings=None):
    """Boot the image and play a script on the emulated board. Returns
    (result, data folder contents extracted from the flash at the end as a
    TemporaryDirectory). sample=N samples the PC every N cycles; trace=True
    turns on the firmware's phase counters (device.json "trace") and reads
    them after every step; ui_settings: the App's settings in ui.json (e.g.
    {"refresh": "fast"})."""
    name = "stock" if stock else profile
    binary, elf = image(name)
    if not os.path.exists(binary):
        raise EmulatorError("no firmware image %s: run `make firmware`" % binary)
    tmp = tempfile.TemporaryDirectory()
    specs = firmware_files(stock, tmp.name)
    if settings is None and profile != "badger2040":
        settings = {"board": profile}
    if trace:
        settings = dict(settings or {}, trace=True)
    if settings:
        specs.append(device_settings(tmp.name, settings))
    if ui_settings:
        specs.append(ui_settings_file(tmp.name, ui_settings))
    job = {"firmware": binary, "profile": profile, "vbus": vbus, "battery_mv": battery_mv,
           "flash_out": flash_out or os.path.join(tmp.name, "flash.bin"),
           "steps": [{"boot": {"hold": list(boot_hold)}}] + script_steps(script) + list(extra_steps)}
    if flash:
        job["flash"] = flash
    else:
        job["fs"] = make_fs(os.path.join(tmp.name, "fs.img"), specs)
    if heap:
        job["heap"] = heap_symbols(elf)
        if heap == "census" and job["heap"]:
            job["heap"]["census"] = True   # live objects by type at the peak (bench/rp2_profile.py)
    if sample:
        job["sample"] = {"every_cycles": sample}   # PC samples (bench/rp2_profile.py)
    if trace:
        job["trace"] = True
    result = run_job(job)
    result["elf"] = elf
    files = os.path.join(tmp.name, "files")
    extract_flash(job["flash_out"], files)
    result["flash_path"] = job["flash_out"]
    result["files"] = files
    result["_tmp"] = tmp
    return result


# --- power cuts (PL-8) -------------------------------------------------------------------
def acknowledged(entries):
    """The running game's actions as the log acknowledged them (the App logs
    an action after saving it, PL-8), undos applied; None when no game runs.
    A cut between an action's save and its log line leaves an action the
    log never names: the next boot's "resume" entry gives the saved count,
    and such actions stand as None (a game whose "game" line was torn
    starts at its first resume). A resume with fewer actions than were
    acknowledged is a lost action: the list is then returned with the
    marker LOST at its end, which no saved game matches."""
    acts = None
    for e in entries:
        k = e.get("k")
        d = e.get("d")
        if k == "game":
            acts = []
        elif k == "action" and acts is not None:
            acts.append(d)
        elif k == "undo" and acts is not None:
            del acts[d["actions"]:]
        elif k == "end":
            acts = None
        elif k == "resume" and acts is None and type(d) is dict and d.get("game") is not None \
                and type(d.get("actions")) is int:
            # a game whose "game" line a cut tore (saved first, logged
            # second): the boot came back to it with this many actions,
            # which must stay
            acts = [None] * d["actions"]
        elif k == "resume" and acts is not None and type(d) is dict:
            n = d.get("actions", 0)
            if d.get("game") is None or n < len(acts):
                return acts + [LOST]
            acts.extend([None] * (n - len(acts)))
    return acts


LOST = {"lost": "an acknowledged action is missing after a boot"}


def kept_all(acked, saved):
    """Every acknowledged action is in the saved game in its place, and at
    most the one in flight was added."""
    if acked is None:
        return True
    if saved is None or len(saved) < len(acked) or len(saved) > len(acked) + 1:
        return False
    return all(a is None or a == b for a, b in zip(acked, saved))


def stream_job(job, stop=None):
    """Run a job with "stream" on (sim/rp2/run.mjs) and yield each step's
    entry as the emulator finishes it, then {"summary": ...}. stop: a
    callable checked every half second; when it returns true the emulator
    is ended (its process, by id) and the generator returns."""
    import queue
    import threading
    job = dict(job, stream=True)
    job.setdefault("bootrom", bootrom_path())
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
        path = f.name
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(["node", os.path.join(HERE, "run.mjs"), path], stdout=subprocess.PIPE,
                            stderr=err, text=True, cwd=ROOT)
    lines = queue.Queue()

    def read():
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while True:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                if stop and stop():
                    return
                continue
            if line is None:
                break
            yield json.loads(line)
            if stop and stop():
                return
        if proc.wait() and not (stop and stop()):
            err.seek(0)
            raise EmulatorError("emulator failed (%d): %s"
                                % (proc.returncode, err.read()[-4000:].decode(errors="replace")))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        err.close()
        os.unlink(path)


def _saved_game(dump, folder):
    """(log entries or None when the filesystem does not mount, (source,
    saved actions)) of a filesystem dump."""
    from usher.core import storage
    r = _fsimage("extract", dump, folder)
    if r.returncode:
        return None, ("unmountable", None)
    log = read_log(os.path.join(folder, "data"))
    from usher.core import gamefile
    try:
        # the base and the tail of its newest actions (usher.core.gamefile, PL-17)
        rec, source, _problems = gamefile.GameFile(os.path.join(folder, "data", "game.json")).load()
    except storage.StorageError:
        rec, source = None, "corrupt"
    return log, (source, rec["actions"] if rec else None)


def power_cut_campaign(n, seed=16, session="multisala_solo", start=8, on_cut=None, stop=None,
                       between=(0, 2), time_share=0.25, limit_ms=3000, presses=6):
    """Play a session and cut the power n times, in one emulator run: after
    `start` tokens, each round plays between[0]-between[1] tokens, then
    presses the next one and cuts the power at a random moment of it
    (time_share of the rounds), or presses the next `presses` in turn and
    cuts in the middle of the K-th flash program or erase they make (K of
    1-4, at a random fraction of it; a press that makes fewer passes on to
    the next; when all are done and quiet without it: "cut-late"), dumps the filesystem and boots
    from the flash as the cut left it, so each cut costs one boot and a few
    presses. Returns (one record per cut, the emulator's summary): where it
    fell, whether the next boot showed a picture, the saved game's source,
    whether every acknowledged action was kept (and at most the one in
    flight added) and whether the next boot logged an error (None when the
    run stopped before a later dump could tell). The emulator streams its
    steps, so each cut is checked, and given to on_cut(record), as soon as
    the dump after its boot is in; stop() (checked as steps come in) ends
    the run early with the cuts checked so far."""
    import random
    script = [t for t in session_script(session).split(",") if t.strip()]
    rng = random.Random(seed)
    binary, _ = image("badger2040")
    tmp = tempfile.TemporaryDirectory()
    steps = [{"boot": {}}] + script_steps(",".join(script[:start]))
    pos = start
    plan = []
    for i in range(n):
        for _ in range(rng.randrange(between[0], between[1] + 1)):
            tok = script[pos % len(script)]
            pos += 1
            steps += script_steps("C" if tok == "A" else tok)

        def button():
            nonlocal pos
            tok = script[pos % len(script)]
            pos += 1
            tok = tok.split("*")[0].rstrip("~")
            # A (here and above) opens the game's action list and only A
            # leaves it (B there is undo): once a cut has put the walk off the
            # script, the script's A presses would strand it in that list,
            # where nothing is saved, so the walk presses C for A.
            return "C" if tok.lower() in ("restart", "a") else tok
        if rng.random() < time_share:
            cut = {"press": button(), "cut_ms": rng.randrange(40, 1500)}
        else:
            # the next presses of the script in turn until the K-th flash
            # operation comes (one that saves nothing passes it on)
            cut = {"press": [button() for _ in range(presses)], "cut_on_program": 1 + rng.randrange(0, 4),
                   "fraction": rng.random(), "limit_ms": limit_ms}
        dump = os.path.join(tmp.name, "cut%03d.img" % i)
        plan.append((len(steps), dump))
        steps += [cut, {"dump": dump}, {"boot": {}}]
    final = os.path.join(tmp.name, "final.img")
    steps.append({"dump": final})
    # The campaign's board logs every action (device.json "log_actions", as
    # littlefs otherwise derives them from the saves, PL-17): its log is the
    # record of what the screen acknowledged.
    fs_img = make_fs(os.path.join(tmp.name, "fs.img"), firmware_files(False, tmp.name)
                     + [device_settings(tmp.name, {"log_actions": True})])
    dump_at = {idx + 1: i for i, (idx, _) in enumerate(plan)}     # dump step -> cut
    results = []
    found = {}          # cut -> (log, (source, actions)); n -> the final dump
    out = []
    summary = {}

    def record(i, nxt):
        idx = plan[i][0]
        st, boot = results[idx], results[idx + 2]
        log, (source, acts) = found[i]
        acked = acknowledged(log) if log is not None else None
        kept = log is not None and kept_all(acked, acts)
        error = None
        if nxt is not None:
            boots = [j for j, e in enumerate(nxt) if e.get("k") == "boot"]
            error = bool(boots) and any(e.get("k") == "error" for e in nxt[boots[-1]:])
        rec = {"cut": "time" if "cut_ms" in steps[idx] else "flash", "result": st["result"],
               "op": (st.get("partial") or {}).get("kind"), "partial": st.get("partial"),
               "boots": bool(boot["refreshes"]), "boot_ms": boot.get("first_frame_ms"),
               "source": source, "kept": kept, "acked": None if acked is None else len(acked),
               "saved": None if acts is None else len(acts), "error_logged": error,
               "mountable": log is not None, "press": "+".join(st.get("pressed") or [steps[idx]["press"]]),
               "wall_ms": sum(results[k].get("wall_ms", 0) for k in range(plan[i - 1][0] + 3 if i else 0,
                                                                        idx + 3))}
        if not kept:
            rec["detail"] = {"acked": acked, "saved": acts}
        out.append(rec)
        if on_cut:
            on_cut(rec)

    job = {"firmware": binary, "profile": "badger2040", "fs": fs_img, "steps": steps,
           "continue_after_cut": True}
    try:
        for entry in stream_job(job, stop):
            if "summary" in entry:
                summary = entry["summary"]
                continue
            k = len(results)
            entry.pop("picture", None)
            results.append(entry)
            if k in dump_at or k == len(steps) - 1:
                i = dump_at.get(k, n)
                found[i] = _saved_game(steps[k]["dump"], os.path.join(tmp.name, "x%03d" % i))
                if i > 0:
                    record(i - 1, found[i][0] or [])
        # stopped early: the last cut whose boot ran is checked without the
        # next dump (its boot's log entries are not read)
        last = len(out)
        if last < n and last in found and len(results) > plan[last][0] + 2:
            record(last, None)
    finally:
        tmp.cleanup()
    summary["steps"] = results
    return out, summary
