"""The terminal mode driven in tmux: keys go in, and the pane shows exactly
the canvas's pixels as braille (compared with the same session played
headless)."""
import os
import shutil
import subprocess
import sys
import time

from sim.frames import to_braille
from sim.shots import render

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tmux(*args):
    return subprocess.run(["tmux"] + list(args), capture_output=True, text=True, timeout=20)


def _capture(name):
    return _tmux("capture-pane", "-p", "-t", name).stdout.splitlines()


def _wait_for(name, predicate, timeout=20):
    end = time.time() + timeout
    lines = []
    while time.time() < end:
        lines = _capture(name)
        if predicate(lines):
            return lines
        time.sleep(0.2)
    raise AssertionError("pane never matched:\n" + "\n".join(lines))


def test_terminal_mode_in_tmux_shows_exact_pixels(tmp_path):
    assert shutil.which("tmux"), "tmux is missing (.ci/run installs it)"
    name = "usher-sim-test-%d" % os.getpid()
    cmd = "cd %s && %s -m sim --terminal --data %s" % (ROOT, sys.executable, tmp_path / "data")
    r = _tmux("new-session", "-d", "-s", name, "-x", "160", "-y", "45", cmd)
    assert r.returncode == 0, r.stderr
    try:
        _wait_for(name, lambda ls: any("refreshes: 1 clean" in ln for ln in ls))
        for key in ("k", "c"):   # UP then C: Settings
            _tmux("send-keys", "-t", name, key)
            time.sleep(0.3)
        counts = "refreshes: 1 clean, 1 fast full, 1 partial"
        lines = _wait_for(name, lambda ls: any(counts in ln for ln in ls))
        want = to_braille(render("UP,C"))
        shown = [ln[1:1 + len(want[0])] for ln in lines[1:1 + len(want)]]
        assert shown == want
        _tmux("send-keys", "-t", name, "q")
        time.sleep(0.5)
    finally:
        _tmux("kill-session", "-t", name)
