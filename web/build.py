"""Build the static page: python -m web.build [--out build/web]  (make web)

The folder holds everything the page needs and nothing else, so it can be
published as is:
  index.html, style.css, main.js   the page and its glue (web/)
  micropython.mjs, micropython.wasm
                                   the pinned MicroPython WebAssembly port
                                   (@micropython/micropython-webassembly-pyscript
                                   from node_modules, see package.json)
  usher-files.json                 the firmware's usher package and the
                                   backend (web/webdevice.py, webowner.py)
                                   as {path: source}
"""
import argparse
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
FIRMWARE = os.path.join(ROOT, "firmware")
MP_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "style.css", "main.js")
MP_FILES = ("micropython.mjs", "micropython.wasm")
BACKEND = ("webdevice.py", "webowner.py")     # the page's MicroPython side
DEFAULT_OUT = os.path.join(ROOT, "build", "web")


class BuildError(Exception):
    pass


def firmware_sources():
    """{path in the page's filesystem: source} for usher/**/*.py."""
    files = {}
    base = os.path.join(FIRMWARE, "usher")
    for folder, dirs, names in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    files["lib/" + rel] = f.read()
    for name in BACKEND:
        with open(os.path.join(WEB, name), encoding="utf-8") as f:
            files["lib/" + name] = f.read()
    return files


def mp_version():
    with open(os.path.join(MP_PACKAGE, "package.json"), encoding="utf-8") as f:
        return json.load(f)["version"]


def build(out=DEFAULT_OUT):
    """Write the page's folder; returns the list of files written."""
    for name in MP_FILES:
        if not os.path.exists(os.path.join(MP_PACKAGE, name)):
            raise BuildError("%s is missing: run `make setup` (npm ci) first"
                             % os.path.relpath(os.path.join(MP_PACKAGE, name), ROOT))
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    written = []
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
        written.append(name)
    for name in MP_FILES:
        shutil.copyfile(os.path.join(MP_PACKAGE, name), os.path.join(out, name))
        written.append(name)
    bundle = {"micropython_package": mp_version(), "files": firmware_sources()}
    with open(os.path.join(out, "usher-files.json"), "w", encoding="utf-8") as f:
        json.dump(bundle, f, sort_keys=True, separators=(",", ":"))
    written.append("usher-files.json")
    return written


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m web.build", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT, help="folder to write (replaced)")
    args = ap.parse_args(argv)
    try:
        files = build(args.out)
    except BuildError as e:
        print("web build: %s" % e, file=sys.stderr)
        return 1
    size = sum(os.path.getsize(os.path.join(args.out, n)) for n in files)
    print("built %s: %d files, %d KB (open it with `make web-serve`)"
          % (os.path.relpath(args.out, ROOT), len(files), size // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
