"""The firmware image on the host side (PL-14).

`usher flash --uf2 [BOARD|FILE]` copies an image (.uf2, `make firmware`) onto
a board in boot mode: the RP2040's boot ROM shows a USB drive (RPI-RP2) with
an INFO_UF2.TXT on it, and a .uf2 file written there is programmed into flash,
after which the board restarts. When no such drive is mounted, it prints the
exact steps to do it by hand.

On a board that already runs an image, `usher flash` (the files path)
copies no firmware: frozen modules come first on sys.path there, so .mpy
files would not replace them. It explains that and offers to copy only the
owner data (`usher flash --owner-data DIR`).
"""
import os
import struct
import sys

from usher_host import datakinds, devfiles, layout
from usher_host.errors import HostError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMAGE_DIR = os.path.join(ROOT, "build", "firmware")
# Board name -> image file stem (tools/firmware_image.py) and how to put the
# board into boot mode.
BOARDS = {
    "badger2040": ("usher-badger2040", "Pimoroni Badger 2040", [
        "Connect the Badger 2040 to this computer with a USB data cable.",
        "On the back, hold down the BOOT/USR button, press and release RESET, then release BOOT/USR.",
    ]),
    "pico-waveshare": ("usher-pico-waveshare", "Raspberry Pi Pico + Waveshare Pico-ePaper-2.9", [
        "Unplug the Pico's USB cable.",
        "Hold down the white BOOTSEL button on the Pico and plug the cable back in; then release BOOTSEL.",
    ]),
    # Usher on CircuitPython 10.2.1 (make circuitpython): the same Badger;
    # code.py and boot.py then go on its CIRCUITPY drive (usher flash).
    "circuitpython": ("usher-circuitpython-badger2040", "Pimoroni Badger 2040 (CircuitPython)", [
        "Connect the Badger 2040 to this computer with a USB data cable.",
        "On the back, hold down the BOOT/USR button, press and release RESET, then release BOOT/USR.",
    ]),
}
# Where each image is built (default IMAGE_DIR).
IMAGE_DIRS = {"circuitpython": os.path.join(ROOT, "build", "circuitpython")}
DEFAULT_BOARD = "badger2040"
INFO_FILE = "INFO_UF2.TXT"
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_FAMILY_FLAG = 0x00002000
RP2040_FAMILY = 0xE48BFF56


def image_path(board):
    return os.path.join(IMAGE_DIRS.get(board, IMAGE_DIR), BOARDS[board][0] + ".uf2")


def check_uf2(data, name):
    """HostError unless data is a UF2 file for the RP2040 (family 0xe48bff56)."""
    if not data or len(data) % 512:
        raise HostError("%s is not a UF2 file (size %d is not a multiple of 512 bytes)." % (name, len(data)))
    for off in range(0, len(data), 512):
        m0, m1, flags, _addr, _size, _blk, _n, family = struct.unpack_from("<8I", data, off)
        (m_end,) = struct.unpack_from("<I", data, off + 508)
        if (m0, m1, m_end) != UF2_MAGIC:
            raise HostError("%s is not a UF2 file (bad block at byte %d)." % (name, off))
        if not flags & UF2_FAMILY_FLAG or family != RP2040_FAMILY:
            raise HostError("%s is not an RP2040 image (UF2 family 0x%08x, not 0x%08x)."
                            % (name, family, RP2040_FAMILY))
    return len(data) // 512


def _mount_points():
    """Where a USB drive may be mounted: the mount table first, then the
    usual automount folders (Linux, macOS) and drive letters (Windows)."""
    seen = []
    try:
        with open("/proc/mounts") as f:
            for line in f:
                parts = line.split()
                if len(parts) > 1:
                    seen.append(parts[1].replace("\\040", " "))
    except OSError:
        pass
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    for base in ("/media/" + user, "/run/media/" + user, "/media", "/Volumes"):
        try:
            seen.extend(os.path.join(base, n) for n in sorted(os.listdir(base)))
        except OSError:
            pass
    if sys.platform == "win32":
        seen.extend("%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ")
    return seen


def is_boot_drive(folder):
    """An RP2040 boot drive: INFO_UF2.TXT naming the RP2 boot ROM."""
    try:
        with open(os.path.join(folder, INFO_FILE), encoding="ascii", errors="replace") as f:
            info = f.read(4096)
    except OSError:
        return False
    return "RPI-RP2" in info or "Raspberry Pi RP2" in info


def find_boot_drives(candidates=None):
    if candidates is None:
        env = os.environ.get("USHER_UF2_DRIVES")
        candidates = env.split(os.pathsep) if env else _mount_points()
    out = []
    for c in candidates:
        if c and c not in out and is_boot_drive(c):
            out.append(c)
    return out


def manual_steps(board, uf2):
    _stem, title, steps = BOARDS[board]
    lines = ["No board in boot mode found (a USB drive named RPI-RP2 with %s on it)." % INFO_FILE,
             "To install %s on the %s by hand:" % (os.path.basename(uf2), title)]
    steps = steps + [
        "A drive named RPI-RP2 appears on the computer.",
        "Drag %s onto the RPI-RP2 drive (or run this command again)." % uf2,
        "The board restarts into Usher when the copy is done; the drive disappears.",
    ]
    lines += ["  %d. %s" % (i + 1, s) for i, s in enumerate(steps)]
    if board == "circuitpython":
        lines.append("Then run usher flash once the CIRCUITPY drive shows: it copies code.py and boot.py. "
                     "Saved games of MicroPython's filesystem are not carried over (back them up first "
                     "with usher backup).")
    else:
        lines.append("Saved games and owner data on the board's filesystem are kept.")
    return "\n".join(lines)


