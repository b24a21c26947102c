"""Build Usher for CircuitPython from pinned CircuitPython sources.

Usage: python tools/circuitpython_image.py [all|src|mpy-cross|unix|badger|drive] ...

  all        everything below (the default; `make circuitpython`)
  src        only prepare the sources and print their folder
  mpy-cross  CircuitPython's own mpy-cross: build/circuitpython/mpy-cross
  unix       CircuitPython's unix port, coverage variant (a runtime of the
             portable tests): build/circuitpython/unix/micropython
  badger     the Badger 2040 image with the firmware frozen in:
             build/circuitpython/usher-circuitpython-badger2040.{bin,uf2}
  drive      the folder to copy onto the CIRCUITPY drive (code.py, boot.py,
             lib/ with the firmware compiled by CircuitPython's mpy-cross):
             build/circuitpython/drive/

Sources (version and hash pinned in firmware/boards/circuitpython/
sources.json, the only place they are):
  1. $CIRCUITPY_SRC, a CircuitPython 10.2.1 git clone with its submodules
     and tags, used in place;
  2. the tarball circuitpython-10.2.1-rp2-src.tar.xz in $USHER_VENDOR
     (default ../shared/vendor beside the repository), checked against its
     sha256, unpacked into build/cpy-src/ and made a git repository tagged
     10.2.1 (CircuitPython's version script refuses to build outside one).
There is no network fallback: the tree with its submodules is that tarball.

The build scripts' Python packages (firmware/boards/circuitpython/
requirements.txt) come from the virtual env $CIRCUITPY_VENV (default
build/cpy-venv, made by `make circuitpython`); its bin/ goes first on PATH.
Debian 12's gcc is 12.2, and CircuitPython insists on 14 unless told
otherwise: CIRCUITPY_MIN_GCC_VERSION=12 (sources.json, "min_gcc_version").

The Badger image is the board folder firmware/boards/circuitpython/
usher_badger2040 (CircuitPython's pimoroni_badger2040 with the firmware
frozen: it includes that board's files) copied into the tree's
ports/raspberrypi/boards/. Its firmware.bin must fit in the 1020 KB
(1,044,480 bytes) before the CIRCUITPY drive: each run prints size and
headroom and fails when it is over. The build folders stay in the tree, so a
second run after a change to one Python file rebuilds in seconds.
"""
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from buildkit import BuildError, _sha256, jobs, run, say  # noqa: E402,F401  (shared with the other image build)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "firmware", "boards", "circuitpython")
FIRMWARE = os.path.join(ROOT, "firmware")
BUILD = os.path.join(ROOT, "build")
SRC_DIR = os.path.join(BUILD, "cpy-src")
OUT = os.path.join(BUILD, "circuitpython")
WORK = os.path.join(OUT, "work")
DRIVE = os.path.join(OUT, "drive")
IMAGE_NAME = "usher-circuitpython-badger2040"
UF2_FAMILY = "0xe48bff56"    # RP2040
UF2_BASE = "0x10000000"      # XIP flash
# What the CIRCUITPY drive gets besides lib/: the entry points, from the
# device layer's folder for CircuitPython when it has them.
ENTRY_POINTS = ("code.py", "boot.py")
TARGETS = ("all", "src", "mpy-cross", "unix", "badger", "drive")


def pins():
    with open(os.path.join(BOARDS, "sources.json")) as f:
        return json.load(f)


def vendor_dir():
    """$USHER_VENDOR, else ../shared/vendor beside the repository (CI); a
    worktree one folder deeper finds it one further up."""
    if os.environ.get("USHER_VENDOR"):
        return os.environ["USHER_VENDOR"]
    up = os.path.dirname(ROOT)
    for base in (up, os.path.dirname(up)):
        if os.path.isdir(os.path.join(base, "shared", "vendor")):
            return os.path.join(base, "shared", "vendor")
    return os.path.join(up, "shared", "vendor")


def tree_version(src):
    """CircuitPython's version as git describes the tree (its tag), or None."""
    p = subprocess.run(["git", "describe", "--tags", "--exact-match"], cwd=src, capture_output=True,
                       text=True, env=dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(src)))
    return p.stdout.strip() if p.returncode == 0 else None


