# Pulisci il Multisala engine with the virtual deck: setup (MS-3), the
# spectator deal (MS-4), placement turns (MS-5), scoring through the engine
# (MS-6..8), end of round (MS-9), game length (MS-10), modes (MS-12).
from usher.core.game import GameError
from usher.games.multisala import bot, cards, engine
from usher.core import rng
from mptest import raises, refused_unchanged

EMOTIONS = ["e0", "e1", "e2", "e3", "e4", "e5"]
FILLER = cards.make("1", "1", True, 5, "s")


def C(d4="1", d6="1", on=True, emo=0, morra="s"):
    return cards.make(d4, d6, on, emo, morra)


def stage(halls, hands, variant=False, seed=1):
    """A virtual game in the deal phase with chosen cards. halls: five
    (hall code, [spectator codes]); hands: per player, mask codes. First
    player is P1 (index 0)."""
    deck = []
    hall_ids = []
    spec_ids = []
    for code, specs in halls:
        hall_ids.append(len(deck))
        deck.append(code)
        ids = []
        for sc in specs:
            ids.append(len(deck))
            deck.append(sc)
        spec_ids.append(ids)
    hand_ids = []
    for hand in hands:
        ids = []
        for mc in hand:
            ids.append(len(deck))
            deck.append(mc)
        hand_ids.append(ids)
    filler = []
    while len(deck) < cards.MIN_DECK:
        filler.append(len(deck))
        deck.append(FILLER)
    s = engine.new_game({"players": len(hands), "variant": variant,
                         "deck": {"cards": deck, "emotions": EMOTIONS}}, seed)
    s["halls"] = [{"card": hall_ids[i], "emotion": cards.emotion(halls[i][0]), "d4": cards.d4(halls[i][0]),
                   "spectators": [], "masks": [], "owner": None} for i in range(5)]
    s["hands"] = hand_ids
    # the deal pops from the end: hall by hall, spectator by spectator
    order = []
    for ids in spec_ids:
        order.extend(ids)
    order.reverse()
    s["draw"] = filler + order
    s["discard"] = []
    s["first"] = 0
    s["turn"] = 0
    return s, hand_ids


def _worked_two_player():
    halls = [
        (C("b", emo=0), [C(emo=0, on=True), C(emo=1, on=False)]),
        (C("1", emo=1), [C(emo=2, on=True)]),
        (C("3", emo=2), [C(emo=0, on=False), C(emo=2, on=False), C(emo=3, on=True)]),
        (C("1", emo=3), [C(emo=3, on=False)]),
        (C("2", emo=4), [C(emo=1, on=False), C(emo=5, on=False)]),
    ]
    hands = [[C(d6="6"), C(d6="b"), C(d6="2")], [C(d6="1"), C(d6="4"), C(d6="5")]]
    return stage(halls, hands)


def test_ms3_setup_hands_halls_and_random_first_player():
    firsts = []
    for players in (1, 2, 3, 4, 5):
        for seed in range(8):
            s = engine.new_game({"players": players}, seed)
            assert len(s["halls"]) == 5 and s["phase"] == "deal" and s["round"] == 1
            want = 4 if players == 1 else 3
            assert [len(h) for h in s["hands"]] == [want] * players
            assert 0 <= s["first"] < players and s["turn"] == s["first"]
            if players == 3:
                firsts.append(s["first"])
    assert sorted(set(firsts)) == [0, 1, 2]


def test_ms3_options_refused():
    for opts in ({"players": 0}, {"players": 6}, {"mode": "cards"}, {"variant": 1},
                 {"deck": {"cards": ["zzzzz"] * 40, "emotions": EMOTIONS}}):
        raises(GameError, engine.new_game, opts, 1)


def test_ms4_spectator_deal_follows_d4_with_bilico_2():
    s, _ = _worked_two_player()
    s = engine.apply(s, {"type": "deal"})
    assert s["phase"] == "placement"
    assert [len(h["spectators"]) for h in s["halls"]] == [2, 1, 3, 1, 2]
    v = engine.hall_view(s, 0)
    assert v["d4"] == "b" and v["spectators"] == 2 and v["emotion_name"] == "e0" and v["owner"] is None


