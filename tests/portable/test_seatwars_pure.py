# The pure functions of Seat Wars the UI may call on their own: the seat
# challenge resolver (SW-5, SW-6) and totals / winners (SW-8).
from usher.games.seatwars import challenge, scoring


def test_sw6_resolver_equal_totals_keep_the_seat():
    r = challenge.resolve(6, [], 6, [])
    assert r == {"won": False, "attack": 6, "defence": 6, "seymour": False}
    assert not challenge.challenger_wins(5, [1, 1], 6, [1])  # 7 vs 7


def test_sw6_resolver_strictly_greater_wins():
    assert challenge.challenger_wins(7, [], 6, [])
    r = challenge.resolve(5, [2], 6, [])  # equipment tips it: 7 > 6
    assert r["won"] and r["attack"] == 7 and r["defence"] == 6
    assert not challenge.challenger_wins(5, [2], 4, [3])  # seated 7 holds


def test_sw6_resolver_seymour_wins_regardless():
    r = challenge.resolve(1, [], 12, [3], seymour=True)
    assert r["won"] and r["seymour"] and r["defence"] == 15


def test_sw5_item_needs_attack_greater_than_shield():
    assert not challenge.item_taken(5, [], 5)
    assert challenge.item_taken(6, [], 5)
    assert challenge.item_taken(4, [2], 5)
    assert challenge.item_taken(0, [], 9, seymour=True)


def _player(entries):
    return {"scored": [{"what": w, "points": p} for (w, p) in entries]}


def test_sw8_totals_and_character_counts():
    p = _player([("char", 7), ("item", 3), ("char", 2)])
    assert scoring.total(p) == 12 and scoring.scored_characters(p) == 2


def test_sw8_winner_tie_break_and_shared_win():
    a = _player([("char", 8)])
    b = _player([("char", 5), ("char", 3)])
    c = _player([("char", 6), ("item", 2)])
    d = _player([("char", 9)])
    assert scoring.winners([a, b, c]) == [1]  # 8 each; b has 2 characters
    assert scoring.winners([a, c]) == [0, 1]  # 8 each, one character each
    assert scoring.winners([a, b, d]) == [2]
    assert scoring.standings([a, b, c, d]) == [3, 1, 0, 2]
