"""The QR encoder's native kernels (usher.device.qr_kernels; PL-19) on the
emulated RP2040: armv6m code frozen into the image, whose 32-bit constants
are read pc-relative (usher.device.pack says why that needs 4-byte
alignment). tests/rp2/qr_check.py runs as boot.py: on the Badger image the
kernels against the bytecode encoder on the chip (the placement and all
eight masks' penalties, versions 1-10), and on both images symbols made
with the kernels, up to the largest, which must be CPython's to the bit.
One emulator run per image. Run by `make test-rp2` (USHER_RP2=1)."""
import binascii
import concurrent.futures
import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
for p in (ROOT, HERE, os.path.join(ROOT, "firmware")):
    if p not in sys.path:
        sys.path.insert(0, p)

import sim.rp2 as rp2  # noqa: E402
from usher import qr  # noqa: E402

import qr_check  # noqa: E402  (its Rand and cases; its chip part needs the board's /data)

PROFILES = ("badger2040", "pico_epaper29")


def _run(profile):
    binary, _elf = rp2.image(profile)
    if not os.path.exists(binary):
        raise rp2.EmulatorError("no firmware image %s: run `make firmware`" % binary)
    with tempfile.TemporaryDirectory() as tmp:
        flag = os.path.join(tmp, "qr_same.txt")
        with open(flag, "w") as f:     # the slow comparison with the bytecode on one image
            f.write("1" if profile == PROFILES[0] else "0")
        specs = [os.path.join(HERE, "qr_check.py") + "=/boot.py", flag + "=/qr_same.txt",
                 rp2.device_settings(tmp, {"board": profile})]
        job = {"firmware": binary, "profile": profile, "vbus": True, "battery_mv": 2900,
               "fs": rp2.make_fs(os.path.join(tmp, "fs.img"), specs),
               "flash_out": os.path.join(tmp, "flash.bin"), "steps": [{"boot": {"hold": []}}]}
        rp2.run_job(job)
        files = rp2.extract_flash(job["flash_out"], os.path.join(tmp, "files"))
        with open(os.path.join(files, "data", "qr_check.txt")) as f:
            return [line.split() for line in f.read().splitlines()]


@pytest.fixture(scope="module")
def runs():
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("USHER_RP2_JOBS", "2"))) as ex:
        yield {p: ex.submit(_run, p) for p in PROFILES}


def test_pl19_native_kernels_equal_the_bytecode_encoder_on_the_chip(runs):
    lines = runs[PROFILES[0]].result()
    same = [ln for ln in lines if ln[0] == "same"]
    assert [(int(v), ec) for _, v, ec, _ok in same] == list(qr_check.SAME)
    assert [ln for ln in same if ln[3] != "1"] == []


@pytest.mark.parametrize("profile", PROFILES)
def test_pl19_the_chips_largest_symbols_are_cpythons(runs, profile):
    codes = [ln for ln in runs[profile].result() if ln[0] == "code"]
    assert len(codes) == len(qr_check.CODES)
    for (_, v, ec, mask, crc), (want_v, want_ec) in zip(codes, qr_check.CODES):
        code = qr.encode(qr_check.Rand(want_v).data(qr.capacity(want_v, want_ec)), want_ec, want_v)
        assert (int(v), ec) == (want_v, want_ec)
        assert (int(mask), int(crc)) == (code.mask, binascii.crc32(code.matrix.rows)), (v, ec)
