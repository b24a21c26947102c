"""The CircuitPython build's own logic (tools/circuitpython_image.py): where
the sources come from, the checks on them, the git tag step, the size guard
at 1020 KB, the frozen folder and the CIRCUITPY folder's layout. The builds
themselves run in `make test` (`make circuitpython`, `make test-circuitpython`)."""
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import circuitpython_image as ci  # noqa: E402

PINS = ci.pins()


def _fake_tree(folder, board="pimoroni_badger2040"):
    for rel in ci.TREE_PARTS + ("ports/raspberrypi/boards/%s/mpconfigboard.mk" % board,):
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("")
    return folder


def _tarball(path, tree):
    # the vendor's tarball has no top folder: its members start with ./
    with tarfile.open(path, "w:xz") as t:
        t.add(tree, arcname=".")
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    monkeypatch.setattr(ci, "SRC_DIR", str(tmp_path / "src"))
    monkeypatch.delenv("CIRCUITPY_SRC", raising=False)
    monkeypatch.setenv("USHER_VENDOR", str(tmp_path / "vendor"))
    (tmp_path / "vendor").mkdir()
    return tmp_path


def test_every_pin_is_in_one_file():
    assert PINS["circuitpython"] == {"version": "10.2.1", "tag": "10.2.1"}
    assert PINS["tarball"]["name"] == "circuitpython-10.2.1-rp2-src.tar.xz"
    assert len(PINS["tarball"]["sha256"]) == 64
    assert PINS["vendor_board"] == "pimoroni_badger2040" and PINS["board"] == "usher_badger2040"
    assert PINS["firmware_limit"] == 1020 * 1024
    assert PINS["drive_offset"] == 0x100000 and PINS["min_gcc_version"] == 12
    with open(os.path.join(ci.BOARDS, "requirements.txt")) as f:
        reqs = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
    assert reqs and all("==" in r for r in reqs), [r for r in reqs if "==" not in r]
    names = {r.split("==")[0].lower() for r in reqs}
    for need in ("cascadetoml", "jinja2", "typer", "click", "huffman", "intelhex", "minify_html", "jsmin",
                 "sh", "polib", "pyelftools", "setuptools", "semver"):
        assert need in names, need
    assert [r for r in reqs if r.lower().startswith("click==")][0] < "click==8.2"


def test_tarball_checked_unpacked_once_and_tagged(sandbox, monkeypatch):
    tree = _fake_tree(str(sandbox / "tree"))
    tarball = str(sandbox / "vendor" / PINS["tarball"]["name"])
    digest = _tarball(tarball, tree)
    with pytest.raises(ci.BuildError, match="sha256 %s, expected %s" % (digest, PINS["tarball"]["sha256"])):
        ci.sources()
    assert not os.path.exists(ci.SRC_DIR)
    pins = json.loads(json.dumps(PINS))
    pins["tarball"]["sha256"] = digest
    monkeypatch.setattr(ci, "pins", lambda: pins)
    src = ci.sources()
    assert src == os.path.join(ci.SRC_DIR, "circuitpython-10.2.1")
    assert ci.tree_version(src) == "10.2.1"                      # the git tag step
    assert subprocess.run(["git", "status", "--porcelain"], cwd=src, capture_output=True,
                          text=True).stdout == ""
    marker = os.path.join(src, "build-output-kept")
    open(marker, "w").close()
    assert ci.sources() == src and os.path.exists(marker)        # the second run reuses the tree


