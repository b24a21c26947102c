"""PL-23 for `usher replay DATA`: a data folder (a copy of the board's
/data, a backup, the simulator's folder) replays every game it holds, each
finished one from its kept play's record and the running one from
game.json (PL-17: on the device the log has no line per action); every
damaged or missing file read is named on stderr with what is wrong, a
record with a good previous copy (.bak) is replayed from it and that is
said, and the exit status is 1 when a game could not be replayed whole.
A damaged record is never shown as a game of zero actions.

The data folders are written by the firmware itself: the real App with the
device's FlashLog, Seat Wars played by its bot, the littlefs way
(storage.FORCE) and the FAT way.
"""
import contextlib
import io
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable"),
          os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import ui_sessions  # noqa: E402

from usher import games  # noqa: E402
from usher.core import rng, storage  # noqa: E402
from usher.device.log import FlashLog  # noqa: E402
from usher.ui import playlog, seats  # noqa: E402
from usher.ui.app import App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402
from usher_host import cli  # noqa: E402

RUNNING_ACTIONS = 6


def _data_folder(folder, littlefs=True, log_actions=False):
    """A data folder as the device leaves it: a Seat Wars game finished and
    kept (play #1), then a second one running with RUNNING_ACTIONS actions
    (log_actions: a log line per action, as the simulator writes it).
    Returns (folder, the finished game's record, the running game's)."""
    os.makedirs(os.path.join(folder, "log"))
    log = FlashLog(os.path.join(folder, "log"))
    storage.FORCE = littlefs
    try:
        buf, canvas = new_canvas()
        # (log_actions False as on a board, device.json's default: no log
        # line per action)
        app = App(canvas, folder, {"log": log, "ticks_ms": lambda: 4242, "log_actions": log_actions})
        app.start()
        first, _final = ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bob"], 11)
        app.start_game("seatwars", seats.with_names("seatwars", {"players": 2}, ["Ann", "Bob"]), 12)
        bot, brng = games.bot("seatwars"), rng.new_state(12)
        for _ in range(RUNNING_ACTIONS):
            assert app.play(bot.next_action(app.state, brng))
        return folder, first, app.record
    finally:
        storage.FORCE = None


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """made(littlefs, log_actions): the data folder of that way of writing,
    made once for this module's tests."""
    cache = {}

    def make(littlefs, log_actions):
        if (littlefs, log_actions) not in cache:
            cache[(littlefs, log_actions)] = _data_folder(
                str(tmp_path_factory.mktemp("made") / "data"), littlefs, log_actions)
        return cache[(littlefs, log_actions)]
    return make


def _folder(tmp_path, made, littlefs=True, log_actions=False):
    """A fresh copy of the data folder."""
    folder, first, running = made(littlefs, log_actions)
    copy = str(tmp_path / ("lfs" if littlefs else "fat"))
    shutil.copytree(folder, copy)
    return copy, first, running


