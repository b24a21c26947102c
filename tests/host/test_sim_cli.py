"""The simulator's headless mode: a scripted session writes one PNG per step
and reports the refresh counts (PL-6)."""
import os
import subprocess
import sys

from PIL import Image

from sim import shots
from sim.frames import to_image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_headless_script_writes_every_frame_and_counts(tmp_path):
    out = tmp_path / "frames"
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", "UP,C,C,A,sleep",
                           "--out", str(out), "--data", str(tmp_path / "data")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    names = sorted(os.listdir(out))
    assert names == ["frame_%03d.png" % i for i in range(6)]
    # start full, UP partial, C (settings) full, C (about) full, A back full, sleep partial
    assert proc.stdout.strip().splitlines()[-1] == "refreshes: 4 full, 2 partial (6 total)"
    last = Image.open(out / "frame_005.png").convert("1")
    assert last.tobytes() == to_image(shots.render("UP,C,C,A,sleep")).tobytes()


def test_bad_script_token_is_refused():
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", "A,Q",
                           "--out", "/tmp/usher-never"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode != 0 and "unknown button" in proc.stderr


def test_no_display_falls_back_to_terminal_message():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, "-m", "sim", "--data", "/tmp/usher-sim-nodisplay"],
                          cwd=ROOT, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    assert "No display for a window" in proc.stdout
    assert proc.returncode == 2  # no tty either: says how to use --headless


def test_bot_mode_prints_a_whole_game_that_replays_to_its_final_state():
    import json
    proc = subprocess.run([sys.executable, "-m", "sim", "--bot", "theatre", "--seed", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "== The Theatre, seed 2"
    actions = [json.loads(line) for line in lines[1:-1]]
    n, _, final = lines[-1].partition(" actions; final state: ")
    assert int(n) == len(actions) > 0
    # The printed moves, applied to a new game with the same seed, end in the
    # printed state, and that state is a finished game.
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from usher.core import game
    from usher.games.theatre import engine
    state = engine.new_game({}, 2)
    for a in actions:
        state = engine.apply(state, a)
    assert game.canonical_json(state) == final
    assert state["phase"] == "over"
