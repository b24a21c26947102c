# Solo against the House (TH-15, TH-16): its virtual deck follows the rules,
# its choices are legal and see only what TH-16 allows, and replay and undo
# are exact (PL-8). The strength figures are in bench/theatre_house.py.
from usher.core import game
from usher.core.game import GameError
from usher.games.theatre import engine, house, housedeck
from mptest import raises

LEVELS = housedeck.LEVELS


def _player_card(s, value=3, suit="charm", pr="paw", ability="none"):
    return {"type": "play", "player": 0, "value": value, "suit": suit, "print": pr,
            "ability": ability}


def _piles(s):
    h = s["house"]
    return h["deck"], h["hand"], h["breakroom"], h["dismissed"]


def _in_play(s):
    ids = []
    for e in s["play"]:
        if e["player"] != 1:
            continue
        if "id" in e:
            ids.append(e["id"])
        if "drawn_id" in e:
            ids.append(e["drawn_id"])
    return ids


def _check_piles(s):
    """TH-15/TH-11: the House's cards are each in exactly one place, and its
    counts are the sizes of its piles."""
    deck, hand, brk, dis = _piles(s)
    every = deck + hand + brk + dis + _in_play(s)
    every.sort()
    assert every == list(range(housedeck.DECK_SIZE)), every
    k = engine.player_counts(s, 1)
    assert (k["deck"], k["hand"], k["breakroom"], k["dismissed"]) == \
        (len(deck), len(hand), len(brk), len(dis))


def _bot_solo(level, seed, player="greedy", check=None):
    """A whole solo game: the House by its level, the player (seat 0) by a
    reference policy from a virtual copy of the deck. Returns (record, state)."""
    rec, s = game.new_record(engine, {"house": level, "players": 1, "rival": True}, seed)
    while s["phase"] != "over":
        if s["phase"] == "act_start":
            a = {"type": "start_act"}
        elif s["turn"] == 1:
            a = house.choose(s)
        else:
            a = house.choose(s, 0, player)
        if check is not None:
            check(s)
        rec, s = game.play(engine, rec, s, a)
        _check_piles(s)
    return rec, s


def test_th15_solo_options_name_the_house_and_check_its_deck():
    s = engine.new_game({"house": "normal", "players": ["Ann"]}, 3)
    assert s["players"] == ["Ann", "House"] and s["declared"] == [16, 16]
    assert s["house"]["level"] == "normal" and len(s["house_cards"]) == 16
    for bad in ({"house": "expert"}, {"house": "easy", "players": 2},
                {"house": "easy", "house_deck": [{"value": 1}] * 16},
                {"house": "easy", "house_deck": housedeck.default_cards()[:15]}):
        raises(GameError, engine.new_game, bad, 1)
    # TH-15: the default deck is the printed 2-player format, four of each rank
    ranks = [c["rank"] for c in housedeck.default_cards()]
    assert [ranks.count(r) for r in (1, 2, 3, 4)] == [4, 4, 4, 4]
    assert len([c for c in housedeck.default_cards() if c["ability"] != "none"]) in range(6, 11)


def test_th15_the_house_draws_plays_and_keeps_its_cards_by_the_rules():
    """Its piles move with its counts through whole games of every level,
    with reshuffles, gambles and elimination (TH-9..TH-12)."""
    gambles = 0
    for level in LEVELS:
        for seed in (1, 2, 3):
            rec, s = _bot_solo(level, seed)
            assert s["winners"] and s["act"] > 2
            gambles += s["stats"]["gambles"]
            # replay of the record is exact (PL-8)
            assert game.replay(engine, rec) == s
    assert gambles > 0


def test_th15_only_a_card_of_its_hand_and_only_in_its_turn():
    s = engine.new_game({"house": "easy", "players": 1}, 5)
    s = engine.apply(s, {"type": "start_act"})
    if s["turn"] == 0:
        s = engine.apply(s, _player_card(s))
    hand = s["house"]["hand"]
    other = [i for i in range(16) if i not in hand][0]
    before = game.clone(s)
    raises(GameError, engine.apply, s, {"type": "play", "player": 1, "card": other})
    raises(GameError, engine.apply, s, {"type": "play", "player": 1, "card": "x"})
    assert s == before
    play = {"type": "play", "player": 1, "card": hand[0]}
    raises(GameError, engine.apply, s, play)         # the card's fields go with it
    play.update(housedeck.card(s, hand[0]))
    wrong = dict(play, value=play["value"] + 1)
    raises(GameError, engine.apply, s, wrong)
    assert s == before
    s2 = engine.apply(s, play)
    assert hand[0] not in s2["house"]["hand"] and s2["play"][-1]["id"] == hand[0]


