# Automa deck: TS-6 default deck and its validation, TS-8 setup shuffle,
# TS-11 discard and reshuffle after 7 turns, TS-12 seeded randomness.
from usher.core import game, rng
from usher.games.takeaseat import deck as dk
from usher.games.takeaseat import engine
from usher.games.takeaseat import tickets as tk
from mptest import raises
from tk_fixtures import solo_game


def test_ts6_default_deck_matches_the_assumption():
    cards = dk.default_deck()
    assert "ASSUMED" in dk.DEFAULT_DECK_TEXT
    assert len(cards) == 8
    for a in tk.AREAS:
        assert len([c for c in cards if c["area"] == a]) == 2
    assert sorted([c["arrow"] for c in cards]) == sorted(tk.ARROWS)
    doubles = [c for c in cards if c["x2"]]
    assert len(doubles) == 2 and doubles[0]["area"] != doubles[1]["area"]
    assert dk.validate_deck(cards) == []


def test_ts6_deck_defects_named_by_line():
    text = "authorities RD\ncelebrities XX\nvip LU\npress UR x3\nfoo\n"
    cards, defects = dk.parse_deck(text)
    assert "line 2: unknown arrow 'XX' (arrows: RD RU LD LU DR DL UR UL)" in defects
    assert defects[1] == "line 3: unknown area 'vip' (areas: authorities, celebrities, press, public)"
    assert "line 4: third word must be 'x2', got 'x3'" in defects
    assert "line 5: expected 'AREA ARROW [x2]', got 'foo'" in defects
    assert "deck has 5 cards, needs 8" in defects
    assert len(cards) == 1


def test_ts6_deck_all_x2_refused():
    text = "\n".join(["press RD x2"] * 8)
    _, defects = dk.parse_deck(text)
    assert defects == ["every card shows x2: setup needs one without"]
    raises(ValueError, dk.load_deck, text)
    assert dk.validate_deck([{"area": "press", "arrow": "RD", "x2": "yes"}])[0].startswith("card 1")


def test_ts8_setup_top_card_never_x2():
    cards = dk.default_deck()
    for seed in range(30):
        order, shuffles = dk.shuffle_deck(rng.new_state(seed), cards)
        assert sorted(order) == list(range(8))
        assert not cards[order[0]]["x2"]
        assert 1 <= shuffles <= dk.MAX_SETUP_SHUFFLES


def test_ts8_bounded_shuffles_move_first_plain_card_to_top():
    # 7 of 8 cards show x2: ten shuffles often all end with x2 on top; the
    # bound then moves the first card without x2 (card 7) to the top.
    cards = [{"area": "press", "arrow": "RD", "x2": True} for _ in range(7)]
    cards.append({"area": "public", "arrow": "LU", "x2": False})
    hit_bound = 0
    for seed in range(30):
        order, shuffles = dk.shuffle_deck(rng.new_state(seed), cards)
        assert order[0] == 7 and sorted(order) == list(range(8))
        assert shuffles <= dk.MAX_SETUP_SHUFFLES
        if shuffles == dk.MAX_SETUP_SHUFFLES:
            hit_bound += 1
    assert hit_bound > 0


def test_ts11_discard_and_reshuffle_after_seven_turns():
    s = solo_game(3)
    reshuffled_at = []
    for turn in range(1, 15):
        assert s["turn"] == turn
        s = engine.apply(s, {"type": "pass"}) if not tk.panel_has_valid_scratch(
            s["tickets"][s["panel"]], s["scratches"][s["panel"]]) else _first_reserve(s)
        before = list(s["deck"])
        s = engine.apply(s, {"type": "automa"})
        step = s["automa_last"]
        assert step["card"] == before[0] and step["arrow_card"] == before[1]
        assert len(s["deck"]) + len(s["discard"]) == 8
        if step["reshuffled"]:
            reshuffled_at.append(turn)
            assert len(s["deck"]) == 8 and s["discard"] == []
            assert not s["cards"][s["deck"][0]]["x2"]  # TS-8 rule again
        else:
            assert s["discard"][-1] == step["card"] and s["deck"] == before[1:]
    assert reshuffled_at == [7, 14]


def _first_reserve(s):
    p = s["panel"]
    for a in range(4):
        cells = tk.valid_scratches(s["tickets"][p][a], s["scratches"][p][a])
        if cells:
            return engine.apply(s, {"type": "reserve", "area": tk.AREAS[a], "cells": [tk.row_col(cells[0])]})
    raise AssertionError("no scratch")


def test_ts12_same_seed_same_game_and_saved_state_resumes():
    a = solo_game(11)
    b = solo_game(11)
    assert game.canonical_json(a) == game.canonical_json(b)
    assert "rng" in a
    # Resume from a JSON round trip: the same future draws.
    import json
    for _ in range(7):
        a = engine.apply(_first_reserve(a), {"type": "automa"})
    resumed = json.loads(json.dumps(a))
    a2 = engine.apply(_first_reserve(a), {"type": "automa"})
    r2 = engine.apply(_first_reserve(resumed), {"type": "automa"})
    assert game.canonical_json(a2) == game.canonical_json(r2)
    seeds = set()
    for seed in range(10):
        seeds.add(tuple(engine.new_game({}, seed)["deck"]))
    assert len(seeds) > 5  # different seeds, different decks
