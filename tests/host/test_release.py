"""`make release` (docs/install.md): tools/release.py on small stand-ins for the
images and the CIRCUITPY folder; the real build is `make release`."""
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import zipfile

import pytest

from usher_host import circuitpy, image
from usher_host.errors import HostError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import release  # noqa: E402

VERSION = release.version()


def uf2(blocks=2, family=image.RP2040_FAMILY):
    data = b""
    for n in range(blocks):
        head = struct.pack("<8I", image.UF2_MAGIC[0], image.UF2_MAGIC[1], image.UF2_FAMILY_FLAG,
                           0x10000000 + 256 * n, 256, n, blocks, family)
        data += head + bytes([n + 1]) * 256 + bytes(476 - 256) + struct.pack("<I", image.UF2_MAGIC[2])
    return data


@pytest.fixture
def inputs(tmp_path):
    fw = tmp_path / "firmware"
    fw.mkdir()
    for n, board in enumerate(release.MICROPYTHON_BOARDS):
        (fw / (image.BOARDS[board][0] + ".uf2")).write_bytes(uf2(blocks=2 + n))
    drive = tmp_path / "drive"
    (drive / "lib" / "usher" / "core").mkdir(parents=True)
    (drive / "code.py").write_text("import usher\n")
    (drive / "boot.py").write_text("pass\n")
    for rel in (circuitpy.RECORD, circuitpy.PACKAGE + "/__init__.mpy", circuitpy.PACKAGE + "/core/rng.mpy"):
        (drive / rel).write_bytes(circuitpy.MPY_HEADER + rel.encode())
    return str(fw), str(drive), str(tmp_path / "release")


def names(out):
    return sorted(os.listdir(out))


def test_release_holds_the_images_the_zip_their_sums_and_install(inputs):
    fw, drive, out = inputs
    release.make_release(fw, drive, out, say=lambda _t: None)
    want = release.release_names(VERSION)
    assert names(out) == sorted(list(want.values()) + ["INSTALL.txt", "SHA256SUMS"])
    for board in release.MICROPYTHON_BOARDS:
        with open(os.path.join(fw, image.BOARDS[board][0] + ".uf2"), "rb") as f:
            assert open(os.path.join(out, want[board]), "rb").read() == f.read()
    with zipfile.ZipFile(os.path.join(out, want["circuitpy"])) as z:
        listed = sorted(z.namelist())
        assert listed == sorted(circuitpy.folder_files(drive))
        assert z.read("code.py") == b"import usher\n"
        assert z.read("lib/usher/core/rng.mpy") == circuitpy.MPY_HEADER + b"lib/usher/core/rng.mpy"
    sums = open(os.path.join(out, "SHA256SUMS")).read().splitlines()
    assert len(sums) == 3
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256(open(os.path.join(out, name), "rb").read()).hexdigest() == digest
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.count(": OK") == 3, check.stdout + check.stderr
    text = open(os.path.join(out, "INSTALL.txt")).read()
    for name in want.values():
        assert name in text
    assert "BOOTSEL" in text and "BOOT/USR" in text and "hold UP" in text


def test_the_zip_depends_on_the_folder_only(inputs, tmp_path):
    fw, drive, out = inputs
    release.make_release(fw, drive, out, say=lambda _t: None)
    first = open(os.path.join(out, "SHA256SUMS")).read()
    os.utime(os.path.join(drive, "code.py"), (1e9, 1e9))
    release.make_release(fw, drive, out, say=lambda _t: None)     # over the previous release
    assert open(os.path.join(out, "SHA256SUMS")).read() == first
    with open(os.path.join(drive, "boot.py"), "a") as f:
        f.write("# changed\n")
    release.make_release(fw, drive, out, say=lambda _t: None)
    assert open(os.path.join(out, "SHA256SUMS")).read() != first


def test_a_stale_file_of_an_older_release_goes(inputs):
    fw, drive, out = inputs
    release.make_release(fw, drive, out, say=lambda _t: None)
    old = os.path.join(out, "usher-0.0.1-badger2040.uf2")
    shutil.copyfile(os.path.join(fw, "usher-badger2040.uf2"), old)
    release.make_release(fw, drive, out, say=lambda _t: None)
    assert not os.path.exists(old)


@pytest.mark.parametrize("spoil,needle", [
    (lambda fw, drive: os.remove(os.path.join(fw, "usher-pico-waveshare.uf2")), "make firmware"),
    (lambda fw, drive: open(os.path.join(fw, "usher-badger2040.uf2"), "wb").write(b"x" * 512),
     "not a UF2 file"),
    (lambda fw, drive: open(os.path.join(fw, "usher-badger2040.uf2"), "wb").write(uf2(family=0x12345678)),
     "not an RP2040 image"),
    (lambda fw, drive: os.remove(os.path.join(drive, "code.py")), "missing code.py"),
    (lambda fw, drive: open(os.path.join(drive, "lib", "usher", "x.mpy"), "wb").write(b"M\x06"),
     "not a CircuitPython"),
])
def test_bad_input_writes_nothing(inputs, spoil, needle):
    fw, drive, out = inputs
    spoil(fw, drive)
    with pytest.raises(HostError) as e:
        release.make_release(fw, drive, out, say=lambda _t: None)
    assert needle in e.value.message
    assert not os.path.exists(out) and not os.path.exists(out + ".new")


def test_a_folder_with_other_files_is_refused_and_kept(inputs):
    fw, drive, out = inputs
    os.makedirs(out)
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("mine")
    with pytest.raises(HostError) as e:
        release.make_release(fw, drive, out, say=lambda _t: None)
    assert "not a release" in e.value.message
    assert names(out) == ["notes.txt"]


def test_the_command_line_says_one_line_or_lists_the_release(inputs):
    fw, drive, out = inputs
    cmd = [sys.executable, os.path.join(ROOT, "tools", "release.py"), "--firmware", fw, "--drive", drive,
           "--out", out]
    os.rename(os.path.join(drive, "boot.py"), os.path.join(fw, "boot.py"))
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr.startswith("release: ") and len(run.stderr.strip().splitlines()) == 1
    assert not os.path.exists(out)
    os.rename(os.path.join(fw, "boot.py"), os.path.join(drive, "boot.py"))
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    for name in names(out):
        assert name in run.stdout
