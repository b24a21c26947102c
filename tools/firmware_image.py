"""Build the Usher firmware images from pinned MicroPython sources (PL-14).

Usage: python tools/firmware_image.py [rp2|stock|unix32|src] ...

  rp2      the two board images: build/firmware/usher-badger2040.{bin,uf2}
           and build/firmware/usher-pico-waveshare.{bin,uf2}
  stock    stock RPI_PICO from the same sources:
           build/firmware/micropython-rpi-pico-stock.{bin,uf2}
  unix32   MicroPython's unix port, 32-bit, with the firmware frozen:
           build/firmware/unix32/micropython
  src      only prepare the sources and print their folder

  --define NAME=VALUE (repeatable) builds the rp2 images with one of the
           switches of firmware/boards/usher_patches.h set otherwise, into
           build/firmware/ab/NAME=VALUE/ (its own build folders too): the
           A/B images of bench/rp2_ab.py.

Sources, in this order (versions, commits and hashes: firmware/boards/
sources.json, the only place they are pinned):
  1. $MICROPY_SRC, a MicroPython 1.28.0 tree with its submodules, used in place;
  2. the tarball micropython-1.28.0-rp2-src.tar.xz in $USHER_VENDOR (default
     ../shared/vendor beside the repository), checked against its sha256 and
     unpacked into build/mpy-src/ (a tree unpacked there before is used as it
     is when the tarball is not found);
  3. otherwise a git clone of MicroPython at the pinned tag, with the pinned
     submodule commits, into build/mpy-src/ (needs the network).
Whichever it is, one line of its tools/mpy-tool.py is changed (in place for
$MICROPY_SRC) so that frozen armv6m native code is 4-byte aligned (see
fix_mpy_tool), and every rp2 image is checked for it after linking.

The build folders stay in build/firmware/work/, so a second run after a
change to one Python file rebuilds in seconds: cmake runs only when a
folder is new or its configuration changed. Every rp2 image's firmware.bin
must fit below the filesystem, which starts at 640 KB (655,360 bytes): each
run prints size and headroom and fails when an image is over.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from buildkit import BuildError, _sha256, jobs, run, say  # noqa: E402,F401  (shared with the other image build)
import framebuf_fast  # noqa: E402
import lfs_janitor  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "firmware", "boards")
BUILD = os.path.join(ROOT, "build")
SRC_DIR = os.path.join(BUILD, "mpy-src")
OUT = os.path.join(BUILD, "firmware")
WORK = os.path.join(OUT, "work")
UF2_FAMILY = "0xe48bff56"    # RP2040
UF2_BASE = "0x10000000"      # XIP flash

# name -> (board name, board folder or None for the port's own, output file
# name without extension)
IMAGES = {
    "badger2040": ("USHER_BADGER2040", os.path.join(BOARDS, "USHER_BADGER2040"), "usher-badger2040"),
    "pico-waveshare": ("USHER_PICO_WS29", os.path.join(BOARDS, "USHER_PICO_WS29"), "usher-pico-waveshare"),
    "stock": ("RPI_PICO", None, "micropython-rpi-pico-stock"),
}


def pins():
    with open(os.path.join(BOARDS, "sources.json")) as f:
        return json.load(f)


def project_version():
    with open(os.path.join(ROOT, "firmware", "usher", "__init__.py")) as f:
        return re.search(r'VERSION = "([^"]+)"', f.read()).group(1)


def tree_version(src):
    """MicroPython's version from py/mpconfig.h, e.g. "1.28.0"."""
    with open(os.path.join(src, "py", "mpconfig.h")) as f:
        text = f.read()
    parts = [re.search(r"#define MICROPY_VERSION_%s \(?(\d+)\)?" % k, text)
             for k in ("MAJOR", "MINOR", "MICRO")]
    if None in parts:
        return None
    return ".".join(m.group(1) for m in parts)


def vendor_dir():
    return os.environ.get("USHER_VENDOR") or os.path.join(os.path.dirname(ROOT), "shared", "vendor")


