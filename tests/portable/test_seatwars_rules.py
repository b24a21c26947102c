# Seat Wars worked cases, one or more per decision SW-1..SW-8 (the test names
# carry the id). Values are worked out from the rules, not read off the code.
from usher.core.game import GameError
from usher.games.seatwars import engine
from mptest import raises, refused_unchanged

E = engine


def run(state, *actions):
    for a in actions:
        state = E.apply(state, a)
    return state


def end(hand=None, last=False):
    a = {"type": "end_turn"}
    if hand is not None:
        a["hand"] = hand
    if last:
        a["last_card"] = True
    return a


def place(attack, equip=None):
    return {"type": "place", "attack": attack, "equip": equip or []}


def last_id(state):
    return state["bus"][-1]["id"]


# --- SW-1 players and turn order ------------------------------------------------

def test_sw1_two_to_four_players_with_names():
    assert len(E.new_game({"players": 2}, 1)["players"]) == 2
    s = E.new_game({"players": ["Ann", "Bob", "Cy", "Di"]}, 1)
    assert [p["name"] for p in s["players"]] == ["Ann", "Bob", "Cy", "Di"]
    for bad in (1, 5, ["Solo"], ["a", "b", "c", "d", "e"], "3"):
        raises(GameError, E.new_game, {"players": bad}, 1)
    raises(GameError, E.new_game, {"players": 3, "start": 3}, 1)


def test_sw1_clockwise_from_start_player_and_round_count():
    s = E.new_game({"players": 3, "start": 1}, 7)
    order = []
    rounds = []
    for _ in range(5):
        order.append(s["current"])
        rounds.append(s["round"])
        s = E.apply(s, end())
    # Play starts with player 1 and goes 1 -> 2 -> 0 -> 1 -> 2; a new round
    # starts each time play comes back to the start player.
    assert order == [1, 2, 0, 1, 2]
    assert rounds == [1, 1, 1, 2, 2]


def test_sw1_random_start_player_is_seeded():
    starts = [E.new_game({"players": 4, "start": "random"}, seed)["current"] for seed in range(40)]
    assert min(starts) >= 0 and max(starts) <= 3 and len(set(starts)) > 1
    assert starts == [E.new_game({"players": 4, "start": "random"}, seed)["current"] for seed in range(40)]


# --- SW-2 actions, draws, Missed the Bus, hand limit -----------------------------

def test_sw2_three_actions_then_refused():
    s = run(E.new_game({"players": 2}, 1), place(3), place(4), place(5))
    assert s["actions"] == 0 and s["current"] == 0
    refused_unchanged(E, s, place(6), "0 actions")


def test_sw2_equipment_costs_an_action_each():
    s = run(E.new_game({"players": 2}, 1), place(3, [1, 2]))
    assert s["actions"] == 0
    s = E.new_game({"players": 2}, 1)
    s = E.apply(s, place(1))
    refused_unchanged(E, s, place(3, [1, 1, 1]), "2 actions")


def test_sw2_unspent_actions_draw_cards_and_end_turn():
    s = run(E.new_game({"players": 2}, 1), place(3), end())
    # One action spent: two cards drawn, the turn passes at once.
    assert s["turn_end"] == {"player": 0, "draw": 2, "discard": 0}
    assert s["current"] == 1 and s["actions"] == 3 and s["drawn"] == 2
    s = E.apply(s, end())
    assert s["turn_end"]["draw"] == 3 and s["drawn"] == 5


def test_sw2_missed_the_bus_draws_nothing_until_marked_over():
    s = E.new_game({"players": 2}, 1)
    s = E.apply(s, {"type": "event", "missed": 1})
    assert s["actions"] == 2 and s["players"][1]["missed"]
    s = E.apply(s, end())  # player 0 draws 2 as usual
    assert s["turn_end"]["draw"] == 2
    s = E.apply(s, end())  # player 1: three unspent actions, no draw
    assert s["turn_end"] == {"player": 1, "draw": 0, "discard": 0}
    s = run(s, end(), {"type": "caught_bus", "player": 1}, )
    refused_unchanged(E, s, {"type": "caught_bus", "player": 1}, "Not missing")
    s = E.apply(s, place(2))
    s = E.apply(s, end())
    assert s["turn_end"] == {"player": 1, "draw": 2, "discard": 0}


