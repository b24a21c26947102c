"""PL-10: the device log written by the real App (docs/log-format.md) replays
on the desktop to exactly the App's saved record and state, undo included.

The session is buttons only, on the real App with the device's FlashLog as
its log service; a game without its own screens is played with the bot-move
screen of tests/portable/ui_bot_game.py.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable"),
          os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

from ui_bot_game import BotPlayApp  # noqa: E402

from sim.session import parse_script  # noqa: E402
from usher.core import game, storage  # noqa: E402
from usher.device.log import FlashLog, read_all  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402
from usher_host import replay  # noqa: E402

# Launcher (no game running): Take a Seat, The Theatre, Multisala, Seat Wars,
# Dice roller, Settings. Seat Wars, 9 bot moves, History, two undos (long B),
# back, 4 more moves; B to the launcher (now Resume first), Multisala over it
# (Confirm: C = yes), 6 moves, one undo, 2 moves.
SCRIPT = ("DOWN,DOWN,DOWN,C," + "C," * 9 + "A,B~,B~,A," + "C," * 4
          + "B,DOWN,DOWN,DOWN,C,C," + "C," * 6 + "A,B~,A,C,C")


def _play(data_dir, script):
    log_dir = os.path.join(data_dir, "log")
    os.makedirs(log_dir)
    log = FlashLog(log_dir)
    buf, canvas = new_canvas()
    app = BotPlayApp(canvas, data_dir, {"log": log, "ticks_ms": lambda: 4242})
    app.start()
    for _tok, events in parse_script(script):
        for ev in events:
            app.handle(ev)
    return app, read_all(log_dir)


def test_pl10_log_of_a_button_session_with_undo_replays_to_the_saved_game(tmp_path):
    data = str(tmp_path / "data")
    app, entries = _play(data, SCRIPT)
    kinds = [e["k"] for e in entries]
    assert kinds.count("game") == 2 and kinds.count("undo") == 3 and kinds.count("end") == 1
    saved, _ = storage.load(os.path.join(data, "game.json"))
    assert saved["game"] == app.game_id
    records = replay.games_in_log(entries)
    assert [r["game"] for r in records] == ["seatwars", saved["game"]]
    # Seat Wars: 9 moves, 2 undone, 4 more = 11; the second game 6 - 1 + 2 = 7.
    assert len(records[0]["actions"]) == 11 and len(saved["actions"]) == 7
    assert records[-1] == saved
    assert game.canonical_json(replay.replay_record(records[-1])) == game.canonical_json(app.state)
    # The command line on the same log, as `usher logs` saves it (JSON lines).
    log_path = str(tmp_path / "log.jsonl")
    with open(log_path, "w") as f:
        f.write("".join(json.dumps(e) + "\n" for e in entries))
    p = subprocess.run([sys.executable, "-m", "usher_host", "replay", log_path, "--saved",
                        os.path.join(data, "game.json")], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "identical to the device's saved game" in p.stdout
    # The first game of the log is there too, and it is not the saved one.
    p = subprocess.run([sys.executable, "-m", "usher_host", "replay", log_path, "--game", "0",
                        "--saved", os.path.join(data, "game.json")], cwd=ROOT, capture_output=True,
                       text=True)
    assert p.returncode == 1 and "differs" in p.stdout
