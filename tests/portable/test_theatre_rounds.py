# Round resolution (TH-1, TH-2, TH-4..TH-8, TH-10) with worked values.
from usher.games.theatre import engine, rounds
from mptest import refused_unchanged
from theatre_setup import card, filler_round, play, result, started


def test_th1_th2_card_fields_checked():
    """TH-1/TH-2: suits, prints and abilities from the lists; Chaos is not
    implemented, so it is refused like any unknown ability."""
    s = started()
    refused_unchanged(engine, s, card(0, 5, suit="hearts"), "suit")
    refused_unchanged(engine, s, card(0, 5, pr="wing"), "print")
    refused_unchanged(engine, s, card(0, 5, ability="chaos"), "ability")
    refused_unchanged(engine, s, card(0, -1), "value")
    refused_unchanged(engine, s, card(0, "5"), "value")
    # A base value of 0 is a real card.
    s = play(s, 0, 0)
    assert s["play"][0]["card"] == {"value": 0, "suit": "charm", "print": "paw", "ability": "none"}


def test_th4_desired_suit_plus_3_only_on_matching_suit():
    """TH-4: round 1 wants the line's first suit: that card gets +3."""
    s = started(line=["luck", "charm", "will", "agility", "strength"])
    s = play(s, 0, 4, suit="luck")
    s = play(s, 1, 6, suit="charm")
    # 4 + 3 = 7 beats the charm 6 (no bonus in round 1).
    assert result(s, 0)["parts"] == [["base", 4], ["suit", 3]] and result(s, 0)["value"] == 7
    assert result(s, 1)["parts"] == [["base", 6]]
    assert s["last"]["winner"] == 0 and s["last"]["desired"] == "luck"
    # Round 2 wants charm, the line's second card.
    assert engine.desired_suit(s) == "charm" and s["desired"] == 1
    s = play(s, 0, 4, suit="luck")
    s = play(s, 1, 2, suit="charm")
    assert result(s, 1)["value"] == 5 and s["last"]["winner"] == 1


def test_th4_no_suit_card_left_no_bonus():
    """TH-4: with no Suit Card for the round (desired None), no +3."""
    c = {"value": 4, "suit": "luck", "print": "paw", "ability": "none"}
    assert rounds.card_value(c, None, [], 0, 0) == ([["base", 4]], 4)
    assert rounds.card_value(c, "luck", [], 0, 0) == ([["base", 4], ["suit", 3]], 7)
    s = started()
    s["line"] = s["line"][:0]  # every Suit Card removed
    assert engine.desired_suit(s) is None
    s = play(s, 0, 4, suit="will")
    s = play(s, 1, 3, suit="will")
    assert result(s, 0)["parts"] == [["base", 4]]


def test_th5_play_order_leader_then_clockwise():
    """TH-5: leader first, then clockwise; out-of-turn entries refused."""
    s = started(players=4, leader=2)
    assert s["order"] == [2, 3, 0, 1] and s["turn"] == 2
    refused_unchanged(engine, s, card(0, 5), "turn")
    s = play(s, 2, 1)
    assert s["turn"] == 3
    refused_unchanged(engine, s, card(2, 5), "turn")
    refused_unchanged(engine, s, card(7, 5), "player")


def test_th5_values_final_at_end_of_round():
    """TH-5: a Boost entered by the last player still raises the first
    player's card of that print: modifiers are applied at round end."""
    s = started()
    s = play(s, 0, 5, pr="hoof")
    s = play(s, 1, 5, pr="hoof", ability="boost")
    assert result(s, 0)["value"] == 6 and result(s, 1)["value"] == 6
    assert s["last"]["winner"] is None


def test_th6_boost_then_sap_same_print_cancel():
    """TH-6: a Boost then a Sap of the same print: +1 -1 on both paw cards;
    both tokens stay in the play area."""
    s = started()
    s = play(s, 0, 5, pr="paw", ability="boost")
    s = play(s, 1, 4, pr="paw", ability="sap")
    assert result(s, 0)["parts"] == [["base", 5], ["boost", 1], ["sap", -1]]
    assert result(s, 0)["value"] == 5 and result(s, 1)["value"] == 4
    assert s["tokens"] == [["boost", "paw"], ["sap", "paw"]]
    assert s["last"]["winner"] == 0


def test_th6_sap_removes_boost_of_another_print():
    """TH-6: a paw Sap removes the hoof Boost instead of adding a Sap token:
    the hoof card loses its +1 and no paw card gets -1."""
    s = started()
    s = play(s, 0, 6, pr="hoof", ability="boost")
    assert engine.removable_boosts(s) == ["hoof"]
    s = play(s, 1, 5, pr="paw", ability="sap", remove="hoof")
    assert s["last"]["cards"][0]["parts"] == [["base", 6]]
    assert result(s, 1)["parts"] == [["base", 5]]
    assert s["tokens"] == []
    # Round 2: the hoof Boost is gone for the rest of the Act.
    s = play(s, 0, 3, pr="hoof")
    s = play(s, 1, 2, pr="hoof")
    assert result(s, 0)["value"] == 3


def test_th6_later_boost_cannot_be_removed_by_earlier_sap():
    """TH-6: a Sap played before a Boost in the same round cannot remove it
    (it was not in play yet): the Sap adds its token, the Boost stays."""
    s = started(players=3)
    s = play(s, 0, 3, pr="fin")
    refused_unchanged(engine, s, card(1, 4, pr="claw", ability="sap", remove="claw"), "No claw Boost")
    s = play(s, 1, 4, pr="claw", ability="sap")
    s = play(s, 2, 6, pr="claw", ability="boost")
    assert s["tokens"] == [["sap", "claw"], ["boost", "claw"]]
    assert result(s, 1)["value"] == 4 and result(s, 2)["value"] == 6
    assert s["last"]["winner"] == 2


