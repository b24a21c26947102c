# On littlefs the history's oldest lines are dropped while the buttons rest
# (playlog.tidy, App.rest_work): the press that keeps a play only adds its
# line, at 59 kept plays as at 2 (docs/history.md, bench/rp2_soak.py), and
# what every reader shows is the same before and after (PL-17, PL-23).
import mptest
import ui_sessions

from usher.core import gamefile, storage
from usher.ui import playlog
from usher.ui.app import App
from usher.ui.canvas import new_canvas


def _app(d):
    _buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    return app


def _history(lines):
    """A folder whose history holds `lines` plays (added the littlefs way)."""
    d = mptest.tmpdir()
    app = _app(d)
    ui_sessions.bot_game(app, "seatwars", {"players": 2}, ["Ann", "Bo"], 40)
    line = list(playlog.summaries(d))[0]
    rec = playlog.load_record(d, 1)
    for _k in range(lines - 1):
        playlog.append(d, line, rec)
    playlog._fold(d)         # (the buttons rested since: the newest line is in plays.jsonl)
    return d, app


def _raw(d):
    with open(playlog.index_path(d), "rb") as f:
        return f.read()


def _numbers(d):
    return [s["n"] for s in playlog.summaries(d)]


def test_pl17_a_rest_drops_the_oldest_lines_once_cap_plus_half_the_slack_is_reached():
    storage.FORCE = True
    try:
        due = playlog.CAP + playlog.SLACK // 2
        d, _app_ = _history(due - 1)
        before = _raw(d)
        assert not playlog.tidy(d)                   # 54 lines: not yet
        assert _raw(d) == before
        d, _app_ = _history(due)
        shown = list(playlog.summaries(d))
        old = _raw(d)
        assert old.count(b"\n") == due
        assert playlog.tidy(d)
        raw = _raw(d)
        assert raw.count(b"\n") == playlog.CAP       # the newest 50, as readers took them
        assert list(playlog.summaries(d)) == shown
        assert _numbers(d) == list(range(due - playlog.CAP + 1, due + 1))
        # the lines are the bytes they were (not parsed and written again),
        # and the file before is the backup (PL-8)
        assert old.endswith(raw)
        with open(playlog.index_path(d) + ".bak", "rb") as f:
            assert f.read() == old
        assert not playlog.tidy(d)                   # done: nothing more
    finally:
        storage.FORCE = None


def test_pl23_a_rest_leaves_a_damaged_history_to_the_reader_that_repairs_and_says_it():
    storage.FORCE = True
    try:
        d, _app_ = _history(playlog.CAP + 6)
        raw = _raw(d)
        lines = raw.split(b"\n")
        lines[20] = lines[20].replace(b'"seed": ', b'"seed": 9', 1)     # play 21: its seal fails
        damaged = b"\n".join(lines)
        with open(playlog.index_path(d), "wb") as f:
            f.write(damaged)
        assert not playlog.tidy(d)
        assert _raw(d) == damaged                    # untouched: nothing set aside in silence
        path, notice = playlog.open_index(d)
        assert notice is not None and "plays.jsonl" in notice, notice
    finally:
        storage.FORCE = None


def test_pl23_a_rest_after_a_cut_between_a_record_and_its_line_leaves_it_to_the_repair():
    # The record of play 57 was written, its line was not (a cut in
    # append): the full read rebuilds the line from it; a rest must not
    # write the history anew first and lose sight of that.
    storage.FORCE = True
    try:
        d, _app_ = _history(playlog.CAP + 6)
        rec = playlog.load_record(d, 56)
        rec["n"] = 57
        storage.save_json(playlog.play_path(d, 57), gamefile.packed_json(rec)[0])
        before = _raw(d)
        assert not playlog.tidy(d)
        assert _raw(d) == before
    finally:
        storage.FORCE = None


def test_pl17_off_littlefs_a_rest_writes_nothing():
    # The FAT way writes the history anew at every play, never over CAP lines.
    storage.FORCE = True
    try:
        d, _app_ = _history(playlog.CAP + 6)
    finally:
        storage.FORCE = None
    storage.FORCE = False
    try:
        before = _raw(d)
        assert not playlog.tidy(d)
        assert _raw(d) == before
    finally:
        storage.FORCE = None


def test_pl17_the_app_rests_after_each_play_kept_not_after_a_boot():
    # Not after a boot: the first press after a wake would wait for it.
    storage.FORCE = True
    try:
        d, _app_ = _history(playlog.CAP + playlog.SLACK // 2)
        app = _app(d)
        assert not app.history_due
        app.rest_work()
        assert _raw(d).count(b"\n") == playlog.CAP + playlog.SLACK // 2
        app.start_game("seatwars", {"players": 2}, 70)
        ui_sessions.bot_to_end(app, 7)
        app.end_game()
        assert app.history_due                       # a play kept: the next rest checks
        app.rest_work()
        assert not app.history_due
        assert _raw(d).count(b"\n") == playlog.CAP
        for k in range(playlog.SLACK // 2):
            app.start_game("seatwars", {"players": 2}, 71 + k)
            ui_sessions.bot_to_end(app, 7)
            app.end_game()
            assert app.history_due
            if k < playlog.SLACK // 2 - 1:
                app.rest_work()
                assert _raw(d).count(b"\n") == playlog.CAP + k + 1   # added, not written anew
        app.rest_work()
        assert _raw(d).count(b"\n") == playlog.CAP
        assert _numbers(d)[-1] == playlog.CAP + playlog.SLACK // 2 + 1 + playlog.SLACK // 2
    finally:
        storage.FORCE = None
