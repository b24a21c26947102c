# The Theatre rules that only show with three or four players, or at a
# boundary (bench/mutate.py's gaps): TH-5 play order and the lead, TH-9
# with three gamblers, TH-10 ties among several, TH-12 ignoring players out
# since an earlier Act, TH-13 the rank-weight bound exactly, TH-1 suit numbers.
from usher.games.theatre import engine, validator
from mptest import refused_unchanged
from theatre_setup import card, filler_round, gamble, play, reveal, started


def _play_act(s, by_player, suit="will"):
    """Five rounds; by_player[r][p] is player p's value in round r."""
    for values in by_player:
        s = filler_round(s, [values[p] for p in s["order"]], suit=suit)
    return s


def test_th12_player_out_since_an_earlier_act_takes_no_part_in_the_tie_break():
    """TH-12: P2 is out at Act 2 with 4 cards in deck; P0 (3) and P1 (2) go
    out together at Act 3. Only those two compare decks: P0 wins, although
    P2's deck holds more."""
    s = started(players=3, decks=[10, 10, 9], leader=0)
    # Act 1: P0 wins three rounds, P1 two, P2 none.
    s = _play_act(s, [[9, 1, 0], [9, 1, 0], [9, 1, 0], [1, 9, 0], [1, 9, 0]])
    assert s["deck"] == [5, 5, 4] and s["breakroom"] == [3, 2, 0]
    s = engine.apply(s, {"type": "start_act"})
    assert s["act_log"] == ["drew", "drew", "eliminated"] and s["phase"] == "play"
    assert s["alive"] == [True, True, False] and s["deck"][2] == 4
    # Act 2: every round tied, everything Dismissed.
    s = _play_act(s, [[3, 3, None]] * 5)
    assert s["deck"] == [0, 0, 4] and s["breakroom"] == [3, 2, 0]
    s = engine.apply(s, {"type": "start_act"})
    assert s["act_log"] == ["eliminated", "eliminated", "out"]
    assert s["deck"] == [3, 2, 4]
    assert s["phase"] == "over" and s["winners"] == [0]


def test_th12_shared_win_among_the_last_two_only():
    """TH-12: equal decks among the players going out together share the
    win; the earlier-eliminated player with the same count does not."""
    s = started(players=3, decks=[10, 10, 7], leader=0)
    s = _play_act(s, [[9, 1, 0], [9, 1, 0], [1, 9, 0], [1, 9, 0], [2, 2, 2]])
    assert s["breakroom"] == [2, 2, 0] and s["deck"] == [5, 5, 2]
    s = engine.apply(s, {"type": "start_act"})
    assert s["alive"] == [True, True, False] and s["deck"][2] == 2
    s = _play_act(s, [[3, 3, None]] * 5)
    s = engine.apply(s, {"type": "start_act"})
    assert s["deck"] == [2, 2, 2] and s["winners"] == [0, 1]


def test_th5_four_players_play_clockwise_from_the_leader_and_winner_leads():
    """TH-5: play order is the leader then clockwise (left); the round's
    winner leads the next round."""
    s = started(players=4, leader=2)
    assert s["order"] == [2, 3, 0, 1] and s["turn"] == 2
    refused_unchanged(engine, s, card(3, 1), "turn")
    s = play(s, 2, 1)
    assert s["turn"] == 3
    s = play(s, 3, 7)
    assert s["turn"] == 0
    s = play(s, 0, 2)
    assert s["turn"] == 1
    s = play(s, 1, 3)
    assert s["last"]["winner"] == 3 and s["leader"] == 3
    assert s["order"] == [3, 0, 1, 2] and s["turn"] == 3
    # A tie keeps the lead where it was.
    s = filler_round(s, [4, 4, 1, 0])
    assert s["last"]["winner"] is None and s["leader"] == 3 and s["order"] == [3, 0, 1, 2]


def test_th5_three_players_order_wraps_and_skips_the_eliminated():
    """TH-5: with P1 out, the leader P2 is followed by P0, not P1."""
    s = started(players=3, decks=[20, 5, 20], leader=0)
    s = _play_act(s, [[1, 0, 9]] * 5)
    assert s["leader"] == 2
    s = engine.apply(s, {"type": "start_act"})
    assert s["alive"] == [True, False, True] and s["order"] == [2, 0] and s["turn"] == 2


def test_th10_three_way_tie_and_tie_below_a_winner():
    """TH-10: a tie on the top value has no winner; a tie below the top
    does not stop the top card from winning."""
    s = started(players=3, leader=0)
    s = filler_round(s, [5, 5, 5])
    assert s["last"]["winner"] is None and s["dismissed"] == [1, 1, 1]
    s = filler_round(s, [2, 2, 6])
    assert s["last"]["winner"] == 2 and s["breakroom"] == [0, 0, 1]
    s = filler_round(s, [7, 1, 7])
    assert s["last"]["winner"] is None and s["last"]["top"] == 7


