"""`usher flash`: compile the firmware and copy what changed (PL-12).

1. Ask the board for its MicroPython and .mpy version (sys.implementation._mpy)
   and refuse before touching anything when this mpy-cross's output would not
   load there.
2. Compile every module for the board's architecture (build.py).
3. Compare with the manifest of hashes kept on the board (MANIFEST); a file
   whose size on the board differs from the manifest's is copied again, and
   --verify re-hashes every file on the board.
4. Copy each changed file to NAME.part, check its hash on the board, rename it
   over NAME (devfiles.write_file), remove modules that are no longer part of
   the firmware, then write the new manifest and reset the board.
The manifest is first rewritten without the files about to change, so an
interrupted flash never leaves it vouching for a file it did not finish.
"""
import json
import os
import sys

from usher_host import build, devfiles
from usher_host.errors import HostError

MANIFEST = "/.usher_manifest.json"


def device_info(link):
    return link.value("(lambda s: (s.implementation.name, tuple(s.implementation.version[:3]), "
                      "getattr(s.implementation, '_mpy', None), s.platform))(__import__('sys'))")


def check_mpy(info, emitted):
    """The -march to compile for, or HostError explaining the mismatch."""
    name, version, mpy, platform = info
    if name == "circuitpython":
        raise HostError("The board runs CircuitPython: usher flash installs onto its CIRCUITPY drive. "
                        "Let the drive mount (it shows as a USB drive named CIRCUITPY) and run usher flash "
                        "without --port, or give the drive with --circuitpy DRIVE.")
    if name != "micropython":
        raise HostError("The board runs %s, not MicroPython; flash MicroPython v1.23 or newer first." % name)
    vtext = ".".join(str(v) for v in version)
    if mpy is None:
        raise HostError("The board's MicroPython %s does not report its .mpy version (too old). "
                        "Update it to v1.23 or newer; nothing was copied." % vtext)
    major, sub, arch = build.decode_device_mpy(mpy)
    if (major, sub) != emitted:
        raise HostError(
            ".mpy version mismatch: the board (MicroPython %s) loads .mpy v%d.%d, this mpy-cross emits "
            "v%d.%d. Update the board's MicroPython to match (v1.23+ uses 6.3) or install the "
            "matching mpy-cross; nothing was copied." % (vtext, major, sub, emitted[0], emitted[1]))
    return arch


def read_manifest(link):
    try:
        data = devfiles.read_file(link, MANIFEST)
        obj = json.loads(data.decode()) if data is not None else {}
        files = obj.get("files", {}) if isinstance(obj, dict) else {}
        return dict(files) if isinstance(files, dict) else {}
    except ValueError:
        return {}


def write_manifest(link, files):
    data = json.dumps({"format": 1, "files": files}, sort_keys=True).encode()
    devfiles.write_file(link, MANIFEST, data)


def plan(image, manifest, device_sizes, device_hashes=None):
    """(to_copy, to_remove): paths whose content differs from the board's,
    and firmware files that are no longer part of the image."""
    to_copy = []
    for path in sorted(image):
        want = devfiles.sha256(image[path])
        if device_hashes is not None:
            same = device_hashes.get(path) == want
        else:
            same = manifest.get(path) == want and device_sizes.get(path) == len(image[path])
        if not same:
            to_copy.append(path)
    to_remove = sorted(p for p in manifest if p not in image)
    return to_copy, to_remove


def flash(link, firmware_dir, cache_dir, verify=False, reset=True, out=print):
    info = device_info(link)
    arch = check_mpy(info, build.mpy_cross_version())
    out("board: MicroPython %s on %s, .mpy for %s" % (".".join(str(v) for v in info[1]), info[3],
                                                      arch or "bytecode only"))
    try:
        image = build.build_image(firmware_dir, os.path.join(cache_dir, arch or "bytecode"), arch)
    except RuntimeError as e:
        raise HostError("%s\nNothing was copied." % e) from None
    manifest = read_manifest(link)
    paths = sorted(set(image) | set(manifest))
    hashes = None
    if verify:
        out("verify: hashing all %d files on the board (SHA-256), not trusting its manifest"
            % len(image))
        hashes = devfiles.hashes(link, sorted(image))
        bad = [p for p in sorted(image) if hashes.get(p) != devfiles.sha256(image[p])]
        out("verify: %d match this build, %d differ or are missing" % (len(image) - len(bad), len(bad)))
    to_copy, to_remove = plan(image, manifest, devfiles.sizes(link, paths), hashes)
    total = sum(len(image[p]) for p in to_copy)
    out("%d of %d files changed (%d bytes), %d to remove" % (len(to_copy), len(image), total, len(to_remove)))
    if to_copy or to_remove:
        kept = dict((p, h) for p, h in manifest.items() if p not in to_copy and p not in to_remove)
        write_manifest(link, kept)
        done = 0
        for i, path in enumerate(to_copy):
            data = image[path]
            out("[%d/%d] %s (%d bytes)" % (i + 1, len(to_copy), path, len(data)))
            devfiles.write_file(link, path, data)
            done += len(data)
            kept[path] = devfiles.sha256(data)
        for path in to_remove:
            out("remove %s" % path)
            devfiles.remove(link, path)
        write_manifest(link, dict((p, devfiles.sha256(image[p])) for p in image))
    # Stray NAME.part files from an earlier interrupted flash.
    link.run("for p in %r:\n    _u_rm(p + '.part')\n" % (sorted(image),))
    if verify:
        after = devfiles.hashes(link, sorted(image))
        bad = [p for p in sorted(image) if after.get(p) != devfiles.sha256(image[p])]
        if bad:
            raise HostError("verify: %d file(s) on the board do not match after the copy: %s. "
                            "Run `usher flash --verify` again." % (len(bad), ", ".join(bad[:5])))
        out("verified: all %d files on the board match this build" % len(image))
    if reset:
        link.reset()
        out("device reset")
    sys.stdout.flush()
    return to_copy, to_remove