def _replay(*argv):
    """(exit status, stdout, stderr) of `usher replay ARGV`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay"] + list(argv))
    return status, out.getvalue(), err.getvalue()


def _flip_a_digit(path, key=b'"seed":'):
    with open(path, "rb") as f:
        raw = bytearray(f.read())
    at = raw.index(key) + len(key)
    while raw[at:at + 1] == b" ":
        at += 1
    raw[at] = ord("7") if raw[at] != ord("7") else ord("6")
    with open(path, "wb") as f:
        f.write(bytes(raw))


def test_pl17_pl23_replay_of_a_data_folder_gives_the_kept_play_and_the_running_game_whole(tmp_path, made):
    data, first, running = _folder(tmp_path, made)
    assert len(first["actions"]) > RUNNING_ACTIONS
    status, out, err = _replay(data)
    assert status == 0 and err == "", out + err
    lines = out.splitlines()
    assert lines[0] == "game 0: play #1 (history/p00001.json), Seat Wars, seed 11, %d actions" % (
        len(first["actions"])), out
    assert "  phase: over" in out
    # the running game's actions are in game.json (and game.tail), not in the log
    assert "game 1: the running game (game.json), Seat Wars, seed 12, %d actions" % RUNNING_ACTIONS \
        in lines, out
    assert " 0 actions" not in out
    # one game of them, by the number the listing gives
    status, out, err = _replay(data, "--game", "1")
    assert status == 0 and out.splitlines()[0] == "Seat Wars, seed 12, %d actions" % RUNNING_ACTIONS, out


def test_pl23_a_damaged_kept_record_is_named_never_shown_at_zero_actions_and_the_exit_says_so(tmp_path, made):
    data, first, _running = _folder(tmp_path, made)
    record = os.path.join(data, "history", "p00001.json")
    _flip_a_digit(record)
    status, out, err = _replay(data)
    assert status == 1, out + err
    assert record + ": checksum does not match" in err, err
    assert "play #1 (Seat Wars, seed 11, %d actions) is not replayed" % len(first["actions"]) in err, err
    assert out.splitlines()[0].startswith("game 0: play #1 (history/p00001.json), Seat Wars, seed 11, "
                                          "%d actions: not replayed" % len(first["actions"])), out
    assert " 0 actions" not in out and "phase: turn, round 1, turn 1" not in out, out
    assert "1 of 2 game(s) could not be replayed whole" in err
    # asked for alone: refused, the file named
    status, out, err = _replay(data, "--game", "0")
    assert status == 1 and out == "" and record + ": checksum does not match" in err, out + err


def test_pl23_a_missing_kept_record_is_named_missing(tmp_path, made):
    data, first, _running = _folder(tmp_path, made)
    record = os.path.join(data, "history", "p00001.json")
    os.remove(record)
    status, out, err = _replay(data)
    assert status == 1 and record + ": missing" in err, out + err
    assert " 0 actions" not in out and "not replayed" in out.splitlines()[0], out


def test_pl23_a_kept_record_with_a_good_previous_copy_is_replayed_from_it_and_that_is_said(tmp_path, made):
    data, first, _running = _folder(tmp_path, made)
    record = os.path.join(data, "history", "p00001.json")
    shutil.copyfile(record, record + ".bak")
    _flip_a_digit(record)
    status, out, err = _replay(data)
    assert status == 0, out + err
    assert record + ": checksum does not match; its previous copy p00001.json.bak was used" in err, err
    assert out.splitlines()[0] == "game 0: play #1 (history/p00001.json), Seat Wars, seed 11, %d actions" % (
        len(first["actions"])), out
    # the record given on its own: the same
    status, out, err = _replay(record)
    assert status == 0 and "p00001.json.bak was replayed instead" in err, out + err
    assert out.splitlines()[0] == "Seat Wars, seed 11, %d actions" % len(first["actions"]), out


def test_pl23_a_damaged_saved_game_is_named_and_its_previous_copy_said_with_its_count(tmp_path, made):
    # The FAT way: game.json is one checked file with its previous copy.
    data, _first, running = _folder(tmp_path, made, littlefs=False)
    saved = os.path.join(data, "game.json")
    assert os.path.isfile(saved + ".bak")
    _flip_a_digit(saved)
    status, out, err = _replay(data)
    assert status == 1, out + err
    assert saved + ": checksum does not match; the running game is replayed from its previous copy " \
        "game.json.bak (%d actions), as the device resumes it" % (RUNNING_ACTIONS - 1) in err, err
    assert "game 1: the running game (game.json), Seat Wars, seed 12, %d actions (from game.json.bak: " \
        "1 action lost)" % (RUNNING_ACTIONS - 1) in out, out       # counted (PL-23)
    # and with no copy left: named, not replayed, not shown at 0 actions
    os.remove(saved + ".bak")
    status, out, err = _replay(data)
    assert status == 1 and saved + ": checksum does not match; the running game" in err, out + err
    assert "game 1: the running game (game.json), Seat Wars, seed 12: not replayed" in out, out


def test_pl23_a_damaged_tail_on_littlefs_is_named(tmp_path, made):
    data, _first, _running = _folder(tmp_path, made)
    tail = os.path.join(data, "game.tail")
    assert os.path.isfile(tail)
    _flip_a_digit(tail, b'"n":')
    status, out, err = _replay(data)
    assert status == 1 and tail + ": checksum does not match" in err, out + err
    assert "(without the actions game.tail held)" in out, out


def test_pl23_a_data_folder_without_its_log_replays_its_kept_plays_and_its_running_game(tmp_path, made):
    # `usher backup` leaves the log out
    data, first, _running = _folder(tmp_path, made)
    shutil.rmtree(os.path.join(data, "log"))
    status, out, err = _replay(data)
    assert status == 0 and err == "", out + err
    assert out.splitlines()[0] == "game 0: play #1 (history/p00001.json), Seat Wars, seed 11, %d actions" % (
        len(first["actions"])), out
    assert "game 1: the running game (game.json), Seat Wars, seed 12, %d actions" % RUNNING_ACTIONS in out


def test_pl23_a_kept_play_past_the_ten_records_is_said_not_kept_and_is_no_error(tmp_path, made):
    # Only the newest ten plays keep their records (docs/history.md): an
    # older play's "end" line in the log is said so, without an error.
    data, first, _running = _folder(tmp_path, made)
    history = os.path.join(data, "history")
    with open(os.path.join(history, "p00001.json"), "rb") as f:
        raw = f.read()
    os.remove(os.path.join(history, "p00001.json"))
    for n in range(2, 2 + playlog.ACTIONS_CAP):
        with open(os.path.join(history, "p%05d.json" % n), "wb") as f:
            f.write(raw)              # (stand-ins for ten newer plays: the same game)
    status, out, err = _replay(data)
    assert status == 0 and err == "", out + err
    assert "play #1 (history/p00001.json), Seat Wars, seed 11, %d actions: not replayed, its actions " \
        "are no longer kept" % len(first["actions"]) in out, out


def test_pl23_a_log_with_a_line_per_action_lists_each_kept_play_once_and_names_a_damaged_record(
        tmp_path, made):
    # The simulator's folder: the log has every action, the kept play's
    # record too; the play is listed once, from the log, under its number.
    data, first, _running = _folder(tmp_path, made, littlefs=False, log_actions=True)
    status, out, err = _replay(data)
    assert status == 0 and err == "", out + err
    heads = [line for line in out.splitlines() if line.startswith("game ")]
    assert heads == ["game 0: play #1 (history/p00001.json), Seat Wars, seed 11, %d actions" % len(
        first["actions"]), "game 1: the running game (game.json), Seat Wars, seed 12, %d actions" % (
        RUNNING_ACTIONS)], out
    record = os.path.join(data, "history", "p00001.json")
    _flip_a_digit(record)
    status, out, err = _replay(data)
    assert status == 0 and record + ": checksum does not match; play #1 is replayed from the log, " \
        "which has its %d actions" % len(first["actions"]) in err, out + err
    assert [line for line in out.splitlines() if line.startswith("game ")] == heads, out


def test_pl23_a_kept_play_whose_line_waits_for_a_rest_is_named_from_that_line(tmp_path, made):
    # On littlefs the newest play's line waits in plays.new.jsonl until the
    # buttons rest (docs/history.md): its record damaged and no log, the
    # play is still named by its game, seed and count from that line.
    data, first, _running = _folder(tmp_path, made)
    shutil.rmtree(os.path.join(data, "log"))
    history = os.path.join(data, "history")
    os.rename(os.path.join(history, "plays.jsonl"), os.path.join(history, "plays.new.jsonl"))
    _flip_a_digit(os.path.join(history, "p00001.json"))
    status, out, err = _replay(data)
    assert status == 1, out + err
    assert "play #1 (Seat Wars, seed 11, %d actions) is not replayed" % len(first["actions"]) in err, err