def test_ms5_second_player_refused_on_another_players_hall():
    s, hands = _worked_two_player()
    s = engine.apply(s, {"type": "deal"})
    s = engine.apply(s, {"type": "place", "player": 0, "hall": 0, "cards": hands[0][:2]})
    assert s["turn"] == 1 and s["halls"][0]["owner"] == 0
    refused_unchanged(engine, s, {"type": "place", "player": 1, "hall": 0, "cards": [hands[1][0]]},
                      "Hall 1 is P1's")
    assert engine.legal_halls(s, 1) == [1, 2, 3, 4] and engine.legal_halls(s, 0) == [0, 1, 2, 3, 4]


def test_ms5_turn_and_mask_checks():
    s, hands = _worked_two_player()
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 0, "cards": [hands[0][0]]}, "Not now")
    s = engine.apply(s, {"type": "deal"})
    refused_unchanged(engine, s, {"type": "deal"}, "Not now")
    refused_unchanged(engine, s, {"type": "place", "player": 1, "hall": 1, "cards": [hands[1][0]]},
                      "Not P2's turn")
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 1, "cards": [hands[1][0]]},
                      "Mask not in hand")
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 1, "cards": [hands[0][0]] * 2},
                      "Mask not in hand")
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 1, "cards": []}, "1 to 3")
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 5, "cards": [hands[0][0]]}, "hall")
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": 1, "d4": "2"}, "physical")


def test_ms5_four_masks_in_one_turn_refused():
    s, hands = stage([(C(), [C()])] * 5, [[C(d6="2")] * 4])
    s = engine.apply(s, {"type": "deal"})
    refused_unchanged(engine, s, {"type": "place", "player": 0, "hall": 0, "cards": hands[0]},
                      "At most 3")


def test_ms5_placement_ends_when_every_player_passes_in_a_row():
    s, hands = _worked_two_player()
    s = engine.apply(s, {"type": "deal"})
    s = engine.apply(s, {"type": "pass", "player": 0})
    s = engine.apply(s, {"type": "place", "player": 1, "hall": 4, "cards": [hands[1][0]]})
    s = engine.apply(s, {"type": "pass", "player": 0})
    assert s["phase"] == "placement"  # P2's play broke the run of passes
    s = engine.apply(s, {"type": "pass", "player": 1})
    assert s["phase"] == "scored"


def _play_worked_round():
    s, hands = _worked_two_player()
    s = engine.apply(s, {"type": "deal"})
    s = engine.apply(s, {"type": "place", "player": 0, "hall": 0, "cards": hands[0][:2]})
    s = engine.apply(s, {"type": "place", "player": 1, "hall": 4, "cards": [hands[1][0]]})
    s = engine.apply(s, {"type": "place", "player": 0, "hall": 0, "cards": [hands[0][2]]})
    s = engine.apply(s, {"type": "pass", "player": 1})
    s = engine.apply(s, {"type": "pass", "player": 0})
    return s, hands


def test_ms6_ms7_ms8_round_scored_through_the_engine():
    """Hall 1 (P1, masks 6 + bilico + 2 = 11, spectators same + OFF = 2): +9.
    Hall 5 (P2, mask 1, two OFF = 4): -3. Unmasked halls 2, 3, 4: disorder
    1 + 3 + 0 = 4 charged to both. P2 kept masks 4 and 5: -9."""
    s, _ = _play_worked_round()
    b = s["breakdown"]
    assert s["phase"] == "scored"
    assert b["halls"][0]["cleaning"] == 11 and b["halls"][0]["disorder"] == 2 and b["halls"][0]["owner"] == 0
    assert b["halls"][4]["result"] == -3 and b["halls"][4]["owner"] == 1
    assert [b["halls"][i]["disorder"] for i in (1, 2, 3)] == [1, 3, 0]
    assert b["unplayed"] == [0, 9]
    assert b["delta"] == [5, -16] and s["totals"] == [5, -16]
    assert b["halls"][2]["seen"] == [[0, False], [2, False], [3, True]]