def test_th6_only_sap_may_remove_and_tokens_last_the_act():
    """TH-6: removal only by a Sap; tokens give their +1 in later rounds of
    the Act and are cleared at its end."""
    s = started()
    s = play(s, 0, 2, pr="float", ability="boost")
    refused_unchanged(engine, s, card(1, 2, pr="float", ability="boost", remove="float"), "Only a Sap")
    s = play(s, 1, 1, pr="fin")
    for _ in range(3):
        s = play(s, s["order"][0], 2, pr="float")
        s = play(s, s["order"][1], 2, pr="fin")
        assert s["last"]["winner"] is not None
        assert [r["value"] for r in s["last"]["cards"] if r["card"]["print"] == "float"] == [3]
    s = filler_round(s, [1, 2])
    assert s["phase"] == "act_start" and s["tokens"] == []


def test_th7_combo_bonus_next_card_only_and_lost_at_act_end():
    """TH-7: combo1 gives +1 to its player's next card only; combo2 gives +2;
    a Combo played in round 5 is lost when the Act ends."""
    s = started()
    s = play(s, 0, 3, ability="combo1")
    s = play(s, 1, 1)
    assert result(s, 0)["parts"] == [["base", 3]]  # not on the Combo card itself
    assert s["combo"] == [1, 0]
    s = play(s, 0, 3, ability="combo2")
    s = play(s, 1, 1)
    assert result(s, 0)["parts"] == [["base", 3], ["combo", 1]]
    s = play(s, 0, 3)
    s = play(s, 1, 1)
    assert result(s, 0)["parts"] == [["base", 3], ["combo", 2]] and result(s, 0)["value"] == 5
    s = play(s, 0, 3)
    s = play(s, 1, 1)
    assert result(s, 0)["parts"] == [["base", 3]]  # next card only
    s = play(s, 0, 3, suit="will", ability="combo2")
    s = play(s, 1, 1, suit="will")
    assert s["phase"] == "act_start" and s["combo"] == [0, 0]
    s = engine.apply(s, {"type": "start_act"})
    s["line"] = ["will", "strength", "agility", "luck", "charm"]
    s = play(s, s["order"][0], 2)
    s = play(s, s["order"][1], 2)
    assert result(s, 0)["parts"] == [["base", 2]]


def test_th7_combo_is_per_player():
    """TH-7: another player's next card gets nothing from my Combo."""
    s = started()
    s = play(s, 0, 3, ability="combo2")
    s = play(s, 1, 1)
    s = play(s, 0, 1)
    s = play(s, 1, 2)
    assert result(s, 1)["parts"] == [["base", 2]]
    assert result(s, 0)["parts"] == [["base", 1], ["combo", 2]]


def test_th8_finisher_plus_0_first_card_plus_4_fifth():
    """TH-8: Finisher gets +1 per earlier card of its player this Act: +0 in
    round 1, +4 in round 5."""
    s = started()
    s = play(s, 0, 3, ability="finisher")
    s = play(s, 1, 1)
    assert result(s, 0)["parts"] == [["base", 3], ["finisher", 0]] and result(s, 0)["value"] == 3
    for _ in range(3):
        s = filler_round(s, [1, 2])
    assert s["round"] == 5
    first = s["order"][0]
    s = play(s, first, 3, suit="will", ability="finisher")
    s = play(s, s["order"][1], 6, suit="will")
    r = result(s, first)
    assert r["parts"] == [["base", 3], ["finisher", 4]] and r["value"] == 7
    assert s["last"]["winner"] == first


def test_th10_tie_nobody_wins_leader_unchanged_all_dismissed():
    """TH-10: a tied top value: no winner, leader unchanged, every card of the
    round Dismissed (the lower one too)."""
    s = started(players=3, leader=1)
    s = play(s, 1, 5)
    s = play(s, 2, 5)
    s = play(s, 0, 2)
    assert s["last"]["winner"] is None and s["last"]["top"] == 5
    assert s["leader"] == 1 and s["order"] == [1, 2, 0]
    assert s["dismissed"] == [1, 1, 1] and s["breakroom"] == [0, 0, 0]
    assert s["stats"]["ties"] == 1


def test_th10_winner_to_breakroom_and_leads():
    """TH-10: the unique highest goes to its owner's Breakroom and its owner
    leads the next round."""
    s = started(players=3, leader=0)
    s = play(s, 0, 2)
    s = play(s, 1, 3)
    s = play(s, 2, 1)
    assert s["last"]["winner"] == 1 and s["leader"] == 1 and s["order"] == [1, 2, 0]
    assert s["breakroom"] == [0, 1, 0] and s["dismissed"] == [1, 0, 1]


def test_th10_negative_values():
    """TH-10: values below 0 count: two paw Saps make 0-value paw cards -2
    and the 1-value paw card -1, which wins."""
    s = started(players=3)
    s = play(s, 0, 0, pr="paw", ability="sap")
    s = play(s, 1, 0, pr="paw", ability="sap")
    s = play(s, 2, 1, pr="paw")
    assert [r["value"] for r in s["last"]["cards"]] == [-2, -2, -1]
    assert result(s, 2)["parts"] == [["base", 1], ["sap", -1], ["sap", -1]]
    assert s["last"]["winner"] == 2 and s["last"]["top"] == -1


def test_round_winner_pure():
    """TH-10 on plain numbers."""
    assert rounds.round_winner([3, 5, 4]) == 1
    assert rounds.round_winner([5, 5, 4]) is None
    assert rounds.round_winner([5, 5, 6]) == 2
    assert rounds.round_winner([-3, -1, -2]) == 1
