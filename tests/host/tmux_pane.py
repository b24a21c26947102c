"""A tmux pane driven by the terminal tests: the pane's lines, waiting for
a picture, and the simulator's keys for a session script's tokens."""
import subprocess
import time

# ui_sessions' tokens -> the terminal simulator's keys (sim/terminal.py)
KEYS = {"A": "a", "B": "b", "C": "c", "UP": "k", "DOWN": "j", "A~": "A", "B~": "B", "C~": "C",
        "restart": "r", "sleep": "z"}


def tmux(*args):
    return subprocess.run(["tmux"] + list(args), capture_output=True, text=True, timeout=20)


def capture(name):
    return tmux("capture-pane", "-p", "-t", name).stdout.splitlines()


def wait_for(name, predicate, timeout=20):
    """The pane's lines once predicate(lines) holds; AssertionError with the
    last lines seen after timeout seconds."""
    end = time.time() + timeout
    lines = []
    while time.time() < end:
        lines = capture(name)
        if predicate(lines):
            return lines
        time.sleep(0.2)
    raise AssertionError("pane never matched:\n" + "\n".join(lines))


def send(name, tokens, pause=0.12):
    """Each token's key, one at a time."""
    for tok in tokens:
        tmux("send-keys", "-t", name, "-l", KEYS[tok])
        time.sleep(pause)
