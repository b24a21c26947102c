# The engine's solo and multiplayer play: TS-3 who scratched, TS-5 panels by
# turn, TS-9..TS-11 Automa turns as recorded for the screen, TS-19..TS-22 end
# of game, and bad input refused with the state unchanged.
from usher.core import game
from usher.core.game import GameError, clone
from usher.games.takeaseat import engine
from mptest import raises, refused_unchanged
from tk_fixtures import M, TEST_PANELS, marks_at, solo_game

P, A = 0, 1
# Default deck card indexes: 0 authorities RD, 1 authorities UL x2,
# 2 celebrities LD, 3 celebrities DR, 4 press RU, 5 press UR x2, 6 public LU,
# 7 public DL.


def _reserve(s, area, *cells):
    return engine.apply(s, {"type": "reserve", "area": area, "cells": [list(c) for c in cells]})


def test_ts3_ts5_player_and_automa_panels_alternate():
    s = solo_game(2, deck_order=[2, 3, 4, 6, 7, 0, 1, 5])
    assert s["phase"] == "player" and s["turn"] == 1 and s["panel"] == 0  # right on odd turns
    s = _reserve(s, "press", (0, 0))
    assert marks_at(s, 0, 2) == [[0, 0, P]] and s["phase"] == "automa"
    s = engine.apply(s, {"type": "automa"})
    assert s["automa_last"]["panel"] == 1  # the other panel
    assert marks_at(s, 1, 1) == [[0, 0, A]]  # celebrities (revealed) with DR (next card)
    assert s["turn"] == 2 and s["panel"] == 1 and s["phase"] == "player"  # left on even turns
    s = _reserve(s, "public", (1, 1))
    assert marks_at(s, 1, 3) == [[1, 1, P]]
    s = engine.apply(s, {"type": "automa"})
    assert s["automa_last"]["panel"] == 0 and s["turn"] == 3 and s["panel"] == 0


def test_ts9_automa_step_with_x2_recorded_for_the_screen():
    s = solo_game(1, deck_order=[0, 1, 2, 3, 4, 5, 6, 7])
    s = _reserve(s, "press", (0, 3))
    s = engine.apply(s, {"type": "automa"})
    step = s["automa_last"]
    # Revealed card 0 = authorities; next card 1 = UL with x2. On the T
    # (### / .#.) UL scans column 2 upwards: (0,2); then column 1: (1,1).
    assert step["area"] == "authorities" and step["arrow"] == "UL" and step["x2"] is True
    assert step["card"] == 0 and step["arrow_card"] == 1 and step["turn"] == 1
    assert step["scratches"] == [{"area": "authorities", "cell": [0, 2], "fallback": None},
                                 {"area": "authorities", "cell": [1, 1], "fallback": None}]
    assert step["skipped"] == [] and step["reshuffled"] is False
    assert marks_at(s, 1, 0) == [[0, 2, A], [1, 1, A]]
    assert s["discard"] == [0] and s["deck"] == [1, 2, 3, 4, 5, 6, 7]
    assert s["stats"]["x2"] == 1 and s["stats"]["automa_scratches"] == 2


def test_ts10_full_ticket_falls_back_and_the_step_says_why():
    s = solo_game(1, deck_order=[0, 1, 2, 3, 4, 5, 6, 7])
    s = _reserve(s, "press", (0, 3))
    s = clone(s)
    s["scratches"][1][0] = M([[0, 0, P], [0, 2, P], [1, 1, P]])  # T left with one cell: full
    s = engine.apply(s, {"type": "automa"})
    step = s["automa_last"]
    # Authorities full -> celebrities (L: #. / #. / ##) with UL: (2,1), then
    # the remaining column's bottom end (2,0).
    reason = "authorities has no valid cell"
    assert step["scratches"] == [{"area": "celebrities", "cell": [2, 1], "fallback": reason},
                                 {"area": "celebrities", "cell": [2, 0], "fallback": reason}]
    assert s["stats"]["fallbacks"] == 2


def test_ts10_no_valid_cell_on_panel_skips_with_reason():
    s = solo_game(1, deck_order=[0, 1, 2, 3, 4, 5, 6, 7])
    s = _reserve(s, "press", (0, 3))
    s = clone(s)
    s["scratches"][1] = [M([[0, 0, P], [0, 2, P], [1, 1, P]]),
                         M([[0, 0, P], [1, 0, P], [2, 1, P]]),
                         M([[0, 1, P], [0, 2, P], [0, 3, P]]),
                         M([[0, 1, P], [1, 0, P], [1, 1, P]])]
    before = clone(s["scratches"][1])
    s = engine.apply(s, {"type": "automa"})
    step = s["automa_last"]
    assert step["scratches"] == []
    assert step["skipped"] == [{"scratch": 1, "reason": "no valid cell on panel"},
                               {"scratch": 2, "reason": "no valid cell on panel"}]
    assert s["scratches"][1] == before and s["stats"]["skipped"] == 2
    assert s["discard"] == [0]  # the card is still used up (TS-11)