def test_th9_three_gamblers_reveal_one_after_another_in_decision_order():
    """TH-9: three gamblers in a four-player round decide in play order and
    reveal in that order: the second reveal comes before the third."""
    s = started(players=4, leader=1)
    assert s["order"] == [1, 2, 3, 0]
    s = play(s, 1, 1, ability="gamble")
    s = play(s, 2, 2)
    s = play(s, 3, 1, ability="gamble", pr="fin")
    s = play(s, 0, 1, ability="gamble", pr="hoof")
    assert s["phase"] == "gamble" and s["turn"] == 1
    s = gamble(s, 1, True)
    assert s["turn"] == 3
    s = gamble(s, 3, True)
    assert s["turn"] == 0
    s = gamble(s, 0, True)
    assert s["phase"] == "reveal" and s["reveal_order"] == [1, 3, 0] and s["turn"] == 1
    refused_unchanged(engine, s, card(0, 4, kind="reveal"), "turn")
    s = reveal(s, 1, 3)
    assert s["phase"] == "reveal" and s["turn"] == 3
    refused_unchanged(engine, s, card(0, 4, kind="reveal"), "turn")
    s = reveal(s, 3, 4, ability="boost", pr="webbed")
    assert s["phase"] == "reveal" and s["turn"] == 0
    s = reveal(s, 0, 4, pr="webbed")
    # P3's drawn Boost (webbed) adds 1 to both webbed cards: a tie at 5.
    assert [r["value"] for r in s["last"]["cards"]] == [3, 2, 5, 5]
    assert s["last"]["winner"] is None and s["stats"]["gambles"] == 3
    assert s["dismissed"] == [2, 2, 1, 2]


def test_th9_middle_gambler_stands_reveals_skip_them():
    """TH-9: of three gamblers the middle one stands: the reveals go from
    the first straight to the third."""
    s = started(players=4, leader=0)
    s = play(s, 0, 1, ability="gamble")
    s = play(s, 1, 1, ability="gamble")
    s = play(s, 2, 1, ability="gamble")
    s = play(s, 3, 6)
    s = gamble(s, 0, True)
    s = gamble(s, 1, False)
    s = gamble(s, 2, True)
    assert s["reveal_order"] == [0, 2] and s["turn"] == 0
    s = reveal(s, 0, 2)
    assert s["turn"] == 2 and s["phase"] == "reveal"
    s = reveal(s, 2, 9)
    assert s["last"]["winner"] == 2 and s["breakroom"] == [0, 0, 2, 0]


def _deck(per_rank):
    lines = []
    k = 0
    for r in range(1, 5):
        for _ in range(per_rank[r - 1]):
            k += 1
            lines.append("Card %d, charm, %d" % (k, r))
    return "\n".join(lines) + "\n"


def test_th13_rank_weight_bound_is_exactly_15_l():
    """TH-13: weight 60 (= 15 x 4) is legal for two players, 61 is not; 75
    (= 15 x 5) legal for three, 76 not; a casual L moves the bound with it."""
    assert validator.rank_weight(validator.parse_deck(_deck([4, 4, 4, 4]))[0]) == 60
    assert validator.validate_deck(_deck([4, 4, 4, 4]), players=2) == []
    d = validator.validate_deck(_deck([5, 4, 4, 4]), players=2)
    assert [x[0] for x in d] == ["rank_limit"] and "61 over 60" in d[0][1]
    assert validator.validate_deck(_deck([5, 5, 5, 5]), players=3) == []
    assert [x[0] for x in validator.validate_deck(_deck([6, 5, 5, 5]), players=4)] == ["rank_limit"]
    assert validator.validate_deck(_deck([2, 2, 2, 2]), players=2, casual=2) == []
    assert [x[0] for x in validator.validate_deck(_deck([3, 2, 2, 2]), players=2, casual=2)] == ["rank_limit"]
    assert validator.rank_limit(2) == 4 and validator.rank_limit(3) == 5 and validator.rank_limit(4) == 5


def test_th13_exactly_five_cards_and_exactly_two_copies_are_legal():
    five = "".join("C%d, will, 1\n" % i for i in range(5))
    assert validator.validate_deck(five) == []
    assert [x[0] for x in validator.validate_deck("".join("C%d, will, 1\n" % i for i in range(4)))] \
        == ["min_cards"]
    two = five + "C0, will, 1\n"
    assert validator.validate_deck(two) == []
    assert [x[0] for x in validator.validate_deck(two + "c0 , will, 2\n")] == ["max_copies"]


