"""`usher flash` on a board running CircuitPython: install the CIRCUITPY
folder of `make circuitpython` (build/circuitpython/drive/) onto the board's
mounted CIRCUITPY drive.

A CircuitPython board shows a USB drive with boot_out.txt at its top, which
CircuitPython writes at every boot; its first lines name the release and
the board:

    Adafruit CircuitPython 10.2.1 on 2026-12-01; Pimoroni Badger 2040 with rp2040
    Board ID:pimoroni_badger2040

The install checks everything before it writes anything: the drive is a
CircuitPython board this build is for (a Badger 2040, CircuitPython 10.x,
whose .mpy files this build's mpy-cross writes), the folder is complete
(code.py, boot.py, lib/usher_image.mpy, lib/usher/ with every module as a
CircuitPython .mpy), the drive takes writes from this computer (Usher's
boot.py gives the drive to the firmware for its saves: the computer then
sees it read-only) and has room. Then each file goes in as NAME.part and
is renamed over NAME; firmware modules that are no longer part of the
build are removed; code.py goes last, so a board that restarts in the
middle (CircuitPython reloads when a file changes) never runs a new
code.py with old modules. Everything else on the drive (saved games, owner
data under data/, settings.toml, other libraries) is left as it is.

On the project's CircuitPython image (Board ID usher_badger2040), usher is
frozen into the firmware and comes before /lib on sys.path: only code.py
and boot.py are copied, and an old lib/usher/ left from the files install
is removed (it would only take room).
"""
import os
import shutil
import sys

from usher_host.errors import HostError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "build", "circuitpython", "drive")
BOOT_OUT = "boot_out.txt"
ENTRY_POINTS = ("boot.py", "code.py")          # code.py is written last
# Boards the CircuitPython device layer runs on, by CircuitPython board id;
# usher_badger2040 is the project's image (firmware/boards/circuitpython).
BOARD_IDS = ("pimoroni_badger2040", "usher_badger2040")
IMAGE_BOARD_ID = "usher_badger2040"
MAJOR = 10                                     # .mpy files of CircuitPython 10.x (mpy v6, 'C' header)
MPY_HEADER = b"C\x06"
LIB = "lib"
PACKAGE = "lib/usher"
RECORD = "lib/usher_image.mpy"


def read_boot_out(drive):
    """{"version", "board", "board_id"} from boot_out.txt, or None when the
    folder is not a CircuitPython drive."""
    try:
        with open(os.path.join(drive, BOOT_OUT), encoding="utf-8", errors="replace") as f:
            text = f.read(4096)
    except OSError:
        return None
    lines = text.splitlines()
    if not lines or not lines[0].startswith("Adafruit CircuitPython "):
        return None
    first = lines[0][len("Adafruit CircuitPython "):]
    version = first.split(" ", 1)[0]
    board = first.split("; ", 1)[1] if "; " in first else ""
    board_id = None
    for line in lines[1:]:
        if line.startswith("Board ID:"):
            board_id = line[len("Board ID:"):].strip()
    return {"version": version, "board": board, "board_id": board_id}


def _mount_points():
    from usher_host.image import _mount_points as points
    return points()


def find_drives(candidates=None):
    """Mounted CircuitPython drives (a boot_out.txt from CircuitPython at the
    top); $USHER_CIRCUITPY_DRIVES (paths separated by os.pathsep) replaces
    the mount table."""
    if candidates is None:
        env = os.environ.get("USHER_CIRCUITPY_DRIVES")
        candidates = env.split(os.pathsep) if env else _mount_points()
    out = []
    for c in candidates:
        if c and c not in out and read_boot_out(c) is not None:
            out.append(c)
    return out


def check_board(drive, info):
    board_id = info["board_id"]
    if board_id not in BOARD_IDS:
        raise HostError("%s is a CircuitPython drive of %s (board id %s); Usher on CircuitPython runs on the "
                        "Badger 2040 (%s). Nothing was copied."
                        % (drive, info["board"] or "an unknown board", board_id, ", ".join(BOARD_IDS)))
    try:
        major = int(info["version"].split(".")[0])
    except ValueError:
        major = None
    if major != MAJOR:
        raise HostError("The board runs CircuitPython %s; this build's .mpy files need CircuitPython %d.x "
                        "(CircuitPython %d.x loads only its own .mpy format). Install CircuitPython %d "
                        "or the project's image (usher flash --uf2 circuitpython). Nothing was copied."
                        % (info["version"], MAJOR, MAJOR, MAJOR))


def folder_files(folder):
    """{drive path: host path} of the folder, after checking that it is a
    complete CIRCUITPY folder of this build (HostError naming what is wrong)."""
    if not os.path.isdir(folder):
        raise HostError("No folder %s: build it with `make circuitpython`." % folder)
    files = {}
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            path = os.path.join(root, name)
            files[os.path.relpath(path, folder).replace(os.sep, "/")] = path
    missing = [p for p in ENTRY_POINTS + (RECORD, PACKAGE + "/__init__.mpy") if p not in files]
    if missing:
        raise HostError("%s is not a complete CIRCUITPY folder (missing %s): rebuild it with "
                        "`make circuitpython`. Nothing was copied." % (folder, ", ".join(missing)))
    bad = []
    for rel, path in sorted(files.items()):
        if rel in ENTRY_POINTS:
            continue
        if not (rel.startswith(PACKAGE + "/") or rel == RECORD) or not rel.endswith(".mpy"):
            bad.append("%s (not part of the firmware)" % rel)
            continue
        with open(path, "rb") as f:
            head = f.read(2)
        if head != MPY_HEADER:
            bad.append("%s (not a CircuitPython %d .mpy file)" % (rel, MAJOR))
    for rel in ENTRY_POINTS:
        with open(files[rel], "rb") as f:
            text = f.read()
        try:
            compile(text.decode("utf-8"), rel, "exec")
        except (UnicodeDecodeError, SyntaxError) as e:
            bad.append("%s (%s)" % (rel, e))
    if bad:
        raise HostError("%s: %s. Nothing was copied." % (folder, "; ".join(bad)))
    return files


