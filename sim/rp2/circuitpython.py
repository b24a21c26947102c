"""The emulated Badger 2040 running CircuitPython, from Python: the
CIRCUITPY drive as a FAT image made from a folder (and read back), jobs for
sim/rp2/run.mjs with the CircuitPython board (sim/rp2/circuitpython.mjs),
and the serial console's REPL.

The image is `make circuitpython`'s build/circuitpython/
usher-circuitpython-badger2040.bin ($USHER_CIRCUITPY_DIR for another
folder); the bootrom comes from the same place as for MicroPython
(sim/rp2/__init__.py). The FAT images are made with mkfs.fat and mcopy
(Debian's dosfstools and mtools, installed by `make circuitpython-deps`).
"""
import os
import shutil
import subprocess
import tempfile

from sim.rp2 import EmulatorError, run_job
from sim.session import ROOT

DRIVE_OFFSET = 0x100000
DRIVE_BYTES = 0x100000
DRIVE_LABEL = "CIRCUITPY"
DRIVE_EPOCH = "1704067200"      # 2024-01-01 00:00 UTC: every file's time on a drive image
IMAGE = "usher-circuitpython-badger2040"
# Banner of the REPL and the prompt; "Press any key to enter the REPL" is
# what CircuitPython prints after code.py.
PROMPT = ">>> "


def output_dir():
    return os.environ.get("USHER_CIRCUITPY_DIR") or os.path.join(ROOT, "build", "circuitpython")


def image():
    """(bin, elf or None) of the CircuitPython Badger image."""
    base = os.path.join(output_dir(), IMAGE)
    elf = base + ".elf"
    return base + ".bin", elf if os.path.exists(elf) else None


_SYMBOLS = {}


def busy_wait_address(elf=None):
    """The address of busy_wait_us (the pico-sdk's spin on the timer) in the
    image's ELF, read with arm-none-eabi-nm, for the emulated board to run as
    a stall of the clock (board.mjs busyWaitHook); None without the ELF."""
    if elf is None:
        elf = image()[1]
    if not elf:
        return None
    key = (elf, os.path.getmtime(elf))
    if key not in _SYMBOLS:
        try:
            out = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True,
                                 check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            out = ""
        found = None
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[2] == "busy_wait_us" and parts[1] in "tT":
                found = int(parts[0], 16)
        _SYMBOLS[key] = found
    return _SYMBOLS[key]


def drive_folder():
    return os.path.join(output_dir(), "drive")


# --- the drive ----------------------------------------------------------------------
def _mtools(cmd, img):
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1", MTOOLS_NO_VFAT="0")
    # The files' and folders' times in the FAT entries: fixed, so that the
    # same inputs give the same image even when two builds straddle one of
    # FAT's 2-second steps (mtools reads SOURCE_DATE_EPOCH).
    env.setdefault("SOURCE_DATE_EPOCH", DRIVE_EPOCH)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    except FileNotFoundError as e:
        raise EmulatorError("%s is missing (Debian: dosfstools, mtools; `make circuitpython-deps`)"
                            % e.filename) from e
    if p.returncode:
        raise EmulatorError("%s on %s failed: %s" % (cmd[0], img, (p.stderr or p.stdout).strip()))
    return p.stdout