def test_ms9_masks_passed_left_first_player_rotates_cards_discarded():
    s, hands = _play_worked_round()
    table = []
    for h in s["halls"]:
        table.extend([h["card"]] + h["spectators"])
    s = engine.apply(s, {"type": "next_round"})
    assert s["round"] == 2 and s["first"] == 1 and s["turn"] == 1 and s["phase"] == "deal"
    assert s["hands"][1] == sorted(hands[0]) and s["hands"][0] == sorted(hands[1])
    assert sorted(s["discard"]) == sorted(table) and s["breakdown"] is None
    assert [h["masks"] for h in s["halls"]] == [[]] * 5


def _solo_round_passed(s):
    s = engine.apply(s, {"type": "deal"})
    return engine.apply(s, {"type": "pass", "player": 0})


def test_ms9_solo_masks_discarded_and_3_new_drawn():
    s = _solo_round_passed(engine.new_game({"players": 1}, 5))
    old = s["hands"][0][:]
    assert len(old) == 4
    s = engine.apply(s, {"type": "next_round"})
    assert len(s["hands"][0]) == 3 and not [c for c in s["hands"][0] if c in old]
    assert [c for c in old if c in s["discard"]] == old


def test_ms9_reshuffle_only_when_the_deck_runs_out():
    s = _solo_round_passed(engine.new_game({"players": 1}, 9))
    # plenty left: no reshuffle, the discard pile just grows
    s2 = engine.apply(s, {"type": "next_round"})
    assert s2["reshuffles"] == 0 and len(s2["discard"]) == 5 + len(s["discard"]) + sum(
        [len(h["spectators"]) for h in s["halls"]]) + 4
    # two cards left in the deck: they are drawn first, then the discards
    s["discard"] = s["discard"] + s["draw"][:-2]
    last_two = s["draw"][-2:]
    s["draw"] = last_two[:]
    s3 = engine.apply(s, {"type": "next_round"})
    assert s3["reshuffles"] == 1
    assert [s3["halls"][0]["card"], s3["halls"][1]["card"]] == [last_two[1], last_two[0]]
    assert s3["discard"] == []
    assert sorted(engine.card_count(s3)) == list(range(54))


def _bot_game(options, seed):
    s = engine.new_game(options, seed)
    r = rng.new_state(seed + 100)
    firsts = []
    while True:
        if s["phase"] == "deal" and (not firsts or firsts[-1][0] != s["round"]):
            firsts.append((s["round"], s["first"]))
        a = bot.next_action(s, r)
        if a is None:
            return s, [f[1] for f in firsts]
        s = engine.apply(s, a)


def test_ms10_every_player_first_twice_2n_rounds():
    for players in (2, 3, 5):
        s, firsts = _bot_game({"players": players}, players)
        assert s["phase"] == "over" and s["round"] == 2 * players == s["rounds"]
        for p in range(players):
            assert firsts.count(p) == 2
        refused_unchanged(engine, s, {"type": "next_round"}, "Not now")


def test_ms10_solo_plays_5_rounds():
    s, firsts = _bot_game({"players": 1}, 3)
    assert s["phase"] == "over" and s["round"] == 5 and firsts == [0] * 5
    assert s["breakdown"] is not None  # the last round's breakdown stays for the screen
    assert bot.next_action(s, rng.new_state(1)) is None


def test_ms11_variant_option_scores_personalities_in_the_engine():
    # one hall with a carta mask and two same-emotion spectators: +6
    halls = [(C("2", emo=0), [C(emo=0), C(emo=0)])] + [(C("1", emo=1), [C(emo=1)])] * 4
    for variant, want in ((False, 4), (True, 10)):
        s, hands = stage(halls, [[C(d6="4", morra="c")]], variant)
        s = engine.apply(s, {"type": "deal"})
        s = engine.apply(s, {"type": "place", "player": 0, "hall": 0, "cards": hands[0]})
        s = engine.apply(s, {"type": "pass", "player": 0})
        assert s["totals"] == [want]


def test_ms12_views_for_the_screen():
    s, hands = _worked_two_player()
    h = hands[0]
    assert engine.hand_view(s, 0) == [[h[0], "6", "s"], [h[1], "b", "s"], [h[2], "2", "s"]]
    s = engine.apply(s, {"type": "deal"})
    s = engine.apply(s, {"type": "place", "player": 0, "hall": 2, "cards": [hands[0][1]]})
    assert engine.hall_view(s, 2)["masks"] == [["b", "s"]] and engine.hall_view(s, 2)["owner"] == 0
