"""The emulated board (PL-16) from Python: jobs for sim/rp2/run.mjs (Node,
rp2040js), filesystem images, panel pictures and the simulator's frames for
the same script.

Paths come from the environment:
  USHER_BOOTROM       the RP2040 B1 bootrom (default $USHER_VENDOR/rp2040-bootrom-b1.bin
                      when that is set, as for tools/firmware_image.py, else
                      ../shared/vendor/ beside the repository, or one folder further up; rp2040js's
                      repository carries the same ROM in demo/bootrom.ts); it is never
                      copied into the project
  USHER_FIRMWARE_DIR  the images of `make firmware` (default build/firmware)
"""
import json
import os
import subprocess
import sys
import tempfile
import threading

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
    if os.environ.get("USHER_VENDOR"):      # the vendor folder tools/firmware_image.py reads
        return os.path.join(os.environ["USHER_VENDOR"], "rp2040-bootrom-b1.bin")
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


def saved_record(files):
    """(the game a run left in files/data, where from: "main", "recovered",
    "backup" or "none") as the firmware loads it: base + tail on littlefs,
    the checked file with its temp file and backup on FAT (PL-17). Raises
    usher.core.storage.StorageError when copies exist but none is usable."""
    from usher.core import gamefile
    rec, source, _problems = gamefile.GameFile(os.path.join(files, "data", "game.json")).load()
    return rec, source


def saved_phase(files):
    """The phase of the game a run left in files/data/game.json, replayed
    with the firmware's engines (None: no saved game). A session that stops
    on its result screen logs no "end"; its finished game replays to "over"."""
    from usher import games
    from usher.core import game
    if not os.path.exists(os.path.join(files, "data", "game.json")):
        return None
    record = saved_record(files)[0]
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
    fun_type = type_type = module_type = None
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in want:
            found[want[parts[2]]] = int(parts[0], 16)
        elif len(parts) == 3 and parts[2] == "mp_type_fun_bc":
            fun_type = int(parts[0], 16)
        elif len(parts) == 3 and parts[2] == "mp_type_type":
            type_type = int(parts[0], 16)
        elif len(parts) == 3 and parts[2] == "mp_type_module":
            module_type = int(parts[0], 16)
    if len(found) != 3:
        return None
    if fun_type is not None:
        found["fun_type"] = fun_type   # the census counts function objects by their bytecode
    if type_type is not None:
        found["type_type"] = type_type   # and names classes (bench/rp2_profile.py --owners)
    if module_type is not None:
        found["module_type"] = module_type   # and modules
    return found


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
        # job["progress"]: run.mjs's progress lines go to this process's stderr as they come
        r = subprocess.run(["node", os.path.join(HERE, "run.mjs"), path], stdout=subprocess.PIPE,
                           stderr=None if job.get("progress") else subprocess.PIPE, text=True,
                           timeout=timeout, cwd=ROOT)
    finally:
        os.unlink(path)
    if r.returncode:
        raise EmulatorError("emulator failed (%d): %s" % (r.returncode, (r.stderr or "")[-4000:]))
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


def with_reads(steps, reads):
    """steps with a pause of ms after every `every`-th token (reads =
    (every, ms); every may be a set of token counts instead: a pause after
    each of those; or None: steps as they are)."""
    if not reads:
        return steps
    every, ms = reads
    out, n = [], 0
    for s in steps:
        out.append(s)
        if s.get("token"):
            n += 1
            if (n in every) if isinstance(every, frozenset) else n % every == 0:
                out.append({"run_ms": ms, "read": True})
    return out


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


# One simulator at a time in this process: the App keeps module state (the
# seats of the running game, the game modules it unloads from sys.modules),
# so two Sessions in two threads (the emulator runs go two at a time, in a
# thread each) could draw one another's names or lose a module in use. Every
# Session the emulated-board code starts runs under this lock.
SIM_LOCK = threading.RLock()


