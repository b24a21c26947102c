"""The CIRCUITPY drive images of the emulated board (sim/rp2/circuitpython.py):
a 1 MB FAT12 volume labelled CIRCUITPY with 512-byte sectors, made from a
folder plus extra files, read back file for file. Needs mkfs.fat and mcopy
(`make circuitpython-deps`), hence in this folder."""
import os
import struct
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2.circuitpython as cpy  # noqa: E402
from sim.rp2 import EmulatorError  # noqa: E402


def _tree(folder):
    out = {}
    for root, _dirs, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return out


def test_drive_round_trip(tmp_path):
    src = tmp_path / "src"
    (src / "lib" / "usher" / "core").mkdir(parents=True)
    (src / "code.py").write_text("print('hi')\n")
    (src / "lib" / "usher" / "core" / "storage.mpy").write_bytes(bytes(range(256)) * 9)
    img = cpy.make_drive(str(tmp_path / "d.img"), str(src), {"data/device.json": '{"idle_s": 8}',
                                                              "code.py": "print('replaced')\n"})
    with open(img, "rb") as f:
        boot = f.read(512)
    assert os.path.getsize(img) == cpy.DRIVE_BYTES == 1024 * 1024
    assert struct.unpack_from("<H", boot, 11)[0] == 512          # bytes per sector
    assert boot[54:62] == b"FAT12   " and boot[43:54] == b"CIRCUITPY  "
    assert boot[510:512] == b"\x55\xaa"
    got = _tree(cpy.read_drive(img, str(tmp_path / "out")))
    assert got == {"code.py": b"print('replaced')\n", "data/device.json": b'{"idle_s": 8}',
                   "lib/usher/core/storage.mpy": bytes(range(256)) * 9}
    # every file and folder has the same fixed time (SOURCE_DATE_EPOCH for
    # mtools): made a second later, the image would otherwise differ
    for folder in ("::/", "::/data", "::/lib/usher/core"):
        listing = cpy._mtools(["mdir", "-i", img, folder], img)
        entries = [line for line in listing.splitlines() if line[:1].isalnum() and line[8:9] == " "]
        assert entries and all("2024-01-01" in line for line in entries), listing
    # the same inputs give the same image (fixed volume id, --invariant)
    again = cpy.make_drive(str(tmp_path / "d2.img"), str(src), {"data/device.json": '{"idle_s": 8}',
                                                               "code.py": "print('replaced')\n"})
    with open(img, "rb") as a, open(again, "rb") as b:
        assert a.read(0x4000) == b.read(0x4000)


def test_a_folder_larger_than_the_drive_is_an_error(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "big.bin").write_bytes(b"\0" * (1100 * 1024))
    with pytest.raises(EmulatorError, match="mcopy on .* failed"):
        cpy.make_drive(str(tmp_path / "d.img"), str(src))


def test_drive_from_a_flash_dump(tmp_path):
    img = cpy.make_drive(str(tmp_path / "d.img"), files={"x.txt": "kept"})
    flash = bytearray(b"\xff" * (2 * 1024 * 1024))
    with open(img, "rb") as f:
        flash[cpy.DRIVE_OFFSET:cpy.DRIVE_OFFSET + cpy.DRIVE_BYTES] = f.read()
    (tmp_path / "flash.bin").write_bytes(bytes(flash))
    out = cpy.drive_from_flash(str(tmp_path / "flash.bin"), str(tmp_path / "back.img"))
    assert _tree(cpy.read_drive(out, str(tmp_path / "files"))) == {"x.txt": b"kept"}
