# Take a Seat edges the mutation run (bench/mutate.py) found untested: TS-20 scoring
# with three and four players, TS-8 the setup shuffle bound, TS-2 panel files
# with rows in odd places, 4-connection across a one-row gap, and refusals of
# bad options and cells (PL-11).
from usher.core import rng
from usher.core.game import GameError
from usher.games.takeaseat import deck as dk
from usher.games.takeaseat import engine
from usher.games.takeaseat import panels as pn
from usher.games.takeaseat import tickets as tk
from mptest import raises, refused_unchanged
from tk_fixtures import OBJECTIVES, TEST_PANELS, solo_game

NONE8 = ["none"] * 8


def _multi(players):
    s = engine.new_game({"mode": "multi", "players": players, "objectives": "entered",
                         "objective_ids": OBJECTIVES}, 2)
    for _ in range(engine.TURNS):
        assert s["phase"] == "player"
        s = engine.apply(s, {"type": "next_turn"})
    assert s["phase"] == "scoring"
    return s


def _score(s, who, a_count, bonus, majorities=None):
    return engine.apply(s, {"type": "score", "player": who, "counts": [a_count, 0, 0, 0],
                            "usher_bonus": bonus, "majorities": majorities or NONE8})


def test_ts20_three_players_in_any_order_tie_broken_by_usher_bonus():
    """TS-20: equal totals go to the player with the most usher bonus. P3
    scores first; totals only appear once everyone is in."""
    s = _multi(3)
    base = _score(_multi(3), 0, 0, 0)["scores"][0]["total"]
    s = _score(s, 2, 0, 4)
    assert s["phase"] == "scoring" and s["result"] is None
    refused_unchanged(engine, s, {"type": "score", "player": 2, "counts": [0, 0, 0, 0], "usher_bonus": 0,
                                  "majorities": NONE8}, "already scored")
    refused_unchanged(engine, s, {"type": "score", "player": 3, "counts": [0, 0, 0, 0], "usher_bonus": 0,
                                  "majorities": NONE8}, "player")
    # P1: 2 more bonus points elsewhere, P2: the same total via majorities
    s = _score(s, 0, 0, 2, ["more"] + ["none"] * 7)
    s = _score(s, 1, 0, 0, ["more", "more"] + ["none"] * 6)
    totals = s["result"]["totals"]
    assert totals[2] == base + 4 and totals[0] > base + 2 and s["phase"] == "over"
    best = max(totals)
    expect = [i for i in range(3) if totals[i] == best]
    bon = [2, 0, 4]
    top = max([bon[i] for i in expect])
    assert s["result"]["winners"] == [i for i in expect if bon[i] == top]


def test_ts20_four_players_full_tie_shared_and_bonus_tie_break():
    s = _multi(4)
    for p in (3, 1, 0, 2):
        s = _score(s, p, 0, 1)
    assert s["result"]["winners"] == [0, 1, 2, 3]
    s = _multi(4)
    s = _score(s, 0, 0, 3)
    s = _score(s, 1, 0, 5)
    s = _score(s, 2, 0, 5)
    s = _score(s, 3, 0, 1)
    assert s["result"]["winners"] == [1, 2]
    from usher.games.takeaseat import scoring as sc
    assert sc.multiplayer_winners([10, 12, 12, 3], [9, 1, 2, 9]) == [2]
    assert sc.multiplayer_winners([10, 12, 12, 3], [9, 2, 2, 9]) == [1, 2]
    assert sc.multiplayer_winners([5, 4, 3], [0, 9, 9]) == [0]


def test_ts5_multiplayer_turns_and_player_count_limits():
    s = engine.new_game({"mode": "multi", "players": 4}, 1)
    assert s["turn"] == 1 and s["scores"] == [None] * 4
    s = engine.apply(s, {"type": "next_turn"})
    assert s["turn"] == 2 and s["panel"] == engine.LEFT
    for bad in (1, 7, "3", None):
        raises(GameError, engine.new_game, {"mode": "multi", "players": bad}, 1)
    assert engine.new_game({"mode": "multi", "players": 6}, 1)["players"] == 6
    refused_unchanged(engine, s, {"type": "score", "player": 0}, "Not now")