def test_sw2_hand_limit_reminder_above_seven():
    s = E.new_game({"players": 2}, 1)
    s = run(s, place(2), end(hand=6))  # 6 in hand + 2 drawn = 8: discard 1
    assert s["turn_end"] == {"player": 0, "draw": 2, "discard": 1}
    s = E.apply(s, end(hand=4))  # 4 + 3 = 7: at the limit, no discard
    assert s["turn_end"] == {"player": 1, "draw": 3, "discard": 0}
    s = run(s, place(1), place(1), place(1), end(hand=9))  # no draw, 9 > 7
    assert s["turn_end"] == {"player": 0, "draw": 0, "discard": 2}


# --- SW-3 scoring after a full round ---------------------------------------------

def test_sw3_scoring_the_same_turn_refused():
    s = E.apply(E.new_game({"players": 3}, 1), place(5))
    cid = last_id(s)
    refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "max", "value": 8}, "full round")
    assert E.scorable_ids(s) == []


def test_sw3_scorable_on_owners_next_turn_only():
    s = E.apply(E.new_game({"players": 3}, 1), place(5))
    cid = last_id(s)
    s = E.apply(s, end())  # player 1's turn: not the owner
    refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "max", "value": 8}, "Not your")
    s = run(s, end(), end())  # players 2, then back to 0
    assert s["current"] == 0 and E.scorable_ids(s) == [cid]
    s = E.apply(s, {"type": "score", "target": cid, "mode": "max", "value": 8})
    p = s["players"][0]
    assert p["total"] == 8 and len(p["scored"]) == 1 and p["scored"][0]["mode"] == "max"
    assert E.find(s, cid) is None and s["actions"] == 2


def test_sw3_seat_won_by_challenge_waits_a_round_too():
    s = run(E.new_game({"players": 2}, 1), place(3), end())
    target = last_id(s)
    s = E.apply(s, {"type": "challenge", "target": target, "attack": 5})
    new = last_id(s)
    assert E.find(s, new)["owner"] == 1
    refused_unchanged(E, s, {"type": "score", "target": new, "mode": "min", "value": 2}, "full round")


# --- SW-4 Reached Your Destination ------------------------------------------------

def test_sw4_destination_adds_four_to_minimum_and_takes_two_actions():
    s = run(E.new_game({"players": 2}, 1), place(5), end(), end())
    cid = last_id(s)
    refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "max", "value": 9,
                             "destination": True}, "minimum")
    s = E.apply(s, {"type": "score", "target": cid, "mode": "min", "value": 3, "destination": True})
    assert s["players"][0]["total"] == 7 and s["actions"] == 1
    assert s["players"][0]["scored"][0]["bonus"] == 4


def test_sw4_destination_needs_two_actions_left():
    s = run(E.new_game({"players": 2}, 1), place(5), end(), end(), place(1), place(1))
    cid = s["bus"][0]["id"]
    refused_unchanged(E, s, {"type": "score", "target": cid, "mode": "min", "value": 3,
                             "destination": True}, "1 action")


# --- SW-5 items -------------------------------------------------------------------

def test_sw5_item_only_next_to_a_character_just_seated():
    s = E.new_game({"players": 2}, 1)
    refused_unchanged(E, s, {"type": "item", "shield": 4}, "Seat a character")
    s = run(s, place(3), {"type": "item", "shield": 4})
    assert s["actions"] == 2 and s["bus"][-1]["kind"] == "item"
    refused_unchanged(E, s, {"type": "item", "shield": 4}, "Seat a character")