def test_th1_suit_numbers_1_to_5_and_bad_suits_and_ranks():
    """TH-1: suits by printed number, 1 = charm .. 5 = strength; 0 and 6 are
    unknown; ranks must be digits 1-4."""
    cards, defects = validator.parse_deck("A, 1, 1\nB, 5, 4\nC, 3, 2\nD, Charm , 3\n")
    assert defects == []
    assert [c[1] for c in cards] == ["charm", "strength", "agility", "charm"]
    assert [c[2] for c in cards] == [1, 4, 2, 3]
    _c, d = validator.parse_deck("A, 6, 1\nB, 0, 1\nC, fire, 1\n")
    assert [x[0] for x in d] == ["suit", "suit", "suit"] and "line 1" in d[0][1]
    _c, d = validator.parse_deck("A, charm, x\nB, charm, 5\nC, charm, 0\nD, charm, -1\n")
    assert [x[0] for x in d] == ["rank"] * 4 and _c == []
    _c, d = validator.parse_deck("# note\n\n, charm, 1\nA, charm\nA, charm, 1, 2\n")
    assert [x[0] for x in d] == ["card_line"] * 3 and "line 3" in d[0][1]


def test_pl11_options_that_are_not_a_dict_refused():
    from usher.core.game import GameError
    from mptest import raises
    for bad in (None, [], "x", 5):
        e = raises(GameError, engine.new_game, bad, 1)
        assert "dict" in e.message
    for bad in ({"players": ["A", ""]}, {"players": ["A", 3]}, {"players": 2, "decks": [16, 4]},
                {"players": 2, "decks": [16, 201]}, {"players": 2, "decks": [16, "16"]}):
        raises(GameError, engine.new_game, bad, 1)
    s = engine.new_game({"players": [" Ann ", "Bo"], "decks": [5, 200]}, 1)
    assert s["players"] == ["Ann", "Bo"] and s["deck"] == [5, 200]


def test_th2_card_value_range_and_fields_checked():
    s = started(players=2, leader=0)
    for bad in (card(0, 100), card(0, -1), card(0, "3"), card(0, 3, suit="fire"), card(0, 3, pr="wing"),
                card(0, 3, ability="chaos"), card(0, 3, remove=5)):
        refused_unchanged(engine, s, bad)
    s = play(s, 0, 99)
    assert s["play"][0]["card"]["value"] == 99


def test_th3_round_counter_and_defaults_between_acts():
    s = engine.new_game({}, 3)
    assert s["players"] == ["P1", "P2"] and s["round"] == 0 and s["act"] == 1
    s = engine.new_game({"players": ["A", "B", "C", "D"]}, 3)
    assert len(s["players"]) == 4 and s["declared"] == [20] * 4
    s = started(players=2, leader=0)
    s = _play_act(s, [[1, 2]] * 5)
    assert s["phase"] == "act_start" and s["round"] == 0 and s["act"] == 2 and s["desired"] is None


def test_th5_player_field_checked_by_name():
    s = started(players=3, leader=0)
    for bad in (3, -1, "0", None):
        refused_unchanged(engine, s, card(bad, 1), "seat number")
    refused_unchanged(engine, s, card(1, 1), "turn")
    refused_unchanged(engine, s, card(0, 1, remove=5), "remove must be a print")


def test_th6_sap_removal_recorded_on_the_entry_and_on_the_reveal():
    s = started(players=3, leader=0)
    s = play(s, 0, 3, pr="hoof", ability="boost")
    assert "removed" not in s["play"][0]
    s = play(s, 1, 1, ability="gamble")
    assert "removed" not in s["play"][1]
    s = play(s, 2, 2, pr="fin", ability="gamble")
    s = gamble(s, 1, True)
    s = gamble(s, 2, True)
    t = reveal(s, 1, 2, pr="fin", ability="sap", remove="hoof")
    assert t["play"][1]["drawn_removed"] == "hoof" and t["tokens"] == []
    t = reveal(s, 1, 2, pr="fin")
    assert "drawn_removed" not in t["play"][1] and t["phase"] == "reveal"
    s = play(started(players=3, leader=0), 0, 3, pr="hoof", ability="boost")
    s = play(s, 1, 1, pr="fin", ability="sap", remove="hoof")
    assert s["play"][1]["removed"] == "hoof" and s["tokens"] == []
    s = play(s, 2, 2)
    assert s["last"]["cards"][0]["value"] == 3 and s["last"]["winner"] == 0