def test_ts8_setup_shuffle_stops_after_10_and_moves_a_plain_card_up():
    """TS-8: reshuffled while the top card shows x2, at most 10 times; then
    the first card without x2 is moved to the top."""
    cards = [{"x2": True}] * 30 + [{"x2": False}]
    st = rng.new_state(4)
    order, shuffles = dk.shuffle_deck(st, cards)
    assert shuffles == 10 and order[0] == 30 and sorted(order) == list(range(31))
    ref = rng.new_state(4)
    for _ in range(10):
        rng.shuffle(ref, list(range(31)))
    assert st == ref
    allx2 = [{"x2": True}] * 5
    order, shuffles = dk.shuffle_deck(rng.new_state(4), allx2)
    assert shuffles == 10 and sorted(order) == [0, 1, 2, 3, 4]
    # a deck whose top is plain at the first try is shuffled once
    plain = [{"x2": False}] * 6
    st = rng.new_state(4)
    order, shuffles = dk.shuffle_deck(st, plain)
    ref = rng.new_state(4)
    expect = list(range(6))
    rng.shuffle(ref, expect)
    assert shuffles == 1 and order == expect and st == ref
    # count the tries by hand for a half-x2 deck
    half = [{"x2": i % 2 == 0} for i in range(8)]
    for seed in range(12):
        st = rng.new_state(seed)
        order, shuffles = dk.shuffle_deck(st, half)
        ref = rng.new_state(seed)
        tries = 0
        o = list(range(8))
        while True:
            rng.shuffle(ref, o)
            tries += 1
            if not half[o[0]]["x2"] or tries == 10:
                break
        assert shuffles == tries and not half[order[0]]["x2"] and st == ref


def test_ts2_rows_in_odd_places_and_ticket_limits():
    block = "authorities\n#\ncelebrities\n#\npress\n#\npublic\n#\n"
    _p, d = pn.parse_panels("panel A\n##\n" + block)
    assert len(d) == 1 and "line 2" in d[0] and "before any panel/area" in d[0]
    _p, d = pn.parse_panels("panel A\n" + block + "press\n#\n")
    assert [x for x in d if "appears twice" in x] and [x for x in d if "belongs to no ticket" in x]
    assert "line 11" in [x for x in d if "belongs to no ticket" in x][0]
    _p, d = pn.parse_panels("panel A\nauthorities\n" + "#\n" * 9 + block[len("authorities\n#\n"):])
    assert len(d) == 1 and "more than 8 rows" in d[0]
    p, d = pn.parse_panels("panel A\nauthorities\n" + "#\n" * 8 + block[len("authorities\n#\n"):])
    assert d == [] and len(p[0]["tickets"][0]) == 8
    _p, d = pn.parse_panels("panel A\nauthorities\n#########\n" + block[len("authorities\n#\n"):])
    assert len(d) == 1 and "wider than 8" in d[0]
    p, d = pn.parse_panels("panel A\nauthorities\n########\n" + block[len("authorities\n#\n"):])
    assert d == [] and len(p[0]["tickets"][0]) == 8
    _p, d = pn.parse_panels("#\npanel A\n" + block)
    assert len(d) == 1 and "line 1" in d[0]
    _p, d = pn.parse_panels("panel A\nauthorities\n#\n.\n#\n" + block[len("authorities\n#\n"):])
    assert len(d) == 1 and "not 4-connected" in d[0]
    # A ticket over the size limit is named for its size alone: its shape
    # is checked on the engine's cells, which rows 0-7 and columns 0-7 have.
    _p, d = pn.parse_panels("panel A\nauthorities\n#.#######\n" + block[len("authorities\n#\n"):])
    assert len(d) == 1 and "wider than 8" in d[0], d
    _p, d = pn.parse_panels("panelA\n" + block)
    assert "needs a name" in d[0]
    _p, d = pn.parse_panels("; only a comment\n\n")
    assert d == ["no panels in the file"]
    _p, d = pn.parse_panels("press\n#\n")
    assert "before any 'panel' line" in d[0]


def test_ts2_is_connected_needs_edge_neighbours():
    assert tk.is_connected(tk.cells_of([[2, 0], [0, 0]])) is False
    assert tk.is_connected(tk.cells_of([[0, 0], [2, 0]])) is False
    assert tk.is_connected(tk.cells_of([[0, 0], [0, 2]])) is False
    assert tk.is_connected(tk.cells_of([[0, 2], [0, 0]])) is False
    assert tk.is_connected(tk.cells_of([[0, 0], [1, 1]])) is False
    assert tk.is_connected(tk.cells_of([[1, 1], [0, 0]])) is False
    assert tk.is_connected(tk.cells_of([[1, 0], [0, 0]])) is True
    assert tk.is_connected(tk.cells_of([[0, 1], [0, 0]])) is True
    assert tk.is_connected(tk.cells_of([[0, 0], [0, 1], [2, 1], [1, 1]])) is True
    assert tk.is_connected(tk.cells_of([[0, 0], [0, 0]])) is True
    assert tk.is_connected(tk.cells_of([[3, 3]])) is True and tk.is_connected([]) is False