def _check_tree(src, pinned, origin):
    for part in ("py/mpconfig.h", "ports/rp2/CMakeLists.txt", "ports/unix/Makefile",
                 "lib/pico-sdk/README.md", "lib/micropython-lib/README.md", "tools/uf2conv.py"):
        if not os.path.exists(os.path.join(src, part)):
            raise BuildError("%s: %s has no %s (a MicroPython tree with its submodules is needed)"
                             % (origin, src, part))
    version, want = tree_version(src), pinned["micropython"]["version"]
    if version != want:
        raise BuildError("%s: %s is MicroPython %s, the images are pinned to %s "
                         "(firmware/boards/sources.json)" % (origin, src, version, want))
    return src


def _from_tarball(tarball, pinned):
    info = pinned["tarball"]
    src = os.path.join(SRC_DIR, info["top"])
    stamp = os.path.join(SRC_DIR, ".source")
    digest = _sha256(tarball)
    if digest != info["sha256"]:
        raise BuildError("%s: sha256 %s, expected %s (firmware/boards/sources.json); not unpacked"
                         % (tarball, digest, info["sha256"]))
    if os.path.isdir(src) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == "tarball " + info["sha256"]:
                return src
    say("unpacking %s into %s" % (tarball, SRC_DIR))
    shutil.rmtree(SRC_DIR, ignore_errors=True)
    os.makedirs(SRC_DIR)
    with tarfile.open(tarball) as t:
        if hasattr(tarfile, "data_filter"):
            t.extractall(SRC_DIR, filter="data")
        else:
            t.extractall(SRC_DIR)
    with open(stamp, "w") as f:
        f.write("tarball " + info["sha256"] + "\n")
    return src


def _git(args, cwd=None):
    p = subprocess.run(["git"] + args, cwd=cwd, capture_output=True, text=True)
    if p.returncode:
        raise BuildError("git %s failed: %s" % (" ".join(args), (p.stderr or p.stdout).strip()))
    return p.stdout.strip()


def _from_git(pinned):
    mp = pinned["micropython"]
    src = os.path.join(SRC_DIR, "micropython-%s" % mp["version"])
    stamp = os.path.join(SRC_DIR, ".source")
    if os.path.isdir(src) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == "git " + mp["commit"]:
                return src
    say("no %s in %s: cloning MicroPython %s from %s" % (pinned["tarball"]["name"], vendor_dir(),
                                                        mp["tag"], mp["git"]))
    shutil.rmtree(SRC_DIR, ignore_errors=True)
    os.makedirs(SRC_DIR)
    _git(["clone", "--depth", "1", "--branch", mp["tag"], mp["git"], src])
    head = _git(["rev-parse", "HEAD"], cwd=src)
    if head != mp["commit"]:
        raise BuildError("%s is at %s, expected %s" % (mp["tag"], head, mp["commit"]))
    for path, commit in sorted(pinned["submodules"].items()):
        linked = _git(["rev-parse", "HEAD:" + path], cwd=src)
        if linked != commit:
            raise BuildError("%s pins %s at %s, sources.json says %s" % (mp["tag"], path, linked, commit))
        _git(["-c", "protocol.version=2", "submodule", "update", "--init", "--depth", "1", path], cwd=src)
        got = _git(["rev-parse", "HEAD"], cwd=os.path.join(src, path))
        if got != commit:
            raise BuildError("%s checked out at %s, expected %s" % (path, got, commit))
    with open(stamp, "w") as f:
        f.write("git " + mp["commit"] + "\n")
    return src


def sources():
    """The MicroPython tree to build from (see the module docstring)."""
    pinned = pins()
    if os.environ.get("MICROPY_SRC"):
        return _check_tree(os.path.abspath(os.environ["MICROPY_SRC"]), pinned, "MICROPY_SRC")
    tarball = os.path.join(vendor_dir(), pinned["tarball"]["name"])
    if os.path.exists(tarball):
        return _check_tree(_from_tarball(tarball, pinned), pinned, tarball)
    unpacked = _unpacked(pinned)
    if unpacked:
        # the tarball is not where this run looks (e.g. no $USHER_VENDOR),
        # but build/mpy-src/ holds it unpacked and checked: never replaced
        # by a clone
        return _check_tree(unpacked, pinned, "build/mpy-src (from %s)" % pinned["tarball"]["name"])
    return _check_tree(_from_git(pinned), pinned, "git clone")


