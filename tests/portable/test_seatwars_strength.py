# Seat Wars rules at their edges and with three and four players (bench/mutate.py's gaps):
# SW-5 items only right after a seat, SW-3 the full round with four players,
# SW-7 the last round from a middle seat, SW-8 tie-breaks among three, and the
# refusals of bad entries (PL-11).
from usher.core.game import GameError
from usher.games.seatwars import engine as E
from usher.games.seatwars import scoring
from mptest import raises, refused_unchanged

ITEM = {"type": "item", "shield": 2}


def run(s, *actions):
    for a in actions:
        s = E.apply(s, a)
    return s


def place(attack, equip=None):
    return {"type": "place", "attack": attack, "equip": equip or []}


def end():
    return {"type": "end_turn"}


def test_sw5_no_item_after_an_event_a_seymour_challenge_a_score_or_a_lost_challenge():
    s = run(E.new_game({"players": 3}, 1), place(5), end(), place(3), end(), end())
    assert s["current"] == 0
    mine = s["bus"][0]["id"]
    theirs = s["bus"][1]["id"]
    # a seat, then an event card: the item no longer fits
    t = run(s, place(1), {"type": "event"})
    refused_unchanged(E, t, ITEM, "Seat a character")
    # a Seymour challenge right after a seat
    t = run(s, place(1), {"type": "challenge", "target": theirs, "seymour": True, "value": 1})
    refused_unchanged(E, t, ITEM, "Seat a character")
    # scoring after a seat
    t = run(s, place(1), {"type": "score", "target": mine, "mode": "max", "value": 4})
    refused_unchanged(E, t, ITEM, "Seat a character")
    # a lost challenge after a seat (3 vs 3 keeps the seat)
    t = run(s, place(1), {"type": "challenge", "target": theirs, "attack": 3})
    refused_unchanged(E, t, ITEM, "Seat a character")
    # a won challenge seats the challenger: an item may follow
    t = run(s, {"type": "challenge", "target": theirs, "attack": 4}, ITEM)
    assert t["bus"][-1]["kind"] == "item" and t["bus"][-2]["owner"] == 0
    # a new turn starts without a seat
    t = run(s, place(1), end())
    refused_unchanged(E, t, ITEM, "Seat a character")


def test_sw5_item_taken_by_challenge_seats_the_challenger_item_may_follow():
    s = run(E.new_game({"players": 2}, 1), place(2), {"type": "item", "shield": 3}, end())
    item = s["bus"][1]["id"]
    s = E.apply(s, {"type": "challenge", "target": item, "attack": 4, "points": 2})
    assert s["players"][1]["total"] == 2 and s["bus"][-1]["owner"] == 1
    s = E.apply(s, ITEM)
    assert s["bus"][-1]["kind"] == "item"


def test_sw1_sw3_four_players_turns_rounds_and_the_full_round_wait():
    """SW-1: four players from start 2: 2, 3, 0, 1, 2 ...; a round starts
    each time play is back at the start player. SW-3: a character placed by
    P3 (index 2) can be scored on their next turn, not before."""
    s = E.new_game({"players": ["Ann", "Bo", "Cy", "Di"], "start": 2}, 1)
    s = E.apply(s, place(4))
    cid = s["bus"][0]["id"]
    refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "max", "value": 4}, "full round")
    seen = []
    for _ in range(4):
        s = E.apply(s, end())
        seen.append((s["current"], s["round"], s["turn"]))
        if s["current"] != 2:
            assert E.scorable_ids(s) == []
            refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "max", "value": 4},
                              "Not your")
    assert seen == [(3, 1, 2), (0, 1, 3), (1, 1, 4), (2, 2, 5)]
    assert E.scorable_ids(s) == [cid] and E.targets(s) == []
    s = E.apply(s, {"type": "score", "target": cid, "mode": "max", "value": 4})
    assert s["players"][2]["total"] == 4 and s["bus"] == []


def test_sw7_four_players_last_card_from_a_middle_seat():
    """SW-7: P2 (index 1) draws the last card; P3, P4 and P1 each get one
    more turn, then final scoring with P2 to play again."""
    s = E.new_game({"players": 4}, 1)
    s = run(s, place(3), end())
    s = E.apply(s, {"type": "end_turn", "last_card": True})
    assert s["last_by"] == 1 and s["phase"] == "last_round" and s["current"] == 2
    more = []
    while s["phase"] == "last_round":
        more.append(s["current"])
        s = E.apply(s, end())
    assert more == [2, 3, 0] and s["phase"] == "final_scoring" and s["current"] == 1
    cid = s["bus"][0]["id"]
    s = E.apply(s, {"type": "final_score", "target": cid, "value": 2})
    assert s["phase"] == "over" and s["winners"] == [0]


def _player(total_by_entries):
    return {"name": "x", "total": 0, "missed": False,
            "scored": [{"what": w, "points": p} for w, p in total_by_entries]}


def test_sw8_three_and_four_players_tie_breaks():
    """SW-8: highest total; a tie goes to the most scored characters (items
    do not count); a tie on both is shared."""
    a = _player([("char", 5), ("item", 3)])
    b = _player([("char", 4), ("char", 4)])
    c = _player([("char", 8)])
    assert scoring.winners([a, b, c]) == [1]
    assert scoring.standings([a, b, c]) == [1, 0, 2]
    d = _player([("char", 2), ("char", 6)])
    assert scoring.winners([a, b, c, d]) == [1, 3]
    assert scoring.standings([c, d, a, b]) == [1, 3, 0, 2]
    e = _player([("char", 9)])
    assert scoring.winners([a, e, b]) == [1] and scoring.winners([e, c]) == [0]
    assert scoring.winners([_player([]), _player([])]) == [0, 1]


