"""PL-21 at a real terminal: each of the four games played start to end
through `make sim` in an 80x24 tmux pane (the text mode), left to the main
menu and resumed on the way, then abandoned and brought back, and finished:
the play kept is the one the same buttons make without leaving (played in
this process), and nothing is lost on the way."""
import os
import shutil
import sys
import tempfile

from sim.session import Session, parse_script
from tests.host.tmux_pane import tmux as _tmux
from tests.host.tmux_pane import send, wait_for as _wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))

import ui_sessions  # noqa: E402

from usher.ui import playlog  # noqa: E402

# Each game's whole-game session; Take a Seat's stops on its result: Finish (C) ends it.
# The Theatre twice: 2 players, and solo against the House (TH-15), whose
# replies the device makes inside the presses.
GAME_SESSIONS = (("takeaseat", "takeaseat_solo", ",C"), ("theatre", "theatre_game", ""),
                 ("theatre_house", "theatre_house", ""),
                 ("multisala", "multisala_solo", ""), ("seatwars", "seatwars_game", ""))
def _tokens(script):
    """The session's tokens as single key presses (a terminal has no
    auto-repeat: "UP*3" is UP four times)."""
    out = []
    for tok in script.split(","):
        if "*" in tok:
            name, n = tok.split("*")
            out.extend([name] * (int(n) + 1))
        else:
            out.append(tok)
    return out


def _step(session, tok):
    session.step(parse_script(tok)[0][1])


def _on_game_screen(app):
    top = app.top()
    return (app.record is not None and app.state.get("phase") != "over" and len(app.stack) == 2
            and top.route == "game" and top.keys()[0] in ("History", "Menu"))


def _open_leave(session, out):
    """From a game screen to its leave items: Take a Seat's Menu, the other
    games' History and its Leave (C). Returns the menu."""
    app = session.app
    menu_key = app.top().keys()[0]
    for tok in (["A"] if menu_key == "Menu" else ["A", "C"]):
        _step(session, tok)
        out.append(tok)
    return app.top()


def _choose(session, out, menu, value):
    while menu.items[menu.focus][1] != value:
        _step(session, "DOWN")
        out.append("DOWN")
    _step(session, "C")
    out.append("C")


def with_leaving(tokens):
    """tokens with, on the first game screen after a fifth of them, the
    game left to the main menu and resumed, and on the first after half of
    them, the game abandoned and brought back; played here on fresh data,
    checking each step. Returns (the keys, the data folder played in)."""
    data = tempfile.mkdtemp(prefix="usher-leave-")
    s = Session(data)
    s.start()
    out = []
    left = abandoned = False
    for k, tok in enumerate(tokens):
        _step(s, tok)
        out.append(tok)
        app = s.app
        if not left and k >= len(tokens) // 5 and _on_game_screen(app):
            screen = type(app.top()).__name__
            _choose(s, out, _open_leave(s, out), "launcher")
            assert app.top().route == "launcher" and app.top().items[0][1] == "resume"
            _step(s, "C")
            out.append("C")
            assert type(app.top()).__name__ == screen
            left = True
        elif left and not abandoned and k >= len(tokens) // 2 and _on_game_screen(app):
            screen = type(app.top()).__name__
            actions = list(app.record["actions"])
            _choose(s, out, _open_leave(s, out), "abandon")
            _step(s, "DOWN")                          # Yes (No is selected first)
            _step(s, "C")
            out.extend(["DOWN", "C"])
            launcher = app.top()
            assert app.record is None and launcher.items[0][1] == "bring_back"
            for _ in range(launcher.focus):
                _step(s, "UP")
                out.append("UP")
            _step(s, "C")
            out.append("C")
            # brought back, the game opens on its state's first screen (The
            # Theatre: the last round's result first, as after a restart,
            # PL-8); its Next goes on to the screen that was left
            assert app.record["actions"] == actions
            if type(app.top()).__name__ != screen and app.top().keys()[2] == "Next":
                _step(s, "C")
                out.append("C")
            assert type(app.top()).__name__ == screen
            abandoned = True
    assert left and abandoned
    return out, data


def _kept(folder):
    return [playlog.load_record(folder, r["n"])["actions"] for r in playlog.summaries(folder)]


def _wait_kept(name, folder, n):
    """The kept plays' actions once the folder holds n plays."""
    _wait_for(name, lambda _lines: len(_kept(folder)) == n, timeout=90)
    return _kept(folder)


def test_pl21_every_game_left_resumed_abandoned_and_brought_back_in_make_sim_at_80x24(tmp_path):
    assert shutil.which("tmux"), "tmux is missing (.ci/run installs it)"
    sessions = dict(ui_sessions.SESSIONS)
    for gid, session_name, finish in GAME_SESSIONS:
        tokens = _tokens(sessions[session_name] + finish)
        keys, expected_dir = with_leaving(tokens)
        # the same buttons without leaving: the play it must keep
        plain = tempfile.mkdtemp(prefix="usher-plain-")
        p = Session(plain)
        p.start()
        for tok in tokens:
            _step(p, tok)
        want = [playlog.load_record(plain, r["n"])["actions"] for r in playlog.summaries(plain)]
        assert want, session_name
        data = tmp_path / gid
        name = "usher-leave-%s-%d" % (gid, os.getpid())
        cmd = ("cd %s && env -u DISPLAY -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory sim "
               "ARGS='--data %s --fixed-seeds'; echo EXITED $?; sleep 30" % (ROOT, data))
        r = _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", cmd)
        assert r.returncode == 0, r.stderr
        try:
            _wait_for(name, lambda ls: ls and ls[-1].split() == ["|", "|", "c", "Select"], timeout=120)
            send(name, keys, pause=0.06)
            # the game ended and was kept: the launcher, without Resume or Bring back
            got = _wait_kept(name, str(data), len(want))
            lines = _wait_for(name, lambda ls: any("Seat Wars" in ln for ln in ls)
                              and not any("Resume" in ln or "Bring back" in ln for ln in ls))
            assert got == want, gid
            _tmux("send-keys", "-t", name, "q")
            lines = _wait_for(name, lambda ls: any("EXITED" in ln for ln in ls))
            assert any("EXITED 0" in ln for ln in lines), lines
        finally:
            _tmux("kill-session", "-t", name)
            shutil.rmtree(plain, ignore_errors=True)
            shutil.rmtree(expected_dir, ignore_errors=True)
