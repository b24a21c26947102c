# Pulisci il Multisala's screens driven only by button events: a
# whole solo game and a whole 2-player game on the device deck, a physical-
# deck round typed in screen by screen, refused entries showing the engine's
# message with the game unchanged, undo through History, resume after a
# restart, and the solo record kept in data_dir (MS-10). Expected scores are
# worked out here from the card codes with the rules (MS-6, MS-7, MS-8).
import mptest

from usher.core import storage
from usher.games.multisala import record as record_file
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.games import multisala as ui
from usher.ui.games.multisala import entry, score, turns
from usher.ui.history import History
from usher.ui.screens import Launcher
from usher.ui.widgets import ChoiceEntry, Confirm, Menu, MessageBox


def _app(data):
    _, canvas = new_canvas()
    app = App(canvas, data, {})
    app.start()
    return app


def tap(app, *buttons):
    for b in buttons:
        app.handle(("press", b))
        app.handle(("release", b))


def hold(app, b):
    app.handle(("press", b))
    app.handle(("long", b))
    app.handle(("release", b))


def start(app, players=1, physical=False, variant=False):
    """From the launcher: Multisala, the setup lines, Start."""
    assert isinstance(app.top(), Launcher)
    tap(app, "DOWN", "DOWN", "C")
    assert isinstance(app.top(), ui.Setup)
    tap(app, *(["B"] * (players - 1)))
    tap(app, "DOWN")
    if physical:
        tap(app, "B")
    tap(app, "DOWN")
    if variant:
        tap(app, "B")
    tap(app, "C")
    st = app.state
    assert st["players"] == players and st["variant"] == variant
    assert st["mode"] == ("physical" if physical else "virtual")


# --- the rules, from the card codes: D4, D6, switch, emotion, Morra ------

def _d6(code):
    return 3 if code[1] == "b" else int(code[1])  # MS-1 bilico 3


def _disorder(hall_emotion, spectator_codes):
    # MS-6: same emotion 0, else ON 1, OFF 2
    return sum([0 if int(c[3]) == hall_emotion else (1 if c[2] == "1" else 2) for c in spectator_codes])


def expected_round(st):
    """The round's result per player from the state just before the halls
    are revealed (base game)."""
    codes = st["cards"]
    delta = [0] * st["players"]
    for h in st["halls"]:
        dis = _disorder(h["emotion"], [codes[i] for i in h["spectators"]])
        if h["masks"]:
            delta[h["owner"]] += sum([_d6(codes[i]) for i in h["masks"]]) - dis
        else:
            for p in range(st["players"]):  # MS-7
                delta[p] -= dis
    for p in range(st["players"]):  # MS-8
        delta[p] -= sum([_d6(codes[i]) for i in st["hands"][p]])
    return delta


def deal_round(app, by_hall=False):
    """Deal: C shows it on the halls at once; B walks the spectator deal
    hall by hall (MS-4) to the board."""
    assert isinstance(app.top(), turns.Board) and app.state["phase"] == "deal"
    assert app.top().keys() == ("History", "Deal by hall", "Deal")
    if not by_hall:
        tap(app, "C")
        assert isinstance(app.top(), turns.Board) and app.state["phase"] == "placement"
        return
    tap(app, "B")
    show = app.top()
    assert isinstance(show, turns.DealShow)
    for h in range(5):
        assert show.hall == h
        assert show.title == "Spectator deal: hall %d of 5" % (h + 1)
        tap(app, "C")
    assert isinstance(app.top(), turns.Board) and app.state["phase"] == "placement"


