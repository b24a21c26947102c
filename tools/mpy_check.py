"""Compile every firmware module with mpy-cross for the RP2040 (armv6m).

Usage: python tools/mpy_check.py [FOLDER] [--out DIR]
Prints one line per module that fails and a closing 'mpy-cross: N passed,
N failed' line; exits 1 if any module fails or none was found. The compile
itself is shared with `usher flash` (host_tools/usher_host/build.py).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "host_tools"))

from usher_host.build import compile_all, modules  # noqa: E402,F401


def main(argv):
    folder = "firmware"
    out_dir = None
    args = list(argv)
    if "--out" in args:
        i = args.index("--out")
        out_dir = args[i + 1]
        del args[i:i + 2]
    if args:
        folder = args[0]
    tmp = None
    if out_dir is None:
        tmp = tempfile.TemporaryDirectory()
        out_dir = tmp.name
    compiled, failures = compile_all(folder, out_dir, "armv6m")
    for src, msg in failures:
        print("FAIL %s\n  %s" % (src, msg.replace("\n", "\n  ")))
    size = sum(os.path.getsize(p) for p in compiled)
    print("compiled %d modules for armv6m, %d bytes of .mpy" % (len(compiled), size))
    print("mpy-cross: %d passed, %d failed" % (len(compiled), len(failures)))
    if tmp:
        tmp.cleanup()
    return 1 if failures or not compiled else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