def test_ts4_double_reservation_in_the_engine():
    s = solo_game(1)
    # #### : (0,0) then the new end (0,1); the same cell twice is refused.
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [[0, 0], [0, 0]]},
                      "Invalid scratch 0,0")
    s = _reserve(s, "press", (0, 0), (0, 1))
    assert marks_at(s, 0, 2) == [[0, 0, P], [0, 1, P]] and s["stats"]["doubles"] == 1


def test_pass_only_when_the_panel_is_full():
    s = solo_game(1)
    refused_unchanged(engine, s, {"type": "pass"}, "still possible")
    s = clone(s)
    s["scratches"][0] = [M([[0, 0, A], [0, 2, A], [1, 1, A]]),
                         M([[0, 0, A], [1, 0, A], [2, 1, A]]),
                         M([[0, 1, A], [0, 2, A], [0, 3, A]]),
                         M([[0, 1, A], [1, 0, A], [1, 1, A]])]
    s = engine.apply(s, {"type": "pass"})
    assert s["phase"] == "automa" and s["stats"]["passes"] == 1


def _at_scoring(s):
    s = clone(s)
    s["phase"] = "scoring"
    s["turn"] = 14
    s["scratches"] = [[M([[0, 0, P], [0, 2, P], [1, 1, A]]), M([[0, 0, A]]), [], M([[0, 0, P], [1, 1, A]])],
                      [M([[0, 0, P], [0, 2, A]]), [], [], []]]
    return s


def test_ts19_ts21_ts22_solo_final_score_player_wins():
    s = _at_scoring(solo_game(1))
    s = engine.apply(s, {"type": "score", "counts": [2, 1, 3, 4], "usher_bonus": 5})
    r = s["result"]
    # Objectives rows/columns/largest_square/empty_areas: 6*2 + 4 + 6 + 4.
    assert r["player"]["objective_points"] == [6, 4, 6, 4] and r["player"]["objective_total"] == 26
    # Circles: player [3,0,0,1] -> 10 + 2; Automa [1,2,0,1] -> 2 + 5 + 2.
    assert r["player"]["circles"] == [3, 0, 0, 1] and r["player"]["majority_points"] == 12
    assert r["automa"]["circles"] == [1, 2, 0, 1] and r["automa"]["majority_points"] == 9
    assert r["automa"]["total"] == 36
    assert r["player"]["total"] == 26 + 12 + 5
    assert r["winner"] == "player" and s["phase"] == "over"


def test_ts21_solo_tie_goes_to_the_automa():
    s = _at_scoring(solo_game(1))
    s = engine.apply(s, {"type": "score", "counts": [0, 0, 0, 0], "usher_bonus": 24})
    assert s["result"]["player"]["total"] == 36 == s["result"]["automa"]["total"]
    assert s["result"]["winner"] == "automa"


def test_ts20_ts22_multiplayer_tracker_and_scoring():
    s = engine.new_game({"mode": "multi", "players": 3, "objectives": "entered",
                         "objective_ids": ["rows", "columns", "largest_square", "empty_areas"]}, 4)
    sides = []
    for turn in range(1, 15):
        assert s["turn"] == turn and s["phase"] == "player"
        sides.append(s["panel"])
        s = engine.apply(s, {"type": "next_turn"})
    assert sides == [0, 1] * 7
    assert s["phase"] == "scoring"
    s = engine.apply(s, {"type": "score", "player": 0, "counts": [2, 1, 3, 4], "usher_bonus": 5,
                         "majorities": ["more", "equal", "none", "fewer", "more", "more", "equal", "none"]})
    assert s["scores"][0]["circles"] == [4, 3, 1, 0] and s["scores"][0]["total"] == 26 + 32 + 5
    assert s["phase"] == "scoring" and s["result"] is None
    s = engine.apply(s, {"type": "score", "player": 1, "counts": [0, 0, 0, 0], "usher_bonus": 0,
                         "majorities": ["more"] * 8})
    s = engine.apply(s, {"type": "score", "player": 2, "counts": [1, 0, 0, 0], "usher_bonus": 54,
                         "majorities": ["equal"] * 8})
    # Players 1 and 2 tie on 80 (80 + 0 and 6 + 20 + 54); player 2 has more usher bonus.
    assert s["result"]["totals"] == [63, 80, 80]
    assert s["result"]["winners"] == [2] and s["phase"] == "over"