TREE_PARTS = ("py/circuitpy_mpconfig.h", "ports/raspberrypi/Makefile", "ports/unix/Makefile",
              "mpy-cross/Makefile", "ports/raspberrypi/sdk/README.md", "tools/preprocess_frozen_modules.py")


def _check_tree(src, pinned, origin):
    for part in TREE_PARTS:
        if not os.path.exists(os.path.join(src, part)):
            raise BuildError("%s: %s has no %s (a CircuitPython tree with its submodules is needed)"
                             % (origin, src, part))
    board = os.path.join(src, "ports", "raspberrypi", "boards", pinned["vendor_board"])
    if not os.path.isdir(board):
        raise BuildError("%s: %s has no board %s" % (origin, src, pinned["vendor_board"]))
    version, want = tree_version(src), pinned["circuitpython"]["tag"]
    if version != want:
        raise BuildError("%s: %s is tagged %s, the build is pinned to CircuitPython %s "
                         "(firmware/boards/circuitpython/sources.json); CircuitPython's version "
                         "script needs the tag" % (origin, src, version, want))
    return src


def _git(args, cwd):
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(cwd),
               GIT_AUTHOR_NAME="build", GIT_AUTHOR_EMAIL="build@localhost",
               GIT_COMMITTER_NAME="build", GIT_COMMITTER_EMAIL="build@localhost",
               GIT_AUTHOR_DATE="2000-01-01T00:00:00Z", GIT_COMMITTER_DATE="2000-01-01T00:00:00Z")
    p = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "core.autocrlf=false",
                        "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"] + args,
                       cwd=cwd, env=env, capture_output=True, text=True)
    if p.returncode:
        raise BuildError("git %s failed: %s" % (" ".join(args), (p.stderr or p.stdout).strip()))
    return p.stdout.strip()


def _from_tarball(tarball, pinned):
    info = pinned["tarball"]
    src = os.path.join(SRC_DIR, info["top"])
    stamp = os.path.join(SRC_DIR, ".source")
    digest = _sha256(tarball)
    if digest != info["sha256"]:
        raise BuildError("%s: sha256 %s, expected %s (firmware/boards/circuitpython/sources.json); "
                         "not unpacked" % (tarball, digest, info["sha256"]))
    if os.path.isdir(src) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == "tarball " + info["sha256"]:
                return src
    say("unpacking %s into %s" % (tarball, src))
    shutil.rmtree(SRC_DIR, ignore_errors=True)
    os.makedirs(src)
    with tarfile.open(tarball) as t:
        if hasattr(tarfile, "data_filter"):
            t.extractall(src, filter="data")
        else:
            t.extractall(src)
    # The version script (py/version.py, tools/describe) asks git for the
    # tag: a one-commit repository tagged as the release.
    _git(["init", "-q"], src)
    _git(["add", "-A"], src)
    _git(["commit", "-qm", "CircuitPython %s from %s" % (pinned["circuitpython"]["version"], info["name"])],
         src)
    _git(["tag", pinned["circuitpython"]["tag"]], src)
    with open(stamp, "w") as f:
        f.write("tarball " + info["sha256"] + "\n")
    return src


def sources():
    """The CircuitPython tree to build from (see the module docstring)."""
    pinned = pins()
    if os.environ.get("CIRCUITPY_SRC"):
        return _check_tree(os.path.abspath(os.environ["CIRCUITPY_SRC"]), pinned, "CIRCUITPY_SRC")
    tarball = os.path.join(vendor_dir(), pinned["tarball"]["name"])
    if not os.path.exists(tarball):
        raise BuildError("no %s in %s (set USHER_VENDOR to its folder, or CIRCUITPY_SRC to a "
                         "CircuitPython %s clone with submodules and tags)"
                         % (pinned["tarball"]["name"], vendor_dir(), pinned["circuitpython"]["version"]))
    return _check_tree(_from_tarball(tarball, pinned), pinned, tarball)


def venv_dir():
    return os.environ.get("CIRCUITPY_VENV") or os.path.join(BUILD, "cpy-venv")