def test_sw5_item_scored_by_attack_greater_than_shield():
    s = run(E.new_game({"players": 2}, 1), place(3), {"type": "item", "shield": 5}, end())
    item = last_id(s)
    # Attack equal to the shield is not enough: the challenger is discarded.
    s = E.apply(s, {"type": "challenge", "target": item, "attack": 5, "points": 3})
    assert E.find(s, item) is not None and s["players"][1]["total"] == 0
    # Attack 4 plus a +2 equipment = 6 > 5: player 1 scores the item's 3
    # points and the character sits in its place.
    s = E.apply(s, {"type": "challenge", "target": item, "attack": 4, "equip": [2], "points": 3})
    assert E.find(s, item) is None and s["actions"] == 0
    p = s["players"][1]
    assert p["total"] == 3 and p["scored"][0]["what"] == "item"
    assert s["bus"][-1]["owner"] == 1 and s["bus"][-1]["equip"] == 2


# --- SW-6 seat challenges ---------------------------------------------------------

def test_sw6_equal_attack_does_not_take_the_seat():
    s = run(E.new_game({"players": 2}, 1), place(6), end())
    seated = last_id(s)
    s = E.apply(s, {"type": "challenge", "target": seated, "attack": 6})
    assert len(s["bus"]) == 1 and E.find(s, seated)["owner"] == 0
    assert s["actions"] == 2  # the challenger was played (and discarded)


def test_sw6_equipment_tips_the_challenge():
    s = run(E.new_game({"players": 2}, 1), place(6), end())
    seated = last_id(s)
    s = E.apply(s, {"type": "challenge", "target": seated, "attack": 5, "equip": [2]})
    # 5 + 2 = 7 > 6: the seated character is discarded and scores nothing.
    assert E.find(s, seated) is None and len(s["bus"]) == 1
    assert s["bus"][0]["owner"] == 1 and s["players"][0]["total"] == 0


def test_sw6_seated_equipment_defends():
    s = run(E.new_game({"players": 2}, 1), place(4, [3]), end())
    seated = last_id(s)
    s = E.apply(s, {"type": "challenge", "target": seated, "attack": 7})  # 7 vs 4+3
    assert E.find(s, seated)["owner"] == 0
    s = E.apply(s, {"type": "challenge", "target": seated, "attack": 8})
    assert E.find(s, seated) is None


def test_sw6_seymour_removes_anything_and_scores_his_minimum():
    s = run(E.new_game({"players": 2}, 1), place(10, [3]), {"type": "item", "shield": 9}, end())
    char, item = s["bus"][0]["id"], s["bus"][1]["id"]
    s = E.apply(s, {"type": "challenge", "target": char, "seymour": True, "value": 2})
    assert E.find(s, char) is None and s["players"][1]["total"] == 2
    assert s["players"][1]["scored"][0]["mode"] == "min" and s["actions"] == 2
    s = E.apply(s, {"type": "challenge", "target": item, "seymour": True, "value": 3})
    # The item is removed, not scored: Seymour is the card scored.
    assert s["bus"] == [] and s["players"][1]["total"] == 5
    assert [e["what"] for e in s["players"][1]["scored"]] == ["char", "char"]


def test_sw6_cannot_challenge_own_character():
    s = E.apply(E.new_game({"players": 2}, 1), place(2))
    refused_unchanged(E, s, {"type": "challenge", "target": last_id(s), "attack": 9}, "own")
    refused_unchanged(E, s, {"type": "challenge", "target": 99, "attack": 9}, "No such")


# --- SW-7 end trigger and last round ----------------------------------------------

def test_sw7_last_round_gives_each_other_player_one_more_turn():
    s = E.new_game({"players": 3}, 1)
    s = run(s, end(), place(4))  # player 1 seats a character (turn 2)
    s = E.apply(s, end(last=True))  # ... and draws the last card
    assert s["phase"] == "last_round" and s["last_by"] == 1
    more = []
    while s["phase"] == "last_round":
        more.append(s["current"])
        # No more draws from the empty deck.
        assert E.draws_if_ended(s) == 0
        s = E.apply(s, end())
    assert more == [2, 0]
    assert s["phase"] == "final_scoring" and s["current"] == 1
    refused_unchanged(E, s, place(3), "Score the bus")
    refused_unchanged(E, s, end(), "Score the bus")


