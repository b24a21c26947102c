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
        # The build's own files stay on the host.
        assert "/manifest.mpy" not in image and "/package.json" not in image
        assert not os.path.exists(str(tmp_path / "flash" / "manifest.mpy"))
        assert not os.path.exists(str(tmp_path / "flash" / "package.json"))
        # --verify says what it checked, and that everything matches.
        code, out, err = flash(dev, fw, "--no-reset", "--verify")
        assert code == 0, err
        assert "verify: hashing all %d files on the board" % len(image) in out
        assert "verified: all %d files on the board match this build" % len(image) in out
        assert "flash done and verified: 0 copied" in out
        # A file changed behind the manifest's back: a plain flash trusts the
        # manifest, --verify finds it and copies it again.
        with open(str(tmp_path / "flash" / "usher" / "core" / "rng.mpy"), "ab") as f:
            f.write(b"\0")
        code, out, err = flash(dev, fw, "--no-reset", "--verify")
        assert code == 0 and copied_paths(out) == ["/usher/core/rng.mpy"], out
        assert "1 differ or are missing" in out


# --- the scripted game --------------------------------------------------------
# The firmware's own main loop (main.py -> usher.device.runtime) runs on the
# virtual device's "virtual" board: buttons from a script, screen into
# /display.bin on its flash (usher/device/virtual.py).
#
# Phase 1, buttons only: the launcher, the dice roller (three rolls) and the
# settings. Phase 2, buttons only: Seat Wars on its real screens, the first
# three turns of the scripted game of tests/portable/ui_session_seatwars.py
# (an item undone through the History in turn 1), left running.
MENUS_SCRIPT = "DOWN,DOWN,DOWN,DOWN,DOWN,C,C,C,C,A,DOWN,C,DOWN,C,A,A"   # launcher > Dice roller (6th row)


def _game_script():
    sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
    import ui_session_seatwars as sw
    return ",".join((sw.OPEN, sw.TURN1, sw.TURN2, sw.TURN3))


def _wait_console(dev, text, seconds=30):
    line = serial.Serial(dev.port, timeout=0.5)
    seen = b""
    try:
        t0 = time.monotonic()
        while text.encode() not in seen and time.monotonic() - t0 < seconds:
            seen += line.read(256)
    finally:
        line.close()
    assert text.encode() in seen, seen[-500:]
    return seen


def _wait_boot(flash_dir, boots, seconds=30):
    from usher.device.log import read_all
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        entries = read_all(os.path.join(flash_dir, "data", "log"))
        if sum(1 for e in entries if e["k"] == "resume") >= boots:
            time.sleep(0.3)              # the boot screen goes to /display.bin
            return entries
        time.sleep(0.1)
    raise AssertionError("the firmware did not boot")


def _fresh_app_picture(data_dir, tmp):
    """What the real App draws at boot on CPython from a copy of these files."""
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    copy = os.path.join(tmp, "data-copy")
    shutil.copytree(data_dir, copy)
    buf, canvas = new_canvas()
    App(canvas, copy, {"battery": lambda: None, "board": "virtual"}).start()
    return bytes(buf)


def _reset(dev):
    from usher_host import link
    conn = link.connect(dev.port)
    try:
        conn.reset()
    finally:
        conn.close()


