# Owner data files (usher data upload) read on the device: valid files become
# engine options, corrupt ones are reported by name with what is wrong and
# the default is used (PL-11).
import mptest

from usher.core import storage
from usher.games.multisala import cards
from usher.games.multisala import engine as ms_engine
from usher.games.takeaseat import deck, panels
from usher.ui import owner_data


class _App:
    def __init__(self, data_dir):
        self.data_dir = data_dir

    def log(self, kind, data):
        pass


def _write(d, name, text, binary=False):
    folder = d + "/" + name.split("/")[0]
    storage.makedirs(folder)
    with open(d + "/" + name, "wb" if binary else "w") as f:
        f.write(text)


def test_no_owner_files_means_default_options_and_no_message():
    d = mptest.tmpdir()
    for gid in ("takeaseat", "multisala", "theatre", "seatwars"):
        assert owner_data.owner_options(_App(d), gid) == ({}, None)


def test_valid_takeaseat_files_become_panels_text_and_deck_text():
    d = mptest.tmpdir()
    _write(d, "takeaseat/panels.txt", panels.SAMPLE_PANELS_TEXT)
    _write(d, "takeaseat/automa.txt", deck.DEFAULT_DECK_TEXT)
    opts, msg = owner_data.owner_options(_App(d), "takeaseat")
    assert msg is None
    assert opts == {"panels_text": panels.SAMPLE_PANELS_TEXT, "deck_text": deck.DEFAULT_DECK_TEXT}


def test_pl11_corrupt_panels_file_is_named_with_its_defect_and_default_used():
    d = mptest.tmpdir()
    _write(d, "takeaseat/panels.txt", "panel\nthis is not a panel\n")
    _write(d, "takeaseat/automa.txt", deck.DEFAULT_DECK_TEXT)
    opts, msg = owner_data.owner_options(_App(d), "takeaseat")
    # The good deck is still used; the panels fall back to the default.
    assert opts == {"deck_text": deck.DEFAULT_DECK_TEXT}
    assert msg.startswith("takeaseat/panels.txt: line 1: panel needs a name")
    assert "(and 5 more)" in msg and msg.endswith("Using the default instead.")


def test_pl11_corrupt_automa_deck_and_not_utf8_panels_are_both_reported():
    d = mptest.tmpdir()
    _write(d, "takeaseat/panels.txt", b"panel \xff\xfe\n", binary=True)
    _write(d, "takeaseat/automa.txt", "x2 nonsense\n")
    opts, msg = owner_data.owner_options(_App(d), "takeaseat")
    assert opts == {}
    assert "takeaseat/panels.txt: is not UTF-8 text" in msg
    assert "takeaseat/automa.txt: line 1: unknown area 'x2'" in msg


def test_ms2_owner_deck_becomes_the_deck_option_and_the_engine_uses_it():
    d = mptest.tmpdir()
    emotions = ["calma", "noia", "gioia", "paura", "ansia", "estasi"]
    codes = cards.default_deck()
    _write(d, "multisala/deck.txt", cards.format_deck(codes, emotions))
    opts, msg = owner_data.owner_options(_App(d), "multisala")
    assert msg is None
    assert sorted(opts["deck"]["cards"]) == sorted(codes)
    state = ms_engine.new_game(opts, 3)
    assert state["emotions"] == emotions


def test_pl11_multisala_deck_with_a_bad_line_is_reported_by_line():
    d = mptest.tmpdir()
    _write(d, "multisala/deck.txt", "1 3 ON gioia carta\n9 3 ON gioia carta\n")
    opts, msg = owner_data.owner_options(_App(d), "multisala")
    assert opts == {}
    assert msg == 'multisala/deck.txt: line 2: D4 "9" is not 1-4 or b. Using the default instead.'


def test_pl11_theatre_deck_list_breaking_th13_is_reported():
    d = mptest.tmpdir()
    _write(d, "theatre/deck.txt", "Owl, charm, 3\n")
    opts, msg = owner_data.owner_options(_App(d), "theatre")
    assert opts == {} and msg.startswith("theatre/deck.txt: 1 cards, need at least 5")


def test_pl11_oversized_file_is_refused_before_reading():
    d = mptest.tmpdir()
    storage.makedirs(d + "/multisala")
    with open(d + "/multisala/deck.txt", "w") as f:   # line by line: no 24 KB string in a small heap
        for _ in range(owner_data.MAX_BYTES // 10 + 1):
            f.write("# padding\n")
    opts, msg = owner_data.owner_options(_App(d), "multisala")
    assert opts == {} and msg.startswith("multisala/deck.txt: too big (")


def _app(d):
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    buf, canvas = new_canvas()
    app = App(canvas, d)
    app.start()
    return app


def test_ts2_new_game_on_the_device_uses_the_owners_uploaded_panels():
    d = mptest.tmpdir()
    mine = panels.SAMPLE_PANELS_TEXT.replace("panel Sample 1", "panel My red panel")
    _write(d, "takeaseat/panels.txt", mine)
    app = _app(d)
    app.new_game("takeaseat", {"mode": "solo", "objectives": "first", "panels": [0, 1]}, seed=5)
    assert app.state["panel_names"] == ["My red panel", "Sample 2"]
    # The record carries the owner's text, so resume and replay need no file.
    assert app.record["options"]["panels_text"] == mine
    assert type(app.top()).__name__ != "MessageBox"
    # The setup screen offers the owner's panel names.
    app.end_game()
    app.top().focus_on("takeaseat")
    for b in ("C", "C", "C"):          # Take a Seat, solo, standard objectives
        mptest.press(app, b)
    assert app.top().choices[1][0] == "My red panel"


def test_pl11_new_game_with_a_corrupt_owner_file_says_so_and_uses_the_default():
    d = mptest.tmpdir()
    _write(d, "takeaseat/panels.txt", "panel\nthis is not a panel\n")
    app = _app(d)
    app.new_game("takeaseat", {"mode": "solo", "objectives": "first", "panels": [0, 1]}, seed=5)
    assert app.state["panel_names"] == ["Sample 1", "Sample 2"]
    assert "panels_text" not in app.record["options"]
    top = app.top()
    assert type(top).__name__ == "MessageBox" and top.title == "Owner data"
    assert "takeaseat/panels.txt" in " ".join(top.lines)
