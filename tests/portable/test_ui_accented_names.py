# Accented names (docs/ui.md, Entering a name): Nicolò, José, Zoë and every
# other letter of Latin-1 and Latin Extended-A are taken by the roster, drawn
# by both fonts without touching the line above, typed with the letter
# picker's accent step, and kept intact through the roster file, the saved
# game and the play history. Runs on CPython, the unix port and WebAssembly.
import json

import mptest
import ui_sessions

from usher import games
from usher.core import game, storage
from usher.device.circuitpython import canvas as cpcanvas
from usher.ui import players, playlog, pyframebuf, seats, stats, text
from usher.ui.app import App
from usher.ui.canvas import new_canvas

# The tallest capitals (É, Å), a letter with a comma below (Ģ), a grave (ò).
NAMES = ["Élodie", "Nicolò", "Ģirts", "Åsa"]
W = 296
H = 128


# --- the roster ------------------------------------------------------------------

def test_nicolo_jose_zoe_and_other_european_names_are_taken():
    txt = "Nicolò\nJosé\nZoë\nÉlodie\nŁukasz\nŞükrü\nĢirts\nYsaÿe\nFrançois\nŊima\n"
    names, defects = players.parse_roster(txt)
    assert defects == []
    assert names == txt.split("\n")[:-1]


def test_letters_outside_latin_1_and_extended_a_are_still_refused_by_name():
    for bad in ("\u03a9mega", "Zo\u00eb\u20ac", "Ana\u0301"):      # Greek, euro sign, a combining accent
        msg = players.check_name(bad)
        assert msg is not None and "cannot draw" in msg and "Latin Extended-A" in msg, bad
    assert players.check_name("Zo\u00eb") is None


def test_a_name_in_other_case_is_the_same_name_on_every_runtime():
    # MicroPython's str.lower() leaves accented capitals alone: the roster's
    # duplicate check must not depend on it.
    assert players.same_name_key("ÉLODIE ŁUKASZ ŸÇŊİ") == "élodie łukasz ÿçŋi"
    assert players.same_name_key("Nicolò") == "nicolò"
    names, defects = players.parse_roster("José\nJOSÉ\nŞükrü\nşÜKRÜ\n")
    assert names == ["José", "Şükrü"]
    assert len(defects) == 2 and "already in the roster" in defects[0] and defects[1].startswith("line 4:")
    for ch in players.LATIN_LETTERS:
        k = players.same_name_key(ch)
        assert len(k) == 1 and k in players.NAME_CHARS, ch


def test_an_accented_name_added_on_the_device_is_written_as_utf8():
    d = mptest.tmpdir()
    assert players.add_to_roster(d, "Nicolò") is None
    assert players.add_to_roster(d, "NICOLÒ") is None         # the same name: not added again
    assert players.add_to_roster(d, "Zoë") is None
    assert players.load_roster(d) == (["Nicolò", "Zoë"], None)
    with open(d + "/players.txt", "rb") as f:
        raw = f.read()
    # after the checksum line (PL-17), the names as UTF-8
    assert raw.startswith(b"# crc32 ") and raw[17:] == b"Nicol\xc3\xb2\nZo\xc3\xab\n"


# --- the fonts ---------------------------------------------------------------------

def test_every_latin_letter_is_in_both_fonts_and_in_one_accent_step():
    for ch in players.LATIN_LETTERS:
        assert text.SMALL.CHARS.find(ch) >= 0 and text.BODY.CHARS.find(ch) >= 0, ch
    offered = "".join([row[1:] for row in players.ACCENTS])
    assert sorted(offered) == sorted(players.LATIN_LETTERS)
    for row in players.ACCENTS:
        assert row[0] in players.LETTERS and ord(row[0]) < 127, row


