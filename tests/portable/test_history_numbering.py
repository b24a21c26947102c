# A history that could not be kept at all is set aside whole and a new one
# starts; its plays' numbers go on past the old ones (docs/history.md): a
# shared play is known to BG Stats by the device id and its number
# (PL-19), so a new play #1 would be taken for the old play #1.
import os

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


def _garble(path):
    with open(path, "wb") as f:
        f.write(b"\xff\xfe not a history \n")


def test_pl19_after_a_history_set_aside_whole_numbering_goes_on_past_it():
    for force in (True, False):
        storage.FORCE = force
        try:
            d = mptest.tmpdir()
            app = _app(d)
            for k in range(3):
                ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 40 + k)
            assert [s["n"] for s in playlog.summaries(d)] == [1, 2, 3]
            folder = playlog.folder(d)
            for name in os.listdir(folder):
                if name.startswith("p") and name.endswith(".json"):
                    os.remove(folder + "/" + name)          # no record to rebuild from
            path = playlog.index_path(d)
            with open(path, "rb") as f:
                lines = f.read().split(b"\n")
            # every line damaged (its seal fails), no copy left whole
            with open(path, "wb") as f:
                f.write(b"\n".join([ln.replace(b'"seed": ', b'"seed": 9', 1) for ln in lines]))
            if storage.exists(path + ".bak"):
                _garble(path + ".bak")
            ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 50)
            assert [s["n"] for s in playlog.summaries(d)] == [4], (force, list(playlog.summaries(d)))
            ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 51)
            assert [s["n"] for s in playlog.summaries(d)] == [4, 5]
        finally:
            storage.FORCE = None


def _write(d, name, raw):
    storage.makedirs(playlog.folder(d))
    with open(playlog.folder(d) + "/" + name, "wb") as f:
        f.write(raw)


def test_the_numbers_set_aside_are_read_whatever_their_spacing_and_the_reads_they_straddle():
    d = mptest.tmpdir()
    assert playlog._numbered_before(d) == 0                      # nothing set aside: a new history
    _write(d, playlog.INDEX + ".bad", b'{"n":7,"game":"x"}\n{"n": 12, "game": "x"}\n')
    assert playlog._numbered_before(d) == 12
    # a number cut by the 2 KB reads: "n": 1234 across bytes 2046..2053
    _write(d, playlog.INDEX + ".bak.bad", b"x" * 2042 + b'{"n": 1234, "game": "x"}\n')
    assert playlog._numbered_before(d) == 1234
    _write(d, playlog.INDEX + ".tmp.bad", b'{"game": "x", "n": 3001}\n')
    assert playlog._numbered_before(d) == 3001
    # a line cut inside its number is not taken at its word
    _write(d, playlog.INDEX + ".tmp.bad", b'{"game": "x", "n": 9999')
    assert playlog._numbered_before(d) == 1234
    # another key ending in n ("kn") is not a play number
    _write(d, playlog.INDEX + ".tmp.bad", b'{"kn": 5000, "n": 2}\n')
    assert playlog._numbered_before(d) == 1234


def test_the_numbers_set_aside_are_read_from_damaged_text_without_a_crash():
    # A set-aside copy is damaged by nature: a line broken so that its
    # number starts the file, no space after the colon, a key without
    # digits, a comma turned colon; never a crash, the highest number read.
    d = mptest.tmpdir()
    for raw, want in ((b'"n": 77, "game": "x"}\n', 77),
                      (b'{"n":345,"game":"x"}\n', 345),
                      (b'{"n": 99, "game": "x"}\n{"n": null}\n{"n": 12:}\n', 99)):
        _write(d, playlog.INDEX + ".bad", raw)
        assert playlog._numbered_before(d) == want, raw
