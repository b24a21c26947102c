"""The CircuitPython image on the emulated Badger 2040 (sim/rp2/circuitpython.*):
it boots from the BOOTSEL pad released, mounts the CIRCUITPY drive made
from a folder at flash offset 0x100000, runs boot.py and code.py from it,
answers on the serial console's REPL, and what it writes to its drive is on
the flash after a reset.

Run by `make test-circuitpython` (part of `make test`), which builds the
image and the drive folder first (`make circuitpython`); pytest leaves this
folder out unless USHER_CIRCUITPY=1 is set (tests/conftest.py).
"""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2.circuitpython as cpy  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "firmware"))
from usher import VERSION  # noqa: E402


def _read(result, name):
    with open(os.path.join(result["files"], name)) as f:
        return f.read()


PLACEHOLDER = os.path.join(ROOT, "firmware", "boards", "circuitpython", "placeholder")
FILES_CODE = """import sys
print("path", sys.path)
sys.path.remove(".frozen")
import usher
import usher_image
from usher.games.takeaseat import engine
print("usher from", usher.__file__, usher_image.IMAGE)
print("engine from", engine.__file__)
"""


def _placeholders():
    out = {}
    for name in ("code.py", "boot.py"):
        with open(os.path.join(PLACEHOLDER, name)) as f:
            out[name] = f.read()
    return out


@pytest.fixture(scope="module")
def drive_run():
    # One boot for the tests below: the drive is the folder `make
    # circuitpython` made, with the placeholder code.py and boot.py (which
    # print what they find) in place of the device layer's, so that what is
    # checked is the image, the drive and the console, not the games.
    mem_free = {"raw_exec": "import gc\ngc.collect()\nprint(gc.mem_free())"}
    steps = cpy.to_repl() + cpy.soft_reload() + [mem_free, {"raw_exec": FILES_CODE}]
    r = cpy.run(steps, folder=cpy.drive_folder(), files=_placeholders())
    yield r
    r["_tmp"].cleanup()


def test_image_boots_runs_code_py_from_the_drive_and_prints(drive_run):
    # The image's frozen usher is the one code.py imports. boot_out.txt is
    # written by CircuitPython itself at boot: its presence on the flash
    # after the run shows the drive is mounted and written through the
    # bootrom's flash routines.
    r = drive_run
    boot, _, reload_, mem, _files = r["steps"]
    assert boot["result"] == "found", boot["console"][-2000:]
    assert boot["usb_connected_ms"] is not None and boot["usb_connected_ms"] < boot["boot_ms"]
    assert "Adafruit CircuitPython 10.2.1" in boot["console"]
    out = reload_["console"]
    assert "code.py output:" in out, out[-2000:]
    assert "usher %s on circuitpython 10.2.1, usher-circuitpython-badger2040" % VERSION in out, out[-2000:]
    assert "usher from usher/__init__.py" in out, out[-2000:]    # frozen: no /lib/ in its name
    assert mem["result"] == "ok" and 100000 < int(mem["stdout"]) < 264 * 1024, mem
    boot_out = _read(r, "boot_out.txt")
    assert boot_out.startswith("Adafruit CircuitPython 10.2.1"), boot_out
    assert "Board ID:usher_badger2040" in boot_out, boot_out
    assert "usher boot.py (placeholder)" in boot_out, boot_out


def test_the_drive_folder_s_compiled_firmware_loads_on_circuitpython(drive_run):
    # The files install (stock CircuitPython): lib/ holds the firmware as
    # .mpy files from CircuitPython's own mpy-cross. With the frozen modules
    # taken off sys.path, usher and an engine load from them on the chip.
    step = drive_run["steps"][4]
    assert step["result"] == "ok", step
    out = step["stdout"]
    assert "path ['', '/', '.frozen', '/lib']" in out, out
    assert "usher from /lib/usher/__init__.mpy usher-circuitpython-files" in out, out
    assert "engine from /lib/usher/games/takeaseat/engine.mpy" in out, out


COUNTER_BOOT = """import storage
storage.remount("/", readonly=False)
"""
COUNTER_CODE = """try:
    with open("/count.txt") as f:
        n = int(f.read())
except OSError:
    n = 0
with open("/count.txt", "w") as f:
    f.write(str(n + 1))
print("count", n + 1)
"""


def test_what_code_writes_to_the_drive_survives_a_reset():
    # boot.py makes the drive writable for code; code.py counts its runs in
    # /count.txt. Two power-ons: the second run reads the first one's file
    # from the flash, and the host reads the final count from the drive.
    check = {"raw_exec": "print(open('/count.txt').read())"}
    steps = cpy.to_repl() + [check] + cpy.to_repl() + [check]
    r = cpy.run(steps, files={"boot.py": COUNTER_BOOT, "code.py": COUNTER_CODE})
    first, second = r["steps"][1], r["steps"][3]
    assert first["result"] == "ok" and first["stdout"].strip() == "1", first
    assert second["result"] == "ok" and second["stdout"].strip() == "2", second
    assert _read(r, "count.txt") == "2"
    assert r["flash_ops"]["erase"] > 0 and r["flash_ops"]["program"] > 0


def test_the_panel_s_picture_is_converted_through_the_board_s_byte_wise_path():
    # Group.c's call to displayio_tilegrid_fill_area is routed by
    # the link to the board's __wrap_displayio_tilegrid_fill_area
    # (firmware/boards/circuitpython/usher_badger2040/tilegrid_mono.c), which
    # falls back to CircuitPython's own. Without the wrap, --gc-sections
    # drops the board's function and the image converts pixel by pixel again
    # (the pictures would still match: this is what says the fast path is in).
    import subprocess
    elf = os.path.join(ROOT, "build", "circuitpython", "usher-circuitpython-badger2040.elf")
    p = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", elf],
                       capture_output=True, text=True, check=True)
    body, calls = None, {}
    for line in p.stdout.split("\n"):
        if line.endswith(">:"):
            body = line.split("<", 1)[1][:-2]
        elif body and "\tbl\t" in line and "<" in line:
            calls.setdefault(body, set()).add(line.rsplit("<", 1)[1].rstrip(">"))
    assert "__wrap_displayio_tilegrid_fill_area" in calls.get("displayio_group_fill_area", set()), \
        sorted(calls.get("displayio_group_fill_area", ()))
    assert "__real_displayio_tilegrid_fill_area" not in calls    # resolved by the link, not a symbol left
    assert "displayio_tilegrid_fill_area" in calls["__wrap_displayio_tilegrid_fill_area"]