def test_pl11_options_and_cells_of_the_wrong_type_refused():
    for bad in (None, [], "solo"):
        raises(GameError, engine.new_game, bad, 1)
    for bad in (-1, "1", 1.5):
        raises(GameError, engine.new_game, {}, bad)
    for opts in ({"panels_text": 5}, {"deck_text": ["x"]}, {"mode": "duo"}, {"objectives": "all"},
                 {"panels_text": TEST_PANELS, "panels": [-1, 0]},
                 {"panels_text": TEST_PANELS, "panels": [0, 2]},
                 {"panels_text": TEST_PANELS, "panels": [1, 1]},
                 {"panels_text": TEST_PANELS, "panels": [0, "1"]},
                 {"panels_text": TEST_PANELS, "panels": [0]},
                 {"panels_text": "panel Only\n" + "authorities\n#\ncelebrities\n#\npress\n#\npublic\n#\n"}):
        raises(GameError, engine.new_game, opts, 1)
    s = engine.new_game({"panels_text": TEST_PANELS, "panels": [1, 0]}, 1)
    assert s["panel_names"] == ["Left", "Right"]
    s = solo_game()
    for cell in (["a", 1], [0, "1"], [0], [0, 0, 0], "0,0", None):
        refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [cell]}, "cell")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": []}, "1 or 2")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [[0, 0]] * 3}, "1 or 2")
    refused_unchanged(engine, s, {"type": "reserve", "area": "lobby", "cells": [[0, 0]]}, "area")


def test_ts8_validate_deck_needs_a_card_without_x2():
    card = {"area": "press", "arrow": tk.ARROWS[0], "x2": True}
    allx2 = [dict(card) for _ in range(dk.DECK_SIZE)]
    assert dk.validate_deck(allx2) == ["every card shows x2: setup needs one without"]
    one = [dict(card) for _ in range(dk.DECK_SIZE)]
    one[5]["x2"] = False
    assert dk.validate_deck(one) == []
    short = allx2[:-1]
    assert dk.validate_deck(short) == ["deck has %d cards, needs %d" % (dk.DECK_SIZE - 1, dk.DECK_SIZE)]
    bad = [dict(card) for _ in range(dk.DECK_SIZE)]
    bad[0]["x2"] = "yes"
    assert dk.validate_deck(bad) == ["card 1: needs a known area, arrow and x2 true/false"]
    assert dk.validate_deck("cards") == ["deck must be a list of cards"]


def test_ts19_entered_counts_and_bonus_up_to_999_and_player_defaults():
    s = _multi(2)
    assert s["players"] == 2 and engine.new_game({"mode": "multi"}, 1)["players"] == 2
    assert engine.new_game({}, 1)["players"] == 1
    a = {"type": "score", "player": 0, "counts": [1000, 0, 0, 0], "usher_bonus": 0, "majorities": NONE8}
    refused_unchanged(engine, s, a, "too big")
    a["counts"] = [0, 0, 0, 0]
    a["usher_bonus"] = 1000
    refused_unchanged(engine, s, a, "usher_bonus")
    a["counts"] = [999, 0, 0, 999]
    a["usher_bonus"] = 999
    s = engine.apply(s, a)
    assert s["scores"][0]["counts"] == [999, 0, 0, 999] and s["scores"][0]["usher_bonus"] == 999


def test_ts2_format_panels_text_is_exact():
    tickets = [[[0, 0], [0, 1], [0, 2], [1, 1]], [[0, 0], [1, 0]], [[0, 1], [1, 0], [1, 1]], [[0, 0]]]
    p = {"name": "T", "tickets": tickets}
    assert pn.format_panels([p]) == ("panel T\nauthorities\n###\n.#.\ncelebrities\n#\n#\npress\n.#\n##\n"
                                     "public\n#\n")


def test_ts18_majority_track_caps_at_four_circles():
    from usher.games.takeaseat import scoring as sc
    assert sc.majority_points([0, 1, 2, 3]) == 0 + 2 + 5 + 10
    assert sc.majority_points([4, 4, 5, 9]) == 80
