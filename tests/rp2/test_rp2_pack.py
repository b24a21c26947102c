"""The native canvas-to-panel conversion (usher.device.pack, viper) on the
emulated RP2040, in both images (PL-16, PL-6).

pack is armv6m machine code frozen into the image. Its 32-bit constants are
loaded pc-relative from words that are only where the code expects them when
the function starts on a 4-byte boundary; MicroPython 1.28's mpy-tool.py
gives frozen Thumb code 2-byte alignment, so in the Pico + Waveshare image,
where the linker happened to put pack at an address 2 mod 4, every constant
read the wrong word and the picture came out scrambled (the Badger image's
pack was 4-aligned by chance and exact). The image build now aligns it
(tools/firmware_image.py fix_mpy_tool) and checks every image; these tests
check the images as built and run the conversion itself on the chip.

tests/rp2/pack_check.py runs on the chip as boot.py: it converts a
pseudo-random canvas on every path the drivers use (top down and bottom up,
the whole frame and odd windows) with pack and with a bytecode reference,
writes the byte mismatches to /data/pack_check.txt, then shows the canvas
with the board's own driver. Two emulator runs, about 20 s each.
"""
import concurrent.futures
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import firmware_image  # noqa: E402
import sim.rp2 as rp2  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILES = ("badger2040", "pico_epaper29")
CASES = ("frame_topdown", "frame_bottomup", "window_topdown", "window_bottomup", "window_rev_only",
         "window_flip_only")
FRAME_BYTES = 296 * 128 // 8


def canvas_pattern():
    """The canvas pack_check.py builds on the chip (same generator)."""
    out = bytearray(FRAME_BYTES)
    s = 12345
    for i in range(FRAME_BYTES):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = (s >> 16) & 0xFF
    return bytes(out)


def _run(profile):
    binary, _elf = rp2.image(profile)
    if not os.path.exists(binary):
        raise rp2.EmulatorError("no firmware image %s: run `make firmware`" % binary)
    with tempfile.TemporaryDirectory() as tmp:
        specs = [os.path.join(HERE, "pack_check.py") + "=/boot.py",
                 rp2.device_settings(tmp, {"board": profile})]
        job = {"firmware": binary, "profile": profile, "vbus": True, "battery_mv": 2900,
               "fs": rp2.make_fs(os.path.join(tmp, "fs.img"), specs),
               "flash_out": os.path.join(tmp, "flash.bin"), "steps": [{"boot": {"hold": []}}]}
        result = rp2.run_job(job)
        files = rp2.extract_flash(job["flash_out"], os.path.join(tmp, "files"))
        with open(os.path.join(files, "data", "pack_check.txt")) as f:
            lines = f.read().split()
    checks = {}
    for i in range(0, len(lines), 3):
        checks[lines[i]] = (int(lines[i + 1]), int(lines[i + 2]))
    return result["steps"][0], checks


@pytest.fixture(scope="module")
def runs():
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("USHER_RP2_JOBS", "2"))) as ex:
        futures = {p: ex.submit(_run, p) for p in PROFILES}
        yield futures


@pytest.mark.parametrize("profile", PROFILES)
def test_pl14_frozen_native_code_is_four_byte_aligned_in_the_image(profile):
    _binary, elf = rp2.image(profile)
    assert elf, "no ELF for %s beside the image or in build/firmware/work" % profile
    nm = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in nm.splitlines()]
    native = [r[2] for r in rows if len(r) == 3 and r[1] in ("t", "T") and r[2].startswith("fun_data_")]
    assert any("usher_device_pack" in name for name in native), native    # pack is frozen native code
    assert firmware_image.misaligned_native_code(nm) == []


@pytest.mark.parametrize("profile", PROFILES)
def test_pl16_native_conversion_equals_the_bytecode_reference_on_the_chip(runs, profile):
    step, checks = runs[profile].result()
    assert sorted(checks) == sorted(CASES)
    bad = {name: v for name, v in checks.items() if v != (0, -1)}
    assert not bad, "mismatched bytes (count, first index) per case: %r" % bad


@pytest.mark.parametrize("profile", PROFILES)
def test_pl6_driver_shows_the_canvas_pixel_for_pixel_on_the_chip(runs, profile):
    step, _checks = runs[profile].result()
    assert step["errors"] == [] and len(step["refreshes"]) == 1
    shown = rp2.picture_canvas(step["picture"], profile)
    assert rp2.diff_count(shown, canvas_pattern()) == 0
