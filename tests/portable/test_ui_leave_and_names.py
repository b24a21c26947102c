# Leaving a game (PL-21) in all four games and names as typed (PL-22): the
# letter picker saves what its screen shows, the roster is edited on the
# device, Seat Wars' start player is picked by name. Runs on CPython, the
# unix port and WebAssembly.
import mptest
import ui_sessions

from usher import games
from usher.core import game, rng, storage
from usher.ui import history, players, playlog, screens
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import Confirm, Menu

# Each game with options and how many of its bot's actions to play before
# it is left: some way into the game, never at its end.
GAMES = (
    ("takeaseat", {"mode": "solo"}, 9),
    ("theatre", {"players": 3, "decks": 6}, 14),
    ("multisala", {"players": 2}, 10),
    ("seatwars", {"players": 3, "start": 1}, 12),
)


def _app(d, log=None):
    buf, canvas = new_canvas()
    services = {"board": "test"}
    if log is not None:
        services["log"] = lambda kind, data: log.append((kind, data))
    app = App(canvas, d, services)
    app.start()
    return app


def _midgame(app, gid, options, n, seed=11):
    app.start_game(gid, options, seed)
    bot = games.bot(gid)
    brng = rng.new_state(seed ^ 0x5A5A)
    for _ in range(n):
        a = bot.next_action(app.state, brng)
        assert a is not None
        assert app.play(a), a
    assert app.state["phase"] != "over"
    app.show_game()


def _open_leave_menu(app, gid):
    """The leave menu as a player reaches it: Take a Seat's Menu (A), the
    other games' History (A) and its Leave (C)."""
    mptest.press(app, "A")
    if gid == "takeaseat":
        assert isinstance(app.top(), Menu) and app.top().title == "Take a Seat"
        labels = [i[0] for i in app.top().items]
        assert labels[-2:] == ["Main menu (game kept)", "Abandon game"]
        app.top().focus = len(labels) - 2
        return
    assert isinstance(app.top(), history.History)
    assert app.top().keys()[2] == "Leave"
    mptest.press(app, "C")
    assert isinstance(app.top(), Menu) and app.top().title == "Leave " + games.title(gid)
    assert [i[0] for i in app.top().items] == ["Main menu (game kept)", "Abandon game"]


def test_pl21_main_menu_keeps_the_game_and_resume_comes_back_to_the_same_screen():
    for gid, options, n in GAMES:
        d = mptest.tmpdir()
        app = _app(d)
        _midgame(app, gid, options, n)
        before = (type(app.top()).__name__, game.canonical_json(app.record))
        _open_leave_menu(app, gid)
        mptest.press(app, "C")                                 # Main menu (game kept)
        top = app.top()
        assert isinstance(top, screens.Launcher) and len(app.stack) == 1, gid
        assert top.items[0] == ("Resume " + games.title(gid), "resume")
        # a power cut at the launcher: the game is still there
        app = _app(d)
        assert app.top().items[0][1] == "resume"
        mptest.press(app, "C")                                 # Resume
        assert (type(app.top()).__name__, game.canonical_json(app.record)) == before, gid


def test_pl21_abandon_asks_once_with_no_selected_naming_the_game_and_how_far_it_got():
    for gid, options, n in GAMES:
        d = mptest.tmpdir()
        app = _app(d)
        _midgame(app, gid, options, n)
        rec = game.canonical_json(app.record)
        _open_leave_menu(app, gid)
        mptest.press(app, "DOWN")
        mptest.press(app, "C")                                 # Abandon game
        ask = app.top()
        assert isinstance(ask, Confirm) and ask.careful and not ask.choice_yes
        q = " ".join(ask.lines)
        assert q.startswith("Abandon " + games.title(gid) + ", ") and q.endswith("It will not be kept."), q
        assert app.game_ui(gid).progress(app.state) in q
        mptest.press(app, "C")                                 # OK on No: nothing happens
        assert not isinstance(app.top(), Confirm) and game.canonical_json(app.record) == rec
        assert app.record is not None and storage.exists(d + "/game.json")


