# A game's end reads the play history once, however many plays it holds: the
# press that ends a game read and checked the whole file three times (its
# cost grew with every kept play, bench/rp2.py's long sessions), and a
# repair made on the way is still said (PL-23).
import mptest
import ui_sessions

from usher.core import storage
from usher.ui import playlog
from usher.ui.app import App
from usher.ui.canvas import new_canvas


def _app(d):
    _buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    return app


def test_a_games_end_reads_the_history_once_at_any_length():
    """On littlefs (the boards, PL-17) the line is added at the end of the
    file, and the first and last lines answer what the end needs: no full
    read (there were three); the FAT way's rewrite streams the old lines
    once more: two, where there were four."""
    for force, reads in ((True, 0), (False, 2)):
        storage.FORCE = force
        try:
            d = mptest.tmpdir()
            app = _app(d)
            path = playlog.index_path(d)
            for k in range(6):
                ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 40 + k)
            assert len(list(playlog.summaries(d))) == 6
            app.start_game("seatwars", {"players": 2}, 99)
            ui_sessions.bot_to_end(app, 7)
            assert mptest.reads_of(app.end_game, path)[1] == reads
            rows = list(playlog.summaries(d))
            assert len(rows) == 7 and rows[-1]["seed"] == 99
        finally:
            storage.FORCE = None


def test_the_end_and_share_read_as_many_bytes_of_the_history_at_49_kept_plays_as_at_40():
    """The end press and Share on its end screen read the history's ends on
    littlefs (its first line, the lines of its newest plays that keep a
    record; Share its last line), not all its lines: the same bytes
    whatever it holds (its cost no longer grows with every kept play)."""
    storage.FORCE = True
    try:
        read = []
        for plays in (40, 49):
            d = mptest.tmpdir()
            app = _app(d)
            ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 40)
            line = list(playlog.summaries(d))[0]
            rec = playlog.load_record(d, 1)
            for _k in range(plays - 1):
                playlog.append(d, line, rec)
            assert len(list(playlog.summaries(d))) == plays
            path = playlog.index_path(d)
            assert storage._size(path) > playlog.END_READ + playlog.TAIL_READ
            app.start_game("seatwars", {"players": 2}, 99)
            ui_sessions.bot_to_end(app, 7)
            from usher.ui import share_screen
            share = mptest.reads_of(lambda a=app: share_screen.share_running_game(a), path)[2]
            assert list(playlog.summaries(d))[-1]["seed"] == 99
            end = mptest.reads_of(app.end_game, path)[2]
            assert len(list(playlog.summaries(d))) == plays + 1      # kept once
            read.append((share, end))
        assert read[0] == read[1], read
        share, end = read[1]
        assert share <= 5 * playlog.END_READ + playlog.TAIL_READ and end <= 2 * playlog.END_READ, read
    finally:
        storage.FORCE = None


def test_a_repair_made_at_a_games_end_is_said():
    d = mptest.tmpdir()
    app = _app(d)
    for k in range(3):
        ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 60 + k)
    path = playlog.index_path(d)
    with open(path) as f:
        lines = f.read().split("\n")
    lines[1] = lines[1].replace('"seed": 61', '"seed": 71', 1)     # a damaged line
    with open(path, "w") as f:
        f.write("\n".join(lines))
    app.start_game("seatwars", {"players": 2}, 98)
    ui_sessions.bot_to_end(app, 8)
    app.end_game()
    words = " ".join(mptest.drawn_texts(app))
    assert "plays.jsonl" in words, words
    rows = list(playlog.summaries(d))
    assert [r["seed"] for r in rows] == [60, 61, 62, 98]


def _four_plays():
    d = mptest.tmpdir()
    app = _app(d)
    for k in range(3):
        ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 70 + k)
    ui_sessions.bot_game(app, "theatre", {"players": 2}, ["Ann", "Bo"], 80)
    return d, app


def test_the_statistics_menu_counts_the_plays_in_the_checks_own_pass():
    # the menu's counts come from the pass that checks the history (one
    # read: two took 710 ms at 49 kept plays on the emulated Badger), also
    # when the file holds more than the cap, where the menu counts the
    # newest cap lines as Last plays lists them
    d, app = _four_plays()
    from usher.ui import stats
    assert mptest.reads_of(lambda: stats.open_menu(app), playlog.index_path(d))[1] == 1
    words = " ".join(mptest.drawn_texts(app))
    assert "Seat Wars: 3 plays" in words and "The Theatre: 1 play" in words, words
    assert "Last plays (4 kept)" in words, words
    assert playlog.counted(d, cap=4)[1] == {"seatwars": 3, "theatre": 1}
    # over the cap: the newest 2 lines only, from the same pass
    got, reads, _bytes = mptest.reads_of(lambda: playlog.counted(d, cap=2), playlog.index_path(d))
    assert got == (None, {"seatwars": 1, "theatre": 1}) and reads == 1, (got, reads)
    assert playlog.counted(mptest.tmpdir()) == (None, {})