# MicroPython 1.28's tools/mpy-tool.py gives frozen Thumb native code
# (viper, @native) 2-byte alignment, enough for the instructions. But armv6m
# code, which has no movw/movt, loads each 32-bit constant pc-relative from a
# word the emitter places as if the code began on a 4-byte boundary
# (py/asmthumb.c asm_thumb_mov_reg_i32 asserts that the code base is
# aligned; code loaded from a .mpy file is, a frozen array need not be).
# Linked at an address 2 mod 4, every such load reads the halfword before the
# constant and its low half (0x00AA00AA became 0x00AAE001), so the code runs
# and computes garbage: that scrambled usher.device.pack's output on the Pico
# image while the Badger image, linked 4-aligned by chance, was exact. The
# build puts armv6m with the architectures that get 4-byte alignment, and
# check_native_alignment() verifies every image after linking.
MPY_TOOL = os.path.join("tools", "mpy-tool.py")
MPY_TOOL_ALIGN = ("        if config.native_arch in (\n"
                  "            MP_NATIVE_ARCH_ARMV6,\n"
                  "            MP_NATIVE_ARCH_XTENSA,\n")
MPY_TOOL_ALIGN_FIXED = ("        if config.native_arch in (\n"
                        "            MP_NATIVE_ARCH_ARMV6,\n"
                        "            MP_NATIVE_ARCH_ARMV6M,  # usher: literal words need 4-byte alignment\n"
                        "            MP_NATIVE_ARCH_XTENSA,\n")


def fix_mpy_tool(src):
    """Give frozen armv6m native code 4-byte alignment (see above), once;
    True when the file was changed now. A tree whose mpy-tool.py has
    neither form is refused: the fix would have to be looked at again."""
    return _replace_once(os.path.join(src, MPY_TOOL), MPY_TOOL_ALIGN, MPY_TOOL_ALIGN_FIXED,
                         "the native code alignment block", "MPY_TOOL_ALIGN",
                         "frozen armv6m native code aligned to 4 bytes")


def _replace_once(path, old, new, what, name, done):
    """Put `new` in place of the one `old` of a pinned source file; False
    when `new` is there already, BuildError when `old` is not there exactly
    once (the fix would have to be looked at again)."""
    with open(path) as f:
        text = f.read()
    if new in text:
        return False
    if text.count(old) != 1:
        raise BuildError("%s: %s is not the one of MicroPython 1.28 (see %s in tools/firmware_image.py)"
                         % (path, what, name))
    say("%s: %s" % (path, done))
    with open(path + ".tmp", "w") as f:
        f.write(text.replace(old, new))
    os.replace(path + ".tmp", path)
    return True


VM_STATE = "#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * 11)\n"
VM_STATE_FIXED = ("#ifndef MICROPY_VM_MAX_STATE_WORDS_ON_STACK\n"
                  "#define MICROPY_VM_MAX_STATE_WORDS_ON_STACK (11)\n"
                  "#endif\n"
                  "#define VM_MAX_STATE_ON_STACK (sizeof(mp_uint_t) * MICROPY_VM_MAX_STATE_WORDS_ON_STACK)\n")


def fix_vm_state(src):
    """Let a board choose how many words of a function's frame py/objfun.c
    keeps on the C stack (11 unless set; above it, every call of that
    function is a gc_alloc and a gc_free: the Usher boards set 32 with a
    16 KB stack, firmware/boards/stack16k.cmake); True when the file was
    changed now. A tree whose objfun.c has neither form is refused."""
    return _replace_once(os.path.join(src, "py", "objfun.c"), VM_STATE, VM_STATE_FIXED,
                         "VM_MAX_STATE_ON_STACK", "VM_STATE",
                         "the frame words kept on the C stack come from MICROPY_VM_MAX_STATE_WORDS_ON_STACK")