def test_pl21_an_abandoned_game_is_not_kept_and_comes_back_exactly_until_another_starts():
    for gid, options, n in GAMES:
        d = mptest.tmpdir()
        app = _app(d)
        _midgame(app, gid, options, n)
        rec = game.canonical_json(app.record)
        state = game.canonical_json(app.state)
        screen = type(app.top()).__name__
        _open_leave_menu(app, gid)
        mptest.press(app, "DOWN")
        mptest.press(app, "C")
        mptest.press(app, "DOWN")                              # Yes
        mptest.press(app, "C")
        assert app.record is None and not storage.exists(d + "/game.json"), gid
        assert list(playlog.summaries(d)) == [], gid      # not kept in the history
        top = app.top()
        assert top.items[0] == ("Bring back " + games.title(gid), "bring_back"), gid
        # still offered after a power cut
        app = _app(d)
        assert app.top().items[0][1] == "bring_back"
        mptest.press(app, "C")                                 # Bring back
        assert game.canonical_json(app.record) == rec, gid
        assert game.canonical_json(app.state) == state, gid
        assert type(app.top()).__name__ == screen, gid
        assert storage.exists(d + "/game.json") and not storage.exists(d + "/abandoned.json")
        assert "abandoned" not in app.ui
        # once another game starts it is no longer offered
        app.abandon_game()
        assert app.top().items[0][1] == "bring_back"
        app.start_game("seatwars", {"players": 2}, 3)
        assert not storage.exists(d + "/abandoned.json") and "abandoned" not in app.ui
        app.show_game()
        app.end_game()
        assert [i[1] for i in app.top().items if i[1] in ("resume", "bring_back")] == []


def test_pl21_a_new_game_over_a_running_one_abandons_it_after_asking():
    d = mptest.tmpdir()
    app = _app(d)
    _midgame(app, "theatre", {"players": 2, "decks": 6}, 6)
    rec = game.canonical_json(app.record)
    app.reset([screens.Launcher(app)])
    app.top().focus_on("multisala")
    mptest.press(app, "C")
    ask = app.top()
    assert isinstance(ask, Confirm) and ask.careful
    assert "Abandon The Theatre, Act 1 round" in " ".join(ask.lines)
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # Yes: Multisala's setup opens
    assert app.record is None and list(playlog.summaries(d)) == []
    mptest.press(app, "A")                                     # the setup left: nothing started
    launcher = app.top()
    assert isinstance(launcher, screens.Launcher) and launcher.items[0][1] == "bring_back"
    launcher.focus = 0
    mptest.press(app, "C")
    assert game.canonical_json(app.record) == rec


def test_pl21_a_damaged_abandoned_game_is_named_and_nothing_else_changes():
    d = mptest.tmpdir()
    app = _app(d)
    _midgame(app, "multisala", {"players": 2}, 4)
    app.abandon_game()
    with open(d + "/abandoned.json", "w") as f:
        f.write('{"game": "multisala", "rows": [1, 2')
    app.top().focus = 0
    mptest.press(app, "C")                                     # Bring back
    assert app.record is None
    assert app.top().title == "Bring back"
    msg = " ".join(app.top().lines)
    assert "abandoned.json" in msg and "cannot be brought back" in msg, msg
    mptest.press(app, "C")
    assert [i[1] for i in app.top().items if i[1] == "bring_back"] == []


def test_pl21_the_log_of_a_game_brought_back_starts_again_with_its_actions():
    d = mptest.tmpdir()
    log = []
    app = _app(d, log)
    _midgame(app, "seatwars", {"players": 2, "start": 0}, 8)
    acts = list(app.record["actions"])
    app.abandon_game()
    app.top().focus = 0
    mptest.press(app, "C")
    kind, data = log[-1]
    assert kind == "game" and data["actions"] == acts and data["seed"] == app.record["seed"]


# --- names (PL-22) ---------------------------------------------------------------------

def _picker(d, initial=None):
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "C")                                     # Add a name
    assert isinstance(app.top(), players.LetterPicker)
    return app


def _type(app, word, take_last=True):
    """Type word: each letter brought into the slot with UP/DOWN, then C,
    except the last one when take_last is False."""
    for i in range(len(word)):
        p = app.top()
        while p.blank or players.LETTERS[p.letter] != word[i]:
            mptest.press(app, "DOWN")
        if take_last or i < len(word) - 1:
            mptest.press(app, "C")