def test_sw1_player_names_empty_too_long_exactly_the_limit():
    s = E.new_game({"players": ["A" * E.MAX_NAME, "B"]}, 1)
    assert s["players"][0]["name"] == "A" * 10
    for bad in (["", "B"], ["A" * 11, "B"], [3, "B"], [None, "B"]):
        e = raises(GameError, E.new_game, {"players": bad}, 1)
        assert "1-10" in e.message
    for bad in ({"players": 1}, {"players": 5}, {"players": "3"}, {"players": 3, "start": -1},
                {"players": 3, "start": "1"}, {"players": 2, "start": 2}):
        raises(GameError, E.new_game, bad, 1)
    assert E.new_game({"players": 4, "start": 3}, 1)["current"] == 3
    assert E.new_game(None, 1)["start"] == 0
    for bad in ([], "x", ["a"], 5):
        assert "dict" in raises(GameError, E.new_game, bad, 1).message


def test_sw2_equipment_bonus_range_and_type_and_seymour_without_equipment():
    s = run(E.new_game({"players": 2}, 1), place(3), end())
    cid = s["bus"][0]["id"]
    for bad in ([-1], [100], ["2"], [1.5], [True], "2", 2):
        refused_unchanged(E, s, {"type": "place", "attack": 1, "equip": bad}, "quip")
        refused_unchanged(E, s, {"type": "challenge", "target": cid, "attack": 1, "equip": bad}, "quip")
    refused_unchanged(E, s, {"type": "challenge", "target": cid, "seymour": True, "value": 1,
                             "equip": [1]}, "Seymour needs no equipment")
    refused_unchanged(E, s, {"type": "challenge", "target": cid, "seymour": 1, "value": 1}, "seymour")
    t = E.apply(s, {"type": "place", "attack": 0, "equip": [0, 99]})
    assert t["bus"][-1]["equip"] == 99 and t["actions"] == 0
    t = E.apply(s, {"type": "challenge", "target": cid, "seymour": True, "value": 1, "equip": []})
    assert t["bus"] == [] and t["players"][1]["total"] == 1


def test_sw2_missed_and_caught_bus_refusals():
    s = E.new_game({"players": 3}, 1)
    for bad in (3, -1, "1"):
        refused_unchanged(E, s, {"type": "event", "missed": bad}, "missed")
        refused_unchanged(E, s, {"type": "caught_bus", "player": bad}, "player")
    refused_unchanged(E, s, {"type": "caught_bus", "player": 2}, "Not missing")
    s = E.apply(s, {"type": "event", "missed": 2})
    assert [p["missed"] for p in s["players"]] == [False, False, True] and s["actions"] == 2
    s = run(s, end(), end())
    assert s["current"] == 2 and E.draws_if_ended(s) == 0
    s = E.apply(s, {"type": "caught_bus", "player": 2})
    assert E.draws_if_ended(s) == 3


def test_sw7_last_card_only_once_also_at_the_end_of_a_turn():
    s = E.apply(E.new_game({"players": 3}, 1), {"type": "last_card"})
    refused_unchanged(E, s, {"type": "end_turn", "last_card": True}, "already empty")
    s = E.new_game({"players": 3}, 1)
    s = run(s, {"type": "event", "missed": 0}, end(), end(), end())
    assert s["current"] == 0 and E.draws_if_ended(s) == 0
    refused_unchanged(E, s, {"type": "end_turn", "last_card": True}, "No cards drawn")


def test_sw2_zero_values_accepted_and_hand_limit_exactly_seven():
    s = E.new_game({}, 1)
    assert len(s["players"]) == 2
    refused_unchanged(E, s, {"type": "challenge", "target": 0, "attack": 1}, "No such")
    refused_unchanged(E, s, {"type": "score", "target": 0, "mode": "min", "value": 1}, "No such")
    s = run(s, place(0), {"type": "item", "shield": 0})
    assert s["bus"][-1]["shield"] == 0
    refused_unchanged(E, run(E.new_game({}, 1), place(1)), {"type": "item", "shield": -1}, "shield")
    s = E.apply(s, end())
    item = s["bus"][-1]["id"]
    s = E.apply(s, {"type": "challenge", "target": item, "attack": 1, "points": 0})
    assert s["players"][1]["scored"][0]["points"] == 0 and s["players"][1]["scored"][0]["what"] == "item"
    # hand 4 + 3 drawn = 7: nothing to discard; 5 + 3 = 8: one
    t = E.apply(E.new_game({}, 1), {"type": "end_turn", "hand": 4})
    assert t["turn_end"] == {"player": 0, "draw": 3, "discard": 0}
    t = E.apply(E.new_game({}, 1), {"type": "end_turn", "hand": 5})
    assert t["turn_end"]["discard"] == 1
    t = E.apply(E.new_game({}, 1), {"type": "end_turn", "hand": 0})
    assert t["turn_end"]["discard"] == 0
    refused_unchanged(E, E.new_game({}, 1), {"type": "end_turn", "hand": -1}, "hand")


def test_sw7_final_score_target_checked():
    s = run(E.new_game({"players": 2}, 1), place(3), {"type": "last_card"}, end(), end())
    assert s["phase"] == "final_scoring"
    refused_unchanged(E, s, {"type": "final_score", "target": 0, "value": 1}, "No such")
    refused_unchanged(E, s, {"type": "final_score", "target": 1, "value": -1}, "value")
    s = E.apply(s, {"type": "final_score", "target": 1, "value": 0})
    # 0 points each: P1's scored character breaks the tie (SW-8)
    assert s["phase"] == "over" and s["winners"] == [0]