def build_env(src):
    env = dict(os.environ)
    venv_bin = os.path.join(venv_dir(), "bin")
    if not os.path.exists(os.path.join(venv_bin, "python3")):
        raise BuildError("no virtual env with CircuitPython's build packages in %s (`make circuitpython` "
                         "makes it from firmware/boards/circuitpython/requirements.txt)" % venv_dir())
    env["PATH"] = venv_bin + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = venv_dir()
    env.pop("PYTHONPATH", None)
    env["GIT_CEILING_DIRECTORIES"] = os.path.dirname(src)
    return env


def project_version():
    with open(os.path.join(FIRMWARE, "usher", "__init__.py")) as f:
        return re.search(r'VERSION = "([^"]+)"', f.read()).group(1)


def image_module(image, version):
    """Source of usher_image, the frozen record of what the image is."""
    return ("# Generated by tools/circuitpython_image.py: what this firmware image is.\n"
            "IMAGE = %r\nVERSION = %r\nCIRCUITPYTHON = %r\n" % (image, project_version(), version))


def _write_if_changed(path, data):
    if isinstance(data, str):
        data = data.encode()
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return True


# Firmware modules CircuitPython never runs and cannot compile:
# usher.device.pack is viper code for the MicroPython panel drivers, and
# usher.device.qr_kernels and text_kernel the QR encoder's and the text's
# viper loops, which only the MicroPython backend hands to the UI
# (CircuitPython's freeze and its mpy-cross build have no native arch set).
MICROPYTHON_ONLY = (os.path.join("device", "pack.py"), os.path.join("device", "qr_kernels.py"),
                    os.path.join("device", "text_kernel.py"))


def sync_tree(src, dst, keep=(), skip=()):
    """dst becomes a copy of src's .py files (a file rewritten only when it
    changed, so make sees real changes only); files not in src go, except
    the names in keep at dst's top. Returns whether anything changed."""
    want = set()
    changed = False
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, name), src)
                if rel in skip:
                    continue
                want.add(rel)
                with open(os.path.join(root, name), "rb") as f:
                    changed = _write_if_changed(os.path.join(dst, rel), f.read()) or changed
    for root, _dirs, files in os.walk(dst):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), dst)
            if rel not in want and rel not in keep:
                os.remove(os.path.join(root, name))
                changed = True
    return changed


# --- the parts -------------------------------------------------------------------
def mpy_cross_path(src):
    return os.path.join(src, "mpy-cross", "build", "mpy-cross")


def build_mpy_cross(src, env):
    t0 = Timer()
    run(["make", "-C", os.path.join(src, "mpy-cross"), "-j" + jobs()], env=env)
    os.makedirs(OUT, exist_ok=True)
    _copy_exe(mpy_cross_path(src), os.path.join(OUT, "mpy-cross"))
    say("mpy-cross: %s (%s)" % (os.path.relpath(os.path.join(OUT, "mpy-cross"), ROOT), t0))


class Timer:
    """Wall and CPU time (of the build's child processes) since start: on
    shared cores the CPU time says what a build costs."""

    def __init__(self):
        self.wall = time.time()
        self.cpu = self._cpu()

    @staticmethod
    def _cpu():
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    def __str__(self):
        return "%.0f s, CPU %.0f s" % (time.time() - self.wall, self._cpu() - self.cpu)


def _copy_exe(src, dst):
    # A temp name of this process's own, so that a second build running at
    # the same time cannot take the file from under this one.
    tmp = "%s.%d.tmp" % (dst, os.getpid())
    shutil.copyfile(src, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, dst)


def build_unix(src, env):
    t0 = Timer()
    run(["make", "-C", os.path.join(src, "ports", "unix"), "-j" + jobs(), "VARIANT=coverage",
         "MICROPY_PY_BTREE=0", "MICROPY_PY_SSL=0"], env=env)
    os.makedirs(os.path.join(OUT, "unix"), exist_ok=True)
    dst = os.path.join(OUT, "unix", "micropython")
    _copy_exe(os.path.join(src, "ports", "unix", "build-coverage", "micropython"), dst)
    say("unix: %s (%s)" % (os.path.relpath(dst, ROOT), t0))
    return dst