def test_ms10_solo_virtual_game_to_the_end_with_record_kept():
    data = mptest.tmpdir()
    app = _app(data)
    start(app)
    total = 0
    for rnd in range(1, 6):
        assert app.state["round"] == rnd
        deal_round(app, by_hall=True)
        hand_before = list(app.state["hands"][0])
        tap(app, "C")  # masks for hall 1
        assert isinstance(app.top(), turns.Hand)
        tap(app, "B", "C")  # pick the first mask, place it
        st = app.state
        assert st["halls"][0]["masks"] == [hand_before[0]] and st["halls"][0]["owner"] == 0
        expected = expected_round(st)
        tap(app, "B")  # pass: in solo that ends the placement, so it asks first
        assert isinstance(app.top(), Confirm)
        tap(app, "C")
        total += expected[0]
        assert app.state["totals"] == [total]
        assert isinstance(app.top(), score.Scores)
        tap(app, *(["DOWN"] * 7))  # every page, back to the summary
        if rnd < 5:
            tap(app, "C")  # next round
    assert app.state["phase"] == "over"
    tap(app, "C")  # from the last scores to the end screen
    end = app.top()
    assert isinstance(end, score.End) and end.new_record and end.best == total
    path = storage.join(data, "multisala_record.json")
    assert record_file.load(path)["base"] == total
    # a restart lands on the end screen, still showing "New record!"
    app = _app(data)
    assert isinstance(app.top(), score.End) and app.top().new_record
    tap(app, "C")  # Done
    assert app.record is None and isinstance(app.top(), Launcher)
    # the record survives the finished game and a restart: shown at setup
    app = _app(data)
    tap(app, "DOWN", "DOWN", "C")
    assert "Solo record: %d," % total in app.top().record_text


def test_ms10_solo_record_not_beaten_is_kept_and_not_announced():
    data = mptest.tmpdir()
    path = storage.join(data, "multisala_record.json")
    record_file.save(path, {"base": 500})
    app = _app(data)
    start(app)
    for _ in range(5):
        deal_round(app)
        tap(app, "B", "C")  # pass at once, confirm
        tap(app, "C")  # next round, or from the last scores to the end
    end = app.top()
    assert isinstance(end, score.End) and not end.new_record and end.best == 500
    assert record_file.load(path)["base"] == 500


def test_ms5_two_player_game_hall_ownership_refused_and_winner():
    app = _app(mptest.tmpdir())
    start(app, players=2)
    st = app.state
    assert st["rounds"] == 4  # MS-10
    totals = [0, 0]
    for rnd in range(1, 5):
        deal_round(app)
        first = app.state["first"]
        assert app.state["turn"] == first
        if rnd == 1:
            tap(app, "C", "B", "C")  # the first player puts one mask on hall 1
            assert app.state["halls"][0]["owner"] == first
            # MS-5: the other player may not use hall 1: the engine's message
            before = app.record["actions"][:]
            tap(app, "C")
            assert isinstance(app.top(), MessageBox)
            assert "Hall 1 is P%d's" % (first + 1) in " ".join(app.top().lines)
            assert app.record["actions"] == before
            tap(app, "C")  # OK
            assert isinstance(app.top(), turns.Board)
        expected = expected_round(app.state)
        # everybody passes in a row; the last pass asks first
        tap(app, "B")
        tap(app, "B")
        assert isinstance(app.top(), Confirm)
        tap(app, "C")
        totals = [totals[0] + expected[0], totals[1] + expected[1]]
        assert app.state["totals"] == totals
        tap(app, "C")
    end = app.top()
    assert isinstance(end, score.End) and app.state["phase"] == "over"
    best = max(totals)
    assert [p for p in range(2) if totals[p] == best] == ui.engine.winners(app.state)


def test_pl11_refused_place_shows_engine_message_state_unchanged():
    app = _app(mptest.tmpdir())
    start(app)
    deal_round(app)
    before = app.record["actions"][:]
    tap(app, "C", "C")  # masks for hall 1, Place with none picked
    assert isinstance(app.top(), MessageBox)
    # It says what to do: pick with B first, then place with C.
    said = " ".join(app.top().lines)
    assert said.startswith("Nothing picked yet. B picks the focused mask") and "hall 1" in said
    assert app.record["actions"] == before
    tap(app, "C")
    assert isinstance(app.top(), turns.Hand)
    tap(app, "B", "DOWN", "B", "DOWN", "B", "DOWN", "B", "C")  # 4 masks
    assert "At most 3 masks a turn" in " ".join(app.top().lines)
    assert app.record["actions"] == before


