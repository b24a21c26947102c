# Seat Wars screens driven only by button events: a whole game to
# the winner, a shared win, refused entries showing the engine's message with
# the game unchanged, undo through History, the seat calculator, and resume
# after a restart on the same game screen (PL-8).
import mptest
import ui_session_seatwars as sw
from ui_sessions import events

from usher.core import gamefile, storage
from usher.core.game import canonical_json
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.games.seatwars.final import EndScreen, FinalScoringScreen, tie_note
from usher.ui.games.seatwars.form import CharacterForm
from usher.ui.games.seatwars.turn import EndTurnScreen, TurnScreen
from usher.ui.history import History
from usher.ui.screens import Launcher
from usher.ui.widgets import MessageBox


def _app(data):
    buf, canvas = new_canvas()
    app = App(canvas, data, {"battery": lambda: 80})
    app.start()
    return app


def _press(app, script):
    for evs in events(script):
        for ev in evs:
            app.handle(ev)


def _new(players_downs=0, start_downs=0):
    """A fresh App with a Seat Wars game: players = 2 + players_downs."""
    data = mptest.tmpdir()
    app = _app(data)
    _press(app, "DOWN,DOWN,DOWN,C" + ",DOWN" * players_downs + ",C" + ",DOWN" * start_downs + ",C")
    return app, data


def _totals(app):
    return [p["total"] for p in app.state["players"]]


def test_sw1_setup_players_and_start_player():
    app, _ = _new(players_downs=2, start_downs=2)  # 4 players, P3 starts
    st = app.state
    assert [p["name"] for p in st["players"]] == ["P1", "P2", "P3", "P4"]
    assert st["current"] == 2 and st["start"] == 2 and st["actions"] == 3
    assert isinstance(app.top(), TurnScreen)


def test_whole_game_by_buttons_sw2_to_sw8():
    app, data = _new()
    _press(app, sw.TURN1)
    st = app.state
    # SW-2: one action spent, item free; 2 unspent actions drew 2 cards
    assert st["current"] == 1 and st["turn_end"] == {"player": 0, "draw": 2, "discard": 0}
    assert [c["kind"] for c in st["bus"]] == ["char", "item"]
    assert len(app.record["actions"]) == 3  # the undone item was entered again
    _press(app, sw.TURN2)
    st = app.state
    # SW-5: attack 4 beat shield 3, the item scored 2 and the challenger sits
    assert _totals(app) == [0, 2]
    assert [(c["owner"], c["attack"], c["equip"]) for c in st["bus"]] == [(0, 6, 0), (1, 5, 2),
                                                                           (1, 4, 0)]
    # SW-2: 8 in hand, nothing drawn -> discard 1 (reminder shown, then dismissed)
    assert st["turn_end"] == {"player": 1, "draw": 0, "discard": 1}
    _press(app, sw.TURN3)
    st = app.state
    # SW-3 max score 7; SW-6 equal attack 7 vs 5+2: the seat is held
    assert _totals(app) == [7, 2]
    assert [c["id"] for c in st["bus"]] == [3, 4]
    assert st["players"][1]["missed"] and st["current"] == 1
    _press(app, sw.TURN4)
    st = app.state
    # SW-4: minimum 2 + 4; SW-7: the last card starts the last round
    assert _totals(app) == [7, 8] and st["phase"] == "last_round" and st["last_by"] == 1
    assert st["turn_end"]["draw"] == 1 and not st["players"][1]["missed"]
    _press(app, sw.TURN5)
    assert app.state["phase"] == "final_scoring"
    assert isinstance(app.top(), FinalScoringScreen)
    _press(app, sw.FINAL)
    st = app.state
    # SW-7 leftovers at their minimum; SW-8 P2 wins 10 to 8
    assert st["phase"] == "over" and st["winners"] == [1] and _totals(app) == [8, 10]
    assert isinstance(app.top(), EndScreen)
    _press(app, "C")  # Finish
    assert isinstance(app.top(), Launcher) and app.record is None
    assert storage.load(storage.join(data, "game.json"))[0] is None


def test_sw2_hand_limit_reminder_message_after_end_turn():
    app, _ = _new()
    _press(app, "C,C,C,B,UP*6")  # place, end turn with 6 in hand: 6 + 2 draws
    assert isinstance(app.top(), EndTurnScreen)
    _press(app, "C")
    assert isinstance(app.top(), MessageBox) and app.top().title == "Hand limit"
    assert "discard 1 card" in " ".join(app.top().lines)
    _press(app, "C")
    assert isinstance(app.top(), TurnScreen) and app.state["current"] == 1


def test_sw2_missed_the_bus_draws_nothing_for_unspent_actions():
    app, _ = _new()
    _press(app, "C,DOWN,DOWN,DOWN,DOWN,C,DOWN,C")  # event: Missed the Bus on P1 (self)
    assert app.state["players"][0]["missed"] and app.state["actions"] == 2
    _press(app, "B,C")
    assert app.state["turn_end"] == {"player": 0, "draw": 0, "discard": 0}