def test_a_damaged_line_whose_record_a_games_end_drops_is_rebuilt_first():
    """PL-23: with 50 plays on littlefs, play #41's line damaged and its
    record whole, the game's end that drops #41's record (the newest 10
    keep theirs) repairs the line from it first, and says so."""
    storage.FORCE = True
    try:
        d = mptest.tmpdir()
        app = _app(d)
        ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 40)
        line = list(playlog.summaries(d))[0]
        rec = playlog.load_record(d, 1)
        for _k in range(49):
            playlog.append(d, line, rec)
        path = playlog.index_path(d)
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        assert b'"n":41' in lines[40] or b'"n": 41' in lines[40]
        lines[40] = lines[40].replace(b'"Ann"', b'"Anm"', 1)          # its seal no longer matches
        with open(path, "wb") as f:
            f.write(b"\n".join(lines))
        app.start_game("seatwars", {"players": 2}, 99)
        ui_sessions.bot_to_end(app, 7)
        app.end_game()
        rows = list(playlog.summaries(d))
        assert [r["n"] for r in rows] == list(range(2, 52)), [r["n"] for r in rows]
        assert rows[39]["players"] == ["Ann", "Bo"]                   # #41 rebuilt from its record
        assert not storage.exists(playlog.play_path(d, 41))           # and only then its record dropped
        words = " ".join(mptest.drawn_texts(app))
        assert "plays.jsonl" in words, words
    finally:
        storage.FORCE = None


def test_last_plays_a_games_page_and_a_kept_play_read_the_history_once():
    # each from the check's own pass (playlog.folded): two passes took
    # 721-732 ms at 50 kept plays on the emulated Badger
    # (docs/performance.md, "Reading the history")
    from usher.ui import stats
    d, app = _four_plays()
    path = playlog.index_path(d)
    rows = list(playlog.summaries(d))
    assert mptest.reads_of(lambda: stats._chosen(app, "last"), path)[1] == 1
    menu = app.top()
    assert menu.title == "Last plays"
    assert [n for _label, n in menu.items] == [4, 3, 2, 1]
    assert menu.items[0][0].startswith("#4 The Theatre: ") and menu.items[3][0].startswith("#1 Seat Wars: ")
    assert [label for label, _n in menu.items] == [stats.play_line(r) for r in rows[::-1]]
    assert mptest.reads_of(lambda: stats._open_play(app, 2), path)[1] == 1
    page = app.top()
    assert page.title == "#2 Seat Wars" and page.full == rows[1], page.title
    app.pop()
    app.pop()
    assert mptest.reads_of(lambda: stats._chosen(app, "seatwars"), path)[1] == 1
    page = app.top()
    assert page.title == "Seat Wars"
    assert page.rows == stats.lines_for(stats.aggregate(rows, "seatwars"), "seatwars")
    assert page.rows[0] == ("Plays", "3 (3 undated)"), page.rows


def test_over_the_cap_the_pages_read_the_newest_cap_lines_in_the_same_pass():
    """On littlefs the file holds up to SLACK lines more than the cap between
    two rests, where a long-used device spends its time: the pass feeds the
    screens only the lines above the newest record's number less the cap
    (one read). A gap in the numbers (plays lost to a damage) or no record
    to go by takes the second pass; either way the screens see the newest
    cap lines."""
    from usher.ui import stats
    d, _app_ = _four_plays()
    path = playlog.index_path(d)
    seatwars = lambda: stats.GameStats("seatwars")  # noqa: E731

    def last_rows(reads, want):
        got, n, _bytes = mptest.reads_of(lambda: playlog.folded(d, stats.LastPlays, cap=2), path)
        assert n == reads and [k for _label, k in got[1].rows] == want, (n, got[1].rows)

    last_rows(1, [3, 4])
    got, n, _bytes = mptest.reads_of(lambda: playlog.folded(d, seatwars, cap=3), path)
    assert n == 1 and got[1].st["plays"] == 2, (n, got[1].st)
    got, n, _bytes = mptest.reads_of(lambda: playlog.counted(d, cap=2), path)
    assert n == 1 and got == (None, {"seatwars": 1, "theatre": 1}), (n, got)
    assert playlog.looked_up(d, 4) == (None, list(playlog.summaries(d))[3])
    assert playlog.folded(mptest.tmpdir(), stats.LastPlays)[1].rows == []
    # no record of the newest play (its record dropped by hand): the
    # second pass
    with open(playlog.play_path(d, 4)) as f:
        rec = f.read()
    storage.delete(playlog.play_path(d, 4))
    last_rows(2, [3, 4])
    with open(playlog.play_path(d, 4), "w") as f:
        f.write(rec)
    # a gap: play #3's line and record gone (a history that lost a play,
    # as a repair leaves it): #1, #2, #4, whose newest 2 are #2 and #4, not
    # the lines above 4 - 2
    with open(path) as f:
        lines = f.read().split("\n")
    with open(path, "w") as f:
        f.write("\n".join(lines[:2] + lines[3:]))
    storage.delete(playlog.play_path(d, 3))
    last_rows(2, [2, 4])


def test_pl23_a_games_page_and_a_kept_play_say_a_repair_they_made():
    """A history damaged after the menu read it: the page that reads it
    next repairs it, says so over itself, and shows the repaired plays
    only (a screen never meets a damaged line)."""
    from usher.ui import stats
    for page, want in (("seatwars", "Seat Wars"), (3, "#3 Seat Wars")):
        d, app = _four_plays()
        path = playlog.index_path(d)
        with open(path) as f:
            lines = f.read().split("\n")
        lines[0] = lines[0].replace('"seed": 70', '"seed": 77', 1)     # its seal no longer matches
        with open(path, "w") as f:
            f.write("\n".join(lines))
        if page == "seatwars":
            stats._chosen(app, page)
        else:
            stats._open_play(app, page)
        words = " ".join(mptest.drawn_texts(app))
        assert "plays.jsonl" in words, words
        app.pop()
        assert app.top().title == want, app.top().title
        seeds = [r["seed"] for r in playlog.summaries(d)]
        assert seeds == [70, 71, 72, 80], seeds                       # #1 rebuilt from its record
        if page == "seatwars":
            assert app.top().rows[0] == ("Plays", "3 (3 undated)"), app.top().rows
