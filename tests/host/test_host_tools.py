"""Host tools end to end against the virtual device (PL-10, PL-12, PL-13).

Each test starts a virtual device (MicroPython's unix port on a pty with a
temporary folder as flash) and runs the real `usher` command line against it.
"""
import json
import os
import shutil
import subprocess
import sys
import time

import serial

from usher_host import build
from usher_host.vdev.supervisor import VirtualDevice

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
USHER = [sys.executable, "-m", "usher_host"]
CACHE = os.path.join(ROOT, "build", "test-flash-cache")
MPY_X64 = (2 << 10) | (3 << 8) | 6          # what the unix port reports (x64, .mpy 6.3)


def usher(*args, timeout=60):
    p = subprocess.run(USHER + list(args), cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def flash(dev, firmware=FIRMWARE, *extra):
    return usher("flash", "--port", dev.port, "--firmware", firmware, "--cache", CACHE, *extra)


def copy_firmware(tmp_path):
    dst = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, dst, ignore=shutil.ignore_patterns("__pycache__"))
    return dst


def copied_paths(stdout):
    return [line.split("] ", 1)[1].split(" (")[0] for line in stdout.splitlines() if line.startswith("[")]


def test_flash_copies_everything_then_only_the_changed_file_PL12(tmp_path):
    fw = copy_firmware(tmp_path)
    with VirtualDevice(str(tmp_path / "flash")) as dev:
        code, out, err = flash(dev, fw)
        assert code == 0, err
        image = build.build_image(fw, os.path.join(CACHE, "x64"), "x64")
        assert sorted(copied_paths(out)) == sorted(image)
        for path, data in image.items():
            with open(str(tmp_path / "flash") + path, "rb") as f:
                assert f.read() == data, path
        # One module changes: only it is copied.
        with open(os.path.join(fw, "usher", "core", "rng.py"), "a") as f:
            f.write("\nCHANGED_FOR_TEST = 1\n")
        code, out, err = flash(dev, fw)
        assert code == 0, err
        assert copied_paths(out) == ["/usher/core/rng.mpy"]
        assert "1 of %d files changed" % len(image) in out
        # Nothing changed: nothing copied.
        code, out, err = flash(dev, fw)
        assert code == 0 and copied_paths(out) == [] and "0 of" in out


# --- the scripted game --------------------------------------------------------
# Stand-in for the firmware's own main loop: the device layer (usher.device)
# and the UI's App are not in this firmware yet, so the game is played on the
# board through the REPL with the flashed engine and bot, saved with
# usher.core.storage and logged in the device log's format (usher.device.log:
# {"b", "n", "k", "d"} lines in /data/log/log0.jsonl). Once main has the
# device layer and App, this becomes a button script run by main.py.
PLAY_ON_DEVICE = """
import json
from usher import games
from usher.core import game, rng, storage
storage.makedirs('/data/log')
def log(k, d, n=[0]):
    n[0] += 1
    with open('/data/log/log0.jsonl', 'a') as f:
        f.write(json.dumps({'b': 1, 'n': n[0], 'k': k, 'd': d}) + '\\n')
eng = games.engine(%(gid)r)
bot = games.bot(%(gid)r)
record, state = game.new_record(eng, {}, %(seed)d)
storage.save('/data/game.json', record)
log('info', {'game': record['game'], 'options': record['options'], 'seed': record['seed']})
brng = rng.new_state(%(seed)d + 1)
for i in range(%(moves)d):
    a = bot.next_action(state, brng)
    if a is None:
        break
    record, state = game.play(eng, record, state, a)
    storage.save('/data/game.json', record)
    log('action', a)
print(len(record['actions']))
print(game.canonical_json(state))
"""


def test_game_on_device_log_replays_to_the_saved_state_PL10_PL13(tmp_path):
    from usher_host import link
    with VirtualDevice(str(tmp_path / "flash")) as dev:
        code, out, err = flash(dev)
        assert code == 0, err
        conn = link.connect(dev.port)
        try:
            played, device_state = conn.run(PLAY_ON_DEVICE % {"gid": "takeaseat", "seed": 7,
                                                                "moves": 24}).strip().split("\n")
        finally:
            conn.close()
        log = str(tmp_path / "log.jsonl")
        code, out, err = usher("logs", "--port", dev.port, "-o", log)
        assert code == 0, err
        code, out, err = usher("backup", "--port", dev.port, str(tmp_path / "backup"))
        assert code == 0, err
    saved = str(tmp_path / "backup" / "game.json")
    with open(saved) as f:
        record = json.load(f)
    assert len(record["actions"]) == int(played) == 24
    code, out, err = usher("replay", log, "--saved", saved)
    assert code == 0, out + err
    assert "identical to the device's saved game" in out
    assert ("final state: " + device_state) in out
    # A log that lost its last action no longer matches: reported, exit 1.
    with open(log) as f:
        lines = f.read().splitlines()
    short = str(tmp_path / "short.jsonl")
    with open(short, "w") as f:
        f.write("\n".join(lines[:-1]) + "\n")
    code, out, err = usher("replay", short, "--saved", saved)
    assert code == 1 and "differs" in out and "actions: 23 in the log, 24 in the saved game" in out