def sim_frames(script, seeds=(), board="simulator", battery=None, start_files=None, outcome=None,
               device_id=None, start_dir=None, on_token=None):
    """The simulator's canvas after the start and after each script token,
    with the device's seeds (taken from its log) given to the new games in
    order, and the refresh requests of each token. outcome (a dict), when
    given, gets where the script left the game: "phase" of the running
    game (None: none runs) and "finished" (it reached its end: over, or
    ended and left). device_id: the id the device made at its first Share
    (its data/device_id.json, device_id_of): the simulator's first Share
    makes that one, as the device makes it from the game seeds' generator
    (usher.ui.share.device_id), which no "game" line of the log names.
    start_dir: a data folder the simulator starts from (copied). on_token
    (index, token, app), when given, sees the App after each token."""
    with SIM_LOCK:
        return _sim_frames(script, list(seeds), board, battery, start_files,
                           outcome if outcome is not None else {}, device_id, start_dir, on_token)


def device_id_of(files):
    """The device id a run left in files/data (None: no Share made one)."""
    from usher.ui import share
    return share.device_id(os.path.join(files, "data"))


def _sim_frames(script, seeds, board, battery, start_files, outcome, device_id=None, start_dir=None,
                on_token=None):
    started = len(seeds)
    with tempfile.TemporaryDirectory() as data:
        if start_dir:
            import shutil
            shutil.copytree(start_dir, data, dirs_exist_ok=True)
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
            if device_id is not None:
                def new_id_number():
                    app.ui["next_seed"] = app.ui.get("next_seed", 1) + 1
                    return int(device_id, 16)
                app.new_id_number = new_id_number
        patch(s.app)
        frames.append(("start", bytes(s.buf), 1))
        for i, (tok, events) in enumerate(parse_script(script)):
            reqs = s.step(events)
            if events == ["restart"]:
                patch(s.app)
            frames.append((tok, bytes(s.buf), len(reqs)))
            if on_token is not None:
                on_token(i, tok, s.app)
        phase = s.app.state.get("phase") if s.app.state else None
        outcome["phase"] = phase
        # over, or no game left running after one was started (ended)
        outcome["finished"] = phase == "over" or (phase is None and len(seeds) < started)
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
         trace=False, ui_settings=None, sample_steps=None, reads=None, extra_specs=(), progress=None):
    """Boot the image and play a script on the emulated board. Returns
    (result, data folder contents extracted from the flash at the end as a
    TemporaryDirectory). sample=N samples the PC every N cycles (sample_steps:
    only in these steps, by index, 0 the boot); trace=True
    turns on the firmware's phase counters (device.json "trace") and reads
    them after every step; ui_settings: the App's settings in ui.json (e.g.
    {"refresh": "fast"}); reads=(every, ms): after every `every`-th token
    the board runs ms more without a press (a player reading), a step of
    its own in the result with "read": True. extra_specs: more SRC=DEST
    specs for the filesystem (a data folder to start from); progress=N:
    a line on stderr every N steps as the emulator goes."""
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
    specs += list(extra_specs)
    job = {"firmware": binary, "profile": profile, "vbus": vbus, "battery_mv": battery_mv,
           "flash_out": flash_out or os.path.join(tmp.name, "flash.bin"),
           "steps": [{"boot": {"hold": list(boot_hold)}}] + with_reads(script_steps(script), reads)
           + list(extra_steps)}
    if flash:
        job["flash"] = flash
    else:
        job["fs"] = make_fs(os.path.join(tmp.name, "fs.img"), specs)
    if heap:
        job["heap"] = heap_symbols(elf)
        if heap in ("census", "objects") and job["heap"]:
            job["heap"]["census"] = True   # live objects by type at the peak (bench/rp2_profile.py)
            job["heap"]["objects"] = heap == "objects"   # and each object with who points at it
    if sample:
        job["sample"] = {"every_cycles": sample}   # PC samples (bench/rp2_profile.py)
        if sample_steps:
            job["sample"]["steps"] = list(sample_steps)
    if trace:
        job["trace"] = True
    if progress:
        job["progress"] = progress
    result = run_job(job)
    for step, out in zip(job["steps"], result["steps"]):
        if step.get("read"):
            out["read"] = True
    result["elf"] = elf
    files = os.path.join(tmp.name, "files")
    extract_flash(job["flash_out"], files)
    result["flash_path"] = job["flash_out"]
    result["files"] = files
    result["_tmp"] = tmp
    return result