def test_pl8_undo_through_history_and_resume_after_restart():
    data = mptest.tmpdir()
    app = _app(data)
    start(app, players=2)
    deal_round(app)
    dealt = app.state
    tap(app, "DOWN", "DOWN", "C", "B", "C")  # a mask on hall 3
    assert app.state["halls"][2]["owner"] == dealt["turn"]
    tap(app, "A")
    assert isinstance(app.top(), History)
    assert "mask(s) on hall 3" in ui.describe(app.record["actions"][-1])
    hold(app, "B")
    assert app.state == dealt
    tap(app, "A")
    assert isinstance(app.top(), turns.Board)
    # restart mid-placement: the same game screen and state
    tap(app, "C", "B", "C")
    state = app.state
    app = _app(data)
    assert isinstance(app.top(), turns.Board) and app.state == state


def test_ms12_physical_round_typed_in_and_scored():
    data = mptest.tmpdir()
    app = _app(data)
    start(app, players=2, physical=True)
    # hall cards: hall 1 paura (emotion index 1) D4 2, halls 2-5 gioia (0) D4 1
    tap(app, "C", "DOWN", "C", "DOWN", "C")
    assert app.state["halls"][0]["emotion"] == 1 and app.state["halls"][0]["d4"] == "2"
    for h in range(1, 5):
        assert app.top().focus == h
        tap(app, "C", "C", "C")
    assert app.state["phase"] == "placement"
    # P1's masks D6 5 and bilico on hall 1; P2 refused there, then on hall 2
    assert app.top().focus == 0  # wrapped back to hall 1 after hall 5
    tap(app, "C", "C", "DOWN", "DOWN", "DOWN", "DOWN", "C")
    tap(app, "C", "C", "UP", "C")
    assert app.state["halls"][0]["masks"] == [["5", None], ["b", None]]
    before = app.record["actions"][:]
    tap(app, "C", "DOWN", "C")  # P2 on hall 1
    assert isinstance(app.top(), MessageBox) and "Hall 1 is P1's" in " ".join(app.top().lines)
    assert app.record["actions"] == before
    tap(app, "C", "DOWN")
    tap(app, "C", "DOWN", "C", "DOWN", "C")  # P2: D6 2 on hall 2
    assert app.state["halls"][1]["masks"] == [["2", None]] and app.state["halls"][1]["owner"] == 1
    tap(app, "B", "C")  # reveal
    rev = app.top()
    assert isinstance(rev, Menu) and app.state["phase"] == "reveal"
    # refused: scoring before the spectators are in
    tap(app, *(["UP"] * 1), "C")
    assert "Hall 1: 2 spectators missing" in " ".join(app.top().lines)
    tap(app, "C", "DOWN")
    assert app.top().focus == 0
    # hall 1: paura ON (same emotion: 0), gioia OFF (2)
    tap(app, "C", "DOWN", "C", "C", "C", "DOWN", "C")
    assert app.state["halls"][0]["spectators"] == [[1, True], [0, False]]
    for _ in range(1, 5):  # halls 2-5 (gioia): one paura OFF spectator each (2)
        tap(app, "DOWN", "C", "DOWN", "C", "DOWN", "C")
    # kept masks: P1 kept 1 (D6 4), P2 kept 2 (D6 1, bilico = 3)
    tap(app, "DOWN", "C", "DOWN", "DOWN", "DOWN", "C")
    tap(app, "DOWN", "C", "C", "UP", "C")
    assert app.state["unplayed"] == [["4"], ["1", "b"]]
    # restart on the reveal list: the same screen
    app = _app(data)
    assert isinstance(app.top(), Menu) and app.state["phase"] == "reveal"
    tap(app, "UP", "C")  # Score
    st = app.state
    assert st["phase"] == "scored" and isinstance(app.top(), score.Scores)
    # hall 1: P1 cleans 5 + 3 = 8, disorder 2 -> +6; hall 2: P2 2 - 2 = 0;
    # halls 3-5 unmasked: -2 each to both (MS-7); hands: P1 -4, P2 -4 (MS-8)
    assert st["breakdown"]["halls"][0]["result"] == 6
    assert st["totals"] == [6 - 6 - 4, 0 - 6 - 4]
    tap(app, "C")
    assert st["round"] == 1 and app.state["round"] == 2 and app.state["phase"] == "deal"
    assert app.state["first"] == (st["first"] + 1) % 2
    assert isinstance(app.top(), entry.Board)