def test_th16_the_house_never_reads_the_order_of_its_deck():
    """Every choice of every level is the same when only the order of the
    House's deck differs (the card a Gamble draws aside, which the engine
    takes, not the House)."""
    seen = [0]

    def same_choice(s):
        if s["turn"] != 1 or s["phase"] == "act_start":
            return
        mixed = game.clone(s)
        deck = mixed["house"]["deck"]
        mixed["house"]["deck"] = deck[1:] + deck[:1] if len(deck) > 1 else deck
        deck2 = list(reversed(deck))
        back = game.clone(s)
        back["house"]["deck"] = deck2
        a = house.choose(s)
        assert house.choose(mixed) == a and house.choose(back) == a, (s["phase"], a)
        seen[0] += 1

    for level in LEVELS:
        _bot_solo(level, 11, "random", same_choice)
    assert seen[0] > 60


def test_th16_a_view_holds_no_deck_order_and_nothing_of_the_players_hand():
    s = engine.new_game({"house": "hard", "players": 1}, 8)
    s = engine.apply(s, {"type": "start_act"})
    v = house.view(s, 1)
    assert [c for c in v["deck"]] == sorted(v["deck"], key=house._card_key)
    assert len(v["hand"]) == 5 and len(v["deck"]) == 11
    assert "order" not in v and "rng" in v
    assert v["counts"][0]["hand"] == 5       # the player's counts, public (TH-11)


def test_pl8_undo_takes_back_the_players_move_with_the_house_reply():
    """An undo drops the House's replies with the player's action before
    them; the House then chooses the same again."""
    rec, s = game.new_record(engine, {"house": "normal", "players": 1}, 21)
    rec, s = game.play(engine, rec, s, {"type": "start_act"})
    while engine.house_turn(s):
        rec, s = game.play(engine, rec, s, house.choose(s))
    before = len(rec["actions"])
    rec, s = game.play(engine, rec, s, _player_card(s, 5))
    while engine.house_turn(s):
        rec, s = game.play(engine, rec, s, house.choose(s))
    replies = rec["actions"][before + 1:]
    assert [engine.automatic(rec["options"], a) for a in rec["actions"][before:]] == \
        [False] + [True] * len(replies)
    rec2, s2 = game.undo(engine, rec)
    assert len(rec2["actions"]) == before and s2["turn"] == 0
    rec3, s3 = game.play(engine, rec2, s2, _player_card(s2, 5))
    while engine.house_turn(s3):
        rec3, s3 = game.play(engine, rec3, s3, house.choose(s3))
    assert rec3["actions"] == rec["actions"] and s3 == s


def test_th16_short_runs_of_each_level_are_legal_and_end():
    """The bench plays 10,000 games per level (bench/theatre_house.py); here
    a short run of each against the random reference player."""
    for level in LEVELS:
        for seed in range(20, 26):
            _rec, s = _bot_solo(level, seed, "random")
            assert s["phase"] == "over"


def test_th15_the_house_deck_file_round_trips_and_names_what_is_wrong():
    from usher.games.theatre import housefile
    text = housefile.default_text()
    cards, defects = housefile.parse(text)
    assert defects == [] and cards == housedeck.default_cards()
    lines = text.split("\n")
    bad = "\n".join(lines[:2] + ["Charm 1, charm, 1, 1, wing", "x, hearts, 1, 1, paw",
                                 "x, charm, 1", "Luck 2, luck, 1, 2, hoof, boost, extra"] + lines[3:])
    defects = housefile.parse(bad)[1]
    assert defects == ["line 3: unknown print wing", "line 4: unknown suit hearts",
                       "line 5: want name, suit, rank, value, print[, ability]",
                       "line 6: want name, suit, rank, value, print[, ability]"], defects
    # TH-13's 2-player limits and TH-15's 16 cards
    assert housefile.parse("\n".join(lines[:-2]))[1] == ["15 cards, the House plays 16"]
    five = text.replace("Charm 1 paw, charm, 1, 1, paw", "Charm 1 paw, charm, 4, 1, paw")
    assert housefile.parse(five)[1][0].startswith("rank weight")
