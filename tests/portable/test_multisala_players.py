# Pulisci il Multisala with three and four players, where left and right
# differ (MS-5 placing order, MS-9 first-player rotation and mask passing,
# MS-10 length), the variant off by default (MS-11), MS-13 sasso's choice,
# and the refusals of bad entries (PL-11).
from usher.core.game import GameError
from usher.games.multisala import cards, engine
from usher.games.multisala.scoring import score_hall, score_round
from mptest import raises, refused_unchanged
from test_multisala_engine import C, stage

ON = True
OFF = False


def _halls():
    return [(C("1", emo=i), [C(emo=(i + 1) % 6, on=False)]) for i in range(5)]


def _hands(n):
    # player p's masks have D6 p+1, so where they go can be followed
    return [[C(d6=str(p + 1)) for _ in range(3)] for p in range(n)]


def _placement(n, first):
    s, hands = stage(_halls(), _hands(n))
    s["first"] = first
    s["turn"] = first
    return engine.apply(s, {"type": "deal"}), hands


def _place(s, p, hall, ids):
    return engine.apply(s, {"type": "place", "player": p, "hall": hall, "cards": ids})


def _pass(s, p):
    return engine.apply(s, {"type": "pass", "player": p})


def test_ms5_three_players_place_clockwise_from_the_first_player():
    """MS-5: turns go left (P2 -> P3 -> P1 -> P2) from the first player."""
    s, hands = _placement(3, 1)
    assert s["turn"] == 1
    refused_unchanged(engine, s, {"type": "pass", "player": 0}, "turn")
    refused_unchanged(engine, s, {"type": "pass", "player": 2}, "turn")
    s = _place(s, 1, 0, [hands[1][0]])
    assert s["turn"] == 2
    refused_unchanged(engine, s, {"type": "pass", "player": 0}, "turn")
    s = _place(s, 2, 1, [hands[2][0]])
    assert s["turn"] == 0
    s = _pass(s, 0)
    assert s["turn"] == 1 and s["passes"] == 1


def test_ms5_four_players_placement_ends_only_after_four_passes_in_a_row():
    s, hands = _placement(4, 3)
    s = _pass(s, 3)
    s = _pass(s, 0)
    s = _pass(s, 1)
    assert s["phase"] == "placement" and s["passes"] == 3 and s["turn"] == 2
    s = _place(s, 2, 4, hands[2])  # exactly 3 masks in one turn
    assert s["passes"] == 0 and s["hands"][2] == [] and s["halls"][4]["owner"] == 2
    assert len(s["halls"][4]["masks"]) == 3
    for p in (3, 0, 1):
        s = _pass(s, p)
    assert s["phase"] == "placement"
    s = _pass(s, 2)
    assert s["phase"] == "scored"
    # P3 (index 2) cleaned hall 5 with 3 x 3 against one OFF spectator
    assert s["breakdown"]["halls"][4]["result"] == 9 - 2


def test_ms5_three_players_hall_owned_by_another_refused_own_hall_reused():
    s, hands = _placement(3, 0)
    s = _place(s, 0, 2, [hands[0][0]])
    s = _place(s, 1, 3, [hands[1][0]])
    refused_unchanged(engine, s, {"type": "place", "player": 2, "hall": 2, "cards": [hands[2][0]]}, "P1's")
    refused_unchanged(engine, s, {"type": "place", "player": 2, "hall": 3, "cards": [hands[2][0]]}, "P2's")
    assert engine.legal_halls(s, 2) == [0, 1, 4] and engine.legal_halls(s, 0) == [0, 1, 2, 4]
    s = _place(s, 2, 4, [hands[2][0]])
    s = _place(s, 0, 2, hands[0][1:])
    assert s["halls"][2]["owner"] == 0 and len(s["halls"][2]["masks"]) == 3


def _round_over(s, n, phase="scored"):
    p = s["turn"]
    for _ in range(n):
        s = _pass(s, p)
        p = (p + 1) % n
    assert s["phase"] == phase
    return s


def test_ms9_three_players_masks_pass_left_and_first_player_moves_left():
    """MS-9: P1's masks go to P2, P2's to P3, P3's to P1 (their played
    masks come back with them); the first player moves left, wrapping."""
    s, hands = _placement(3, 2)
    s = _place(s, 2, 0, [hands[2][0]])
    s = _place(s, 0, 1, hands[0][:2])
    s = _round_over(s, 3)
    s = engine.apply(s, {"type": "next_round"})
    assert s["first"] == 0 and s["turn"] == 0 and s["round"] == 2
    assert s["hands"][1] == sorted(hands[0])
    assert s["hands"][2] == sorted(hands[1])
    assert s["hands"][0] == sorted(hands[2])
    faces = [[m[1] for m in engine.hand_view(s, p)] for p in range(3)]
    assert faces == [["3"] * 3, ["1"] * 3, ["2"] * 3]