def test_ms11_physical_variant_asks_each_mask_morra():
    app = _app(mptest.tmpdir())
    start(app, physical=True, variant=True)
    for _ in range(5):
        tap(app, "C", "C", "C")
    tap(app, "C", "C", "DOWN", "C")  # D6 1, carta
    assert app.state["halls"][0]["masks"] == [["1", "c"]]
    assert isinstance(app.top(), entry.Board)
    # cancel half-way: back on the board, nothing played
    n = len(app.record["actions"])
    tap(app, "C")
    assert isinstance(app.top(), ChoiceEntry)
    tap(app, "A")
    assert isinstance(app.top(), entry.Board) and len(app.record["actions"]) == n


def test_round_scores_say_down_turns_the_pages_and_hall_names_are_whole():
    from usher.ui import text
    from usher.ui.games.multisala import draw

    class Page:
        page = 1
    assert score.Scores.status(Page()) == "DOWN: next page  2/7"
    # Every default emotion name fits a hall column whole (beside its face or
    # on the row alone).
    from usher.games.multisala import cards
    for name in cards.DEFAULT_EMOTIONS:
        assert text.width(text.SMALL, name) <= draw.COL_W - 6, name


def _tap_request(app, b):
    r1 = app.handle(("press", b))
    r2 = app.handle(("release", b))
    return r1 or r2


def test_pl18_the_deal_and_the_hand_are_windows_over_the_halls():
    # PL-15, PL-18: the spectator deal and the hand are windows over the
    # halls' screen, so opening, stepping, picking, placing and closing
    # update only the rows that changed (a turbo window on the Badger), not
    # the whole panel; the halls above mark the hall they are about.
    app = _app(mptest.tmpdir())
    start(app, players=2)
    board = app.top()
    r = _tap_request(app, "B")                      # deal, hall by hall
    show = app.top()
    assert isinstance(show, turns.DealShow) and show.over and r[0] == "partial", r
    below = app.stack[-2]
    assert isinstance(below, turns.Board) and below.focus == 0
    r = _tap_request(app, "C")                      # hall 2
    assert show.hall == 1 and below.focus == 1 and r[0] == "partial" and r[2] > 0, r
    for _ in range(3):
        _tap_request(app, "C")
    r = _tap_request(app, "C")                      # last hall: back to the halls
    assert app.top() is below and below.focus == 0 and r[0] == "partial", r
    assert below is not board                       # the halls after the deal
    r = _tap_request(app, "C")                      # masks for hall 1
    hand = app.top()
    assert isinstance(hand, turns.Hand) and hand.over and r[0] == "partial", r
    assert hand.window_y >= 56                      # the halls' D4 rows stay in view
    r = _tap_request(app, "DOWN")
    assert hand.focus == 1 and r[0] == "partial" and r[2] >= hand.window_y, r
    first = app.state["hands"][0][1]
    _tap_request(app, "B")
    r = _tap_request(app, "C")                      # placed: P2 on turn
    st = app.state
    assert st["halls"][0]["masks"] == [first] and st["turn"] == 1
    assert app.top() is below and r[0] == "partial", r
    assert below.title == "Round 1/4: P2 to play" and below.focus == 0
    # a restart lands on the same halls' screen, rebuilt from the save
    app2 = _app(app.data_dir)
    assert isinstance(app2.top(), turns.Board) and app2.top().title == below.title
