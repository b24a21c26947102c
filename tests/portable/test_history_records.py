# The play history and the records beside it (docs/history.md, PL-23): a
# repair rebuilds a lost line only from the record of a finished game (a
# record of an unfinished one is no play: no line of zero scores), and only
# files named as records (pNNNNN.json) are taken for kept plays, so a stray
# file never makes every open repair the history. Each test holds a rule
# bench/mutate.py found no test for. Runs on CPython, the unix port and
# WebAssembly.
import os

import mptest

from usher import games
from usher.core import game, gamefile, rng, storage
from usher.ui import playlog


def _seatwars(seed, finish=True):
    """(line, record) of a 2-seat Seat Wars game played by its bot, to
    its end or (finish False) for 3 actions only."""
    eng, bot = games.engine("seatwars"), games.bot("seatwars")
    rec, state = game.new_record(eng, {"players": 2, "start": 0}, seed)
    r = rng.new_state(seed)
    while finish or len(rec["actions"]) < 3:
        a = bot.next_action(state, r)
        if a is None:
            break
        rec, state = game.play(eng, rec, state, a)
    if not finish:
        return None, rec
    return playlog.entry("seatwars", rec, state)


def _unfinished_record(d, n):
    """An unfinished Multisala game's record kept as play n's (its totals
    all 0), as a cut or a hand-made file could leave one."""
    eng = games.engine("multisala")
    rec, state = game.new_record(eng, {"players": 2}, 5)
    assert not playlog.is_over(state) and state["totals"] == [0, 0]
    rec = dict(rec)
    rec["n"] = n
    rec["version"] = ""
    storage.makedirs(playlog.folder(d))
    storage.save_json(playlog.play_path(d, n), gamefile.packed_json(rec)[0])


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_a_record_of_an_unfinished_game_is_not_rebuilt_into_a_play():
    d = mptest.tmpdir()
    _unfinished_record(d, 1)
    assert playlog.load_record(d, 1) is not None          # it reads: only its game is not over
    assert playlog._line_of_record(d, 1) is None
    assert playlog.open_index(d) == (None, None)
    assert list(playlog.summaries(d)) == []
    assert not storage.exists(playlog.index_path(d))


def test_a_newer_unfinished_record_beside_a_whole_history_adds_no_play():
    d = mptest.tmpdir()
    line, rec = _seatwars(3)
    assert playlog.append(d, line, rec) == (1, None)
    _unfinished_record(d, 2)
    path, notice = playlog.open_index(d)
    assert path == playlog.index_path(d) and notice is None
    kept = list(playlog.summaries(d))
    assert [s["n"] for s in kept] == [1] and kept[0]["scores"] == line["scores"]
    # a finished game's record is rebuilt as before
    line2, rec2 = _seatwars(4)
    d2 = mptest.tmpdir()
    assert playlog.append(d2, line, rec) == (1, None)
    rec2 = dict(rec2)
    rec2["n"] = 2
    storage.save_json(playlog.play_path(d2, 2), gamefile.packed_json(rec2)[0])
    assert [s["n"] for s in playlog.summaries(d2)] == [1, 2]
    assert list(playlog.summaries(d2))[1]["scores"] == line2["scores"]


def test_only_files_named_as_records_are_taken_for_kept_plays():
    d = mptest.tmpdir()
    storage.makedirs(playlog.folder(d))
    for name in ("x123456789", "p1234", "p1234.jso", "q0007.json", "p12a4.json", "p.json",
                 "p0012.json.tmp", "pp0013.json", "p0003.json", "p00042.json", "p100001.json", "P0005.json",
                 "p00012x.json"):
        with open(playlog.folder(d) + "/" + name, "w") as f:
            f.write("{}")
    assert playlog._play_numbers(d) == [3, 42, 100001]


def test_a_stray_file_in_the_history_folder_does_not_make_every_open_repair_it():
    d = mptest.tmpdir()
    line, rec = _seatwars(3)
    assert playlog.append(d, line, rec) == (1, None)
    with open(playlog.folder(d) + "/x123456789", "w") as f:
        f.write("not a record")
    before = _read(playlog.index_path(d))
    names = sorted(os.listdir(playlog.folder(d)))
    assert playlog.open_index(d) == (playlog.index_path(d), None)
    assert _read(playlog.index_path(d)) == before
    assert sorted(os.listdir(playlog.folder(d))) == names        # no .bak, no .tmp: not written
    assert playlog.append(d, line, rec)[0] == 2                   # the next play is #2, not #1235