def _probe_writable(drive):
    probe = os.path.join(drive, ".usher_probe")
    try:
        with open(probe, "wb") as f:
            f.write(b"x")
        os.remove(probe)
    except OSError as e:
        raise HostError(
            "The CIRCUITPY drive %s does not take writes from this computer (%s). Usher's boot.py gives "
            "the drive to the firmware (for its saves), and the computer then sees it read-only: hold UP "
            "while pressing RESET and keep it held for a second (USB editing mode), then run usher "
            "flash again. Nothing was copied." % (drive, e.strerror or e)) from None


def _on_drive(drive, rel):
    return os.path.join(drive, *rel.split("/"))


def plan(drive, files, frozen):
    """(to_copy, to_remove) as drive paths: files that differ from the
    drive's, and modules on the drive under lib/usher/ that the build no
    longer has (all of lib/usher/ and the record on the frozen image)."""
    wanted = dict((r, p) for r, p in files.items() if not frozen or r in ENTRY_POINTS)
    to_copy = []
    for rel, path in sorted(wanted.items()):
        dst = _on_drive(drive, rel)
        try:
            with open(dst, "rb") as a, open(path, "rb") as b:
                same = a.read() == b.read()
        except OSError:
            same = False
        if not same:
            to_copy.append(rel)
    to_remove = []
    pkg = _on_drive(drive, PACKAGE)
    for root, dirs, names in os.walk(pkg):
        dirs.sort()
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(root, name), drive).replace(os.sep, "/")
            if rel not in wanted:
                to_remove.append(rel)
    if frozen and os.path.exists(_on_drive(drive, RECORD)):
        to_remove.append(RECORD)
    # code.py last, boot.py just before it
    to_copy.sort(key=lambda r: (r in ENTRY_POINTS, r == "code.py", r))
    return to_copy, to_remove


def _prune_empty(folder):
    for root, _dirs, _names in os.walk(folder, topdown=False):
        if not os.listdir(root):
            try:
                os.rmdir(root)
            except OSError:
                pass


def install(drive, folder=None, out=print):
    """Install the CIRCUITPY folder on a mounted CircuitPython drive.
    Returns (copied, removed) drive paths."""
    folder = folder or FOLDER
    info = read_boot_out(drive)
    if info is None:
        raise HostError("%s is not a CircuitPython drive (no %s from CircuitPython at its top)."
                        % (drive, BOOT_OUT))
    check_board(drive, info)
    frozen = info["board_id"] == IMAGE_BOARD_ID
    files = folder_files(folder)
    out("board: CircuitPython %s on %s (%s)%s" % (info["version"], info["board"], info["board_id"],
                                                 ", usher frozen in the image" if frozen else ""))
    to_copy, to_remove = plan(drive, files, frozen)
    need = sum(os.path.getsize(files[r]) for r in to_copy)
    have = 0
    for r in to_copy:
        try:
            have += os.path.getsize(_on_drive(drive, r))
        except OSError:
            pass
    free = shutil.disk_usage(drive).free
    # each file is written beside the old one before the rename: the largest
    # one counts twice
    largest = max([os.path.getsize(files[r]) for r in to_copy] or [0])
    if need - have + largest > free:
        raise HostError("The CIRCUITPY drive %s has %d bytes free; the install needs %d. Make room "
                        "(files on the drive that are not Usher's) and run usher flash again. Nothing "
                        "was copied." % (drive, free, need - have + largest))
    out("%d of %d files changed (%d bytes), %d to remove"
        % (len(to_copy), len(files) if not frozen else len(ENTRY_POINTS), need, len(to_remove)))
    if not to_copy and not to_remove:
        return [], []
    _probe_writable(drive)
    for i, rel in enumerate(to_copy):
        dst = _on_drive(drive, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        part = dst + ".part"
        with open(files[rel], "rb") as src, open(part, "wb") as f:
            data = src.read()
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, dst)
        out("[%d/%d] %s (%d bytes)" % (i + 1, len(to_copy), rel, len(data)))
    for rel in to_remove:
        os.remove(_on_drive(drive, rel))
        out("remove %s" % rel)
    if os.path.isdir(_on_drive(drive, PACKAGE)):
        _prune_empty(_on_drive(drive, PACKAGE))
    sys.stdout.flush()
    return to_copy, to_remove


def choose_drive(drive=None):
    """The drive to install on: the one given (checked) or the only one
    mounted; None when none is mounted."""
    if drive:
        if read_boot_out(drive) is None:
            raise HostError("%s is not a CircuitPython drive (no %s from CircuitPython at its top)."
                            % (drive, BOOT_OUT))
        return drive
    drives = find_drives()
    if len(drives) > 1:
        raise HostError("Several CircuitPython drives are mounted (%s): choose one with --circuitpy DRIVE."
                        % ", ".join(drives))
    return drives[0] if drives else None