def uf2_command(choice, drive=None, out=print):
    """`usher flash --uf2 [BOARD|FILE]`: 0 when copied, 1 when no boot drive
    was found (the steps are printed), HostError for a bad image."""
    board = DEFAULT_BOARD
    if choice in BOARDS:
        board, path = choice, image_path(choice)
        if not os.path.exists(path):
            raise HostError("No %s: build the images with `make %s` first."
                            % (os.path.relpath(path, ROOT), "circuitpython" if choice == "circuitpython"
                               else "firmware"))
    else:
        path = os.path.abspath(choice)
        for name in BOARDS:
            if os.path.basename(path) == BOARDS[name][0] + ".uf2":
                board = name
        if not os.path.exists(path):
            raise HostError("No image file %s." % choice)
    with open(path, "rb") as f:
        data = f.read()
    blocks = check_uf2(data, path)
    drives = [drive] if drive else find_boot_drives()
    if drive and not is_boot_drive(drive):
        raise HostError("%s is not an RP2040 boot drive (no %s naming RPI-RP2)." % (drive, INFO_FILE))
    if not drives:
        out(manual_steps(board, path))
        return 1
    if len(drives) > 1:
        raise HostError("Several boards in boot mode (%s): choose one with --drive." % ", ".join(drives))
    target = os.path.join(drives[0], os.path.basename(path))
    out("copying %s (%d blocks, %d bytes) to %s" % (os.path.basename(path), blocks, len(data), drives[0]))
    written = 0
    try:
        with open(target, "wb") as f:
            for off in range(0, len(data), 64 * 1024):
                f.write(data[off:off + 64 * 1024])
                written = off + len(data[off:off + 64 * 1024])
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        # The board restarts as soon as it has the last block, and the drive
        # can vanish before the host has closed the file.
        if written < len(data):
            raise HostError("Copy to %s stopped after %d of %d bytes: %s. Put the board into boot "
                            "mode again and retry." % (drives[0], written, len(data), e.strerror)) from None
    out("done: the board restarts into the image (%s)" % BOARDS[board][1])
    if board == "circuitpython":
        out("then, once its CIRCUITPY drive shows, run usher flash: it copies code.py and boot.py there")
    return 0


# --- a board that already runs an image ------------------------------------------


def image_on_board(conn):
    """The board's usher_image record (image, version, micropython) when it
    runs one of the project's images, else None."""
    conn.run("try:\n import usher_image as _ui\n _u_img = (_ui.IMAGE, _ui.VERSION, _ui.MICROPYTHON)\n"
             "except ImportError:\n _u_img = None\n")
    value = conn.value("_u_img")
    if not value:
        return None
    return {"image": value[0], "version": value[1], "micropython": value[2]}


def frozen_text(info):
    return ("This board runs the Usher firmware image %s (Usher %s, MicroPython %s).\n"
            "Its modules are frozen into flash, and frozen modules come first on sys.path: .mpy files "
            "copied to the board would not replace them, so no firmware files were copied.\n"
            "To update the firmware, install a newer image: usher flash --uf2 (see docs/install.md; "
            "a release attaches the .uf2 files).\n"
            "To copy only owner data (panels and decks), run: usher flash --owner-data DIR, with DIR laid "
            "out like the board's data folder (e.g. a folder from usher backup), or use usher data upload."
            % (info["image"], info["version"], info["micropython"]))


def owner_files(folder):
    """(kind, host file, board path under the data folder) for each owner data
    file found in folder, which is laid out like the board's data folder."""
    found = []
    for kind in sorted(datakinds.KINDS):
        rel = datakinds.KINDS[kind][0]
        src = os.path.join(folder, *rel.split("/"))
        if os.path.isfile(src):
            found.append((kind, src, rel))
    return found


def copy_owner_data(conn, folder, data_dir=layout.DATA_DIR, out=print):
    """Validate every owner data file in folder first; copy them only when
    all are valid. Returns the board paths written."""
    if not os.path.isdir(folder):
        raise HostError("No folder %s." % folder)
    found = owner_files(folder)
    if not found:
        names = ", ".join(datakinds.KINDS[k][0] for k in sorted(datakinds.KINDS))
        raise HostError("No owner data in %s (looked for %s); nothing was copied." % (folder, names))
    blobs = []
    for kind, src, rel in found:
        with open(src, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise HostError("%s is not UTF-8 text; nothing was copied." % src) from None
        defects = datakinds.defects(kind, text)
        if defects:
            for d in defects:
                out("%s: %s" % (src, d))
            raise HostError("%s: %d defect(s); nothing was copied." % (src, len(defects)))
        blobs.append((data_dir.rstrip("/") + "/" + rel, raw))
    written = []
    for target, raw in blobs:
        devfiles.write_file(conn, target, raw)
        out("copied %s (%d bytes)" % (target, len(raw)))
        written.append(target)
    return written
