# PL-23: "the notice on screen and the log say what and how much". The
# history's repair counts a lost first or last line (the plays named by
# number), never brings back an older play in place of one lost, and is
# logged by each screen that shows it (Statistics, its last plays, a game's
# end); the roster's notices name the names lost (read from the damaged
# copy without its seal, only to name them) or count them; ui.json replaced
# by its backup is named. The cases tests/host/faults_pl23.py found
# (docs/faults.md). Run on both ways of writing (storage.FORCE). Runs on
# CPython and the unix port.
import os

import mptest

from usher import games
from usher.core import game, rng, storage
from usher.ui import players, playlog, stats


_both_ways = mptest.both_filesystems


def _finished(seed=3):
    eng, bot = games.engine("seatwars"), games.bot("seatwars")
    rec, state = game.new_record(eng, {"players": 2, "start": 0}, seed)
    r = rng.new_state(seed)
    a = bot.next_action(state, r)
    while a is not None:
        rec, state = game.play(eng, rec, state, a)
        a = bot.next_action(state, r)
    return rec, state


_GAME = []


def _history(k, cap=playlog.CAP):
    if not _GAME:
        _GAME.append(_finished())
    rec, state = _GAME[0]
    line, kept = playlog.entry("seatwars", rec, state)
    d = mptest.tmpdir()
    for i in range(k):
        assert playlog.append(d, line, kept, cap=cap) == (i + 1, None)
    playlog._fold(d)         # (a rest: on littlefs its newest line added to plays.jsonl)
    return d


def _damage_line(d, n):
    p = playlog.index_path(d)
    with open(p) as f:
        rows = f.read().split("\n")
    for i in range(len(rows)):
        if ('"n": %d,' % n) in rows[i] or ('"n":%d,' % n) in rows[i]:
            rows[i] = rows[i].replace('"seatwars"', '"seatwarz"')      # its seal fails
            break
    else:
        raise AssertionError("no line of play %d" % n)
    with open(p, "w") as f:
        f.write("\n".join(rows))


def _damage_record(d, n):
    p = playlog.play_path(d, n)
    with open(p) as f:
        txt = f.read()
    with open(p, "w") as f:
        f.write(txt.replace('"seatwars"', '"seatwarz"'))


def _kept(d):
    return [s["n"] for s in playlog.summaries(d)]


def test_pl23_a_lost_first_line_is_named_and_counted():
    # play #1 of 12: no record (only the newest ACTIONS_CAP keep one), and
    # on littlefs no .bak yet (the lines were added at the end)
    def run(force):
        d = _history(12)
        _damage_line(d, 1)
        if not force:
            os.remove(playlog.index_path(d) + ".bak")     # (FAT's copy would hold it)
        notice = playlog.open_index(d)[1]
        assert "play #1 lost" in notice and "11 plays kept" in notice, (force, notice)
        assert _kept(d) == list(range(2, 13))
    _both_ways(run)


def test_pl23_a_lost_last_line_whose_record_is_damaged_too_is_named():
    def run(force):
        d = _history(3)
        _damage_line(d, 3)
        _damage_record(d, 3)
        notice = playlog.open_index(d)[1]
        assert "play #3 lost" in notice and "2 plays kept" in notice, (force, notice)
        assert _kept(d) == [1, 2]
    _both_ways(run)


def test_pl23_an_older_play_of_the_backup_never_takes_a_lost_ones_place():
    # FAT: the file holds the newest cap plays, its .bak the save before
    # (one older play). The readers showed #3..#5; #5 is lost: #2 must not
    # come back in its place as though nothing was lost.
    storage.FORCE = False
    cap = playlog.CAP
    try:
        d = _history(5, cap=3)
        _damage_line(d, 5)
        _damage_record(d, 5)
        playlog.CAP = 3
        notice = playlog.open_index(d)[1]
        assert "play #5 lost" in notice and "2 plays kept" in notice, notice
        assert _kept(d) == [3, 4]
    finally:
        playlog.CAP = cap
        storage.FORCE = None


_app = mptest.logging_app


def _history_errors(log):
    return [v for k, v in log if k == "error" and "plays.jsonl" in str(v)]


