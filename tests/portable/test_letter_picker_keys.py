# The letter picker's keys and the seat picker's guest (PL-22; docs/ui.md,
# Entering a name): where UP and DOWN start from a blank slot and wrap, the
# accent step going round and back, C on a blank slot, the tenth letter
# saving at once, a name the checks refuse named on screen, a guest name a
# seat already has refused, and the roster's name checks at their edges.
# Holds rules bench/mutate.py found no test for. Runs on CPython, the unix
# port and WebAssembly.
import mptest

from usher.ui import players
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import Menu


def _app(d):
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    return app


def _picker(d):
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "C")                                     # Add a name
    p = app.top()
    assert isinstance(p, players.LetterPicker)
    return app, p


def test_up_and_down_from_a_blank_slot_start_next_to_a_and_wrap():
    d = mptest.tmpdir()
    app, p = _picker(d)
    assert p.keys() == ("Cancel", None, None) and p.long_keys() == () and p.status() == "1/10"
    mptest.press(app, "UP")                                    # the letter before "A": the last one
    assert p.current() == players.LETTERS[-1] == "_"
    mptest.press(app, "DOWN")
    assert p.current() == "A" and p.long_keys() == ("C",)
    mptest.press(app, "C")
    assert p.name == "A" and p.blank and p.status() == "2/10"
    mptest.press(app, "C")                                     # C on a blank slot: nothing
    assert p.name == "A" and p.blank
    mptest.press(app, "UP")                                    # after the first letter: before "a"
    assert p.current() == " "
    mptest.press(app, "B")                                     # the slot cleared
    mptest.press(app, "DOWN")
    assert p.current() == "a"
    mptest.press(app, "UP")
    mptest.press(app, "UP")
    assert p.current() == "Z"
    assert p.long_keys() == ("C",)
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")                                  # b: no accents to hold C for
    assert p.current() == "b" and p.long_keys() == ()


def test_the_accent_step_goes_round_and_back_to_the_plain_letter():
    d = mptest.tmpdir()
    app, p = _picker(d)
    mptest.press(app, "DOWN")                                  # A
    mptest.press(app, "C", long=True)
    row = players.accents_of("A")
    assert p.accents == row and p.current() == row[1] and p.long_keys() == ()
    mptest.press(app, "UP")
    assert p.current() == "A"                                  # the plain letter is in the step
    mptest.press(app, "UP")
    assert p.current() == row[-1]                              # round to the last
    mptest.press(app, "DOWN")
    assert p.current() == "A"
    mptest.press(app, "B")                                     # back: the plain letter, no step
    assert p.accents is None and p.current() == "A" and not p.blank
    mptest.press(app, "C", long=True)
    mptest.press(app, "C")
    assert p.name == row[1] and p.blank and p.accents is None
    assert players.accents_of("b") is None and players.accents_of("Á") is None


def test_the_tenth_letter_saves_the_name_at_once():
    d = mptest.tmpdir()
    app, p = _picker(d)
    mptest.press(app, "DOWN")
    for i in range(9):
        mptest.press(app, "C")
        mptest.press(app, "DOWN")
        assert p.keys()[2] == ("Add" if i == 8 else "Next"), (i, p.keys())
    assert p.name == "Aaaaaaaaa" and p.status() == "10/10"
    mptest.press(app, "C")                                     # the tenth: saved, the roster shown
    assert players.load_roster(d) == (["Aaaaaaaaaa"], None)
    assert isinstance(app.top(), Menu) and app.top().title == "Players (1/20)"


def test_a_name_the_checks_refuse_is_named_and_the_picker_stays():
    d = mptest.tmpdir()
    app, p = _picker(d)
    mptest.press(app, "DOWN")
    while p.current() != " ":
        mptest.press(app, "DOWN")
    assert p.current() == " "                                  # a space alone
    mptest.press(app, "A")                                     # Done: trimmed, nothing is left
    box = app.top()
    assert box.title == "Name" and "empty name" in " ".join(box.lines)
    app.pop()
    assert app.top() is p
    assert not players.load_roster(d)[0]


def test_a_blank_picker_cancels_and_writes_nothing():
    d = mptest.tmpdir()
    app, p = _picker(d)
    mptest.press(app, "A")                                     # Cancel
    assert isinstance(app.top(), Menu) and app.top().title == "Players (0/20)"
    assert players.load_roster(d) == ([], None)


def test_a_guest_name_a_seat_already_has_is_refused():
    d = mptest.tmpdir()
    assert players.add_to_roster(d, "Anna") is None
    app = _app(d)
    app.new_game("multisala", {"players": 2})
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # seat 1: Anna
    s2 = app.top()
    assert [c[0] for c in s2.choices] == ["P2", "Guest name..."]
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # a guest
    for ch in "Anna":
        p = app.top()
        while p.blank or players.LETTERS[p.letter] != ch:
            mptest.press(app, "DOWN")
        mptest.press(app, "C")
    mptest.press(app, "A")
    box = app.top()
    assert box.title == "Players" and " ".join(box.lines) == "Anna already has a seat."
    app.pop()
    assert app.top() is s2 and app.record is None
    mptest.press(app, "UP")
    mptest.press(app, "A")                                     # back to seat 1
    assert app.top().prompt.startswith("Seat 1 of 2")


def test_the_name_checks_at_their_edges():
    assert players.check_name("Maximilian") is None                       # 10 letters
    assert "11 characters, at most 10" in players.check_name("Maximiliana")
    assert players.check_name(" Bo") == "' Bo' starts or ends with a space"
    assert players.check_name("Bo ") == "'Bo ' starts or ends with a space"
    assert players.check_name("B o") is None
    assert players.check_name("") == "empty name"
    assert players.add_to_roster(mptest.tmpdir(), " Bo") == "' Bo' starts or ends with a space"
    d = mptest.tmpdir()
    players.add_to_roster(d, "Bo")
    assert players.edit_roster(d, "Bo", "sideways") == "unknown change 'sideways'"
    assert players.edit_roster(d, "Bo", "rename", "") == "empty name"
    assert players.load_roster(d) == (["Bo"], None)