def make_drive(path, folder=None, files=None):
    """A 1 MB FAT12 image at path labelled CIRCUITPY, 512-byte sectors (the
    drive CircuitPython's internal flash holds), with the contents of
    folder and then files ({drive path: bytes or str}) copied in."""
    if os.path.exists(path):
        os.remove(path)
    _mtools(["mkfs.fat", "-F", "12", "-S", "512", "-n", DRIVE_LABEL, "-i", "55534852", "--invariant",
             "-C", path, str(DRIVE_BYTES // 1024)], path)
    if folder:
        names = sorted(os.listdir(folder))
        if names:
            _mtools(["mcopy", "-s", "-o", "-i", path] + [os.path.join(folder, n) for n in names] + ["::/"],
                    path)
    if files:
        with tempfile.TemporaryDirectory() as tmp:
            for dest, data in sorted(files.items()):
                local = os.path.join(tmp, dest.strip("/"))
                os.makedirs(os.path.dirname(local), exist_ok=True)
                with open(local, "wb") as f:
                    f.write(data.encode() if isinstance(data, str) else data)
            for name in sorted(os.listdir(tmp)):
                _mtools(["mcopy", "-s", "-o", "-i", path, os.path.join(tmp, name), "::/"], path)
    return path


def read_drive(img, dest):
    """Every file of a drive image under dest (which is made)."""
    os.makedirs(dest, exist_ok=True)
    listing = _mtools(["mdir", "-/", "-b", "-i", img, "::/"], img)
    if listing.strip():
        _mtools(["mcopy", "-s", "-n", "-o", "-i", img, "::/*", dest], img)
    return dest


def drive_from_flash(flash_path, out_path):
    with open(flash_path, "rb") as f:
        f.seek(DRIVE_OFFSET)
        data = f.read(DRIVE_BYTES)
    with open(out_path, "wb") as f:
        f.write(data)
    return out_path


# --- running ---------------------------------------------------------------------------
def job(steps, drive=None, flash=None, flash_out=None, vbus=True, battery_mv=2900, usb=True):
    """A job for run.mjs on the CircuitPython board: drive (an image path)
    at 0x100000, or a whole flash dump to start from."""
    binary, _elf = image()
    if not os.path.exists(binary):
        raise EmulatorError("no CircuitPython image %s: run `make circuitpython`" % binary)
    j = {"firmware": binary, "circuitpython": True, "profile": "badger2040", "vbus": vbus,
         "battery_mv": battery_mv, "usb": usb, "steps": list(steps)}
    busy_wait = busy_wait_address()
    if busy_wait is not None:
        j["busy_wait"] = busy_wait
    if flash:
        j["flash"] = flash
    elif drive:
        j["drive"] = drive
    if flash_out:
        j["flash_out"] = flash_out
    return j


def run(steps, folder=None, files=None, flash=None, timeout=900, **kw):
    """Boot the CircuitPython image with a drive made from folder and files
    (or from a flash dump) and run the steps. Returns the result with
    "files" (the drive's contents at the end, extracted into a folder),
    "flash_path" and "_tmp" (the TemporaryDirectory holding them)."""
    tmp = tempfile.TemporaryDirectory()
    drive = None
    if not flash:
        drive = make_drive(os.path.join(tmp.name, "drive.img"), folder, files)
    flash_out = os.path.join(tmp.name, "flash.bin")
    result = run_job(job(steps, drive=drive, flash=flash, flash_out=flash_out, **kw), timeout=timeout)
    out = drive_from_flash(flash_out, os.path.join(tmp.name, "drive-out.img"))
    files_dir = os.path.join(tmp.name, "files")
    read_drive(out, files_dir)
    result["files"] = files_dir
    result["flash_path"] = flash_out
    result["_tmp"] = tmp
    return result


def to_repl(limit_ms=20000):
    """Steps: power on and press Enter until the REPL's prompt (the code.py
    run ends with "Press any key to enter the REPL")."""
    return [{"power_on": {"console_until": PROMPT, "send": "\r", "every_ms": 300, "limit_ms": limit_ms}}]


def soft_reload(limit_ms=60000):
    """Steps, from the REPL: Ctrl-D (soft reload, which runs code.py again
    with the serial console up), until the next "Press any key"."""
    return [{"send": "\x04"}, {"console_until": "Press any key to enter the REPL", "limit_ms": limit_ms}]


def copy_drive(folder, dest):
    """A copy of a drive folder (for tests that add files to it)."""
    shutil.copytree(folder, dest)
    return dest
