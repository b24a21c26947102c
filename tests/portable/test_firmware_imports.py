# Every portable firmware module imports on this runtime. On MicroPython this
# is what catches CPython-only code (dataclasses, typing at run time, ...)
# that a test forgot to exercise (PL-2). The hardware layer (usher/device) is
# left out: it needs `machine`, and has tests of its own with a fake.
import os

import usher

SKIP_DIRS = ("device",)


def _package_dir():
    f = usher.__file__
    return f[: f.rfind("/")] if "/" in f else "."


def _modules(folder, prefix):
    out = []
    for name in sorted(os.listdir(folder)):
        path = folder + "/" + name
        if name.endswith(".py"):
            mod = prefix if name == "__init__.py" else prefix + "." + name[:-3]
            out.append(mod)
        elif "." not in name and name != "__pycache__" and name not in SKIP_DIRS:
            try:
                os.listdir(path)
            except OSError:
                continue
            out.extend(_modules(path, prefix + "." + name))
    return out


def _frozen_modules():
    # Frozen modules cannot be listed (PL-14): take the list of firmware
    # modules from firmware/package.json (read as a file: the working
    # directory is the repository, firmware/ is not on the module path).
    import json

    with open("firmware/package.json") as f:
        urls = json.load(f)["urls"]
    out = []
    for target, _url in urls:
        parts = target[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if len(parts) > 1 and parts[1] in SKIP_DIRS:
            continue
        out.append(".".join(parts))
    return out


def test_every_firmware_module_imports():
    where = getattr(usher, "__path__", None)
    if isinstance(where, str) and where.startswith(".frozen/"):
        mods = _frozen_modules()
    else:
        mods = _modules(_package_dir(), "usher")
    assert "usher.core.game" in mods and len(mods) >= 5, mods
    for m in mods:
        __import__(m)