def test_bad_input_solo_refused_state_unchanged():
    s = solo_game(1)
    refused_unchanged(engine, s, {"type": "automa"}, "Not now")
    # (0,1) splits the T; (1,0) is not one of its cells.
    refused_unchanged(engine, s, {"type": "reserve", "area": "authorities", "cells": [[0, 1]]}, "Invalid")
    refused_unchanged(engine, s, {"type": "reserve", "area": "authorities", "cells": [[1, 0]]}, "Invalid")
    refused_unchanged(engine, s, {"type": "reserve", "area": "vip", "cells": [[0, 0]]}, "area must be")
    # Off every ticket, though row * 8 + col would be (1,1), a valid cell of
    # the T (a cell is one number inside the engine, tickets.cell).
    refused_unchanged(engine, s, {"type": "reserve", "area": "authorities", "cells": [[0, 9]]},
                      "Invalid scratch 0,9")
    refused_unchanged(engine, s, {"type": "reserve", "area": "authorities", "cells": [[2, -7]]},
                      "Invalid scratch 2,-7")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": "0,0"}, "1 or 2 cells")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [[0, 0]] * 3}, "1 or 2")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [[0]]}, "[row, col]")
    refused_unchanged(engine, s, {"type": "reserve", "area": "press", "cells": [[0, "1"]]}, "[row, col]")
    # Double reservation whose second scratch would split the T: nothing applied.
    refused_unchanged(engine, s, {"type": "reserve", "area": "authorities", "cells": [[0, 0], [0, 1]]},
                      "Invalid scratch 0,1")
    refused_unchanged(engine, s, {"type": "score", "counts": [0, 0, 0, 0], "usher_bonus": 0}, "Not now")
    refused_unchanged(engine, s, {"type": "next_turn"}, "Not in multi")
    refused_unchanged(engine, s, {"type": "fly"}, "Unknown action")
    s2 = _reserve(s, "press", (0, 0))
    refused_unchanged(engine, s2, {"type": "reserve", "area": "press", "cells": [[0, 1]]}, "Not now")
    refused_unchanged(engine, s2, {"type": "pass"}, "Not now")


def test_bad_input_scoring_refused_state_unchanged():
    s = _at_scoring(solo_game(1))
    refused_unchanged(engine, s, {"type": "score", "counts": [1, -1, 0, 0], "usher_bonus": 0},
                      "count B cannot be negative")
    refused_unchanged(engine, s, {"type": "score", "counts": [1, 0, 0, 0], "usher_bonus": -2}, "at least 0")
    refused_unchanged(engine, s, {"type": "score", "counts": [1, 0, 0], "usher_bonus": 0}, "4 numbers")
    refused_unchanged(engine, s, {"type": "score", "counts": [1, 0, 0, "x"], "usher_bonus": 0}, "whole")
    refused_unchanged(engine, s, {"type": "score", "counts": [1, 0, 0, 5000], "usher_bonus": 0}, "too big")
    m = engine.new_game({"mode": "multi", "players": 2}, 1)
    refused_unchanged(engine, m, {"type": "reserve", "area": "press", "cells": [[0, 0]]}, "Not in solo")
    for _ in range(14):
        m = engine.apply(m, {"type": "next_turn"})
    refused_unchanged(engine, m, {"type": "next_turn"}, "Not now")
    good = {"type": "score", "player": 0, "counts": [0, 0, 0, 0], "usher_bonus": 0,
            "majorities": ["none"] * 8}
    bad = dict(good)
    bad["player"] = 2
    refused_unchanged(engine, m, bad, "player must be at most 1")
    bad = dict(good)
    bad["majorities"] = ["none"] * 7
    refused_unchanged(engine, m, bad, "8 outcomes")
    bad = dict(good)
    bad["majorities"] = ["none"] * 7 + ["lots"]
    refused_unchanged(engine, m, bad, "outcome must be")
    m = engine.apply(m, good)
    refused_unchanged(engine, m, good, "already scored")


def test_bad_options_refused():
    cases = [
        ({"mode": "duo"}, "mode"),
        ({"mode": "multi", "players": 7}, "2 to 6"),
        ({"mode": "multi", "players": 1}, "2 to 6"),
        ({"objectives": "weird"}, "objectives must be"),
        ({"objectives": "entered", "objective_ids": ["rows", "columns", "rows", "vip_fans"]}, "twice"),
        ({"objectives": "entered", "objective_ids": ["rows", "balcony", "columns", "vip_fans"]}, "Unknown"),
        ({"objectives": "entered", "objective_ids": ["rows"]}, "Enter 4"),
        ({"panels": [0, 0]}, "2 different"),
        ({"panels": [0, 9]}, "2 different"),
        ({"panels_text": "panel X\nauthorities\n#\n"}, "3 defect(s)"),
        ({"panels_text": TEST_PANELS, "deck_text": "press RD\n"}, "Deck: 1 defect"),
    ]
    for options, expect in cases:
        e = raises(GameError, engine.new_game, options, 1)
        assert expect in e.message, (options, e.message)
    one = "panel X\nauthorities\n##\ncelebrities\n##\npress\n##\npublic\n##\n"
    assert "Solo needs 2" in raises(GameError, engine.new_game, {"panels_text": one}, 1).message


def test_state_is_plain_json_and_small():
    s = engine.new_game({}, 5)
    text = game.canonical_json(s)
    assert s["phase"] == "player" and s["turn"] == 1 and len(s["panel_names"]) == 2
    assert len(text) < 2000, len(text)