def _ink_rows(c, buf, font, s, y, color=1):
    c.fill(1 - color)
    text.draw(c, font, s, 20, y, color)
    blank = 0 if color else 0xFF
    rows = []
    for r in range(H):
        row = buf[r * (W // 8):(r + 1) * (W // 8)]
        if [b for b in row if b != blank]:
            rows.append(r)
    return rows


def test_accented_capitals_reach_one_row_above_the_box_and_no_further():
    # The line pitch of every list is the box (HEIGHT) + 2 rows, and bars
    # start one row above their text: one row above the box is free.
    buf, c = new_canvas()
    y = 40
    for font in (text.SMALL, text.BODY):
        first, above, below = font.TALL
        assert above <= 1 and below <= 1
        for i in range(len(font.CHARS)):
            ch = font.CHARS[i]
            tall = i >= first
            assert not (tall and ord(ch) < 127), ch    # ASCII text lies in the box
            rows = _ink_rows(c, buf, font, ch, y)
            if not rows:
                assert ch == " "
                continue
            top = y - (above if tall else 0)
            end = y + font.HEIGHT + (below if tall else 0)
            assert top <= rows[0] and rows[-1] < end, (ch, rows[0], rows[-1])
        # The accent is drawn, above the box, white on black too.
        for ch in ("É", "Å"):
            assert _ink_rows(c, buf, font, ch, y)[0] == y - 1, ch
            assert _ink_rows(c, buf, font, ch, y, 0)[0] == y - 1, ch
        assert _ink_rows(c, buf, font, "E", y)[0] >= y


def test_names_draw_with_their_own_glyphs_not_the_missing_mark():
    buf, c = new_canvas()
    for font in (text.SMALL, text.BODY):
        for name in NAMES + ["Zoë", "José", "Ysaÿe", "Ŋima", "François"]:
            assert text.width(font, name) > 0
            for ch in name:
                assert font.CHARS.find(ch) >= 0, (name, ch)
        # A letter the fonts do not have is drawn as "?", as before.
        assert _ink_rows(c, buf, font, "\u03a9", 40) == _ink_rows(c, buf, font, "?", 40)


def _draw_names(cv):
    lines = [("Élodie Ģirts Åsa", 0), ("Nicolò Ŋima ÿç", -1), ("ÉÅĢ ŮĺŊ", 1), ("Zoë José", 117)]
    for s, y in lines:
        text.draw(cv, text.SMALL, s, 4, y)
        text.draw(cv, text.BODY, s, 150, y)
    cv.fill_rect(0, 60, W, 16, 1)
    text.draw(cv, text.BODY, "Élodie Åsa Ģirts", 4, 61, 0)


def test_accented_text_is_the_same_on_every_canvas():
    # pyframebuf (CircuitPython, the simulator) and the CircuitPython row
    # canvas draw the tall glyphs exactly as the device's framebuf does,
    # clipped at the top of the screen too.
    drawn = []
    for kind in (None, "rows", "pyframebuf"):
        buf = bytearray(W * H // 8)
        if kind is None:
            _draw_names(pyframebuf.FrameBuffer(buf, W, H, pyframebuf.MONO_HLSB))
        else:
            _draw_names(cpcanvas.new(buf, W, H, kind))
        drawn.append(bytes(buf))
    try:
        import framebuf
    except ImportError:
        framebuf = None              # CPython: the three above
    if framebuf is not None:
        buf = bytearray(W * H // 8)
        _draw_names(framebuf.FrameBuffer(buf, W, H, framebuf.MONO_HLSB))
        drawn.append(bytes(buf))
    assert sum(drawn[0]) > 0
    for d in drawn[1:]:
        assert d == drawn[0]


# --- the letter picker's accent step ---------------------------------------------------

def _press(app, b, long=False):
    app.handle(("press", b))
    if long:
        app.handle(("long", b))
    app.handle(("release", b))


def _picker(d):
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    players.open_roster(app)
    _press(app, "C")                                 # Add a name
    assert isinstance(app.top(), players.LetterPicker)
    return app


def _letter(app, ch):
    """Bring the picker's cursor from where a letter starts to ch."""
    p = app.top()
    while p.blank or players.LETTERS[p.letter] != ch:
        _press(app, "DOWN")


def test_nicolo_is_typed_with_one_hold_of_c_on_the_o():
    d = mptest.tmpdir()
    app = _picker(d)
    for ch in "Nicol":
        _letter(app, ch)
        _press(app, "C")
    _letter(app, "o")
    p = app.top()
    assert p.long_keys() == ("C",)                   # the o has accents: C can be held
    _press(app, "C", long=True)                      # the accent step, at its first accent
    assert p.current() == "ò" and p.keys()[1] == "Back" and p.name == "Nicol"
    _press(app, "C")
    assert p.name == "Nicolò"
    _press(app, "A")                                 # Done
    assert players.load_roster(d) == (["Nicolò"], None)


def test_the_accent_step_goes_round_its_letters_and_back_leaves_the_plain_letter():
    d = mptest.tmpdir()
    app = _picker(d)
    p = app.top()
    _letter(app, "E")
    _press(app, "C", long=True)
    seen = [p.current()]
    for _ in range(len(players.accents_of("E")) - 1):
        _press(app, "DOWN")
        seen.append(p.current())
    assert "".join(seen) == "ÈÉÊËĒĔĖĘĚE"                # round to the plain letter
    _press(app, "UP")
    assert p.current() == "Ě"
    _press(app, "B")                                 # Back: the plain letter, nothing deleted
    assert p.current() == "E" and p.name == "" and p.keys()[1] == "Delete"   # (of the E, PL-22)
    _letter(app, "B")                                # no accents: C is not held, acts at once
    assert p.long_keys() == ()
    _press(app, "C")
    assert p.name == "B"


# --- through a game, the saved files and the history ----------------------------------

def test_accented_names_come_back_intact_from_the_saved_game_and_the_history():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    # A saved game: the record in storage, read back.
    app.start_game("seatwars", seats.with_names("seatwars", {"players": 4}, NAMES), 7)
    path = d + "/names.json"
    storage.save(path, app.record)
    assert storage.load(path)[0]["options"]["players"] == NAMES
    app.end_game()
    final = ui_sessions.bot_game(app, "theatre", {"players": 4, "decks": 6}, NAMES, 8)[1]
    final2 = ui_sessions.bot_game(app, "multisala", {"players": 2}, NAMES[2:], 9)[1]
    rows = list(playlog.summaries(d))
    assert [r["players"] for r in rows] == [NAMES, NAMES[2:]]
    kept = playlog.load_record(d, 1)
    assert kept["options"]["players"] == NAMES
    again = game.replay(games.engine("theatre"), kept)
    assert game.canonical_json(again) == game.canonical_json(final)
    assert again["players"] == NAMES
    assert game.replay(games.engine("multisala"), playlog.load_record(d, 2))["totals"] == final2["totals"]
    # Every line of plays.jsonl is JSON that gives the names back.
    with open(playlog.index_path(d), "rb") as f:
        lines = [ln for ln in f.read().split(b"\n") if ln]
    assert json.loads(lines[0].decode("utf-8"))["players"] == NAMES
    labels = [label for label, _ in stats.lines_for(stats.aggregate(rows, "theatre"), "theatre")]
    for name in NAMES:
        assert name in labels


def test_canonical_json_writes_accents_as_cpython_does_on_every_runtime():
    s = game.canonical_json({"players": ["Nicolò", "Zoë"], "Ŋ": ["\U0001F600"]})
    assert s == '{"players":["Nicol\\u00f2","Zo\\u00eb"],"\\u014a":["\\ud83d\\ude00"]}'
    assert json.loads(s)["players"] == ["Nicolò", "Zoë"]


# --- every screen of every game session ---------------------------------------------

class AccentedApp(App):
    """Every new game gets the accented names for its seats."""

    def new_game(self, game_id, options, seed=None):
        n = seats.seat_count(game_id, options)
        self.start_game(game_id, seats.with_names(game_id, options, NAMES[:n]), seed)


def test_every_game_session_draws_the_accented_names_with_their_glyphs():
    orig = text.draw
    seen = [0]
    missing = []

    def spy(canvas, font, s, x, y, color=1):
        for ch in s:
            if font.CHARS.find(ch) < 0:
                missing.append((s, ch))
        for name in NAMES:
            if name[:3] in s:
                seen[0] += 1
        return orig(canvas, font, s, x, y, color)

    for name, script in ui_sessions.SESSIONS:
        if name in ui_sessions.FAKE_GAME_SESSIONS:
            continue
        d = mptest.tmpdir()
        buf, canvas = new_canvas()
        app = AccentedApp(canvas, d, {"board": "test"})
        app.start()
        before = seen[0]
        text.draw = spy
        try:
            for evs in ui_sessions.events(script):
                if evs[0] in ("sleep", "restart"):
                    if evs[0] == "restart":
                        app = AccentedApp(canvas, d, {"board": "test"})
                        app.start()
                    continue
                for ev in evs:
                    app.handle(ev)
        finally:
            text.draw = orig
        assert seen[0] > before, name
    assert missing == [], missing[:5]
