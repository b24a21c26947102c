"""The files an owner downloads, in one folder (`make release`).

Usage: python tools/release.py [--firmware DIR] [--drive DIR] [--out DIR]

Reads what `make firmware` and `make circuitpython` built and writes, into
build/release/ (or --out):

  usher-VERSION-badger2040.uf2       MicroPython with Usher frozen in, Pimoroni Badger 2040
  usher-VERSION-pico-waveshare.uf2   the same for a Pico with the Waveshare Pico-ePaper-2.9
  usher-VERSION-circuitpy.zip        the CIRCUITPY folder, for a Badger 2040 on stock CircuitPython 10
  SHA256SUMS                         their sums, as `sha256sum -c SHA256SUMS` checks them
  INSTALL.txt                        how to install each one

Every input is checked first with the checks `usher flash` makes (each .uf2
an RP2040 image, the folder a complete CIRCUITPY folder of this build), and
nothing is written when one fails. The zip is the same bytes for the same
folder (fixed dates, sorted names), so its sum says whether the firmware
changed. The folder is replaced whole, so it never mixes two releases; a
folder that holds anything else is refused.
"""
import argparse
import os
import shutil
import sys
import textwrap
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from buildkit import _sha256 as sha256  # noqa: E402  (the image builds' own hash of a file)
from usher_host import circuitpy, image  # noqa: E402
from usher_host.errors import HostError  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "build", "firmware")
DRIVE = os.path.join(ROOT, "build", "circuitpython", "drive")
OUT = os.path.join(ROOT, "build", "release")
SUMS = "SHA256SUMS"
INSTALL = "INSTALL.txt"
MICROPYTHON_BOARDS = ("badger2040", "pico-waveshare")   # image.BOARDS names, in INSTALL.txt's order
ZIP_DATE = (2000, 1, 1, 0, 0, 0)                        # the zip's bytes depend on the folder only


def version():
    with open(os.path.join(ROOT, "firmware", "usher", "__init__.py")) as f:
        for line in f:
            if line.startswith("VERSION"):
                return line.split("=", 1)[1].strip().strip("\"'")
    raise HostError("firmware/usher/__init__.py has no VERSION line")


def release_names(ver):
    """{what: file name in the release} for the two images and the zip."""
    names = {board: "usher-%s-%s.uf2" % (ver, board) for board in MICROPYTHON_BOARDS}
    names["circuitpy"] = "usher-%s-circuitpy.zip" % ver
    return names


def _read_uf2(folder, board):
    path = os.path.join(folder, image.BOARDS[board][0] + ".uf2")
    if not os.path.isfile(path):
        raise HostError("No %s: build it with `make firmware`. Nothing was written." % path)
    with open(path, "rb") as f:
        data = f.read()
    image.check_uf2(data, path)
    return data


def _zip_folder(files, dest):
    """files: {name in the zip: host path}; written in name order with fixed dates."""
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for rel in sorted(files):
            info = zipfile.ZipInfo(rel, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(files[rel], "rb") as f:
                z.writestr(info, f.read())


def install_text(ver, names):
    titles = {board: image.BOARDS[board][1] for board in MICROPYTHON_BOARDS}
    lines = [
        "Usher %s: a pocket e-ink companion for Take a Seat, The Theatre," % ver,
        "Pulisci il Multisala and Seat Wars.",
        "",
        "Check the downloads first:  sha256sum -c %s" % SUMS,
        "",
        "MicroPython image (recommended: the most free memory, one file)",
    ]
    lines += ["  %s  for the %s" % (names[board], titles[board]) for board in MICROPYTHON_BOARDS]
    lines.append("  1. Put the board into boot mode:")
    for board in MICROPYTHON_BOARDS:
        steps = "%s: %s" % (titles[board], " ".join(image.BOARDS[board][2]))
        lines += textwrap.wrap(steps, 74, initial_indent="     ", subsequent_indent="       ")
    lines += [
        "  2. A drive named RPI-RP2 appears: copy the board's .uf2 onto it.",
        "  3. The board restarts into Usher. Saved games and owner data on the",
        "     board are kept when you install a newer image the same way.",
        "  (With the project's `usher` command: usher flash --uf2 FILE.)",
        "",
        "CircuitPython (Badger 2040 only)",
        "  %s is the CIRCUITPY folder for stock CircuitPython 10.x." % names["circuitpy"],
        "  1. Install CircuitPython 10 for the Badger 2040",
        "     (https://circuitpython.org/board/pimoroni_badger2040/) as above.",
        "  2. Unzip the file onto the CIRCUITPY drive (code.py, boot.py, lib/),",
        "     replacing what is there; other files on the drive are kept. When",
        "     updating, delete lib/usher/ first, so no module of the old",
        "     version stays behind.",
        "  3. Reset the board. Usher's boot.py then gives the drive to the",
        "     firmware for its saves, and the computer sees it read-only. To",
        "     update later, hold UP while pressing RESET and keep it held for a",
        "     second (USB editing mode), copy the new files, reset without UP.",
        "",
        "Wiring, pins and parts: hardware/README.md in the project.",
        "",
    ]
    return "\n".join(lines)


def _clear(out, names):
    """Remove a previous release in out; refuse a folder holding other files."""
    if not os.path.exists(out):
        return
    if not os.path.isdir(out):
        raise HostError("%s is not a folder. Nothing was written." % out)
    ours = set(names.values()) | {SUMS, INSTALL}
    if not os.path.exists(os.path.join(out, SUMS)):
        if os.listdir(out):
            raise HostError("%s holds files that are not a release (no %s): give an empty folder. "
                            "Nothing was written." % (out, SUMS))
        return
    others = [n for n in os.listdir(out) if n not in ours and not n.startswith("usher-")]
    if others:
        raise HostError("%s holds files that are not a release (%s). Nothing was written."
                        % (out, ", ".join(sorted(others))))
    shutil.rmtree(out)


def make_release(firmware=FIRMWARE, drive=DRIVE, out=OUT, say=print):
    ver = version()
    names = release_names(ver)
    images = {board: _read_uf2(firmware, board) for board in MICROPYTHON_BOARDS}
    files = circuitpy.folder_files(drive)
    _clear(out, names)
    tmp = out.rstrip(os.sep) + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for board, data in images.items():
        with open(os.path.join(tmp, names[board]), "wb") as f:
            f.write(data)
    _zip_folder(files, os.path.join(tmp, names["circuitpy"]))
    with open(os.path.join(tmp, SUMS), "w") as f:
        for what in MICROPYTHON_BOARDS + ("circuitpy",):
            f.write("%s  %s\n" % (sha256(os.path.join(tmp, names[what])), names[what]))
    with open(os.path.join(tmp, INSTALL), "w") as f:
        f.write(install_text(ver, names))
    os.replace(tmp, out)
    for name in sorted(os.listdir(out)):
        say("%-40s %9d bytes" % (name, os.path.getsize(os.path.join(out, name))))
    say("release %s: %s" % (ver, os.path.relpath(out, os.getcwd())))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/release.py", description="Collect the files an owner "
                                 "downloads (both .uf2, the CIRCUITPY zip, SHA256SUMS, INSTALL.txt).")
    ap.add_argument("--firmware", default=FIRMWARE, help="folder of `make firmware`'s images")
    ap.add_argument("--drive", default=DRIVE, help="the CIRCUITPY folder of `make circuitpython`")
    ap.add_argument("--out", default=OUT, help="the release folder to write (default: build/release)")
    args = ap.parse_args(argv)
    try:
        make_release(args.firmware, args.drive, args.out)
    except HostError as e:
        print("release: %s" % e.message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