def test_pl22_done_on_a_letter_saves_the_letter_under_the_cursor():
    d = mptest.tmpdir()
    app = _picker(d)
    _type(app, "Tom", take_last=False)
    p = app.top()
    assert p.shown() == "Tom" and p.name == "To" and p.keys()[0] == "Done"
    mptest.press(app, "A")
    assert players.load_roster(d) == (["Tom"], None)


def test_pl22_done_after_next_saves_what_shows_and_no_extra_letter():
    d = mptest.tmpdir()
    app = _picker(d)
    _type(app, "Al")                                     # A, l, each taken with C
    p = app.top()
    assert p.blank and p.shown() == "Al" and p.keys()[2] is None   # C on a blank slot: nothing
    mptest.press(app, "C")
    assert p.shown() == "Al"
    mptest.press(app, "A")
    assert players.load_roster(d) == (["Al"], None)


def test_pl22_delete_clears_the_slot_then_the_letters_and_an_empty_name_cancels():
    d = mptest.tmpdir()
    app = _picker(d)
    _type(app, "Bo", take_last=False)
    p = app.top()
    mptest.press(app, "B")                                     # the o in the slot cleared
    assert p.shown() == "B" and p.blank
    mptest.press(app, "B")                                     # the B deleted
    assert p.shown() == "" and p.keys()[0] == "Cancel" and p.keys()[1] is None
    mptest.press(app, "B")                                     # nothing left: nothing happens
    assert p.shown() == ""
    mptest.press(app, "A")                                     # Cancel
    assert isinstance(app.top(), Menu) and players.load_roster(d) == ([], None)


def test_pl22_a_trailing_space_is_trimmed_and_ten_letters_end_the_name():
    d = mptest.tmpdir()
    app = _picker(d)
    _type(app, "Jo ", take_last=False)
    assert app.top().shown() == "Jo "
    mptest.press(app, "A")
    assert players.load_roster(d)[0] == ["Jo"]
    app = _picker(d)
    _type(app, "Maximilian")                             # the tenth C is Add
    assert players.load_roster(d)[0] == ["Jo", "Maximilian"]


def _roster(d, names):
    storage.save_text(d + "/players.txt", "".join([n + "\n" for n in names]))


def test_pl22_rename_delete_and_move_on_the_device():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben", "Cleo"])
    assert players.edit_roster(d, "Ben", "rename", "Benedikt") is None
    assert players.load_roster(d)[0] == ["Anna", "Benedikt", "Cleo"]
    assert players.edit_roster(d, "Cleo", "up") is None
    assert players.load_roster(d)[0] == ["Anna", "Cleo", "Benedikt"]
    assert players.edit_roster(d, "Anna", "down") is None
    assert players.edit_roster(d, "Anna", "delete") is None
    assert players.load_roster(d)[0] == ["Cleo", "Benedikt"]
    # rename to another case of the same name: allowed (it is the same name)
    assert players.edit_roster(d, "Cleo", "rename", "CLEO") is None
    assert players.load_roster(d)[0] == ["CLEO", "Benedikt"]


def test_pl22_a_rename_to_a_name_in_the_roster_or_too_long_is_refused_nothing_written():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben"])
    with open(d + "/players.txt") as f:
        before = f.read()
    assert players.edit_roster(d, "Ben", "rename", "anna") == "anna is already in the roster"
    assert "at most 10" in players.edit_roster(d, "Ben", "rename", "Bartholomew")
    assert players.edit_roster(d, "Anna", "up") == "Anna is already first"
    assert players.edit_roster(d, "Ben", "down") == "Ben is already last"
    assert players.edit_roster(d, "Zoe", "delete") == "Zoe is no longer in the roster"
    with open(d + "/players.txt") as f:
        assert f.read() == before


