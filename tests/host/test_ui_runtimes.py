"""Pixel identity (PL-3): every frame of the scripted UI sessions hashes
the same on CPython (pure-Python FrameBuffer), MicroPython's unix port and
WebAssembly port (both with the C framebuf)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = "tests/portable/ui_sessions.py"


def _run(cmd, env=None):
    e = dict(os.environ)
    e.update(env or {})
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=e, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.splitlines()


def test_every_frame_is_byte_identical_on_cpython_unix_and_wasm():
    cpython = _run([sys.executable, "-c",
                    "import sys; sys.path[:0] = ['firmware', 'tests/portable'];"
                    "import ui_sessions; ui_sessions.main()"])
    unix = _run([os.path.join(ROOT, ".venv", "bin", "micropython"), SCRIPT],
                {"MICROPYPATH": "firmware:tests/portable"})
    wasm = _run(["node", "tools/wasm_run.mjs", SCRIPT])
    sys.path[:0] = [os.path.join(ROOT, "tests", "portable"), os.path.join(ROOT, "firmware")]
    import ui_sessions
    every = ui_sessions.SESSIONS + ui_sessions.OWNER_SESSIONS
    expected = sum(len(ui_sessions.events(s)) + 1 for _, s in every)
    assert len(cpython) == expected
    assert len(set(line.split()[2] for line in cpython)) > 20  # many distinct screens
    assert unix == cpython
    assert wasm == cpython
