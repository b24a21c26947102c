"""Players and play history on the desktop side (docs/history.md): the new user's
path in the simulator (three names uploaded, two games, the statistics, the
CSV), the export round trip, `usher replay` of a kept play, and the clock the
host sets on the virtual device."""
import csv
import json
import os
import shutil
import subprocess
import sys
import time

from tests.host import newuser_path
from usher_host import history, link
from usher_host.vdev.supervisor import VirtualDevice

from usher import games
from usher.core import game, rng
from usher.ui import playlog, seats, stats
from usher.ui.app import App
from usher.ui.canvas import new_canvas

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USHER = [sys.executable, "-m", "usher_host"]


def usher(*args, timeout=120):
    p = subprocess.run(USHER + list(args), cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def _replayed(record):
    """The final state of a kept play's record, replayed by the engine."""
    return game.replay(games.engine(record["game"]), record)


def test_docs_state_the_caps_and_the_flash_cost():
    with open(os.path.join(ROOT, "docs", "history.md"), encoding="utf-8") as f:
        doc = f.read()
    assert "CAP = %d" % playlog.CAP in doc and "ACTIONS_CAP = %d" % playlog.ACTIONS_CAP in doc
    assert "bench/history_flash.py" in doc


def test_new_user_uploads_three_names_plays_two_games_sees_statistics_pulls_csv(tmp_path):
    data = str(tmp_path / "sim-data")
    names = tmp_path / "names.txt"
    names.write_text("\n".join(newuser_path.NAMES) + "\n", encoding="utf-8")
    code, out, err = usher("data", "upload", "players", str(names), "--folder", data)
    assert code == 0, err
    assert open(os.path.join(data, "players.txt"), encoding="utf-8").read().split() == \
        list(newuser_path.NAMES)

    pngs = str(tmp_path / "png")
    os.makedirs(pngs)
    session, frames = newuser_path.run(data, pngs)
    assert frames and all(os.path.getsize(p) > 0 for p in frames)

    # Both games kept, with the names the seats picked.
    rows = list(playlog.summaries(data))
    assert [(r["n"], r["game"], r["players"]) for r in rows] == [
        (1, "seatwars", ["Anna", "Ben"]), (2, "multisala", ["Maximilian"])]
    sw, ms = playlog.load_record(data, 1), playlog.load_record(data, 2)
    sw_final, ms_final = _replayed(sw), _replayed(ms)
    sw_totals = [sum(e["points"] for e in p["scored"]) for p in sw_final["players"]]
    assert rows[0]["scores"] == sw_totals and rows[0]["winners"] == sw_final["winners"]
    assert rows[1]["scores"] == ms_final["totals"]
    # The script's Seat Wars game: P2 (Ben) wins 10 to 8.
    assert sw_totals == [8, 10] and sw_final["winners"] == [1]

    # The session ended on the Seat Wars play's final scores.
    top = session.app.top()
    assert isinstance(top, stats.PlayScore) and top.full["n"] == 1
    # The statistics screens the session went through show both games.
    app = session.app
    stats.open_menu(app)
    menu = app.top()
    labels = [label for label, _ in menu.items]
    assert labels[0] == "Last plays (2 kept)"
    assert "Seat Wars: 1 play" in labels and "Pulisci il Multisala: 1 play" in labels
    sw_lines = dict(stats.lines_for(stats.aggregate(rows, "seatwars"), "seatwars"))
    assert sw_lines["Anna"] == "0 wins of 1" and sw_lines["Ben"] == "1 win of 1"
    assert sw_lines["Best score"] == "10 Ben #1"
    ms_lines = dict(stats.lines_for(stats.aggregate(rows, "multisala"), "multisala"))
    assert ms_lines["Maximilian"] == "1 solo play"
    assert ms_lines["  set #2"] == "%d (base)" % ms_final["totals"][0]

    # The CSV: one row per player per play.
    out_dir = str(tmp_path / "export")
    code, out, err = usher("history", "pull", "--from", data, "-o", out_dir)
    assert code == 0, err
    got = [(r["play"], r["game"], r["player"], r["score"], r["winner"], r["date"])
           for r in history.read_csv(os.path.join(out_dir, "history.csv"))]
    date = "2026-12-01T20:30:00"
    assert got == [("1", "seatwars", "Anna", "8", "0", date), ("1", "seatwars", "Ben", "10", "1", date),
                   ("2", "multisala", "Maximilian", str(ms_final["totals"][0]), "1", date)]
    keep = os.path.join(ROOT, "out", "history-newuser")
    shutil.rmtree(keep, ignore_errors=True)
    shutil.copytree(pngs, keep)          # for looking at: out/history-newuser/*.png


def _bot_play(app, gid, options, names, seed):
    app.start_game(gid, seats.with_names(gid, options, names), seed)
    bot = games.bot(gid)
    brng = rng.new_state(seed ^ 0x5A5A)
    while True:
        a = bot.next_action(app.state, brng)
        if a is None:
            break
        assert app.play(a)
    app.end_game()


def test_export_round_trip_csv_and_json_and_replay_of_a_kept_play(tmp_path):
    data = str(tmp_path / "data")
    buf, canvas = new_canvas()
    dates = iter([(2026, 11, 30, 19, 0, 0), None, (2026, 12, 1, 9, 30, 5), None, None])
    app = App(canvas, data, {"board": "test", "date": lambda: next(dates)})
    app.start()
    _bot_play(app, "takeaseat", {"mode": "solo"}, ["Anna"], 11)
    _bot_play(app, "takeaseat", {"mode": "multi", "players": 3}, ["Anna", "Ben", "Cleo"], 12)
    _bot_play(app, "theatre", {"players": 2, "decks": 6}, ["Ben", "Cleo"], 13)
    _bot_play(app, "multisala", {"players": 2}, ["Cleo", "Anna"], 14)
    _bot_play(app, "seatwars", {"players": 3}, ["Anna", "Ben", "Dev"], 15)
    out_dir = str(tmp_path / "export")
    code, out, err = usher("history", "pull", "--from", data, "-o", out_dir)
    assert code == 0, err
    assert "5 play(s) kept" in out and "undated (the board did not know the date): #2, #4, #5" in out

    kept = [playlog.find(data, n) for n in range(1, 6)]
    records = [playlog.load_record(data, n) for n in range(1, 6)]
    doc = json.load(open(os.path.join(out_dir, "history.json"), encoding="utf-8"))
    assert doc["format"] == "usher-history" and doc["version"] == 1 and doc["undated"] == [2, 4, 5]
    for p, k, r in zip(doc["plays"], kept, records):
        assert p["record"] == {"game": r["game"], "options": r["options"], "seed": r["seed"],
                               "actions": r["actions"]}
        assert {key: p[key] for key in p if key != "record"} == k

    rows = list(csv.DictReader(open(os.path.join(out_dir, "history.csv"), encoding="utf-8")))
    want = []
    for k in kept:
        for i, name in enumerate(k["players"]):
            score = "" if k["scores"][i] is None else str(k["scores"][i])
            want.append((str(k["n"]), name, "0", score, "1" if i in k["winners"] else "0"))
        if k.get("opp"):
            want.append((str(k["n"]), "Automa", "1", str(k["opp"]["score"]), "1" if k["opp"]["won"] else "0"))
    assert [(r["play"], r["player"], r["bot"], r["score"], r["winner"]) for r in rows] == want
    assert len(rows) == 1 + 1 + 3 + 2 + 2 + 3

    # `usher replay` replays a kept play from the JSON and from its file.
    for k, r in zip(kept, records):
        code, out, err = usher("replay", os.path.join(out_dir, "history.json"), "--game", str(k["n"]),
                               "--state")
        assert code == 0, err
        assert "final state: " + game.canonical_json(_replayed(r)) in out
    code, out, err = usher("replay", playlog.play_path(data, 3), "--state")
    assert code == 0 and game.canonical_json(_replayed(records[2])) in out


def test_a_corrupt_history_is_named_by_the_pull(tmp_path):
    data = str(tmp_path / "data")
    os.makedirs(os.path.join(data, "history"))
    with open(os.path.join(data, "history", "plays.jsonl"), "w") as f:
        f.write("{broken\n")
    code, out, err = usher("history", "pull", "--from", data, "-o", str(tmp_path / "x"))
    assert code == 0, err
    assert "warning: history/plays.jsonl could not be read" in out and "0 play(s) kept" in out


def _wait_for(fn, seconds=30):
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        v = fn()
        if v:
            return v
        time.sleep(0.1)
    raise AssertionError("timed out")


def _boots(flash):
    from usher.device.log import read_all
    return sum(1 for e in read_all(os.path.join(str(flash), "data", "log")) if e["k"] == "boot")


def _near(t, when, within):
    return abs(time.mktime(tuple(t) + (0, 0, -1)) - when) < within


def test_the_host_sets_the_clock_of_the_virtual_device_and_plays_get_dated(tmp_path):
    flash = tmp_path / "flash"
    os.makedirs(flash)
    shutil.copytree(os.path.join(ROOT, "firmware", "usher"), str(flash / "usher"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), str(flash / "main.py"))
    with VirtualDevice(str(flash)) as dev:
        _wait_for(lambda: _boots(flash) >= 1)        # the firmware boots at power-on
        conn = link.connect(dev.port, clock=False)
        try:
            # Like a Badger after power-on: the clock is not known.
            assert link.board_clock(conn) is None
        finally:
            conn.close()
        # `usher clock` sets it and soft-reboots into the firmware, which
        # keeps it (as the RP2040's RTC survives a soft reboot).
        before = time.time()
        code, out, err = usher("clock", "--port", dev.port)
        assert code == 0, err
        assert "board clock: " in out and "soft reboot" in out
        _wait_for(lambda: _boots(flash) >= 2)
        conn = link.connect(dev.port, clock=False)
        try:
            assert _near(link.board_clock(conn), before, 10)
            # A finished play on the device is dated.
            conn.run("from usher.device import wallclock\n"
                     "from usher.ui.app import App\n"
                     "from usher.ui.canvas import new_canvas\n"
                     "from usher.ui import seats\n"
                     "from usher import games\n"
                     "from usher.core import rng\n"
                     "b, c = new_canvas()\n"
                     "a = App(c, '/data', {'date': wallclock.now})\n"
                     "a.start()\n"
                     "o = seats.with_names('seatwars', {'players': 2}, ['Anna', 'Ben'])\n"
                     "a.start_game('seatwars', o, 7)\n"
                     "bot = games.bot('seatwars')\n"
                     "r = rng.new_state(7)\n"
                     "while True:\n"
                     "    x = bot.next_action(a.state, r)\n"
                     "    if x is None:\n"
                     "        break\n"
                     "    a.play(x)\n"
                     "a.end_game()\n")
            conn.reset()                              # a reset: the clock is lost
        finally:
            conn.close()
        _wait_for(lambda: _boots(flash) >= 3)
        conn = link.connect(dev.port, clock=False)
        try:
            assert link.board_clock(conn) is None
        finally:
            conn.close()
        out_dir = str(tmp_path / "export")
        code, out, err = usher("history", "pull", "--port", dev.port, "-o", out_dir)
        assert code == 0, err
        rows = history.read_csv(os.path.join(out_dir, "history.csv"))
        assert [r["player"] for r in rows] == ["Anna", "Ben"]
        dated = time.mktime(time.strptime(rows[0]["date"], "%Y-%m-%dT%H:%M:%S"))
        assert abs(dated - before) < 60
        assert "undated" not in out
        # The pull itself set the clock again (every connection does).
        conn = link.connect(dev.port, clock=False)
        try:
            assert _near(link.board_clock(conn), time.time(), 10)
        finally:
            conn.close()


def test_a_kept_plays_damaged_record_is_named_by_the_pull_and_left_out(tmp_path):
    # PL-17: a flipped digit in a kept play's actions fails its seal: the
    # pull names the record and keeps the play's line without its actions.
    data = str(tmp_path / "data")
    buf, canvas = new_canvas()
    app = App(canvas, data, {"board": "test"})
    app.start()
    _bot_play(app, "seatwars", {"players": 2}, ["Anna", "Ben"], 21)
    _bot_play(app, "seatwars", {"players": 2}, ["Anna", "Ben"], 22)
    path = playlog.play_path(data, 2)
    text = open(path, encoding="utf-8").read()
    at = text.index('"rows":[[') + len('"rows":[[')        # the actions, as rows
    flipped = text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1:]
    open(path, "w", encoding="utf-8").write(flipped)
    out_dir = str(tmp_path / "export")
    code, out, err = usher("history", "pull", "--from", data, "-o", out_dir)
    assert code == 0, err
    assert "2 play(s) kept" in out and "p00002.json could not be read (damaged)" in out
    doc = json.load(open(os.path.join(out_dir, "history.json"), encoding="utf-8"))
    assert "record" in doc["plays"][0] and "record" not in doc["plays"][1]
