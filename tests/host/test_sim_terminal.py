"""The terminal modes driven in tmux: keys go in, and the pane shows exactly
the canvas's pixels as braille (compared with the same session played
headless), or, in an 80x24 terminal through `make sim`, the text mode's grid
of the same screen for a whole game."""
import json
import os
import shutil
import sys
import time

from sim.frames import to_braille
from tests.host.tmux_pane import send
from tests.host.tmux_pane import tmux as _tmux
from tests.host.tmux_pane import wait_for as _wait_for
from sim.shots import render

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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
        want = to_braille(render("UP,C"))

        def _shows_settings(ls):
            return (any(counts in ln for ln in ls)
                    and [ln[1:1 + len(want[0])] for ln in ls[1:1 + len(want)]] == want)
        _wait_for(name, _shows_settings)
        _tmux("send-keys", "-t", name, "q")
        time.sleep(0.5)
    finally:
        _tmux("kill-session", "-t", name)


# `make sim` in the most common SSH terminal, 80x24 with no display,
# plays a whole game in the text mode: a solo Multisala on the device's own
# deck, five rounds, the final score, Done.
MULTISALA_SOLO_ROUND = "C,C,B,C,B,C,C"   # tests/portable/ui_session_multisala.py


def _send(name, script):
    send(name, script.split(","))


def _grid_of(data_dir):
    """The text mode's lines for the screen the App shows on data_dir after a
    restart (the same screen, PL-8), played in this process on a copy."""
    from sim.session import Session
    from sim.terminal import TEXT_HELP
    from sim.textgrid import TextGrid, softkeys_line
    s = Session(data_dir)
    grid = TextGrid(s)
    try:
        s.start()
        return grid.lines() + [TEXT_HELP, softkeys_line(s.app.top().keys())]
    finally:
        grid.close()


def test_make_sim_in_an_80x24_terminal_without_display_plays_a_game_to_its_end(tmp_path):
    assert shutil.which("tmux"), "tmux is missing (.ci/run installs it)"
    sys.path.insert(0, os.path.join(ROOT, "host_tools"))
    from usher.core import game, gamefile
    from usher.games.multisala import engine
    from usher_host import replay
    name = "usher-sim-80x24-%d" % os.getpid()
    data = tmp_path / "data"
    # No display, and none of an outer make's settings (make test runs this test).
    cmd = ("cd %s && env -u DISPLAY -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory sim "
           "ARGS='--data %s'; echo EXITED $?; sleep 30" % (ROOT, data))
    r = _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", cmd)
    assert r.returncode == 0, r.stderr
    try:
        # The text mode, chosen by the size; its note names the bigger modes.
        # The pane is written line by line: wait for the whole launcher, its soft keys last.
        lines = _wait_for(name, lambda ls: any("Pulisci il Multisala" in ln for ln in ls)
                          and ls and ls[-1].split() == ["|", "|", "c", "Select"], timeout=120)
        assert any("braille from 150x36" in ln for ln in lines), lines
        _send(name, "DOWN,DOWN,C,C")
        for rnd in range(1, 6):
            _send(name, MULTISALA_SOLO_ROUND)
            if rnd < 5:
                _wait_for(name, lambda ls, n=rnd + 1: any("Round %d/5" % n in ln for ln in ls))
        lines = _wait_for(name, lambda ls: any("Game over" in ln for ln in ls))
        assert any("Final score" in ln for ln in lines)
        # The pane is the text grid of the App's screen for the saved game.
        copy = tmp_path / "copy"
        shutil.copytree(data, copy, ignore=shutil.ignore_patterns("log"))
        want = [ln.rstrip() for ln in _grid_of(str(copy))]
        _wait_for(name, lambda ls: [ln.rstrip() for ln in ls] == want)
        saved = gamefile.unpacked(json.loads((data / "game.json").read_text()))
        _send(name, "C")                                   # Done: back to the launcher
        _wait_for(name, lambda ls: any("Seat Wars" in ln for ln in ls))
        _tmux("send-keys", "-t", name, "q")
        lines = _wait_for(name, lambda ls: any("EXITED" in ln for ln in ls))
        assert any("EXITED 0" in ln for ln in lines), lines
    finally:
        _tmux("kill-session", "-t", name)
    # The run's log (the device format, DATA/log) replays to the same finished game.
    record = replay.load_record(str(data))
    assert record["actions"] == saved["actions"] and record["game"] == "multisala"
    state = game.replay(engine, record)
    assert state["phase"] == "over" and state["round"] == 5