def test_circuitpy_src_is_checked(sandbox, monkeypatch):
    tree = _fake_tree(str(sandbox / "mine"))
    monkeypatch.setenv("CIRCUITPY_SRC", tree)
    with pytest.raises(ci.BuildError, match="tagged None, the build is pinned to CircuitPython 10.2.1"):
        ci.sources()
    ci._git(["init", "-q"], tree)
    ci._git(["add", "-A"], tree)
    ci._git(["commit", "-qm", "x"], tree)
    ci._git(["tag", "10.1.0"], tree)
    with pytest.raises(ci.BuildError, match="tagged 10.1.0"):
        ci.sources()
    ci._git(["tag", "-d", "10.1.0"], tree)
    ci._git(["tag", "10.2.1"], tree)
    assert ci.sources() == tree
    os.remove(os.path.join(tree, "ports", "raspberrypi", "boards", "pimoroni_badger2040", "mpconfigboard.mk"))
    os.rmdir(os.path.join(tree, "ports", "raspberrypi", "boards", "pimoroni_badger2040"))
    with pytest.raises(ci.BuildError, match="has no board pimoroni_badger2040"):
        ci.sources()
    os.remove(os.path.join(tree, "mpy-cross", "Makefile"))
    with pytest.raises(ci.BuildError, match="mpy-cross/Makefile"):
        ci.sources()


def test_no_tarball_says_where_to_put_it(sandbox):
    with pytest.raises(ci.BuildError, match="no circuitpython-10.2.1-rp2-src.tar.xz in .*USHER_VENDOR"):
        ci.sources()


