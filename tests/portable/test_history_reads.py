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


def _reads_while(fn, path):
    """How many times storage.read_lines read path while fn ran."""
    seen = [0]
    real = storage.read_lines

    def counting(p, *a, **k):
        if p == path:
            seen[0] += 1
        return real(p, *a, **k)
    storage.read_lines = counting
    try:
        fn()
    finally:
        storage.read_lines = real
    return seen[0]


def _app(d):
    _buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    return app


def test_a_games_end_reads_the_history_once_at_any_length():
    """On littlefs (the boards, PL-17) the line is added at the end of the
    file: one read, where there were three; the FAT way's rewrite streams
    the old lines once more: two, where there were four."""
    for force, reads in ((True, 1), (False, 2)):
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
            assert _reads_while(app.end_game, path) == reads
            rows = list(playlog.summaries(d))
            assert len(rows) == 7 and rows[-1]["seed"] == 99
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