def test_firmware_game_on_the_virtual_device_replays_to_the_saved_game_PL10_PL13(tmp_path):
    flash_dir = str(tmp_path / "flash")
    data_dir = os.path.join(flash_dir, "data")
    with VirtualDevice(flash_dir, framebuffer="/display.bin") as dev:
        code, out, err = flash(dev, FIRMWARE, "--no-reset")
        # A line per action (device.json "log_actions"), so the log below can
        # lose its last one; the device's default (actions derived from the
        # save, PL-17) is tests/host/test_log_replay.py's
        os.makedirs(data_dir, exist_ok=True)
        with open(os.path.join(data_dir, "device.json"), "w") as f:
            json.dump({"log_actions": True}, f)
        assert code == 0, err
        dev.press_on_next_boot(MENUS_SCRIPT)
        _reset(dev)                                  # boots main.py: the firmware
        _wait_console(dev, "buttons: script done")
        with open(os.path.join(data_dir, "ui.json")) as f:
            ui = json.load(f)
        assert len(ui["dice"]["last"]) == ui["dice"]["n"] + 1       # rolled with C
        # A new boot starts at the launcher's first row, as the script expects.
        dev.press_on_next_boot(_game_script())
        _reset(dev)
        _wait_console(dev, "buttons: script done")
        assert os.path.exists(os.path.join(data_dir, "game.json")), "the script left no game"
        # Power cycle: the firmware boots again and resumes what was saved.
        _reset(dev)
        _wait_boot(flash_dir, 3)                     # the firmware's three boots
        # mpremote itself stops the running firmware (Ctrl-C) and gets the raw REPL.
        p = subprocess.run([sys.executable, "-m", "mpremote", "connect", dev.port, "resume", "exec",
                            "import os; print(sorted(os.listdir('/data')))"],
                           capture_output=True, text=True, timeout=30)
        assert p.returncode == 0 and "'game.json'" in p.stdout, p.stdout + p.stderr
        log = str(tmp_path / "log.jsonl")
        code, out, err = usher("logs", "--port", dev.port, "-o", log)
        assert code == 0, err
        code, out, err = usher("backup", "--port", dev.port, str(tmp_path / "backup"))
        assert code == 0, err
        with open(os.path.join(flash_dir, "display.bin"), "rb") as f:
            boot_picture = f.read()
    assert boot_picture == _fresh_app_picture(str(tmp_path / "backup"), str(tmp_path))
    saved = str(tmp_path / "backup" / "game.json")
    from usher.core import gamefile
    with open(saved) as f:
        record = gamefile.unpacked(json.load(f))        # its actions as rows
    with open(log) as f:
        kinds = [json.loads(line)["k"] for line in f]
    # One game, played with buttons: its turn-1 item was undone and entered again.
    assert record["game"] == "seatwars" and len(record["actions"]) >= 6
    assert kinds.count("game") == 1 and kinds.count("boot") == 3 and kinds.count("undo") == 1
    code, out, err = usher("replay", log, "--saved", saved, "--png", str(tmp_path / "png"))
    assert code == 0, out + err
    assert "identical to the device's saved game" in out
    # The replayed game's screen drawn on CPython is the device's boot screen.
    from PIL import Image

    from sim.frames import to_image
    png = [n for n in os.listdir(str(tmp_path / "png")) if n.endswith(".png")]
    assert png == ["%s-%d.png" % (record["game"], len(record["actions"]))]
    img = Image.open(str(tmp_path / "png" / png[0])).convert("L")
    assert img.size == (296, 128)
    assert img.tobytes() == to_image(boot_picture).convert("L").tobytes()
    # A log that lost its last action line (a power cut between the save and
    # the log line, docs/log-format.md) is the documented case: the next
    # boot's "resume" entry shows the hole, the saved game fills it; exit 0.
    # (Without the "saved" entry `usher logs` adds: it holds every action
    # and would fill the hole itself.)
    with open(log) as f:
        lines = [line for line in f.read().splitlines() if json.loads(line)["k"] != "saved"]
    last_action = max(i for i, line in enumerate(lines) if json.loads(line)["k"] == "action")
    short = str(tmp_path / "short.jsonl")
    with open(short, "w") as f:
        f.write("\n".join(lines[:last_action] + lines[last_action + 1:]) + "\n")
    code, out, err = usher("replay", short, "--saved", saved)
    n = len(record["actions"])
    assert code == 0, out + err
    assert "action %d's log line was lost at a power cut" % n in out
    assert "identical to the device's saved game" in out


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
    """PL-1, PL-12: the firmware targets .mpy 6.3 (MicroPython v1.23+); a board
    with an older format is refused before anything is copied."""
    old = (4 << 10) | (1 << 8) | 6            # armv6m, .mpy 6.1 (MicroPython 1.20)
    with VirtualDevice(str(tmp_path / "flash"), fake_mpy=old) as dev:
        code, out, err = flash(dev)
        assert code == 1 and ".mpy version mismatch" in err and "v6.1" in err and "v6.3" in err
        assert os.listdir(dev.flash_dir) == []


def test_a_silent_port_is_refused_within_seconds(tmp_path):
    """A serial port with something that is not MicroPython on it (here a
    pseudo-terminal nobody answers) fails in a few seconds, not ten."""
    import pty
    master, slave = pty.openpty()
    try:
        t0 = time.monotonic()
        code, out, err = usher("flash", "--port", os.ttyname(slave))
        took = time.monotonic() - t0
    finally:
        os.close(master)
        os.close(slave)
    assert code == 1 and "No MicroPython raw REPL" in err and "no answer within 3 s" in err, err
    assert took < 8, took


def test_backup_of_an_empty_board_still_makes_the_folder_and_follow_says_how_to_stop(tmp_path):
    with VirtualDevice(str(tmp_path / "flash")) as dev:
        target = tmp_path / "backups" / "empty"
        code, out, err = usher("backup", "--port", dev.port, str(target))
        assert code == 0, err
        assert "backup: 0 file(s) in %s" % target in out and target.is_dir()
        import signal
        # SIGINT at its default in the child: a test run started in the
        # background (where the shell ignores SIGINT, and so Python would
        # too) still sees Ctrl-C as a user's terminal sends it.
        p = subprocess.Popen(USHER + ["logs", "--follow", "--port", dev.port], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            first = p.stdout.readline()     # said before any output arrives
            p.send_signal(signal.SIGINT)     # Ctrl-C, as it says
            p.wait(timeout=30)
        finally:
            if p.poll() is None:
                p.kill()
        assert first == "following the console of %s (Ctrl-C to stop)\n" % dev.port, first
        assert p.returncode == 0, p.stderr.read()


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
