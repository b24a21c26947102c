# On littlefs a game's end keeps its play's line in plays.new.jsonl, a file
# small enough to live in its folder's metadata, and the next rest adds it
# to the end of plays.jsonl (playlog._fold, docs/history.md): adding it to
# plays.jsonl in the press copied that file's last block into a new one,
# erased first, so Share on an end screen grew with the plays kept
# (bench/rp2_soak.py). Every reader sees the play all the same; a cut
# between the fold's two steps adds no line twice; a damaged or missing
# file is repaired and said as before (PL-17, PL-23). Runs on CPython, the
# unix port and WebAssembly.
import mptest

from usher.core import storage
from usher.ui import playlog
from test_history_end_reads_ends import _App, _new_numbers, _file_numbers
from test_history_runs_and_slots import _history


def _littlefs(fn):
    return mptest.on_filesystem(fn)


def _bytes(path):
    with open(path, "rb") as f:
        return f.read()


def _kept(d):
    return [s["n"] for s in playlog.summaries(d)]


def _one_kept(records=(1, 2, 3, 4)):
    """(folder, plays.new.jsonl's bytes): a history of plays 1-4 (the
    records of `records`) whose next game's end kept play 5."""
    d = _history([1, 2, 3, 4], records=list(records))
    assert playlog.keep(_App(d)) == (5, None)
    return d, _bytes(playlog.new_path(d))


def test_pl17_a_games_end_leaves_plays_jsonl_as_it_was_and_every_reader_sees_the_play():
    def run():
        d = _history(list(range(1, 13)), records=list(range(3, 13)))
        before = _bytes(playlog.index_path(d))
        app = _App(d)
        assert playlog.keep(app) == (13, None)
        assert _bytes(playlog.index_path(d)) == before
        assert _new_numbers(d) == [13]
        assert playlog.newest(d)["n"] == 13 and playlog.newest(d)["seed"] == 9
        # Finish after Share: the same game is not kept twice
        assert playlog.keep(_App(d)) == (13, None)
        assert _new_numbers(d) == [13]
        assert app.history_due is True
        # the next rest adds it to the end of plays.jsonl, byte for byte
        new = _bytes(playlog.new_path(d))
        assert playlog.tidy(d) is True
        assert _bytes(playlog.index_path(d)) == before + new
        assert not storage.exists(playlog.new_path(d))
        assert playlog.tidy(d) is False                  # nothing more to do
        assert _kept(d) == list(range(1, 14))
    _littlefs(run)


def test_pl17_a_read_of_every_line_adds_the_new_lines_first():
    def run():
        d, _new = _one_kept()
        notice, counts = playlog.counted(d)
        assert notice is None and counts == {"seatwars": 5}
        assert _file_numbers(d) == [1, 2, 3, 4, 5] and not storage.exists(playlog.new_path(d))
    _littlefs(run)


def test_pl17_a_second_game_before_any_rest_adds_the_first_ones_line_then_keeps_its_own():
    def run():
        d, _new = _one_kept()
        app = _App(d)
        app.record = dict(app.record)
        app.record["seed"] = 10          # (another game: not the one kept)
        assert playlog.keep(app) == (6, None)
        assert _file_numbers(d) == [1, 2, 3, 4, 5] and _new_numbers(d) == [6]
        assert _kept(d) == [1, 2, 3, 4, 5, 6]
    _littlefs(run)


def test_pl23_a_cut_between_the_folds_two_steps_adds_no_line_twice():
    def run():
        d, new = _one_kept()
        with open(playlog.index_path(d), "ab") as f:   # added, and the cut came before the removal
            f.write(new)
        assert playlog.open_index(d) == (playlog.index_path(d), None)
        assert _file_numbers(d) == [1, 2, 3, 4, 5] and not storage.exists(playlog.new_path(d))
        assert _kept(d) == [1, 2, 3, 4, 5]
    _littlefs(run)


def test_pl23_a_damaged_new_line_is_set_aside_said_and_rebuilt_from_its_record():
    def run():
        d, raw = _one_kept()
        bad = raw.replace(b'"seatwars"', b'"seatwarz"', 1)        # its seal fails
        with open(playlog.new_path(d), "wb") as f:
            f.write(bad)
        path, notice = playlog.open_index(d)
        assert path == playlog.index_path(d)
        assert notice is not None, notice
        assert "1 damaged line (line 5:" in notice and "play #5 rebuilt" in notice, notice
        assert _kept(d) == [1, 2, 3, 4, 5] and playlog.find(d, 5)["seed"] == 9
        assert bad.rstrip(b"\n") in _bytes(playlog.index_path(d) + ".bad")
        assert not storage.exists(playlog.new_path(d))
    _littlefs(run)


def test_pl23_plays_jsonl_missing_keeps_the_new_line_and_says_the_file_was_missing():
    def run():
        d, _new = _one_kept(records=(2, 3, 4))
        storage.delete(playlog.index_path(d))
        path, notice = playlog.open_index(d)
        # play 1 had no record: lost; 2-4 rebuilt from theirs; 5 from plays.new.jsonl
        assert notice is not None and "plays.jsonl was missing" in notice, notice
        assert _kept(d) == [2, 3, 4, 5] and playlog.find(d, 5)["seed"] == 9
        assert not storage.exists(playlog.new_path(d))
    _littlefs(run)


def test_pl23_an_empty_new_file_a_cut_at_its_creation_loses_nothing():
    def run():
        d, _new = _one_kept()
        with open(playlog.new_path(d), "wb"):
            pass
        # the play's record is there: its line is rebuilt, and nothing was lost to say
        assert playlog.open_index(d) == (playlog.index_path(d), None)
        assert _kept(d) == [1, 2, 3, 4, 5] and not storage.exists(playlog.new_path(d))
    _littlefs(run)


def test_pl17_off_littlefs_there_is_no_new_file():
    def run():
        d = _history(list(range(1, 5)), records=list(range(1, 5)))
        assert playlog.keep(_App(d)) == (5, None)
        assert not storage.exists(playlog.new_path(d)) and _file_numbers(d) == [1, 2, 3, 4, 5]
    mptest.on_filesystem(run, littlefs=False)