def board_folder(src, pinned):
    """Copy the project's board folder into the tree (the port only builds
    boards under its boards/). Returns (board, whether a file changed)."""
    board = pinned["board"]
    mine = os.path.join(BOARDS, board)
    dst = os.path.join(src, "ports", "raspberrypi", "boards", board)
    os.makedirs(dst, exist_ok=True)
    names = sorted(os.listdir(mine))
    changed = False
    for name in names:
        with open(os.path.join(mine, name), "rb") as f:
            changed = _write_if_changed(os.path.join(dst, name), f.read()) or changed
    for name in os.listdir(dst):
        if name not in names:
            os.remove(os.path.join(dst, name))
            changed = True
    return board, changed


def frozen_folder(pinned):
    """The folder frozen into the image: the usher package and usher_image.
    Returns (folder, whether anything in it changed)."""
    frozen = os.path.join(WORK, "frozen")
    changed = sync_tree(os.path.join(FIRMWARE, "usher"), os.path.join(frozen, "usher"), skip=MICROPYTHON_ONLY)
    changed = _write_if_changed(os.path.join(frozen, "usher_image.py"),
                                image_module(IMAGE_NAME, pinned["circuitpython"]["version"])) or changed
    for name in os.listdir(frozen):
        if name not in ("usher", "usher_image.py"):
            path = os.path.join(frozen, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
            changed = True
    return frozen, changed


def size_report(name, path, limit):
    size = os.path.getsize(path)
    headroom = limit - size
    say("%-36s firmware.bin %7d bytes, limit %d, headroom %7d bytes (%.1f%% used)%s"
        % (name, size, limit, headroom, 100.0 * size / limit, "" if headroom >= 0 else "  OVER THE LIMIT"))
    return headroom >= 0


def build_badger(src, env, pinned):
    board, board_changed = board_folder(src, pinned)
    frozen, changed = frozen_folder(pinned)
    t0 = Timer()
    port = os.path.join(src, "ports", "raspberrypi")
    bdir = os.path.join(port, "build-" + board)
    stamp = os.path.join(bdir, ".usher-board")
    if board_changed or not os.path.exists(stamp):
        # A changed board configuration (modules on or off) starts the build
        # folder afresh: the port's make does not track its flags.
        shutil.rmtree(bdir, ignore_errors=True)
    elif changed:
        # The port remakes its copy of the frozen folder only when the
        # folder's own date changes (py/circuitpy_mpconfig.mk), not when a
        # file deep inside does: a changed file drops the copy.
        shutil.rmtree(os.path.join(bdir, "frozen_mpy"), ignore_errors=True)
    os.makedirs(bdir, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(board + "\n")
    run(["make", "-C", port, "BOARD=" + board, "-j" + jobs(),
         "CIRCUITPY_MIN_GCC_VERSION=%d" % pinned["min_gcc_version"], "USHER_FROZEN=" + frozen], env=env)
    os.makedirs(OUT, exist_ok=True)
    bin_out = os.path.join(OUT, IMAGE_NAME + ".bin")
    uf2_out = os.path.join(OUT, IMAGE_NAME + ".uf2")
    shutil.copyfile(os.path.join(bdir, "firmware.bin"), bin_out)
    shutil.copyfile(os.path.join(bdir, "firmware.elf"), os.path.join(OUT, IMAGE_NAME + ".elf"))
    built_uf2 = os.path.join(bdir, "firmware.uf2")
    built_bin = os.path.join(bdir, "firmware.bin")
    if os.path.exists(built_uf2) and os.path.getmtime(built_uf2) >= os.path.getmtime(built_bin):
        shutil.copyfile(built_uf2, uf2_out)
    else:
        run([sys.executable, os.path.join(src, "tools", "uf2", "utils", "uf2conv.py"), "-f", UF2_FAMILY,
             "-b", UF2_BASE, "-c", "-o", uf2_out, bin_out], env=env)
    say("badger: %s, %s (%s)" % (os.path.relpath(bin_out, ROOT), os.path.relpath(uf2_out, ROOT), t0))
    return bin_out


# --- the CIRCUITPY folder ----------------------------------------------------------
def entry_points_folder():
    """Where code.py and boot.py come from: the device layer's CircuitPython
    folder when it has them, else the placeholders beside the board
    definition."""
    for folder in (os.path.join(FIRMWARE, "circuitpython"), os.path.join(BOARDS, "placeholder")):
        if all(os.path.exists(os.path.join(folder, n)) for n in ENTRY_POINTS):
            return folder
    raise BuildError("no code.py and boot.py for the CIRCUITPY drive")


def compile_module(mpy_cross, src, dst, rel):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    p = subprocess.run([mpy_cross, "-s", rel, "-o", dst, src], capture_output=True, text=True)
    if p.returncode:
        return (p.stderr or p.stdout).strip()
    return None


def build_drive(mpy_cross, pinned, dest=None):
    """The CIRCUITPY folder: code.py and boot.py as source (CircuitPython
    runs only those names), lib/usher/ as .mpy from CircuitPython's
    mpy-cross, lib/usher_image.mpy (the record `usher flash` reads), and
    nothing else. Returns its folder."""
    dest = dest or DRIVE
    tmp = dest + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(os.path.join(tmp, "lib"))
    entry = entry_points_folder()
    for name in ENTRY_POINTS:
        shutil.copyfile(os.path.join(entry, name), os.path.join(tmp, name))
    failures = []
    pkg = os.path.join(FIRMWARE, "usher")
    for root, dirs, files in os.walk(pkg):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(root, name), FIRMWARE)
            if os.path.relpath(os.path.join(root, name), pkg) in MICROPYTHON_ONLY:
                continue
            msg = compile_module(mpy_cross, os.path.join(root, name),
                                 os.path.join(tmp, "lib", rel[:-3] + ".mpy"), rel)
            if msg:
                failures.append("%s: %s" % (rel, msg))
    gen = os.path.join(WORK, "drive-gen")
    _write_if_changed(os.path.join(gen, "usher_image.py"),
                      image_module("usher-circuitpython-files", pinned["circuitpython"]["version"]))
    msg = compile_module(mpy_cross, os.path.join(gen, "usher_image.py"),
                         os.path.join(tmp, "lib", "usher_image.mpy"), "usher_image.py")
    if msg:
        failures.append("usher_image.py: " + msg)
    if failures:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError("CircuitPython's mpy-cross failed:\n" + "\n".join(failures))
    shutil.rmtree(dest, ignore_errors=True)
    os.replace(tmp, dest)
    total = 0
    for root, _dirs, files in os.walk(dest):
        total += sum(os.path.getsize(os.path.join(root, n)) for n in files)
    say("drive: %s (%d bytes; code.py and boot.py from %s)" % (os.path.relpath(dest, ROOT), total,
                                                               os.path.relpath(entry, ROOT)))
    return dest


def main(argv):
    targets = argv or ["all"]
    for t in targets:
        if t not in TARGETS:
            say("unknown target %r (%s)" % (t, ", ".join(TARGETS)))
            return 2
    if "all" in targets:
        targets = ["mpy-cross", "unix", "badger", "drive"]
    t0 = Timer()
    pinned = pins()
    sized = []
    try:
        src = sources()
        if targets == ["src"]:
            say(src)
            return 0
        env = build_env(src)
        if "drive" in targets or "mpy-cross" in targets:
            build_mpy_cross(src, env)
        for t in targets:
            if t == "unix":
                build_unix(src, env)
            elif t == "badger":
                sized.append((IMAGE_NAME, build_badger(src, env, pinned)))
            elif t == "drive":
                build_drive(mpy_cross_path(src), pinned)
    except BuildError as e:
        say("circuitpython build failed: %s" % e)
        return 1
    ok = True
    for name, path in sized:
        ok = size_report(name, path, pinned["firmware_limit"]) and ok
    say("circuitpython: done (%s) from %s" % (t0, src))
    if not ok:
        say("circuitpython build failed: the image is larger than %d bytes, the start of the CIRCUITPY drive"
            % pinned["firmware_limit"])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