def test_sw8_shared_win_when_points_and_characters_tie():
    app, _ = _new()
    _press(app, "C,C,C,B,B,C")      # P1 places 5, ends taking the last card
    assert app.state["phase"] == "last_round"
    _press(app, "C,C,C,B,C")        # P2 places 5, ends: back to P1
    assert isinstance(app.top(), FinalScoringScreen)
    _press(app, "C,UP,C,C,UP,C")    # both leftovers score 3
    st = app.state
    assert st["winners"] == [0, 1] and _totals(app) == [3, 3]
    assert tie_note(st["players"], st["winners"]).startswith("Same points")


def test_sw3_refused_score_in_the_same_turn_shows_engine_message_unchanged():
    app, _ = _new()
    _press(app, "C,C,C")  # place attack 5
    before = canonical_json(app.state)
    n = len(app.record["actions"])
    _press(app, "C,DOWN,DOWN,C")  # Score (after Place, Challenge): own card
    _press(app, "C")  # choose it
    assert isinstance(app.top(), MessageBox) and app.top().title == "Not allowed"
    assert app.top().lines == ["Wait a full round"]
    assert canonical_json(app.state) == before and len(app.record["actions"]) == n


def test_sw2_refused_place_beyond_the_actions_left():
    app, _ = _new()
    _press(app, "C,C,B,UP,C")  # place 5 +1: 2 actions
    before = canonical_json(app.state)
    _press(app, "C,C,B,UP,C")  # place 5 +1 with 1 action left
    assert isinstance(app.top(), MessageBox)
    assert app.top().lines == ["Only 1 action left"]
    assert canonical_json(app.state) == before
    _press(app, "C")  # OK: back on the form, nothing entered
    assert isinstance(app.top(), CharacterForm)


def test_undo_through_history_restores_the_turn():
    app, data = _new()
    _press(app, "C,C,C")
    assert app.state["actions"] == 2
    _press(app, "A")
    assert isinstance(app.top(), History)
    assert app.top().keys()[1] == "Undo (hold)"
    _press(app, "B~")
    assert app.record["actions"] == [] and app.state["actions"] == 3 and app.state["bus"] == []
    assert gamefile.unpacked(storage.load(storage.join(data, "game.json"))[0])["actions"] == []
    _press(app, "A")
    assert isinstance(app.top(), TurnScreen)


def test_sw6_seat_calculator_shows_outcome_and_saves_nothing():
    app, _ = _new()
    _press(app, "C,UP,C")  # the last menu entry: the calculator
    calc = app.top()
    assert isinstance(calc, CharacterForm) and calc.mode == "calc"
    _press(app, "B,UP,UP,B,B,UP,UP")  # 5 +2 vs 7: equal keeps the seat
    assert calc.outcome()[0] is False
    _press(app, "B,UP")                # 5 +2 vs 7 +1
    assert calc.outcome()[0] is False
    _press(app, "B,UP,UP")             # 7 +2 = 9 vs 8
    assert calc.outcome()[0] is True
    _press(app, "A")
    assert app.record["actions"] == [] and isinstance(app.top(), TurnScreen)


def test_pl8_resume_after_restart_lands_on_the_same_game_screen():
    app, data = _new()
    _press(app, ",".join((sw.TURN1, sw.TURN2, sw.TURN3, sw.TURN4)))
    before = canonical_json(app.state)
    app2 = _app(data)
    assert isinstance(app2.top(), TurnScreen) and canonical_json(app2.state) == before
    assert app2.state["phase"] == "last_round"
    _press(app2, sw.TURN5)
    app3 = _app(data)
    assert isinstance(app3.top(), FinalScoringScreen)
    _press(app3, sw.FINAL)
    app4 = _app(data)
    assert isinstance(app4.top(), EndScreen) and app4.state["winners"] == [1]


def test_sw8_tie_on_points_broken_by_scored_characters():
    app, _ = _new()
    # P1: places 5, an item (shield 1) next to it, places another 5
    _press(app, "C,C,C,C,UP,UP,UP,UP,C,DOWN,DOWN,C,C,C,C,B,C")
    # P2: challenges the item with 5 (taken, 2 points), ends on the last card
    _press(app, "C,DOWN,C,DOWN,C,C,C,B,B,C")
    assert _totals(app) == [0, 2] and app.state["phase"] == "last_round"
    _press(app, "B,C")  # P1's last turn
    _press(app, "C,DOWN,C,C,DOWN,C,C,DOWN,DOWN,C")  # minimums 1, 1 (P1) and 0 (P2)
    st = app.state
    assert _totals(app) == [2, 2] and st["winners"] == [0]
    assert isinstance(app.top(), EndScreen)
    assert tie_note(st["players"], st["winners"]) == "Tie on 2 points: most characters scored (Chars) wins"


