"""Accented names on the desktop side: a roster with Nicolò,
José, Zoë is checked and uploaded as UTF-8, the device (MicroPython's unix
port, whose json writes the letters as they are) plays and keeps games with
those names, and `usher history pull` gives them back intact in history.csv
and history.json; the web page draws with the same fonts."""
import csv
import json
import os
import subprocess
import sys

from tests.host import runtimes

ROOT = runtimes.ROOT
USHER = [sys.executable, "-m", "usher_host"]
NAMES = ["Nicolò", "José", "Zoë", "Élodie"]

# The device side: a Theatre game of four and a Seat Wars game of two,
# played by the bots and ended, so plays.jsonl and the kept plays are
# written by MicroPython.
DEVICE = """
import sys
from usher import games
from usher.core import rng
from usher.ui import players, seats
from usher.ui.app import App
from usher.ui.canvas import new_canvas

data = sys.argv[1]
names = players.load_roster(data)[0]
buf, canvas = new_canvas()
app = App(canvas, data, {"board": "test"})
app.start()
for gid, options, n, seed in (("theatre", {"players": 4, "decks": 6}, 4, 3),
                              ("seatwars", {"players": 2}, 2, 4)):
    app.start_game(gid, seats.with_names(gid, options, names[:n]), seed)
    bot = games.bot(gid)
    st = rng.new_state(seed)
    while True:
        a = bot.next_action(app.state, st)
        if a is None:
            break
        app.play(a)
    app.end_game()
print("played")
"""


def usher(*args):
    p = subprocess.run(USHER + list(args), cwd=ROOT, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_accented_names_go_from_the_roster_file_through_the_device_to_the_csv(tmp_path):
    data = str(tmp_path / "data")
    roster = tmp_path / "names.txt"
    roster.write_bytes(("\n".join(NAMES) + "\nJOSÉ\n").encode("utf-8"))
    code, out, err = usher("data", "check", "players", str(roster))
    assert code == 1 and "line 5" in out + err and "already in the roster" in out + err
    roster.write_bytes(("\n".join(NAMES) + "\n").encode("utf-8"))
    code, out, err = usher("data", "check", "players", str(roster))
    assert code == 0, out + err
    code, out, err = usher("data", "upload", "players", str(roster), "--folder", data)
    assert code == 0, out + err
    with open(os.path.join(data, "players.txt"), "rb") as f:
        assert f.read().decode("utf-8").split("\n")[:4] == NAMES

    script = tmp_path / "device.py"
    script.write_text(DEVICE, encoding="utf-8")
    assert "played" in runtimes.run_unix(str(script), data)
    with open(os.path.join(data, "history", "plays.jsonl"), "rb") as f:
        raw = f.read()
    # MicroPython writes the letters as UTF-8 (CPython would write \\u00f2).
    assert "Nicolò".encode("utf-8") in raw

    out_dir = str(tmp_path / "export")
    code, out, err = usher("history", "pull", "--from", data, "-o", out_dir)
    assert code == 0, out + err
    with open(os.path.join(out_dir, "history.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["player"] for r in rows if r["play"] == "1"] == NAMES
    assert [r["player"] for r in rows if r["play"] == "2"] == NAMES[:2]
    with open(os.path.join(out_dir, "history.json"), encoding="utf-8") as f:
        doc = json.load(f)
    assert [p["players"] for p in doc["plays"]] == [NAMES, NAMES[:2]]
    assert doc["plays"][0]["record"]["options"]["players"] == NAMES


def test_the_web_page_draws_no_text_of_its_own():
    # The page shows the device's framebuffer (drawn by usher.ui.text with
    # the same fonts); it writes no text on the canvas itself, so accented
    # names look there as on the device.
    with open(os.path.join(ROOT, "web", "main.js"), encoding="utf-8") as f:
        js = f.read()
    assert "fillText" not in js and "strokeText" not in js