def test_size_guard_at_1020_kb(tmp_path, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    for size, ok in ((1044480, True), (1044481, False), (900000, True)):
        path = tmp_path / "firmware.bin"
        path.write_bytes(b"\0" * size)
        assert ci.size_report("x", str(path), PINS["firmware_limit"]) is ok
    lines = out.getvalue().splitlines()
    assert "headroom       0 bytes" in lines[0]
    assert "headroom      -1 bytes" in lines[1] and "OVER THE LIMIT" in lines[1]
    assert "headroom  144480 bytes" in lines[2]


def test_frozen_folder_follows_the_firmware(tmp_path, monkeypatch):
    fw = tmp_path / "firmware"
    (fw / "usher" / "core").mkdir(parents=True)
    (fw / "usher" / "__init__.py").write_text('VERSION = "9.9"\n')
    (fw / "usher" / "core" / "a.py").write_text("A = 1\n")
    monkeypatch.setattr(ci, "FIRMWARE", str(fw))
    monkeypatch.setattr(ci, "WORK", str(tmp_path / "work"))
    frozen, changed = ci.frozen_folder(PINS)
    assert changed
    names = sorted(os.path.relpath(os.path.join(r, n), frozen) for r, _d, fs in os.walk(frozen) for n in fs)
    assert names == ["usher/__init__.py", "usher/core/a.py", "usher_image.py"]
    env = {}
    with open(os.path.join(frozen, "usher_image.py")) as f:
        exec(f.read(), env)
    assert (env["IMAGE"], env["VERSION"], env["CIRCUITPYTHON"]) == ("usher-circuitpython-badger2040", "9.9",
                                                                    "10.2.1")
    assert ci.frozen_folder(PINS)[1] is False                     # nothing changed: make sees no change
    (fw / "usher" / "core" / "a.py").write_text("A = 2\n")
    assert ci.frozen_folder(PINS)[1] is True
    os.remove(fw / "usher" / "core" / "a.py")
    assert ci.frozen_folder(PINS)[1] is True
    assert not os.path.exists(os.path.join(frozen, "usher", "core", "a.py"))


def test_board_folder_includes_the_vendor_board():
    """The project's board is CircuitPython's Badger 2040 with the firmware
    frozen: its C files include the vendor board's, its make file freezes
    USHER_FROZEN and keeps the vendor's chip and flash."""
    folder = os.path.join(ci.BOARDS, PINS["board"])
    assert sorted(os.listdir(folder)) == ["board.c", "busy_idle.c", "delay_idle.c", "flash_cache.c",
                                          "mpconfigboard.h", "mpconfigboard.mk", "pico-sdk-configboard.h",
                                          "pins.c", "tilegrid_mono.c"]
    for name in ("board.c", "pins.c", "pico-sdk-configboard.h", "mpconfigboard.h"):
        with open(os.path.join(folder, name)) as f:
            assert '#include "../pimoroni_badger2040/%s"' % name in f.read(), name
    with open(os.path.join(folder, "mpconfigboard.mk")) as f:
        mk = f.read()
    assert "FROZEN_MPY_DIRS += $(USHER_FROZEN)" in mk
    assert 'EXTERNAL_FLASH_DEVICES = "W25Q16JVxQ"' in mk and "CHIP_VARIANT = RP2040" in mk
    # the byte-wise conversion of the panel's picture (tilegrid_mono.c): board.c
    # compiles it and the link routes Group.c's call through it
    assert "CFLAGS_BOARD += -Wl,--wrap=displayio_tilegrid_fill_area" in mk
    # the core asleep while the start sequence waits for BUSY (busy_idle.c)
    assert "CFLAGS_BOARD += -Wl,--wrap=common_hal_digitalio_digitalinout_get_value" in mk
    # the drive's sector written back on a sector change or before a picture
    # (flash_cache.c), and time.sleep without its spin (delay_idle.c); both run on
    # the host in tests/host/test_cpy_board_c.py
    for name in ("supervisor_flash_read_blocks", "supervisor_flash_write_blocks", "port_internal_flash_flush",
                 "supervisor_flash_flush", "common_hal_epaperdisplay_epaperdisplay_refresh",
                 "filesystem_background", "mp_hal_delay_ms"):
        assert "-Wl,--wrap=" + name in mk, name
    # the VM's heap starts big enough for the boot (no growth steps then)
    with open(os.path.join(folder, "mpconfigboard.h")) as f:
        assert "#define CIRCUITPY_HEAP_START_SIZE (48 * 1024)" in f.read()
    with open(os.path.join(folder, "board.c")) as f:
        board = f.read()
    for name in ("tilegrid_mono.c", "busy_idle.c", "flash_cache.c", "delay_idle.c"):
        assert '#include "%s"' % name in board, name


def test_drive_folder_layout(tmp_path, monkeypatch):
    """code.py and boot.py as source, the firmware as .mpy under lib/ (one
    per module), usher_image.mpy, nothing else; placeholders until the
    device layer has its own entry points."""
    mpy_cross = os.path.join(ci.OUT, "mpy-cross")
    fake = tmp_path / "mpy-cross"
    # a stand-in compiler: copies the source (the layout is what is checked here)
    fake.write_text("#!/bin/sh\nwhile [ $# -gt 1 ]; do case $1 in -o) out=$2; shift;; esac; shift; done\n"
                    'cp "$1" "$out"\n')
    fake.chmod(0o755)
    dest = str(tmp_path / "drive")
    ci.build_drive(str(fake) if not os.path.exists(mpy_cross) else mpy_cross, PINS, dest=dest)
    files = sorted(os.path.relpath(os.path.join(r, n), dest) for r, _d, fs in os.walk(dest) for n in fs)
    assert files[:2] == ["boot.py", "code.py"]
    mods = sorted(os.path.relpath(os.path.join(r, n), os.path.join(ROOT, "firmware"))
                  for r, _d, fs in os.walk(os.path.join(ROOT, "firmware", "usher"))
                  for n in fs if n.endswith(".py"))
    # usher.device.pack and qr_kernels (viper, MicroPython only) stay out
    skipped = [os.path.join("usher", m) for m in ci.MICROPYTHON_ONLY]
    assert skipped and all(m in mods for m in skipped)
    assert files[2:] == sorted(["lib/" + m[:-3] + ".mpy" for m in mods if m not in skipped]
                               + ["lib/usher_image.mpy"])
    entry = ci.entry_points_folder()
    with open(os.path.join(entry, "code.py")) as a, open(os.path.join(dest, "code.py")) as b:
        assert a.read() == b.read()
