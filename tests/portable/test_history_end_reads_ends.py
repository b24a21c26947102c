# What a game's end reads of the play history on littlefs (PL-17,
# docs/history.md "its first line (from its first 1.5 KB) and the lines of
# its last 8 KB"): the bytes it reads whatever the history holds, when it
# must read every line instead (a record newer than the last line, the
# history due to be written anew, more records than it keeps), and what the
# keeping then writes: the play's number, the lines the file holds after
# it, a damaged line whose record the keeping drops rebuilt first (PL-23).
# Share's newest line reads the file's last 1.5 KB only. The App's keeping
# (playlog.keep) on a stand-in App. Holds rules bench/mutate.py found no
# test for. Runs on CPython, the unix port and WebAssembly.

import mptest

from usher import games
from usher.core import game, storage
from usher.ui import playlog
from test_history_runs_and_slots import _history, _finished

_NEW = []


def _new_game():
    """(record, state) of a finished 2-seat Seat Wars game (seed 9), not
    one the history holds."""
    if not _NEW:
        from usher.core import rng
        eng, bot = games.engine("seatwars"), games.bot("seatwars")
        rec, state = game.new_record(eng, {"players": 2, "start": 0}, 9)
        r = rng.new_state(9)
        a = bot.next_action(state, r)
        while a is not None:
            rec, state = game.play(eng, rec, state, a)
            a = bot.next_action(state, r)
        _NEW.append((rec, state))
    return _NEW[0]


class _App:
    """What playlog.keep uses of the App."""

    def __init__(self, d, version="", finished=True):
        self.data_dir = d
        self.game_id = "seatwars"
        self.record, self.state = _new_game()
        if not finished:
            eng = games.engine("seatwars")
            self.record, self.state = game.new_record(eng, {"players": 2, "start": 0}, 9)
        self.services = {"version": version}
        self.logged = []
        self.history_due = False

    def log(self, kind, text):
        self.logged.append((kind, text))


def _littlefs(fn):
    return mptest.on_filesystem(fn)


def _kept(d):
    return [s["n"] for s in playlog.summaries(d)]


def _file_numbers(d, path=None):
    return [obj["n"] for _ln, obj, _t, _r in storage.read_lines(path or playlog.index_path(d))]


def _new_numbers(d):
    """The plays in plays.new.jsonl: on littlefs a game's end keeps its
    line there, added to plays.jsonl at the next rest (docs/history.md)."""
    if not storage.exists(playlog.new_path(d)):
        return []
    return _file_numbers(d, playlog.new_path(d))


def test_a_games_end_reads_no_whole_history_even_of_one_play():
    def run():
        d = _history([1], records=[1])
        app = _App(d)
        got, reads, _bytes = mptest.reads_of(lambda: playlog.keep(app), playlog.index_path(d))
        assert got == (2, None) and reads == 0, (got, reads)
        assert _kept(d) == [1, 2] and app.history_due is True
    _littlefs(run)


def test_a_games_end_reads_its_three_ends_1_5_kb_each_below_ten_records():
    """8 plays (2.2 KB): the last line for a play already kept, then the
    first and the last line again for the number, 1.5 KB each."""
    def run():
        d = _history(list(range(1, 9)), records=list(range(1, 9)))
        assert storage._size(playlog.index_path(d)) > playlog.END_READ
        app = _App(d)
        got, reads, read = mptest.reads_of(lambda: playlog.keep(app), playlog.index_path(d))
        assert got == (9, None) and reads == 0 and read == 3 * 1536, (got, reads, read)
    _littlefs(run)


def test_with_ten_records_a_games_end_reads_1_5_kb_twice_and_its_last_8_kb():
    def run():
        d = _history(list(range(1, 50)), records=list(range(40, 50)))
        app = _App(d)
        got, reads, read = mptest.reads_of(lambda: playlog.keep(app), playlog.index_path(d))
        assert got == (50, None) and reads == 0 and read == 2 * 1536 + 8192, (got, reads, read)
        assert not storage.exists(playlog.play_path(d, 40))
    _littlefs(run)


def test_share_reads_the_last_1_5_kb_for_the_newest_play():
    d = _history(list(range(1, 30)))
    got, reads, read = mptest.reads_of(lambda: playlog.newest(d), playlog.index_path(d))
    assert got["n"] == 29 and reads == 0 and read == 1536, (got["n"], reads, read)


def test_a_last_line_that_starts_where_the_1_5_kb_start_is_read_from_them():
    """The last 1.5 KB begin with the newline before the last line: the
    line is read from them, not from the whole file."""
    line = dict(_finished()[0])
    line["n"] = 3
    line["options"] = {"pad": ""}
    pad = 1534 - len(storage.encode(line))
    line["options"] = {"pad": "x" * pad}
    text = storage.encode(line)
    assert len(text) == 1534
    d = _history([1, 2])
    with open(playlog.index_path(d), "a") as f:
        f.write(text + "\n")
    got, reads, read = mptest.reads_of(lambda: playlog.newest(d), playlog.index_path(d))
    assert got["n"] == 3 and got["options"]["pad"] == "x" * pad and reads == 0 and read == 1536, \
        (reads, read)