def test_ms9_ms10_four_players_rotation_over_the_whole_game():
    """MS-10: 8 rounds for four players; MS-9: the first player moves left
    each round, so each is first twice; the masks travel round the table."""
    s, hands = _placement(4, 1)
    assert s["rounds"] == 8
    firsts = [s["first"]]
    owners = [sorted(hands[p]) for p in range(4)]
    for r in range(2, 9):
        s = _round_over(s, 4)
        s = engine.apply(s, {"type": "next_round"})
        firsts.append(s["first"])
        owners = [owners[(p - 1) % 4] for p in range(4)]
        assert s["hands"] == owners and s["turn"] == s["first"] and s["round"] == r
        s = engine.apply(s, {"type": "deal"})
    assert firsts == [1, 2, 3, 0, 1, 2, 3, 0]
    s = _round_over(s, 4, "over")
    refused_unchanged(engine, s, {"type": "next_round"}, "Not now")


def test_ms10_totals_and_tied_winners_with_three_players():
    s, _ = _placement(3, 0)
    s["totals"] = [4, 7, 7]
    assert engine.winners(s) == [1, 2]
    s["totals"] = [-1, -3, -2]
    assert engine.winners(s) == [0]


def test_ms9_physical_three_players_first_player_moves_left():
    s = engine.new_game({"players": 3, "mode": "physical"}, 2)
    s["first"] = 2
    s["turn"] = 2
    s["phase"] = "scored"
    s = engine.apply(s, {"type": "next_round"})
    assert s["first"] == 0 and s["turn"] == 0 and s["phase"] == "deal" and s["unplayed"] == [None] * 3


def test_ms11_variant_is_off_by_default():
    """MS-11: without the option the personalities do not act: a sasso mask
    on a hall with three OFF spectators leaves all three at 2."""
    halls = [(C("3", emo=0), [C(emo=1, on=False), C(emo=2, on=False), C(emo=3, on=False)])] + _halls()[1:]
    s, hands = stage(halls, [[C(d6="6", morra="s")] * 3])
    assert s["variant"] is False
    s = engine.apply(s, {"type": "deal"})
    s = _place(s, 0, 0, hands[0])
    s = _pass(s, 0)
    b = s["breakdown"]["halls"][0]
    assert b["personalities"] == [] and b["spectators"] == [2, 2, 2] and b["result"] == 18 - 6
    v, hands = stage(halls, [[C(d6="6", morra="s")] * 3], variant=True)
    v = engine.apply(v, {"type": "deal"})
    v = _place(v, 0, 0, hands[0])
    v = _pass(v, 0)
    assert v["breakdown"]["halls"][0]["spectators"] == [2, 1, 1]
    raises(GameError, engine.new_game, {"variant": 1}, 1)
    raises(GameError, engine.new_game, {"variant": "yes"}, 1)


# --- MS-13: which OFF spectator sasso keeps at 2 -----------------------------

def _permutations(items):
    if len(items) <= 1:
        return [list(items)]
    out = []
    for i in range(len(items)):
        for rest in _permutations(items[:i] + items[i + 1:]):
            out.append([items[i]] + rest)
    return out


def test_ms13_sasso_score_does_not_depend_on_the_dealing_order():
    """MS-13: every order of the same spectators gives the same result,
    with sasso alone and with sasso + forbice, and the 2 stays on a spectator
    of the group that forbice caps when that is best."""
    specs = [[1, OFF], [1, OFF], [2, OFF], [0, ON], [3, ON]]
    for masks in ([["4", "s"]], [["4", "s"], ["2", "f"]], [["4", "s"], ["1", "f"], ["1", "c"]]):
        results = set()
        for order in _permutations(specs):
            b = score_hall(0, masks, order, True)
            results.add((b["result"], b["disorder"], b["forbice"], b["carta"]))
            assert sorted(b["spectators"]) == [0, 1, 1, 1, 2] or sorted(b["spectators"]) == [1, 1, 1, 1, 2]
        assert len(results) == 1, results
    b = score_hall(0, [["4", "s"], ["2", "f"]], specs, True)
    # 2 kept in the emotion-1 group: (2 + 1 -> 2) + 1 + ON 1 = 4; on the lone
    # emotion-2 spectator it would be 2 + 2 + 1 = 5
    assert b["disorder"] == 4 and b["spectators"][2] == 1 and b["result"] == 6 - 4