# The rp2 port turns on, unconditionally, some features a board cannot switch
# off (ports/rp2/mpconfigport.h has no #ifndef around them). The Usher images
# use none of them: FAT (the filesystem is littlefs; FAT is only for USB
# mass storage, off on these boards), cryptolib's AES, hashlib's MD5 and
# SHA-1 (the host tools check files with SHA-256), I2S, the I2C target and
# the 1-Wire driver. Each line gets the #ifndef guard py/mpconfig.h gives its
# own options, so a board that sets nothing builds as before; the Usher
# boards set them to 0 in firmware/boards/usher_features.h
# (firmware/boards/README.md, "What the image leaves out", has the flash
# each frees).
PORT_GUARDED = ("MICROPY_PY_HASHLIB_MD5", "MICROPY_PY_HASHLIB_SHA1", "MICROPY_PY_CRYPTOLIB",
                "MICROPY_PY_MACHINE_I2C_TARGET", "MICROPY_PY_MACHINE_I2S", "MICROPY_PY_ONEWIRE",
                "MICROPY_VFS_FAT")


def fix_port_guards(src):
    """Put an #ifndef guard around each PORT_GUARDED line of the rp2 port's
    mpconfigport.h, once; True when the file was changed now. A tree where
    one of them is not a single unguarded `(1)` line is refused."""
    path = os.path.join(src, "ports", "rp2", "mpconfigport.h")
    with open(path) as f:
        text = f.read()
    changed = False
    for name in PORT_GUARDED:
        line = "#define %-39s (1)\n" % name
        guarded = "#ifndef %s\n%s#endif\n" % (name, line)
        if guarded in text:
            continue
        if text.count(line) != 1:
            raise BuildError("%s: %s is not the one of MicroPython 1.28 (see PORT_GUARDED in "
                             "tools/firmware_image.py)" % (path, name))
        text = text.replace(line, guarded)
        changed = True
    if changed:
        say("%s: a board may switch off %s" % (path, ", ".join(PORT_GUARDED)))
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
    return changed


def misaligned_native_code(nm_output):
    """Frozen native functions (fun_data_* symbols in .text, nm type t/T)
    whose address is not a multiple of 4, from `nm` output lines."""
    bad = []
    for line in nm_output.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("t", "T") and parts[2].startswith("fun_data_"):
            if int(parts[0], 16) & 3:
                bad.append("%s at 0x%s" % (parts[2], parts[0]))
    return bad


def check_native_alignment(elf):
    """Fail the build when any frozen native function of the image is not
    4-byte aligned (see MPY_TOOL_ALIGN)."""
    p = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True)
    if p.returncode:
        raise BuildError("arm-none-eabi-nm %s failed: %s" % (elf, p.stderr.strip()))
    bad = misaligned_native_code(p.stdout)
    if bad:
        raise BuildError("%s: frozen native code not 4-byte aligned (its 32-bit constants would read "
                         "the wrong words): %s" % (elf, ", ".join(bad)))


def _unpacked(pinned):
    """build/mpy-src's tree when it was unpacked from the pinned tarball."""
    info = pinned["tarball"]
    src = os.path.join(SRC_DIR, info["top"])
    try:
        with open(os.path.join(SRC_DIR, ".source")) as f:
            if os.path.isdir(src) and f.read().strip() == "tarball " + info["sha256"]:
                return src
    except OSError:
        pass
    return None


def build_env(src):
    env = dict(os.environ)
    # Without this, a tree inside the project's git work tree reports the
    # project's commit as MicroPython's version (makeversionhdr.py).
    env["GIT_CEILING_DIRECTORIES"] = os.path.dirname(src)
    # pico-sdk 2.x would git-clone picotool to make the .uf2; uf2conv.py
    # makes it instead (it must be in the environment, see the vendor notes).
    env["CMAKE_ARGS"] = "-Dpicotool_FOUND=0"
    return env


def _write_if_changed(path, text):
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def image_module(image, src):
    """Source of usher_image, the frozen record of what the image is."""
    return ("# Generated by tools/firmware_image.py: what this firmware image is (PL-14).\n"
            "IMAGE = %r\nVERSION = %r\nMICROPYTHON = %r\n"
            % (image, project_version(), tree_version(src)))


def mpy_cross(src, env):
    if not os.path.exists(os.path.join(src, "mpy-cross", "build", "mpy-cross")):
        run(["make", "-C", os.path.join(src, "mpy-cross"), "-j" + jobs()], env=env)


