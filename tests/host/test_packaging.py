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


def test_freeze_manifest_names_the_usher_package():
    calls = []
    env = {"include": lambda *a, **k: calls.append(("include",) + a),
           "package": lambda *a, **k: calls.append(("package",) + a),
           "module": lambda *a, **k: calls.append(("module",) + a)}
    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        exec(compile(f.read(), "manifest.py", "exec"), env)
    assert ("package", "usher") in calls
    for c in calls:
        if c[0] == "package":
            assert os.path.isdir(os.path.join(ROOT, "firmware", c[1]))


def test_make_sim_needs_neither_xvfb_nor_tmux():
    """`make sim` sets up only the virtual env: the programs the tests drive
    (Xvfb, tmux, Node) are not checked or installed for it; `make test` still
    checks them."""
    sim = subprocess.run(["make", "-n", "sim"], cwd=ROOT, capture_output=True, text=True)
    assert sim.returncode == 0, sim.stderr
    for tool in ("Xvfb", "xvfb", "tmux", "npm"):
        assert tool not in sim.stdout, sim.stdout
    assert "-m sim" in sim.stdout
    test = subprocess.run(["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True)
    assert "xvfb" in test.stdout and "tmux" in test.stdout
