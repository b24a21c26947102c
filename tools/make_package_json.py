"""Write firmware/package.json, the mpremote mip package of the firmware.

Usage: python tools/make_package_json.py [--check]
Lists every module of firmware/usher with a URL relative to the package.json
itself, so `mpremote mip install firmware/package.json` copies them from a
checkout (into /lib on the board). --check exits 1 when the file is stale.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE_JSON = os.path.join(FIRMWARE, "package.json")


def version():
    with open(os.path.join(FIRMWARE, "usher", "__init__.py")) as f:
        return re.search(r'VERSION = "([^"]+)"', f.read()).group(1)


def files():
    out = []
    for root, dirs, names in os.walk(os.path.join(FIRMWARE, "usher")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for n in sorted(names):
            if n.endswith(".py"):
                out.append(os.path.relpath(os.path.join(root, n), FIRMWARE).replace(os.sep, "/"))
    return sorted(out)


def package():
    return {"urls": [[f, f] for f in files()], "version": version()}


def text():
    # One file per line: readable diffs when modules come and go.
    pkg = package()
    rows = ",\n".join("    " + json.dumps(u) for u in pkg["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (rows, json.dumps(pkg["version"]))


def main(argv):
    if "--check" in argv:
        try:
            with open(PACKAGE_JSON) as f:
                current = f.read()
        except OSError:
            current = ""
        if current != text():
            print("firmware/package.json is stale: run python tools/make_package_json.py")
            return 1
        return 0
    with open(PACKAGE_JSON, "w") as f:
        f.write(text())
    print("wrote %s (%d files)" % (PACKAGE_JSON, len(files())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