def source_id(src):
    """What the tree was made from (the tarball's hash or the git commit), so
    that a new pin starts the build folders afresh."""
    try:
        with open(os.path.join(os.path.dirname(src), ".source")) as f:
            return f.read().strip()
    except OSError:
        return "tree " + src


def _board_cmake(args):
    """The text of the board's cmake files and config headers (and the
    shared ones they include), so that a change to them builds the folder
    afresh: the port's module table (genhdr/moduledefs.h) is not rebuilt
    when only a config header changes, and a module switched off would
    stay in it, undefined at the link."""
    texts = []
    for a in args:
        if a.startswith("-DMICROPY_BOARD_DIR="):
            d = a.split("=", 1)[1]
            for p in (os.path.join(d, "mpconfigboard.cmake"), os.path.join(d, "mpconfigboard.h"),
                      os.path.join(BOARDS, "stack16k.cmake"), os.path.join(BOARDS, "usher_features.h"),
                      os.path.join(BOARDS, "usher_patches.h")):
                if p.startswith(BOARDS) and os.path.exists(p):
                    with open(p) as f:
                        texts.append(f.read())
    return texts


def _configure(bdir, args, env, src):
    """cmake only when the folder is new or its configuration or sources
    changed (the port's make wrapper never re-runs it by itself)."""
    stamp = os.path.join(bdir, ".usher-cmake")
    want = json.dumps([args, source_id(src), _board_cmake(args)])
    if os.path.exists(os.path.join(bdir, "Makefile")) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read() == want:
                return
    shutil.rmtree(bdir, ignore_errors=True)
    run(["cmake"] + args, env=env)
    with open(stamp, "w") as f:
        f.write(want)


def size_report(name, path, limit):
    size = os.path.getsize(path)
    headroom = limit - size
    say("%-28s firmware.bin %7d bytes, limit %d, headroom %7d bytes (%.1f%% used)%s"
        % (name, size, limit, headroom, 100.0 * size / limit, "" if headroom >= 0 else "  OVER THE LIMIT"))
    return headroom >= 0


def _refreeze(bdir):
    """MicroPython's makemanifest regenerates frozen_content.c only when an
    input file is newer than it, so a file the manifest stops naming (or one
    deleted) would stay frozen in a warm build: remove the output so the
    frozen content always follows the manifest (the .mpy cache makes this
    a few seconds)."""
    try:
        os.remove(os.path.join(bdir, "frozen_content.c"))
    except OSError:
        pass


def variant_name(defines):
    """The folder name of an A/B variant: its defines, sorted."""
    return ",".join(sorted(defines))


def build_rp2(name, src, env, defines=()):
    board, board_dir, out_name = IMAGES[name]
    rp2 = os.path.join(src, "ports", "rp2")
    if board_dir is None:
        board_dir = os.path.join(rp2, "boards", board)
    out, work = OUT, WORK
    if defines:
        out = os.path.join(OUT, "ab", variant_name(defines))
        work = os.path.join(out, "work")
    os.makedirs(out, exist_ok=True)
    bdir = os.path.join(work, "rp2-" + board)
    args = ["-S", rp2, "-B", bdir, "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=" + board,
            "-DMICROPY_BOARD_DIR=" + board_dir, "-Dpicotool_FOUND=0"]
    if defines:
        # (the port's own list of the firmware's compile definitions; the
        # Usher boards' cmake files leave it unset. CMAKE_C_FLAGS would
        # replace the toolchain's -mcpu flags.)
        args.append("-DMICROPY_DEF_BOARD=" + ";".join(sorted(defines)))
    _configure(bdir, args, env, src)
    if board_dir.startswith(BOARDS):
        _write_if_changed(os.path.join(bdir, "usher_gen", "usher_image.py"), image_module(out_name, src))
    t0 = time.time()
    _refreeze(bdir)
    run(["make", "-C", bdir, "-j" + jobs()], env=env)
    check_native_alignment(os.path.join(bdir, "firmware.elf"))
    bin_out = os.path.join(out, out_name + ".bin")
    uf2_out = os.path.join(out, out_name + ".uf2")
    shutil.copyfile(os.path.join(bdir, "firmware.bin"), bin_out)
    shutil.copyfile(os.path.join(bdir, "firmware.elf"), os.path.join(out, out_name + ".elf"))
    run([sys.executable, os.path.join(src, "tools", "uf2conv.py"), "-f", UF2_FAMILY, "-b", UF2_BASE,
         "-c", "-o", uf2_out, bin_out], env=env)
    say("%s: %s, %s (%.0f s)" % (name, os.path.relpath(bin_out, ROOT), os.path.relpath(uf2_out, ROOT),
                                 time.time() - t0))
    return bin_out