def test_ms13_earliest_off_spectator_keeps_2_on_a_tie():
    """MS-13: when several choices leave the owner equally off, the OFF
    spectator dealt earliest keeps 2."""
    b = score_hall(0, [["4", "s"]], [[0, ON], [1, OFF], [2, ON], [3, OFF], [4, OFF]], True)
    assert b["spectators"] == [0, 2, 1, 1, 1] and b["disorder"] == 5
    b = score_hall(0, [["4", "s"]], [[2, ON], [3, OFF], [1, OFF]], True)
    assert b["spectators"] == [1, 2, 1]
    # with forbice: two lone OFF spectators of different emotions tie; the
    # first keeps 2
    b = score_hall(0, [["4", "s"], ["1", "f"]], [[4, OFF], [5, OFF]], True)
    assert b["spectators"] == [2, 1] and b["forbice"] == 0 and b["disorder"] == 3
    # a strictly better later choice wins over the earlier one
    b = score_hall(0, [["4", "s"], ["1", "f"]], [[4, OFF], [5, OFF], [5, ON]], True)
    assert b["spectators"] == [1, 2, 1] and b["forbice"] == 1 and b["disorder"] == 3


def test_ms13_sasso_with_one_or_no_off_spectator():
    b = score_hall(0, [["4", "s"]], [[1, OFF], [2, ON]], True)
    assert b["spectators"] == [2, 1] and b["disorder"] == 3
    b = score_hall(0, [["4", "s"]], [[1, ON], [0, OFF]], True)
    assert b["spectators"] == [1, 0] and b["disorder"] == 1
    r = score_round([{"emotion": 0, "owner": 1, "masks": [["4", "s"]], "spectators": [[1, OFF], [2, OFF]]}],
                    [[], []], 2, True)
    assert r["delta"] == [0, 4 - 3]


# --- bad entries refused (PL-11) ---------------------------------------------

def _physical(players=3, variant=False):
    s = engine.new_game({"players": players, "mode": "physical", "variant": variant}, 4)
    for h in range(5):
        s = engine.apply(s, {"type": "hall", "hall": h, "emotion": h, "d4": "1"})
    return s


def test_ms12_physical_entries_out_of_range_refused():
    s = engine.new_game({"players": 3, "mode": "physical"}, 4)
    n = len(s["emotions"])
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": n, "d4": "1"}, "emotion")
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": -1, "d4": "1"}, "emotion")
    refused_unchanged(engine, s, {"type": "hall", "hall": 5, "emotion": 0, "d4": "1"}, "hall")
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": 0, "d4": "5"}, "d4")
    s = engine.apply(s, {"type": "hall", "hall": 0, "emotion": n - 1, "d4": "1"})
    assert s["halls"][0]["emotion"] == n - 1
    s = _physical()
    for bad in (3, -1, "1", None):
        refused_unchanged(engine, s, {"type": "mask", "player": bad, "hall": 0, "d6": "3"}, "player")
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": 3}, "d6")
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": "7"}, "d6")
    s = engine.apply(s, {"type": "mask", "player": 2, "hall": 0, "d6": "b"})
    assert s["halls"][0]["owner"] == 2 and s["halls"][0]["masks"] == [["b", None]]
    s = engine.apply(s, {"type": "reveal"})
    refused_unchanged(engine, s, {"type": "spectator", "hall": 0, "emotion": n, "on": True}, "emotion")
    refused_unchanged(engine, s, {"type": "spectator", "hall": 0, "emotion": 0, "on": 1}, "on")
    s = engine.apply(s, {"type": "spectator", "hall": 0, "emotion": 1, "on": True})
    refused_unchanged(engine, s, {"type": "spectator", "hall": 0, "emotion": 1, "on": True}, "full")
    # kept masks: a list of faces, as many as the player kept
    refused_unchanged(engine, s, {"type": "unplayed", "player": 0, "d6": "123"}, "list")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 0, "d6": ["1", "2"]}, "kept 3")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 0, "d6": ["1", "2", 3]}, "1-6")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 3, "d6": []}, "player")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 2, "d6": ["1", "2", "3"]}, "kept 2")
    s = engine.apply(s, {"type": "unplayed", "player": 2, "d6": ["1", "2"]})
    assert s["unplayed"][2] == ["1", "2"]
    refused_unchanged(engine, s, {"type": "score"}, "spectators missing")


def test_ms12_physical_variant_needs_a_morra_sign_and_mask_count_is_checked():
    s = _physical(players=2, variant=True)
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": "3"}, "morra")
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": "3", "morra": "x"}, "morra")
    for _ in range(3):
        s = engine.apply(s, {"type": "mask", "player": 0, "hall": 0, "d6": "3", "morra": "f"})
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": "3", "morra": "f"},
                      "no masks left")
    assert engine.played_count(s, 0) == 3 and engine.played_count(s, 1) == 0
    s = engine.apply(s, {"type": "mask", "player": 1, "hall": 1, "d6": "3", "morra": "c"})


