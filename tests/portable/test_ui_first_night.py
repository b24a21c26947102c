# What a first night at a real table met (the smaller items of the owner's
# round): refusals name players, not seats; a list says when it went round;
# a long History line goes on in a second row; The Theatre's B names the
# previous round and a shared win names every winner; Seat Wars strikes
# through what an empty bus rules out. Runs on CPython, the unix port and
# WebAssembly.
import mptest

from usher import games
from usher.core import rng
from usher.ui import history, seats
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import Menu, why_not


def _app():
    buf, canvas = new_canvas()
    app = App(canvas, mptest.tmpdir(), {"board": "test"})
    app.start()
    return app


def test_an_engines_refusal_names_the_player_not_the_seat():
    seats.use({"names": ["Anna", "Ben"]})
    try:
        assert seats.in_words("Hall 1 is P1's") == "Hall 1 is Anna's"
        assert seats.in_words("Not P2's turn") == "Not Ben's turn"
        assert seats.in_words("P3 is out; MP1 and P12 stay") == "P3 is out; MP1 and P12 stay"
    finally:
        seats.use(None)
    assert seats.in_words("Hall 1 is P1's") == "Hall 1 is P1's"      # no names: as it was


def test_multisala_refuses_a_hall_by_its_owners_name():
    app = _app()
    app.start_game("multisala", seats.with_names("multisala", {"players": 2}, ["Anna", "Ben"]), 4)
    app.play({"type": "deal"})
    st = app.state
    p = st["turn"]
    hall = 0
    assert app.play({"type": "place", "player": p, "hall": hall, "cards": [st["hands"][p][0]]})
    q = app.state["turn"]
    assert q != p
    app.play({"type": "place", "player": q, "hall": hall, "cards": [app.state["hands"][q][0]]})
    said = " ".join(app.top().lines)
    assert "Anna" in said or "Ben" in said, said
    assert "P1" not in said and "P2" not in said, said


def test_a_list_says_when_up_or_down_went_round_its_end():
    app = _app()
    launcher = app.top()
    n = len(launcher.items)
    for _ in range(n - 1):
        mptest.press(app, "DOWN")
    assert launcher.status() != "back to the top"
    mptest.press(app, "DOWN")
    assert launcher.focus == 0 and launcher.status() == "back to the top"
    mptest.press(app, "DOWN")
    assert launcher.status() != "back to the top"
    mptest.press(app, "UP")
    mptest.press(app, "UP")
    assert launcher.focus == n - 1 and launcher.status() == "round to the end"


def test_a_long_history_line_goes_on_in_a_second_row_uncut():
    app = _app()
    app.start_game("seatwars", {"players": 2, "start": 0}, 5)
    for _ in range(3):
        assert app.play({"type": "event"})
    long = ("T3 Automa left: press card x2 -> authorities r1c3 (press, public no valid cell), "
            "scratch 2 skipped")

    class Lines(history.History):
        def line(self, i):
            return "%d. %s" % (i + 1, long if i == 1 else "short")
    h = Lines(app)
    app.push(h)
    drawn = mptest.drawn_texts(app)
    assert h.shown == 3                                   # three actions, four rows
    joined = " ".join([s for s in drawn if s not in ("History", "3 actions")])
    assert "2. " + long in " ".join(joined.split()), drawn
    assert not [s for s in drawn if s.endswith("..")]


def test_the_theatres_b_names_the_previous_round_and_a_shared_win_names_every_winner():
    from usher.ui.games.theatre import screens
    app = _app()
    names = ["Wolfgang-W", "Maximilian"]
    app.start_game("theatre", {"players": names, "decks": 6}, 2)
    bot = games.bot("theatre")
    brng = rng.new_state(1)
    while not app.state["last"]:
        assert app.play(bot.next_action(app.state, brng))
    key = screens.RoundScreen(app).keys()[1]
    assert key == "Round %d result" % app.state["last"]["round"]
    # a shared win: both names on the headline, each cut to its share, none lost
    app.state = dict(app.state, phase="over", winners=[0, 1])
    end = screens.EndScreen(app)
    app.push(end)
    head = [s for s in mptest.drawn_texts(app) if s.startswith("Shared win: ")]
    assert head and " & " in head[0], head
    for part in head[0][len("Shared win: "):].split(" & "):
        assert part.rstrip(".") and any(n.startswith(part.rstrip(".")) for n in names), part


def test_seat_wars_strikes_through_what_an_empty_bus_rules_out():
    from usher.ui.games.seatwars import turn
    app = _app()
    app.start_game("seatwars", {"players": 2, "start": 0}, 5)
    menu = turn.action_menu(app)
    assert isinstance(menu, Menu)
    reasons = dict((item[1], why_not(item)) for item in menu.items)
    assert reasons["challenge"] == "No card of another player on the bus."
    assert reasons["seymour"] == "No card of another player on the bus."
    assert reasons["score"] == "None of your characters is on the bus."
    assert reasons["place"] == ""
