# The roster's edits as the owner makes them (PL-22, PL-23): Settings >
# Players > Add a name shows the roster again with the new name focused, a
# full roster refuses the next name and says so, Delete in the letter
# picker takes one letter, a roster with two bad lines names the first and
# counts the other, and names alike but for an accent stay two names.
# Each test holds a rule bench/mutate.py found no test for. Runs on
# CPython, the unix port and WebAssembly.
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


def _roster(d, names):
    for n in names:
        assert players.add_to_roster(d, n) is None, n


def _type(app, word):
    for ch in word:
        p = app.top()
        while p.blank or players.LETTERS[p.letter] != ch:
            mptest.press(app, "DOWN")
        mptest.press(app, "C")


def test_add_a_name_shows_the_roster_again_with_the_new_name_focused():
    d = mptest.tmpdir()
    _roster(d, ["Anna"])
    app = _app(d)
    players.open_roster(app)
    depth = len(app.stack)
    mptest.press(app, "C")                                     # Add a name
    assert isinstance(app.top(), players.LetterPicker)
    _type(app, "Bo")
    mptest.press(app, "A")                                     # Done
    m = app.top()
    assert isinstance(m, Menu) and m.title == "Players (2/%d)" % players.MAX_ROSTER, m
    assert [i[0] for i in m.items] == ["Add a name", "Anna", "Bo"]
    assert m.items[m.focus][0] == "Bo" and len(app.stack) == depth
    assert players.load_roster(d) == (["Anna", "Bo"], None)


def test_add_a_name_the_roster_has_shows_it_focused_and_no_message():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Bo"])
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "C")
    _type(app, "bo")                                           # case ignored: Bo is there
    mptest.press(app, "A")
    m = app.top()
    assert isinstance(m, Menu) and m.title.startswith("Players (2/"), m
    # the name typed is not in the list as typed: the cursor stays on top
    assert m.focus == 0
    assert players.load_roster(d) == (["Anna", "Bo"], None)


def test_a_full_roster_refuses_the_next_name_and_says_so():
    d = mptest.tmpdir()
    names = ["N%d" % i for i in range(players.MAX_ROSTER)]
    _roster(d, names)
    with open(d + "/players.txt") as f:
        before = f.read()
    assert players.add_to_roster(d, "Extra") == "The roster is full (20 names)"
    with open(d + "/players.txt") as f:
        assert f.read() == before
    assert players.load_roster(d) == (names, None)
    # one name fewer: the next one goes in, the 20th
    assert players.edit_roster(d, "N0", "delete") is None
    assert players.add_to_roster(d, "Extra") is None
    assert players.load_roster(d) == (names[1:] + ["Extra"], None)
    assert players.MAX_ROSTER == 20


def test_a_full_roster_on_screen_shows_the_reason_over_the_roster():
    d = mptest.tmpdir()
    _roster(d, ["N%d" % i for i in range(players.MAX_ROSTER)])
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "C")
    _type(app, "Zed")
    mptest.press(app, "A")
    box = app.top()
    assert box.title == "Players" and "The roster is full (20 names)" in " ".join(box.lines)
    app.pop()
    assert isinstance(app.top(), Menu) and app.top().title == "Players (20/20)"


def test_delete_in_the_letter_picker_takes_one_letter_at_a_time():
    d = mptest.tmpdir()
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "C")
    _type(app, "Abcd")
    p = app.top()
    assert p.blank and p.name == "Abcd"
    mptest.press(app, "B")
    assert p.name == "Abc" and p.shown() == "Abc"
    mptest.press(app, "B")
    assert p.name == "Ab"
    mptest.press(app, "B")
    mptest.press(app, "B")
    assert p.name == "" and p.keys()[0] == "Cancel"
    mptest.press(app, "B")                                     # nothing left: still nothing
    assert p.name == "" and p.blank


def test_two_bad_roster_lines_name_the_first_and_count_the_other():
    d = mptest.tmpdir()
    with open(d + "/players.txt", "w") as f:
        f.write("Anna\nAnna\nBen\nBEN\n")
    names, problem = players.load_roster(d)
    assert names == ["Anna", "Ben"]
    assert problem == "players.txt: line 2: 'Anna' is already in the roster (and 1 more) set aside.", problem
    with open(d + "/players.txt", "w") as f:
        f.write("Anna\nAnna\nBen\n")
    problem = players.load_roster(d)[1]
    assert "(and" not in problem and problem.endswith("roster set aside."), problem
    with open(d + "/players.txt", "w") as f:
        f.write("Anna\nAnna\nBen\nBEN\nanna\n")
    assert "(and 2 more)" in players.load_roster(d)[1]


def test_sharp_s_and_y_diaeresis_are_two_names():
    assert players.same_name_key("Joß") == "joß"
    assert players.same_name_key("Joÿ") == "joÿ"
    assert players.same_name_key("JOÞ") == "joþ"                  # the last capital of Latin-1
    assert players.same_name_key("Jo×") == "jo×"                  # the times sign: no case
    names, defects = players.parse_roster("Joß\nJoÿ\nJoÞ\nJoþ\n")
    assert names == ["Joß", "Joÿ", "JoÞ"] and len(defects) == 1, (names, defects)
    d = mptest.tmpdir()
    assert players.add_to_roster(d, "Joß") is None
    assert players.add_to_roster(d, "Joÿ") is None
    assert players.load_roster(d) == (["Joß", "Joÿ"], None)


def _menu_on(app, name):
    players.open_roster(app)
    m = app.top()
    while m.items[m.focus][0] != name:
        mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # the name's menu


def test_a_name_moved_up_or_down_keeps_the_cursor_on_it():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben", "Cleo"])
    app = _app(d)
    _menu_on(app, "Ben")
    mptest.press(app, "DOWN")                                  # Move up
    mptest.press(app, "C")
    m = app.top()
    assert [i[0] for i in m.items] == ["Add a name", "Ben", "Anna", "Cleo"] and m.focus == 1
    mptest.press(app, "C")
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")                                  # Move down
    mptest.press(app, "C")
    m = app.top()
    assert [i[0] for i in m.items] == ["Add a name", "Anna", "Ben", "Cleo"] and m.focus == 2
    mptest.press(app, "DOWN")                                  # Cleo
    mptest.press(app, "C")
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # Cleo down: already last
    box = app.top()
    assert box.title == "Players" and " ".join(box.lines) == "Cleo is already last"
    app.pop()
    m = app.top()
    assert players.load_roster(d)[0] == ["Anna", "Ben", "Cleo"] and m.items[m.focus][0] == "Cleo"


def test_a_name_deleted_puts_the_cursor_on_top():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben"])
    app = _app(d)
    _menu_on(app, "Ben")
    mptest.press(app, "UP")                                    # Delete
    mptest.press(app, "C")
    mptest.press(app, "C")                                     # Yes
    m = app.top()
    assert [i[0] for i in m.items] == ["Add a name", "Anna"] and m.focus == 0
    assert m.title == "Players (1/20)"


def test_the_first_seats_back_leaves_the_game_unstarted():
    d = mptest.tmpdir()
    _roster(d, ["Anna"])
    app = _app(d)
    below = app.top()
    app.new_game("multisala", {"players": 2})
    assert app.top().prompt == "Seat 1 of 2: who plays?"
    mptest.press(app, "A")
    assert app.top() is below and app.record is None