def test_ms3_options_that_are_not_a_dict_or_the_wrong_type_refused():
    for bad in (None, [], "players=2", 3):
        raises(GameError, engine.new_game, bad, 1)
    for bad in ({"players": 0}, {"players": 6}, {"players": "2"}, {"players": True},
                {"mode": "cards"}, {"mode": 1}, {"deck": []}, {"deck": "default"}):
        raises(GameError, engine.new_game, bad, 1)
    for n in (1, 5):
        s = engine.new_game({"players": n}, 1)
        assert len(s["hands"]) == n and s["rounds"] == (5 if n == 1 else 10)
    assert len(cards.DEFAULT_EMOTIONS) == len(engine.new_game({}, 1)["emotions"])


def test_ms2_deck_codes_emotion_digits_and_counts_checked():
    """MS-2: a card's emotion digit must name one of the deck's emotions;
    2 to 10 emotions; cards and emotions as lists."""
    deck = [cards.make("1", "1", True, i % 2, "s") for i in range(cards.MIN_DECK)]
    assert cards.check_codes(deck, ["a", "b"]) == []
    assert cards.check_codes(deck, ("a", "b")) == ["deck must be lists of cards and emotions"]
    assert cards.check_codes(tuple(deck), ["a", "b"]) == ["deck must be lists of cards and emotions"]
    assert cards.check_codes(deck, ["a"])[0] == "2 to 10 emotions needed"
    assert cards.check_codes(deck, ["e%d" % i for i in range(11)]) == ["2 to 10 emotions needed"]
    ten = ["e%d" % i for i in range(10)]
    assert cards.check_codes(deck + ["1119s"], ten) == []
    bad = cards.check_codes(deck + ["1112s"], ["a", "b"])
    assert bad == ["card %d: bad code 1112s" % (cards.MIN_DECK + 1)]
    assert cards.check_codes(deck + ["111:s"], ten) != []
    assert cards.check_codes(deck + ["111/s"], ten) != []
    e = raises(GameError, engine.new_game, {"deck": {"cards": deck + ["1115s"], "emotions": ["a", "b"]}}, 1)
    assert "bad code" in e.message
    s = engine.new_game({"deck": {"cards": deck, "emotions": ["a", "b"]}}, 1)
    assert s["emotions"] == ["a", "b"] and len(s["cards"]) == cards.MIN_DECK


def test_ms3_fresh_state_counters_and_hall_views():
    s = engine.new_game({}, 1)
    assert s["players"] == 1 and s["passes"] == 0 and s["round"] == 1 and s["totals"] == [0]
    p = engine.new_game({"players": 3, "mode": "physical"}, 1)
    assert p["passes"] == 0
    v = engine.hall_view(p, 0)
    assert v["spectators"] == 0 and v["emotion"] is None and v["emotion_name"] is None and v["masks"] == []
    p = engine.apply(p, {"type": "hall", "hall": 0, "emotion": 2, "d4": "b"})
    v = engine.hall_view(p, 0)
    assert v["spectators"] == 2 and v["emotion_name"] == p["emotions"][2]


def test_ms9_passes_cleared_for_the_next_round():
    s, hands = _placement(3, 0)
    s = _place(s, 0, 0, [hands[0][0]])
    s = _round_over(s, 3)
    assert s["passes"] == 3
    s = engine.apply(s, {"type": "next_round"})
    assert s["passes"] == 0 and s["phase"] == "deal"


def test_ms5_player_and_hall_numbers_refused_by_name():
    s, hands = _placement(3, 0)
    refused_unchanged(engine, s, {"type": "pass", "player": 3}, "player must be at most 2")
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 5, "cards": [hands[0][0]]},
                      "hall must be at most 4")
    p = _physical()
    refused_unchanged(engine, p, {"type": "mask", "player": 0, "hall": 5, "d6": "3"},
                      "hall must be at most 4")
    p = engine.apply(p, {"type": "reveal"})
    refused_unchanged(engine, p, {"type": "spectator", "hall": 5, "emotion": 0, "on": True},
                      "hall must be at most 4")


def test_ms9_an_exhausted_deck_is_refused_not_crashed():
    """A state whose draw and discard piles are both empty (only a broken
    save could have one): the deal is refused and nothing changes."""
    s, _ = stage(_halls(), _hands(2))
    s["draw"] = []
    s["discard"] = []
    refused_unchanged(engine, s, {"type": "deal"}, "Deck exhausted")
