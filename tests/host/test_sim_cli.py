"""The simulator's headless mode: a scripted session writes one PNG per step
and reports the refresh counts by kind (PL-15)."""
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
    # PL-15: start clean, UP partial, C (settings) fast, C (about) fast, A back
    # fast, sleep partial
    assert proc.stdout.strip().splitlines()[-1] == (
        "refreshes: 1 clean, 3 fast full, 2 partial (6 total) for 4 presses")
    last = Image.open(out / "frame_005.png").convert("1")
    assert last.tobytes() == to_image(shots.render("UP,C,C,A,sleep")).tobytes()


def test_bad_script_token_is_refused():
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", "A,Q",
                           "--out", "/tmp/usher-never"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode != 0 and "unknown button" in proc.stderr


def test_headless_without_data_leaves_no_temp_folder(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))
    os.makedirs(env["TMPDIR"])
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", "DOWN,C",
                           "--out", str(tmp_path / "frames")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    assert os.listdir(env["TMPDIR"]) == []       # the run's data folder is gone


def test_terminal_mode_is_chosen_by_the_terminal_size():
    # 80x24 gets the text mode; bigger terminals the exact pixels.
    from sim import terminal
    assert terminal.pick_mode(None, (80, 24)) == ("text", None)
    assert terminal.pick_mode(None, (149, 40)) == ("text", None)
    assert terminal.pick_mode(None, (150, 36)) == ("braille", None)
    assert terminal.pick_mode(None, (300, 70)) == ("braille", None)
    mode, msg = terminal.pick_mode("halfblock", (160, 45))
    assert mode == "braille" and "--halfblock needs 298x68" in msg
    mode, msg = terminal.pick_mode("halfblock", (80, 24))
    assert mode == "text" and "Using the text mode" in msg
    assert terminal.pick_mode("halfblock", (300, 70)) == ("halfblock", None)
    assert terminal.pick_mode("text", (300, 70)) == ("text", None)
    mode, msg = terminal.pick_mode(None, (79, 24))
    assert mode is None and "79x24" in msg and "at least 80x24" in msg and "150x36" in msg
    line = terminal.startup_line("text", (80, 24))
    assert "text mode" in line and "80x24" in line and "150x36" in line and "298x68" in line


def test_help_names_every_terminal_mode():
    proc = subprocess.run([sys.executable, "-m", "sim", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0
    for words in ("text (80x24", "braille (150x36", "(--halfblock, 298x68", "--text"):
        assert words in proc.stdout, words


def test_terminal_mode_in_a_small_terminal_says_how_big_it_must_be(tmp_path):
    # A pseudo-terminal of 60x20: the mode says what it needs and stops.
    import fcntl
    import pty
    import struct
    import termios
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 60, 0, 0))
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    proc = subprocess.run([sys.executable, "-m", "sim", "--terminal", "--data", str(tmp_path / "d")],
                          cwd=ROOT, stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env,
                          timeout=60)
    os.close(slave)
    out = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            out += chunk
    except OSError:
        pass
    os.close(master)
    assert proc.returncode == 2, proc.stderr
    assert b"the terminal modes need at least 80x24" in out, out


def test_no_display_falls_back_to_terminal_message(tmp_path):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, "-m", "sim", "--data", str(tmp_path / "nodisplay")],
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