def build_unix32(src, env):
    bdir = os.path.join(WORK, "unix32")
    gen = os.path.join(bdir, "usher_gen")
    _write_if_changed(os.path.join(gen, "usher_image.py"), image_module("unix32", src))
    _refreeze(bdir)
    run(["make", "-C", os.path.join(src, "ports", "unix"), "-j" + jobs(), "VARIANT=standard",
         "BUILD=" + bdir, "MICROPY_FORCE_32BIT=1",
         "MICROPY_PY_BTREE=0", "MICROPY_PY_SSL=0",
         # as the boards (firmware/boards/usher_patches.h)
         "CFLAGS_EXTRA=-DMICROPY_FRAMEBUF_MONO_FAST=1"
         " -DMICROPY_VM_MAX_STATE_WORDS_ON_STACK=32 -DMICROPY_VFS_LFS2_JANITOR=1",
         "MICROPY_PY_FFI=0", "FROZEN_MANIFEST=" + os.path.join(BOARDS, "unix32", "manifest.py"),
         # usher.device.pack is viper code: frozen native code needs the
         # target's architecture (the rp2 port sets -march=armv6m itself).
         "MPY_CROSS_FLAGS=-march=x86",
         "MICROPY_MANIFEST_USHER_GEN=" + gen], env=env)
    os.makedirs(os.path.join(OUT, "unix32"), exist_ok=True)
    dst = os.path.join(OUT, "unix32", "micropython")
    shutil.copyfile(os.path.join(bdir, "micropython"), dst + ".tmp")
    os.chmod(dst + ".tmp", 0o755)
    os.replace(dst + ".tmp", dst)
    say("unix32: %s" % os.path.relpath(dst, ROOT))
    return dst


def main(argv):
    defines, rest = [], []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--define" and args:
            d = args.pop(0)
            if not re.match(r"^MICROPY_[A-Z0-9_]+=[0-9]+$", d):
                say("--define wants NAME=NUMBER, a switch of firmware/boards/usher_patches.h: %r" % d)
                return 2
            defines.append(d)
        else:
            rest.append(a)
    targets = rest or ["rp2"]
    if defines and targets != ["rp2"]:
        say("--define builds the rp2 images only")
        return 2
    for t in targets:
        if t not in ("rp2", "stock", "unix32", "src"):
            say("unknown target %r (rp2, stock, unix32, src)" % t)
            return 2
    t0 = time.time()
    try:
        src = sources()
        fix_mpy_tool(src)
        fix_vm_state(src)
        fix_port_guards(src)
        framebuf_fast.patch(src, say, BuildError)
        lfs_janitor.patch(src, say, BuildError)
        if targets == ["src"]:
            say(src)
            return 0
        env = build_env(src)
        mpy_cross(src, env)
        limit = pins()["flash_limit"]
        sized = []
        for t in targets:
            if t == "rp2":
                for name in ("badger2040", "pico-waveshare"):
                    sized.append((name, build_rp2(name, src, env, defines)))
            elif t == "stock":
                sized.append(("stock", build_rp2("stock", src, env)))
            elif t == "unix32":
                build_unix32(src, env)
    except BuildError as e:
        say("firmware build failed: %s" % e)
        return 1
    ok = True
    for _name, path in sized:
        ok = size_report(os.path.basename(path), path, limit) and ok
    say("firmware: done in %.0f s from %s" % (time.time() - t0, src))
    if not ok:
        say("firmware build failed: an image is larger than %d bytes, the start of the filesystem" % limit)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
