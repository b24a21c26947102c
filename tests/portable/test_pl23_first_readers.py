# PL-23: a damaged Multisala record or damaged owner components (Take a
# Seat's Automa deck) are named on screen and in the log by whichever
# screen reads them first, once: Statistics > Multisala and the solo end
# screen as well as the game's setup; the launcher's Take a Seat setup as
# well as the game's start. On littlefs (storage.FORCE = True) and FAT.
# Runs on CPython and the unix port.
import mptest
from ui_sessions import bot_to_end

from usher.core import storage
from usher.games.multisala import record as record_file
from usher.ui import owner_data, owner_edit
from usher.ui.widgets import MessageBox

RECORD = "multisala_record.json"


_app = mptest.logging_app


_both_ways = mptest.both_filesystems


def _rw(path, fn):
    with open(path, "rb") as f:
        raw = f.read()
    with open(path, "wb") as f:
        f.write(fn(raw))


def _digit(raw):
    """The last digit of the file changed: it still parses, its seal fails."""
    for i in range(len(raw) - 1, -1, -1):
        c = raw[i:i + 1]
        if c.isdigit() and raw[max(0, i - 12):i].find(b"crc32") < 0:
            return raw[:i] + (b"7" if c != b"7" else b"8") + raw[i + 1:]
    raise AssertionError(raw)


def _letter(raw):
    """The last letter of a text file changed (its seal line is the first)."""
    for i in range(len(raw) - 1, raw.find(b"\n"), -1):
        c = raw[i:i + 1]
        if c.isalpha():
            return raw[:i] + (b"q" if c != b"q" else b"z") + raw[i + 1:]
    raise AssertionError(raw)


def _errors(log, name):
    return [v for k, v in log if k == "error" and name in str(v)]


def _messages(app):
    return [(s.title, " ".join(s.lines)) for s in app.stack if isinstance(s, MessageBox)]


# --- the Multisala record -------------------------------------------------------------

def _record(d):
    path = d + "/" + RECORD
    record_file.save(path, {"base": 31})
    record_file.save(path, {"base": 40, "variant": 12, "set_by": 77}, keep=True)   # a record beaten
    _rw(path, _digit)
    return path


def _what(force):
    # littlefs: NAME.bak is the record before the last one beaten; FAT: the save before
    return ("the record before the last one beaten is used: 31" if force
            else "the previous copy is used (record 31")


def test_pl23_a_damaged_multisala_record_is_named_by_statistics_when_it_reads_it_first():
    def run(force):
        d = mptest.tmpdir()
        _record(d)
        log = []
        app = _app(d, log)
        from usher.ui import stats
        stats.open_menu(app)
        stats._chosen(app, "multisala")
        top = app.top()
        said = " ".join(top.lines) if isinstance(top, MessageBox) else ""
        assert isinstance(top, MessageBox) and top.title == "Multisala record", (force, top)
        assert "multisala_record.json was damaged" in said and _what(force) in said, (force, said)
        assert len(_errors(log, RECORD)) == 1 and _what(force) in _errors(log, RECORD)[0], (force, log)
        # repaired where it was told: the next reader finds it clean
        log = []
        app = _app(d, log)
        stats.open_menu(app)
        stats._chosen(app, "multisala")
        assert not _messages(app) and not _errors(log, RECORD), (force, _messages(app), log)
        assert record_file.load_checked(d + "/" + RECORD)[1] is None
    _both_ways(run)


def test_pl23_a_damaged_multisala_record_is_named_by_the_solo_end_screen_when_it_reads_it_first():
    def run(force):
        d = mptest.tmpdir()
        _record(d)
        log = []
        app = _app(d, log)
        app.start_game("multisala", {"players": 1, "mode": "virtual", "variant": False}, 11)
        bot_to_end(app, 99)
        app.show_game()
        said = " ".join([str(s) for s in mptest.drawn_texts(app)])
        assert app.top().title == "Game over", app.top().title
        assert "multisala_record.json was damaged" in said and _what(force) in said, (force, said)
        assert len(_errors(log, RECORD)) == 1, (force, log)
        # once: the end screen shown again (a restart) says nothing more
        log = []
        app = _app(d, log)
        said = " ".join([str(s) for s in mptest.drawn_texts(app)])
        assert app.top().title == "Game over" and "damaged" not in said, (force, said)
        assert "Solo record:" in said and not _errors(log, RECORD), (force, said, log)
    _both_ways(run)


