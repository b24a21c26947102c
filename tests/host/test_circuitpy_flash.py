"""`usher flash` on a board running CircuitPython (host_tools/usher_host/
circuitpy.py): the CIRCUITPY drive is found by its boot_out.txt (a folder
stands in for it), the folder of `make circuitpython` is checked before
anything is written, changed files are copied and stale modules removed,
the drive's other files are kept, and the frozen image gets only code.py
and boot.py."""
import os
import subprocess
import sys

import pytest

from usher_host import circuitpy
from usher_host.errors import HostError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USHER = [sys.executable, "-m", "usher_host"]
BOOT_OUT = ("Adafruit CircuitPython 10.2.1 on 2026-11-20; Pimoroni Badger 2040 with rp2040\n"
            "Board ID:%s\nUID:E6614C311B4C6B2D\nboot.py output:\n")
MPY = b"C\x06\x00\x1f"   # the head of a CircuitPython 10 .mpy file


def usher(*args, env=None):
    p = subprocess.run(USHER + list(args), cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def drive(folder, board_id="pimoroni_badger2040", boot_out=None):
    _write(os.path.join(folder, "boot_out.txt"), boot_out if boot_out is not None else BOOT_OUT % board_id)
    _write(os.path.join(folder, "settings.toml"), 'CIRCUITPY_WEB_API_PASSWORD = "x"\n')
    return folder


def build_folder(folder, modules=("__init__", "core/game", "ui/app")):
    _write(os.path.join(folder, "code.py"), "import usher\nprint('usher')\n")
    _write(os.path.join(folder, "boot.py"), "import storage\n")
    _write(os.path.join(folder, "lib", "usher_image.mpy"), MPY + b"record")
    for m in modules:
        _write(os.path.join(folder, "lib", "usher", m + ".mpy"), MPY + m.encode())
    return folder


def files_of(folder):
    return sorted(os.path.relpath(os.path.join(r, n), folder).replace(os.sep, "/")
                  for r, _d, names in os.walk(folder) for n in names)


def test_boot_out_names_version_and_board(tmp_path):
    d = drive(str(tmp_path / "CIRCUITPY"))
    assert circuitpy.read_boot_out(d) == {"version": "10.2.1", "board": "Pimoroni Badger 2040 with rp2040",
                                          "board_id": "pimoroni_badger2040"}
    other = str(tmp_path / "STICK")
    _write(os.path.join(other, "boot_out.txt"), "MicroPython v1.28.0\n")   # not CircuitPython's
    assert circuitpy.read_boot_out(other) is None
    assert circuitpy.find_drives([str(tmp_path / "none"), other, d, d]) == [d]


def test_install_copies_the_folder_and_keeps_the_drive_s_other_files(tmp_path):
    d = drive(str(tmp_path / "CIRCUITPY"))
    _write(os.path.join(d, "data", "game.json"), '{"saved": 1}')         # a saved game
    _write(os.path.join(d, "lib", "adafruit_thing.mpy"), MPY)            # someone else's library
    src = build_folder(str(tmp_path / "drive"))
    lines = []
    copied, removed = circuitpy.install(d, src, out=lines.append)
    assert copied[-2:] == ["boot.py", "code.py"]          # the entry points last, code.py at the end
    assert sorted(copied) == files_of(src) and removed == []
    assert files_of(d) == sorted(files_of(src) + ["boot_out.txt", "data/game.json", "lib/adafruit_thing.mpy",
                                                  "settings.toml"])
    assert "board: CircuitPython 10.2.1 on Pimoroni Badger 2040 with rp2040 (pimoroni_badger2040)" in lines[0]
    # again: nothing changed, nothing written
    assert circuitpy.install(d, src, out=lines.append) == ([], [])
    # a module gone from the build and one changed
    os.remove(os.path.join(src, "lib", "usher", "ui", "app.mpy"))
    _write(os.path.join(src, "lib", "usher", "core", "game.mpy"), MPY + b"new")
    copied, removed = circuitpy.install(d, src, out=lines.append)
    assert copied == ["lib/usher/core/game.mpy"] and removed == ["lib/usher/ui/app.mpy"]
    assert not os.path.exists(os.path.join(d, "lib", "usher", "ui"))     # the empty folder went too
    with open(os.path.join(d, "lib", "usher", "core", "game.mpy"), "rb") as f:
        assert f.read() == MPY + b"new"
    assert not [p for p in files_of(d) if p.endswith(".part")]


def test_on_the_project_image_only_the_entry_points_go(tmp_path):
    d = drive(str(tmp_path / "CIRCUITPY"), board_id="usher_badger2040")
    _write(os.path.join(d, "lib", "usher", "__init__.mpy"), MPY)            # left from the files install
    _write(os.path.join(d, "lib", "usher_image.mpy"), MPY)
    src = build_folder(str(tmp_path / "drive"))
    lines = []
    copied, removed = circuitpy.install(d, src, out=lines.append)
    assert copied == ["boot.py", "code.py"]
    assert removed == ["lib/usher/__init__.mpy", "lib/usher_image.mpy"]
    assert "usher frozen in the image" in lines[0]
    assert files_of(d) == ["boot.py", "boot_out.txt", "code.py", "settings.toml"]


@pytest.mark.parametrize("boot_out, message", [
    (BOOT_OUT % "raspberry_pi_pico", "CircuitPython drive of Pimoroni Badger 2040 with rp2040 "
                                     "(board id raspberry_pi_pico)"),
    (BOOT_OUT.replace("10.2.1", "9.2.8") % "pimoroni_badger2040", "runs CircuitPython 9.2.8; this build's "
                                                                 ".mpy files need CircuitPython 10.x"),
])
def test_another_board_or_release_is_refused_before_any_write(tmp_path, boot_out, message):
    d = drive(str(tmp_path / "CIRCUITPY"), boot_out=boot_out)
    src = build_folder(str(tmp_path / "drive"))
    with pytest.raises(HostError, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        circuitpy.install(d, src, out=lambda s: None)
    assert "Nothing was copied" in str(e.value)
    assert files_of(d) == ["boot_out.txt", "settings.toml"]


def test_an_incomplete_or_foreign_folder_is_refused_before_any_write(tmp_path):
    d = drive(str(tmp_path / "CIRCUITPY"))
    src = build_folder(str(tmp_path / "drive"))
    os.remove(os.path.join(src, "lib", "usher_image.mpy"))
    with pytest.raises(HostError, match="missing lib/usher_image.mpy"):
        circuitpy.install(d, src, out=lambda s: None)
    src = build_folder(str(tmp_path / "drive2"))
    _write(os.path.join(src, "lib", "usher", "core", "rng.mpy"), b"M\x06\x00\x1f")   # MicroPython's
    _write(os.path.join(src, "lib", "usher", "core", "notes.txt"), "x")
    _write(os.path.join(src, "code.py"), "def broken(:\n")
    with pytest.raises(HostError) as e:
        circuitpy.install(d, src, out=lambda s: None)
    text = str(e.value)
    assert "lib/usher/core/rng.mpy (not a CircuitPython 10 .mpy file)" in text
    assert "lib/usher/core/notes.txt (not part of the firmware)" in text
    assert "code.py (" in text and "Nothing was copied" in text
    with pytest.raises(HostError, match="No folder .*make circuitpython"):
        circuitpy.install(d, str(tmp_path / "nowhere"), out=lambda s: None)
    assert files_of(d) == ["boot_out.txt", "settings.toml"]


def test_a_drive_without_room_or_read_only_is_refused(tmp_path, monkeypatch):
    d = drive(str(tmp_path / "CIRCUITPY"))
    src = build_folder(str(tmp_path / "drive"))
    import shutil
    real = shutil.disk_usage
    monkeypatch.setattr(circuitpy.shutil, "disk_usage", lambda p: real(p)._replace(free=20))
    with pytest.raises(HostError, match="has 20 bytes free; the install needs"):
        circuitpy.install(d, src, out=lambda s: None)
    monkeypatch.setattr(circuitpy.shutil, "disk_usage", real)
    # the computer's view of a drive that Usher's boot.py gave to the firmware
    monkeypatch.setattr(circuitpy, "_probe_writable", lambda drv: (_ for _ in ()).throw(
        HostError("The CIRCUITPY drive %s does not take writes" % drv)))
    with pytest.raises(HostError, match="does not take writes"):
        circuitpy.install(d, src, out=lambda s: None)
    assert files_of(d) == ["boot_out.txt", "settings.toml"]


def test_probe_names_the_way_back_to_usb_editing(tmp_path):
    ro = tmp_path / "RO"
    ro.mkdir()
    if os.geteuid() == 0:
        # root writes through permission bits: a file where the probe goes stands in
        (ro / ".usher_probe").mkdir()
    else:
        ro.chmod(0o555)
    with pytest.raises(HostError, match="does not take writes from this computer.*hold UP while pressing"):
        circuitpy._probe_writable(str(ro))


def test_usher_flash_finds_the_drive_and_installs(tmp_path):
    d = drive(str(tmp_path / "CIRCUITPY"))
    src = build_folder(str(tmp_path / "drive"))
    env = {"USHER_CIRCUITPY_DRIVES": str(d)}
    code, out, err = usher("flash", "--folder", src, env=env)
    assert code == 0, err
    assert "flash done: 6 copied, 0 removed on %s" % d in out
    assert "code.py" in files_of(d)
    code, out, err = usher("flash", "--circuitpy", str(tmp_path), "--folder", src)
    assert code == 1 and "is not a CircuitPython drive (no boot_out.txt" in err
    code, out, err = usher("flash", "--circuitpy", env={"USHER_CIRCUITPY_DRIVES": str(tmp_path / "none")})
    assert code == 1 and "No CircuitPython drive mounted" in err
    two = drive(str(tmp_path / "CIRCUITPY1"))
    both = {"USHER_CIRCUITPY_DRIVES": os.pathsep.join([d, two])}
    code, out, err = usher("flash", "--folder", src, env=both)
    assert code == 1 and "Several CircuitPython drives are mounted" in err


def test_a_serial_board_running_circuitpython_points_to_its_drive():
    from usher_host import flash
    with pytest.raises(HostError, match="runs CircuitPython: usher flash installs onto its CIRCUITPY drive"):
        flash.check_mpy(("circuitpython", (10, 2, 1), None, "RP2040"), (6, 3))


def test_uf2_of_the_circuitpython_image_is_a_board_choice(tmp_path):
    from usher_host import image
    assert image.image_path("circuitpython") == os.path.join(ROOT, "build", "circuitpython",
                                                             "usher-circuitpython-badger2040.uf2")
    steps = image.manual_steps("circuitpython", "usher-circuitpython-badger2040.uf2")
    assert "run usher flash once the CIRCUITPY drive shows" in steps