def test_sw6_seymour_removes_a_card_and_scores_his_minimum():
    app, _ = _new()
    _press(app, "C,C,UP,UP,UP,UP,C,B,C")   # P1 places attack 9
    _press(app, "C,DOWN,DOWN,DOWN,C,C,UP,C")  # P2: Seymour on it, minimum 3
    st = app.state
    assert st["bus"] == [] and _totals(app) == [0, 3] and st["actions"] == 2
    assert st["players"][1]["scored"][0]["via"] == "seymour"


def _menu_rows(app):
    """The action menu's entries as (value, why not) in their order."""
    from usher.ui.games.seatwars.turn import action_menu
    from usher.ui.widgets import why_not
    return [(item[1], why_not(item)) for item in action_menu(app).items]


ORDER = ["place", "challenge", "score", "seymour", "event", "item", "bus", "last", "calc"]


def test_the_action_menu_keeps_one_order_across_presses():
    """PL-7 (docs/ui.md): the entries never move; what is not possible now keeps its
    place, struck through, and C on it says why instead of doing it."""
    app, _ = _new()
    seen = []

    def look():
        rows = _menu_rows(app)
        assert [v for v, _ in rows] == ORDER, rows
        seen.append(dict(rows))
    look()
    assert seen[-1]["item"] and seen[-1]["bus"] and not seen[-1]["place"]
    _press(app, "C,C,C")                         # P1 places 5: the item is possible
    look()
    assert not seen[-1]["item"] and not seen[-1]["score"]
    _press(app, "C,DOWN,DOWN,DOWN,DOWN,C,DOWN,DOWN,C")  # event: Missed the Bus on P2
    assert app.state["players"][1]["missed"]
    look()
    assert not seen[-1]["bus"] and seen[-1]["item"]
    _press(app, "C,DOWN,DOWN,DOWN,DOWN,C,C")     # another event: no action left
    assert app.state["actions"] == 0
    look()
    for what in ("place", "challenge", "score", "seymour", "event"):
        assert seen[-1][what] == "No action left this turn.", seen[-1]
    assert not seen[-1]["calc"] and not seen[-1]["bus"]
    # C on a struck-through entry explains and changes nothing.
    before = canonical_json(app.state)
    _press(app, "C,C")
    box = app.top()
    assert isinstance(box, MessageBox) and box.title == "Place a character"
    assert box.lines == ["No action left this turn."]
    assert canonical_json(app.state) == before
    _press(app, "C,A")                           # OK, back out of the menu
    # The bus entry names the one player it is for and ends their Missed the Bus.
    from usher.ui.games.seatwars.turn import action_menu
    label = action_menu(app).items[6][0]
    assert label == "P2 caught the bus: ends Missed the Bus", label
    _press(app, "C" + ",DOWN" * 6 + ",C")
    assert not app.state["players"][1]["missed"]
    look()
    assert seen[-1]["bus"] == "Nobody is under Missed the Bus."


def test_winner_table_explains_its_short_headers():
    from usher.ui import text
    from usher.ui.games.seatwars import final
    heads = [h for h, _ in final.COLUMNS]
    assert "Dest" in heads and "Final" in heads and "End" not in heads
    assert "Dest: Reached Your Destination +4" in final.LEGEND and "Final: final scoring" in final.LEGEND
    assert text.width(text.SMALL, final.LEGEND) <= 288
    assert text.width(text.SMALL, final.LEGEND_ALL[0]) <= 288
    # Every line that can stand under the table explains "Chars".
    assert "Chars" in heads and "Chars: characters" in final.LEGEND_ALL[0]
    for wins, totals in (([0], [5, 3]), ([0], [5, 5]), ([0, 1], [5, 5])):
        players = [{"total": t, "scored": []} for t in totals]
        note = final.tie_note(players, wins)
        assert "(Chars)" in note or note.startswith("Chars ="), note
        assert text.width(text.SMALL, note) <= 288


def _tap(app, b):
    r1 = app.handle(("press", b))
    r2 = app.handle(("release", b))
    return r1 or r2


def test_pl18_the_action_list_and_its_next_question_are_windows_over_the_turn_screen():
    # PL-15, PL-18: the action list opens as a window (only its rows are
    # updated: a turbo window on the Badger, not a whole-screen update); the
    # form that replaces it (here the event card's choice) is a window too,
    # and backing out of it returns to the turn screen by a window update.
    app, _ = _new()
    r = _tap(app, "C")
    assert app.top().over and r[0] == "partial" and r[2] >= 16, r
    labels = [i[0] for i in app.top().items]
    for _ in range(labels.index("Event card")):
        _tap(app, "DOWN")
    r = _tap(app, "C")
    assert app.top().over and app.top().title == "Event card" and r[0] == "partial", r
    r = _tap(app, "A")                      # cancel the choice
    assert isinstance(app.top(), TurnScreen) and r[0] == "partial", r