# --- the owner's components: Take a Seat's Automa deck ------------------------------------

def _deck(d, both=False):
    cards, _own = owner_edit.load_deck(d)
    assert owner_edit.save_deck(d, cards) is None
    first = cards[0]["area"]
    cards[0] = dict(cards[0], area="celebrities" if first != "celebrities" else "authorities")
    assert owner_edit.save_deck(d, cards) is None
    path = d + "/" + owner_edit.DECK_FILE
    _rw(path, _letter)
    if both:
        _rw(path + ".bak", _letter)
    return path


def test_pl23_a_damaged_automa_deck_is_named_and_logged_by_the_take_a_seat_setup():
    def run(force):
        d = mptest.tmpdir()
        path = _deck(d)
        with open(path + ".bak") as f:
            before = f.read()
        log = []
        app = _app(d, log)
        from usher.ui import screens
        screens._launch(app, "takeaseat")
        top = app.top()
        assert isinstance(top, MessageBox) and top.title == "Owner data", (force, top)
        said = " ".join(top.lines)
        assert "automa.txt was damaged" in said and "previous copy is used" in said, (force, said)
        assert "last change is lost" in said, said
        assert len(_errors(log, "automa.txt")) == 1, (force, log)
        top.button("C")                                 # OK: the setup's first question
        assert app.top().title == "Take a Seat" and app.top().prompt == "Who plays?", app.top()
        # the previous copy is the file again: the game's start says nothing more
        with open(path) as f:
            assert f.read() == before
        log = []
        app = _app(d, log)
        app.start_game("takeaseat", {"mode": "solo"})
        assert not _messages(app) and not _errors(log, "automa.txt"), (force, _messages(app), log)
        assert app.record["options"]["deck_text"] == owner_data.read_text(path), force
    _both_ways(run)


def test_pl23_an_automa_deck_with_no_copy_that_reads_is_named_once_and_set_aside():
    def run(force):
        d = mptest.tmpdir()
        path = _deck(d, both=True)
        log = []
        app = _app(d, log)
        from usher.ui import screens
        screens._launch(app, "takeaseat")
        said = " ".join(app.top().lines) if isinstance(app.top(), MessageBox) else ""
        assert "automa.txt: was damaged" in said and "set aside as automa.txt.bad" in said, (force, said)
        assert "Using the default instead" in said and _errors(log, "automa.txt"), (force, said, log)
        assert storage.exists(path + ".bad") and not storage.exists(path)
        log = []
        app = _app(d, log)
        screens._launch(app, "takeaseat")
        assert not _messages(app) and not _errors(log, "automa.txt"), (force, _messages(app))
    _both_ways(run)


def test_pl23_a_damaged_automa_deck_met_first_by_the_game_start_is_logged_too():
    def run(force):
        d = mptest.tmpdir()
        _deck(d)
        log = []
        app = _app(d, log)
        app.start_game("takeaseat", {"mode": "solo"})
        said = " ".join([t for _title, t in _messages(app)])
        assert "automa.txt was damaged" in said, (force, said)
        assert len(_errors(log, "automa.txt")) == 1, (force, log)
    _both_ways(run)


def test_pl23_an_empty_multisala_record_on_littlefs_is_named_not_taken_for_no_record():
    storage.FORCE = True
    try:
        d = mptest.tmpdir()
        path = d + "/" + RECORD
        record_file.save(path, {"base": 31})            # no copy: none beaten on the device yet
        _rw(path, lambda raw: b"")
        log = []
        app = _app(d, log)
        from usher.ui import stats
        stats.open_menu(app)
        stats._chosen(app, "multisala")
        said = " ".join([t for _title, t in _messages(app)])
        # (no cut leaves it empty: its first write goes through a temp file)
        assert "multisala_record.json was damaged: a new record was started" in said, said
        assert _errors(log, RECORD), log
        assert record_file.load_checked(path) == ({}, None, None)   # once
    finally:
        storage.FORCE = None


def test_pl23_a_repaired_multisala_record_keeps_its_good_copy_behind_it():
    def run(force):
        d = mptest.tmpdir()
        path = _record(d)
        rec, problem, _detail = record_file.load_checked(path)
        assert problem and rec["base"] == 31, (force, problem, rec)
        # the repair never puts the damaged copy where the good one was:
        # the main file damaged again still gives back 31
        _rw(path, _digit)
        rec, problem, _detail = record_file.load_checked(path)
        assert problem and rec.get("base") == 31, (force, problem, rec)
    _both_ways(run)
