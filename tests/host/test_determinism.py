"""Same seed and actions give byte-identical state JSON on CPython, the
MicroPython unix port and MicroPython WebAssembly (PL-3)."""
import os
import subprocess
import sys

from tests.host.runtimes import ROOT, run_cpython, run_unix, run_wasm

SCRIPT = os.path.join("tests", "portable", "determinism.py")


def test_determinism_across_three_runtimes():
    outs = {
        "cpython": run_cpython(SCRIPT),
        "unix": run_unix(SCRIPT),
        "wasm": run_wasm(SCRIPT),
    }
    lines = outs["cpython"].splitlines()
    assert lines and '"check":"rng"' in lines[0], outs["cpython"][:500]
    for name in ("unix", "wasm"):
        other = outs[name].splitlines()
        assert len(other) == len(lines), (name, outs[name][-2000:])
        for a, b in zip(lines, other):
            assert a == b, "%s differs from CPython:\n%s\n%s" % (name, a[:400], b[:400])


def test_runners_fail_on_a_failing_test(tmp_path):
    """The MicroPython runner exits non-zero on a failure and on zero tests,
    so `make test` cannot pass by running nothing."""
    d = tmp_path / "portable"
    d.mkdir()
    (d / "test_bad.py").write_text("def test_fails():\n    assert 1 == 2\n")
    env = dict(os.environ, MICROPYPATH="firmware:" + str(d))
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    p = subprocess.run([mp, "tests/portable/run.py", "--dir=" + str(d)], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    assert p.returncode != 0 and "0 passed, 1 failed" in p.stdout
    (d / "test_bad.py").write_text("X = 1\n")
    p = subprocess.run([mp, "tests/portable/run.py", "--dir=" + str(d)], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    assert p.returncode != 0 and "no tests ran" in p.stdout