# --- faults --------------------------------------------------------------------
def test_no_device_is_a_clear_error(tmp_path):
    code, out, err = usher("flash", "--port", str(tmp_path / "ttyACM9"))
    assert code == 1 and "No device at" in err


def test_busy_port_is_a_clear_error(tmp_path):
    with VirtualDevice(str(tmp_path / "flash")) as dev:
        holder = serial.Serial(dev.port, exclusive=True)
        try:
            code, out, err = flash(dev)
        finally:
            holder.close()
        assert code == 1 and "is busy" in err
        assert os.listdir(dev.flash_dir) == []


def test_wrong_mpy_version_is_refused_before_copying(tmp_path):
    old = (4 << 10) | (1 << 8) | 6            # armv6m, .mpy 6.1 (MicroPython 1.20)
    with VirtualDevice(str(tmp_path / "flash"), fake_mpy=old) as dev:
        code, out, err = flash(dev)
        assert code == 1 and ".mpy version mismatch" in err and "v6.1" in err and "v6.3" in err
        assert os.listdir(dev.flash_dir) == []


def test_garbage_on_the_line_is_a_clear_error(tmp_path):
    with VirtualDevice(str(tmp_path / "flash"), garbage=True) as dev:
        t0 = time.monotonic()
        code, out, err = flash(dev)
        assert code == 1 and "Garbage on the serial line" in err
        assert time.monotonic() - t0 < 20


def test_device_unplugged_mid_copy_leaves_whole_files(tmp_path):
    fw = copy_firmware(tmp_path)
    flash_dir = str(tmp_path / "flash")
    with VirtualDevice(flash_dir) as dev:
        assert flash(dev, fw, "--no-reset")[0] == 0
    old = build.build_image(fw, os.path.join(CACHE, "x64"), "x64")
    # Make every engine module big so the copy takes a while.
    changed = []
    for gid in ("takeaseat", "theatre", "multisala", "seatwars"):
        path = os.path.join(fw, "usher", "games", gid, "engine.py")
        with open(path, "a") as f:
            f.write("\nPADDING = %r\n" % ("x" * 60000))
        changed.append("/usher/games/%s/engine.mpy" % gid)
    new = build.build_image(fw, os.path.join(CACHE, "x64"), "x64")
    dev = VirtualDevice(flash_dir).start()
    proc = subprocess.Popen(USHER + ["flash", "--port", dev.port, "--firmware", fw, "--cache", CACHE],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in proc.stdout:
            if line.startswith("[2/"):
                time.sleep(0.05)
                dev.kill()                       # pull the cable mid-copy
                break
        out, err = proc.communicate(timeout=40)
    finally:
        dev.kill()
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 1 and "stopped answering" in err
    mixed = []
    for path in new:
        with open(flash_dir + path, "rb") as f:
            data = f.read()
        if data not in (old[path], new[path]):
            mixed.append(path)
    assert mixed == []
    first = sorted(changed)[0]                   # copied in path order
    with open(flash_dir + first, "rb") as f:
        assert f.read() == new[first]            # it finished before the cut
    # Flashing again completes the job.
    with VirtualDevice(flash_dir) as dev:
        code, out, err = flash(dev, fw)
        assert code == 0, err
    for path in new:
        with open(flash_dir + path, "rb") as f:
            assert f.read() == new[path]
    assert not [n for n in os.listdir(flash_dir + "/usher/games/theatre") if n.endswith(".part")]


def test_data_upload_validates_and_downloads_back(tmp_path):
    from usher.games.takeaseat import panels
    good = tmp_path / "panels.txt"
    good.write_text(panels.SAMPLE_PANELS_TEXT, encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("panel\nthis is not a panel\n", encoding="utf-8")
    with VirtualDevice(str(tmp_path / "flash")) as dev:
        code, out, err = usher("data", "upload", "panels", str(bad), "--port", dev.port)
        assert code == 1 and "defect" in err and "nothing was uploaded" in err
        assert os.listdir(dev.flash_dir) == []
        code, out, err = usher("data", "upload", "panels", str(good), "--port", dev.port)
        assert code == 0, err
        back = tmp_path / "back.txt"
        code, out, err = usher("data", "download", "panels", str(back), "--port", dev.port)
        assert code == 0, err
        assert back.read_bytes() == good.read_bytes()
        with open(os.path.join(dev.flash_dir, "data", "takeaseat", "panels.txt"), "rb") as f:
            assert f.read() == good.read_bytes()