def test_pl22_the_roster_screens_rename_and_delete_asking_once():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben"])
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")                                  # Ben
    mptest.press(app, "C")
    m = app.top()
    assert m.title == "Ben" and [i[0] for i in m.items] == ["Rename", "Move up", "Move down", "Delete"]
    mptest.press(app, "C")                                     # Rename: the picker holds "Ben"
    p = app.top()
    assert isinstance(p, players.LetterPicker) and p.shown() == "Ben" and p.blank
    _type(app, "j", take_last=False)
    mptest.press(app, "A")
    assert players.load_roster(d)[0] == ["Anna", "Benj"]
    assert app.top().items[app.top().focus][0] == "Benj"
    mptest.press(app, "C")
    mptest.press(app, "UP")                                    # Delete (from Rename, wrapping)
    mptest.press(app, "C")
    ask = app.top()
    assert isinstance(ask, Confirm) and "Delete Benj" in " ".join(ask.lines)
    mptest.press(app, "A")                                     # No
    assert players.load_roster(d)[0] == ["Anna", "Benj"]
    mptest.press(app, "C")
    mptest.press(app, "UP")
    mptest.press(app, "C")
    mptest.press(app, "C")                                     # Yes
    assert players.load_roster(d)[0] == ["Anna"]
    assert isinstance(app.top(), Menu) and app.top().title.startswith("Players (1/")


def test_pl22_a_rename_refused_on_screen_gives_its_reason():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Bo"])
    app = _app(d)
    players.open_roster(app)
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")
    mptest.press(app, "C")
    mptest.press(app, "C")                                     # Rename Bo
    p = app.top()
    mptest.press(app, "B")                                     # blank slot: the o deleted
    mptest.press(app, "B")                                     # the B deleted
    _type(app, "Anna", take_last=False)
    mptest.press(app, "A")
    assert app.top().title == "Players" and "Anna is already in the roster" in " ".join(app.top().lines)
    assert players.load_roster(d)[0] == ["Anna", "Bo"]
    assert p is not None


def test_pl22_kept_plays_keep_the_names_they_were_played_with():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben"])
    app = _app(d)
    ui_sessions.bot_game(app, "multisala", {"players": 2}, ["Anna", "Ben"], 5)
    assert players.edit_roster(d, "Ben", "rename", "Benedikt") is None
    assert [r["players"] for r in playlog.summaries(d)] == [["Anna", "Ben"]]


def test_pl22_seat_wars_asks_who_starts_by_name_after_the_seats_are_named():
    d = mptest.tmpdir()
    _roster(d, ["Anna", "Ben", "Cleo"])
    app = _app(d)
    app.top().focus_on("seatwars")
    mptest.press(app, "C")
    mptest.press(app, "C")                                     # 2 players
    assert app.top().prompt.startswith("Seat 1 of 2")
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # seat 1: Anna
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # seat 2: Cleo
    ask = app.top()
    assert ask.prompt.startswith("Who starts?")
    assert [c[0] for c in ask.choices] == ["Anna", "Cleo", "Random"]
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # Cleo starts
    assert app.record["options"] == {"players": ["Anna", "Cleo"], "start": 1}
    assert app.state["current"] == 1


def test_pl22_seat_wars_without_a_roster_asks_who_starts_with_seat_numbers():
    d = mptest.tmpdir()
    app = _app(d)
    app.top().focus_on("seatwars")
    mptest.press(app, "C")
    mptest.press(app, "DOWN")
    mptest.press(app, "C")                                     # 3 players
    assert [c[0] for c in app.top().choices] == ["P1", "P2", "P3", "Random"]
    mptest.press(app, "A")                                     # back to the count
    assert app.top().prompt == "How many players?"
    mptest.press(app, "C")
    mptest.press(app, "UP")
    mptest.press(app, "C")                                     # Random
    assert app.record["options"]["start"] == "random"


def test_pl22_deleting_the_last_name_leaves_no_roster_and_it_stays_gone():
    d = mptest.tmpdir()
    _roster(d, ["Solo"])
    assert players.edit_roster(d, "Solo", "delete") is None
    assert players.load_roster(d) == ([], None)          # not "damaged", not brought back
    assert not storage.exists(d + "/players.txt") and not storage.exists(d + "/players.txt.bak")
    app = _app(d)
    app.new_game("multisala", {"players": 2})
    assert app.record is not None                        # no seat picker: P1, P2