def test_pl23_statistics_logs_the_history_repair_once():
    def run(force):
        d = _history(3)
        _damage_line(d, 2)
        log = []
        app = _app(d, log)
        stats.open_menu(app)
        said = " ".join(app.top().lines)
        assert "plays.jsonl repaired" in said, said
        assert _history_errors(log) == ["history: " + said], (force, log)
        app.pop()
        stats._chosen(app, "last")           # repaired: nothing more to say
        assert len(_history_errors(log)) == 1
    _both_ways(run)


def test_pl23_the_last_plays_log_a_repair_they_find():
    def run(force):
        d = _history(3)
        log = []
        app = _app(d, log)
        stats.open_menu(app)
        _damage_line(d, 2)                   # damaged while the menu was open
        stats._chosen(app, "last")
        said = " ".join(app.top().lines)
        assert "plays.jsonl repaired" in said, (force, said)
        assert _history_errors(log) == ["history: " + said], (force, log)
    _both_ways(run)


class _Ending:
    """What playlog.keep reads of the App at a game's end: another game
    than the kept ones (else it reads as already kept)."""

    def __init__(self, d, log):
        self.data_dir = d
        self.record, self.state = _finished(4)
        self.game_id = "seatwars"
        self.services = {}
        self.log = lambda k, v: log.append((k, v))


def test_pl23_a_games_end_logs_the_history_repair_it_shows():
    def run(force):
        d = _history(3)
        _damage_line(d, 3)
        _damage_record(d, 3)
        log = []
        n, problem = playlog.keep(_Ending(d, log))
        assert n == 4 and "play #3 lost" in problem, (force, n, problem)
        assert _history_errors(log) == ["history: " + problem], (force, log)
    _both_ways(run)


def _roster(d, names=("Anna", "Ben", "Cleo")):
    for name in names:
        assert players.add_to_roster(d, name) is None


def _damage_text(path):
    with open(path) as f:
        txt = f.read()
    with open(path, "w") as f:
        f.write(txt.replace("Cleo", "Clea").replace("Ben\n", "Bem\n"))   # the seal fails


def test_pl23_the_roster_restored_from_its_copy_names_the_name_lost():
    def run(force):
        d = mptest.tmpdir()
        _roster(d)
        _damage_text(d + "/players.txt")
        names, notice = players.load_roster(d)
        assert names == ["Anna", "Ben"], force
        # (Bem: Ben with one letter damaged, and Ben is kept: not a name
        # lost; Clea, the damaged spelling of the name only that copy held)
        assert "previous copy was restored; 1 name lost: Clea." in notice, (force, notice)
        assert players.load_roster(d) == (["Anna", "Ben"], None)
    _both_ways(run)


def test_pl23_a_roster_with_no_copy_left_names_every_name_lost():
    def run(force):
        d = mptest.tmpdir()
        _roster(d, ("Anna", "Cleo"))
        _damage_text(d + "/players.txt")
        with open(d + "/players.txt.bak") as f:
            txt = f.read()
        with open(d + "/players.txt.bak", "w") as f:
            f.write(txt.replace("Anna", "Anma"))
        names, notice = players.load_roster(d)
        assert names == [], force
        assert "2 names lost: Anna, Clea. Players are P1, P2..." in notice, (force, notice)
    _both_ways(run)


def test_pl23_a_roster_that_is_not_text_counts_its_lines():
    def run(force):
        d = mptest.tmpdir()
        _roster(d)
        with open(d + "/players.txt", "wb") as f:
            f.write(b"# crc32 00000000\n\xff\xfeA\n\xff\xfeB\n\xff\xfeC\n")
        names, notice = players.load_roster(d)
        assert names == ["Anna", "Ben"], force
        assert "previous copy was restored; its damaged copy had 3 lines." in notice, (force, notice)
    _both_ways(run)


def test_pl23_ui_json_replaced_by_its_backup_is_named():
    def run(force):
        d = mptest.tmpdir()
        log = []
        app = _app(d, log)
        app.set_setting("clean_after", 9)
        app.set_setting("sleep_min", 4)
        os.remove(d + "/ui.json")
        log = []
        app = _app(d, log)
        said = " ".join(app.top().lines)
        assert "The settings file ui.json was missing" in said, (force, said)
        assert [v for k, v in log if k == "error" and "ui.json was missing" in v], log
    _both_ways(run)
