"""PL-10: the device log written by the real App (docs/log-format.md) replays
on the desktop to exactly the App's saved record and state, undo included.

The session is buttons only, on the real App and Seat Wars' real screens,
with the device's FlashLog as its log service: a whole game (an undo in turn
1, a power cycle after turn 3, finished), then a second game left running.
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

import ui_session_seatwars as sw  # noqa: E402
import ui_sessions  # noqa: E402

from usher.core import game, gamefile, storage  # noqa: E402
from usher.device.log import FlashLog, read_all  # noqa: E402
from usher.ui.app import App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402
from usher_host import replay  # noqa: E402

# Game 1 ends with C on the winner screen (Finish); game 2 stops after turn 2.
# After Finish the launcher's cursor is still on Seat Wars, so game 2 opens
# with C (Seat Wars), C (2 players), C (P1 starts).
GAME_1 = sw.FULL_GAME
GAME_2 = ",".join(("C,C,C", sw.TURN1, sw.TURN2))


def _play(data_dir):
    """Returns (app, log entries, game 1's record just before Finish)."""
    log_dir = os.path.join(data_dir, "log")
    os.makedirs(log_dir)
    log = FlashLog(log_dir)
    buf, canvas = new_canvas()

    def new_app():
        a = App(canvas, data_dir, {"log": log, "ticks_ms": lambda: 4242})
        a.start()
        return a

    app = new_app()
    for script in (GAME_1, "C", GAME_2):
        if script == "C":
            first = game.clone(app.record)
        for evs in ui_sessions.events(script):
            for ev in evs:
                if ev == "restart":
                    app = new_app()
                elif ev != "sleep":
                    app.handle(ev)
    return app, read_all(log_dir), first


def _play_on_littlefs(data_dir):
    """_play with storage.atomic answering True, as on littlefs (PL-17)."""
    storage.FORCE = True
    try:
        return _play(data_dir)
    finally:
        storage.FORCE = None


def test_pl10_log_of_a_button_session_with_undo_replays_to_the_saved_game(tmp_path):
    data = str(tmp_path / "data")
    app, entries, first = _play(data)
    kinds = [e["k"] for e in entries]
    # Two games, one undo in each game's turn 1, the first game finished.
    assert kinds.count("game") == 2 and kinds.count("undo") == 2 and kinds.count("end") == 1
    saved = gamefile.unpacked(storage.load(os.path.join(data, "game.json"))[0])
    assert saved == app.record and saved["game"] == "seatwars"
    records = replay.games_in_log(entries)
    assert [r["game"] for r in records] == ["seatwars", "seatwars"]
    assert records[0] == first and records[-1] == saved
    assert len(first["actions"]) > len(saved["actions"]) > 0
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


def test_pl10_a_log_one_action_behind_the_saved_game_is_the_documented_case(tmp_path):
    # docs/log-format.md: saved first, logged second; a cut between the two
    # leaves the saved game one action ahead. Said so, exit 0.
    data = str(tmp_path / "data")
    app, entries, _first = _play(data)
    last = max(i for i, e in enumerate(entries) if e["k"] == "action")
    cut = entries[:last]                    # the power went before the action's line
    log_path = str(tmp_path / "log.jsonl")
    with open(log_path, "w") as f:
        f.write("".join(json.dumps(e) + "\n" for e in cut))
    p = subprocess.run([sys.executable, "-m", "usher_host", "replay", log_path, "--saved",
                        os.path.join(data, "game.json")], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "the saved game has one action more than the log" in p.stdout
    assert "Traceback" not in p.stderr


def test_pl17_on_littlefs_the_log_derives_the_actions_from_the_saves_and_replays_identically(tmp_path):
    # On littlefs (forced here) an action writes the save's small tail and
    # no log line: the "end" entry names the finished game's kept play,
    # whose record has its actions, and `usher logs` adds the running
    # game's save as a "saved" entry.
    data = str(tmp_path / "data")
    app, entries, first = _play_on_littlefs(data)
    kinds = [e["k"] for e in entries]
    assert "action" not in kinds and kinds.count("game") == 2 and kinds.count("end") == 1
    assert os.path.isfile(os.path.join(data, "game.tail"))
    raw = {}
    for name in ("game.json", "game.tail"):
        with open(os.path.join(data, name), "rb") as f:
            raw[name] = f.read()
    saved = gamefile.merge_bytes(raw["game.json"], raw["game.tail"])
    assert saved == app.record and len(saved["actions"]) > 0
    end = [e["d"] for e in entries if e["k"] == "end"][0]
    assert end["play"] == 1 and "moves" not in end and end["actions"] == len(first["actions"])
    # without the history the finished game has no actions; with it, its own
    assert replay.games_in_log(entries)[0]["actions"] != first["actions"]
    replay.with_kept_moves(entries, data, lambda path: None)
    assert "moves" not in end
    replay.with_kept_moves(entries, data, replay._file_or_none)
    assert end["moves"] == first["actions"]
    entries.append({"b": entries[-1]["b"], "n": entries[-1]["n"] + 1, "k": "saved", "d": saved})
    records = replay.games_in_log(entries)
    assert len(records) == 2 and records[0] == first and records[-1] == saved
    assert all("missing" not in r for r in records)
    assert game.canonical_json(replay.replay_record(records[0])) != game.canonical_json(app.state)
    assert game.canonical_json(replay.replay_record(records[-1])) == game.canonical_json(app.state)
    # `usher replay LOG --saved game.json` reads game.tail beside it.
    log_path = str(tmp_path / "log.jsonl")
    with open(log_path, "w") as f:
        f.write("".join(json.dumps(e) + "\n" for e in entries))
    p = subprocess.run([sys.executable, "-m", "usher_host", "replay", log_path, "--saved",
                        os.path.join(data, "game.json")], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "identical to the device's saved game" in p.stdout


def test_pl17_usher_logs_adds_the_boards_running_game_from_its_save(tmp_path, monkeypatch):
    from usher_host import devfiles, logs
    data = str(tmp_path / "data")
    app, entries, _first = _play_on_littlefs(data)
    board = {"/data/log/log0.jsonl": "".join(json.dumps(e) + "\n" for e in entries).encode()}
    for name in ("game.json", "game.tail"):
        with open(os.path.join(data, name), "rb") as f:
            board["/data/" + name] = f.read()
    monkeypatch.setattr(devfiles, "read_file", lambda conn, path: board.get(path))
    pulled = logs.pull(None)
    assert pulled[:-1] == entries and pulled[-1]["k"] == "saved" and pulled[-1]["d"] == app.record
    records = replay.games_in_log(pulled)
    assert records[-1] == app.record
    assert game.canonical_json(replay.replay_record(records[-1])) == game.canonical_json(app.state)
    # a board whose save is the one checked file (FAT, CircuitPython) and
    # whose log has no action lines (PL-17): the record comes from game.json
    del board["/data/game.tail"]
    fat = str(tmp_path / "fat")
    os.mkdir(fat)
    storage.save(os.path.join(fat, "game.json"), app.record)
    with open(os.path.join(fat, "game.json"), "rb") as f:
        board["/data/game.json"] = f.read()
    pulled = logs.pull(None)
    assert pulled[:-1] == entries and pulled[-1]["k"] == "saved" and pulled[-1]["d"] == app.record
    assert replay.games_in_log(pulled)[-1] == app.record
    # no saved game (none running): nothing added
    del board["/data/game.json"]
    assert logs.pull(None) == entries


def test_pl17_a_littlefs_log_with_its_tail_pulls_and_replays_whole_even_after_a_cut_in_its_fold(
        tmp_path, monkeypatch):
    # On littlefs the newest lines wait in log/log.tail (usher.device.log);
    # a cut after a fold appended them to log0.jsonl and before the tail was
    # removed leaves them in both files: every reader takes them once.
    from usher.device import log as flashlog
    from usher_host import devfiles, logs
    data = str(tmp_path / "data")
    app, entries, first = _play_on_littlefs(data)
    folder = os.path.join(data, "log")
    names = sorted(os.listdir(folder))
    assert flashlog.TAIL in names and flashlog.CURRENT in names, names
    with open(os.path.join(folder, flashlog.TAIL), "rb") as f:
        tail = f.read()
    assert tail.count(b"\n") >= 1
    with open(os.path.join(folder, flashlog.CURRENT), "ab") as f:
        f.write(tail)                               # the fold's append, then the cut
    assert read_all(folder) == entries
    board = {}
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            board["/data/log/" + name] = f.read()
    monkeypatch.setattr(devfiles, "read_file", lambda conn, path: board.get(path))
    assert logs.pull(None) == entries               # no game running: nothing added
    # `usher replay DATA` reads the folder's three files the same way: the
    # finished game's "end" entry carries its actions (PL-17)
    read = [storage.decode_bytes(line) for line in replay._read(data).split(b"\n") if line.strip()]
    assert read == entries
    assert replay.load_record(data, 0) == first     # its actions from history/p00001.json
    # `usher logs` puts them in from the board's history too
    with open(os.path.join(data, "history", "p00001.json"), "rb") as f:
        board["/data/history/p00001.json"] = f.read()
    pulled = logs.pull(None)
    assert [e["d"].get("moves") for e in pulled if e["k"] == "end"] == [first["actions"]]
    assert replay.games_in_log(pulled)[0] == first