def test_sw7_last_card_during_a_turn_lets_the_turn_go_on():
    s = run(E.new_game({"players": 2}, 1), {"type": "last_card"})
    assert s["phase"] == "last_round" and s["actions"] == 3
    refused_unchanged(E, s, {"type": "last_card"}, "already")
    s = E.apply(s, place(2))
    s = E.apply(s, end())
    assert s["turn_end"]["draw"] == 0 and s["phase"] == "last_round"
    s = E.apply(s, end())
    assert s["phase"] == "final_scoring"


def test_sw7_last_card_needs_a_draw():
    s = run(E.new_game({"players": 2}, 1), place(1), place(1), place(1))
    refused_unchanged(E, s, end(last=True), "No cards drawn")


def test_sw7_bus_leftovers_score_their_minimum_for_their_owners():
    s = E.new_game({"players": 2}, 1)
    s = run(s, place(5), {"type": "item", "shield": 3}, end(), place(4), place(6), end(last=True))
    chars = [c["id"] for c in s["bus"] if c["kind"] == "char"]
    s = E.apply(s, end())  # player 0's last turn; back to player 1: the end
    assert s["phase"] == "final_scoring" and E.leftovers(s) == chars
    refused_unchanged(E, s, {"type": "final_score", "target": s["bus"][1]["id"], "value": 2}, "No such")
    s = E.apply(s, {"type": "final_score", "target": chars[0], "value": 2})
    s = E.apply(s, {"type": "final_score", "target": chars[1], "value": 1})
    assert s["phase"] == "final_scoring"
    s = E.apply(s, {"type": "final_score", "target": chars[2], "value": 3})
    assert s["phase"] == "over"
    assert s["players"][0]["total"] == 2 and s["players"][1]["total"] == 4
    assert [e["mode"] for e in s["players"][1]["scored"]] == ["min", "min"]
    assert s["winners"] == [1]
    refused_unchanged(E, s, place(3), "over")


def test_sw7_empty_bus_ends_at_once():
    s = run(E.new_game({"players": 2}, 1), end(last=True), end())
    assert s["phase"] == "over" and s["winners"] == [0, 1]


# --- SW-8 winner and ties ---------------------------------------------------------

def _two_scores(p0, p1):
    """A 2-player game where each player seats len(values) characters (at
    most 2) and scores them at max for the given values, then the game ends."""
    s = E.new_game({"players": 2}, 1)
    s = run(s, *[place(1) for _ in p0])
    s = E.apply(s, end())
    s = run(s, *[place(1) for _ in p1])
    s = E.apply(s, end())
    for values in (p0, p1):
        mine = [c["id"] for c in s["bus"] if c["owner"] == s["current"]]
        for i in range(len(values)):
            s = E.apply(s, {"type": "score", "target": mine[i], "mode": "max", "value": values[i]})
        last = s["current"] == 1
        s = E.apply(s, end(last=last) if last else end())
    s = E.apply(s, end())
    assert s["phase"] == "over"
    return s


def test_sw8_highest_total_wins():
    s = _two_scores([5], [4, 2])
    assert s["winners"] == [1]


def test_sw9_scored_characters_count_every_way_a_character_was_scored_items_not():
    from usher.games.seatwars import scoring
    entries = [{"what": "char", "via": "bus", "points": 3}, {"what": "char", "via": "seymour", "points": 2},
               {"what": "char", "via": "end", "points": 2}, {"what": "item", "via": "bus", "points": 2}]
    assert scoring.scored_characters({"scored": entries}) == 3
    assert scoring.scored_characters({"scored": entries[3:]}) == 0
    # the tie-break sees them: 3 characters beat 2 characters and an item, 9 points each
    a = {"scored": entries}
    b = {"scored": [{"what": "char", "via": "bus", "points": 4}, {"what": "char", "via": "bus", "points": 3},
                    {"what": "item", "via": "bus", "points": 2}]}
    assert scoring.winners([b, a]) == [1]


def test_sw8_tie_on_points_broken_by_scored_characters():
    s = _two_scores([4, 4], [8])
    assert s["players"][0]["total"] == s["players"][1]["total"] == 8
    assert s["winners"] == [0]


def test_sw8_full_tie_is_shared():
    s = _two_scores([3, 4], [5, 2])
    assert s["winners"] == [0, 1]
