"""Run a repository script on each of the three runtimes and return stdout."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
PATHS = ["firmware", os.path.join("tests", "portable")]


def _run(cmd, env=None, timeout=600):
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if p.returncode:
        raise AssertionError("%s failed (%d):\n%s\n%s" % (" ".join(cmd), p.returncode,
                                                          p.stdout[-3000:], p.stderr[-3000:]))
    return p.stdout


def run_cpython(script, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(os.path.join(ROOT, p) for p in PATHS))
    return _run([sys.executable, script] + list(args), env)


def run_unix(script, *args):
    env = dict(os.environ, MICROPYPATH=":".join(PATHS))
    return _run([MICROPYTHON, script] + list(args), env)


def run_wasm(script, *args):
    return _run(["node", os.path.join("tools", "wasm_run.mjs"), script] + list(args))
