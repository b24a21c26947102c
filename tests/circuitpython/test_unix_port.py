"""CircuitPython's unix port (coverage variant, built from the same tree as
the Badger image by `make circuitpython`) as one more runtime: the same seed
and actions give byte-identical state JSON as on CPython (PL-3), and the
portable runner fails there on a failing test (so `make
test-circuitpython-unix` cannot pass by running nothing)."""
import os
import subprocess

from tests.host.runtimes import PATHS, ROOT, run_cpython

CPY_UNIX = os.path.join(ROOT, "build", "circuitpython", "unix", "micropython")
SCRIPT = os.path.join("tests", "portable", "determinism.py")


def _run(args, path=None):
    env = dict(os.environ, MICROPYPATH=path or ":".join(PATHS))
    return subprocess.run([CPY_UNIX] + args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_it_is_circuitpython():
    p = _run(["-c", "import sys; print(sys.implementation.name, sys.implementation.version[:3])"])
    assert p.returncode == 0 and p.stdout.strip() == "circuitpython (10, 2, 1)", (p.stdout, p.stderr)
    p = _run(["-c", "import framebuf"])
    assert p.returncode != 0 and "framebuf" in p.stdout + p.stderr   # the canvas falls back to pyframebuf
    p = _run(["-c", "from usher.ui import canvas; print(canvas.framebuf.__name__)"])
    assert p.returncode == 0 and p.stdout.strip() == "usher.ui.pyframebuf", (p.stdout, p.stderr)


def test_determinism_against_cpython():
    want = run_cpython(SCRIPT).splitlines()
    p = _run([SCRIPT])
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    got = p.stdout.splitlines()
    assert want and '"check":"rng"' in want[0]
    assert len(got) == len(want), p.stdout[-2000:]
    for a, b in zip(want, got):
        assert a == b, "CircuitPython's unix port differs from CPython:\n%s\n%s" % (a[:400], b[:400])


def test_runner_fails_on_a_failing_test(tmp_path):
    d = tmp_path / "portable"
    d.mkdir()
    (d / "test_bad.py").write_text("def test_fails():\n    assert 1 == 2\n")
    p = _run(["tests/portable/run.py", "--dir=" + str(d)], path="firmware:" + str(d))
    assert p.returncode != 0 and "0 passed, 1 failed" in p.stdout, p.stdout + p.stderr