def test_a_history_of_59_lines_takes_the_play_at_its_end_and_one_of_60_is_written_anew():
    def run():
        d = _history(list(range(1, 60)), records=list(range(50, 60)))
        got, reads, _read = mptest.reads_of(lambda: playlog.keep(_App(d)), playlog.index_path(d))
        assert got == (60, None) and reads == 0, (got, reads)
        assert _file_numbers(d) == list(range(1, 60)) and _new_numbers(d) == [60]
        d = _history(list(range(1, 61)), records=list(range(51, 61)))
        assert playlog.keep(_App(d)) == (61, None)
        assert _file_numbers(d) == list(range(12, 62)) and _new_numbers(d) == []
    _littlefs(run)


def test_a_history_whose_first_plays_were_dropped_still_takes_the_play_at_its_end():
    def run():
        d = _history(list(range(12, 62)), records=list(range(52, 62)))
        got, reads, _read = mptest.reads_of(lambda: playlog.keep(_App(d)), playlog.index_path(d))
        assert got == (62, None) and reads == 0, (got, reads)
        assert _file_numbers(d) == list(range(12, 62)) and _new_numbers(d) == [62]
        assert _kept(d) == list(range(13, 63))
    _littlefs(run)


def test_a_history_with_gaps_is_counted_before_it_is_written_anew():
    """Plays 1 to 60 but #10 and #20 (lost in an earlier repair): 58 lines,
    so the play is added at the end; written anew from an estimate of 60
    it kept 48."""
    def run():
        rows = [n for n in range(1, 61) if n not in (10, 20)]
        d = _history(rows, records=list(range(51, 61)))
        assert playlog.keep(_App(d)) == (61, None)
        assert _file_numbers(d) == rows and _new_numbers(d) == [61]
        assert len(_kept(d)) == playlog.CAP
        assert _file_numbers(d) == rows + [61] and _new_numbers(d) == []   # (a full read adds it)
    _littlefs(run)


def test_a_record_newer_than_the_last_line_is_rebuilt_before_the_play_is_kept():
    """A cut between the two writes of play #3's keeping: the next game's
    end rebuilds #3's line from its record (PL-8), then keeps #4."""
    def run():
        d = _history([1, 2], records=[1, 2, 3])
        assert playlog.keep(_App(d)) == (4, None)
        assert _kept(d) == [1, 2, 3, 4]
        d = _history(list(range(1, 10)), records=list(range(1, 11)))
        assert playlog.keep(_App(d)) == (11, None)
        assert _kept(d) == list(range(1, 12))
    _littlefs(run)


def test_a_damaged_line_of_a_record_dropped_among_eleven_is_rebuilt_first():
    """Eleven records (a cut before the oldest was deleted): this keeping
    drops two; play #46's damaged line is rebuilt from its record before
    it goes (PL-23)."""
    def run():
        rows = list(range(1, 56))
        rows[45] = "x"
        d = _history(rows, records=list(range(45, 56)))
        n, notice = playlog.keep(_App(d))
        assert n == 56 and "play #46 rebuilt" in notice, (n, notice)
        assert not storage.exists(playlog.play_path(d, 46))
        kept = _kept(d)
        assert kept == list(range(7, 57)), kept
        assert playlog.open_index(d) == (playlog.index_path(d), None)
    _littlefs(run)


def test_an_unfinished_game_is_not_kept_and_a_kept_play_keeps_the_firmware_version():
    d = _history([1], records=[1])
    app = _App(d, finished=False)
    assert playlog.keep(app) == (None, None)
    assert _kept(d) == [1] and app.logged == [] and not app.history_due
    app = _App(d, version="9.8.7")
    assert playlog.keep(app) == (2, None)
    assert playlog.load_record(d, 2)["version"] == "9.8.7"


def test_a_rest_leaves_a_whole_history_of_cap_lines_unwritten_whatever_its_numbers():
    """Plays 1 to 55 but five lost earlier: 50 lines, none to drop, so the
    rest writes nothing (a flash write for nothing, PL-17)."""
    def run():
        import os
        rows = [n for n in range(1, 56) if n not in (5, 15, 25, 35, 45)]
        assert len(rows) == playlog.CAP
        d = _history(rows, records=list(range(46, 56)))
        with open(playlog.index_path(d), "rb") as f:
            before = f.read()
        names = sorted(os.listdir(playlog.folder(d)))
        assert playlog.tidy(d) is False
        with open(playlog.index_path(d), "rb") as f:
            assert f.read() == before
        assert sorted(os.listdir(playlog.folder(d))) == names
    _littlefs(run)


def test_a_rest_leaves_a_history_behind_its_newest_record_to_the_repair():
    """Play #56's record is newer than the last line (#55, whose record is
    gone): the rest writes nothing; the next full read rebuilds #56 from
    its record (PL-23)."""
    def run():
        d = _history(list(range(1, 56)), records=list(range(45, 54)) + [56])
        with open(playlog.index_path(d), "rb") as f:
            before = f.read()
        assert playlog.tidy(d) is False
        with open(playlog.index_path(d), "rb") as f:
            assert f.read() == before
        assert _kept(d)[-2:] == [55, 56]
    _littlefs(run)
