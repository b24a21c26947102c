# Pulisci il Multisala with a physical deck (MS-12): the players type in
# halls, masks, spectators and kept masks; the device checks MS-5 and scores.
from usher.games.multisala import engine
from mptest import refused_unchanged


def _entered_halls(players=2, variant=False):
    s = engine.new_game({"players": players, "mode": "physical", "variant": variant}, 4)
    assert s["phase"] == "deal" and "cards" not in s
    for h, emo, d4 in ((0, 0, "b"), (1, 1, "1"), (2, 2, "3"), (3, 3, "1"), (4, 4, "2")):
        s = engine.apply(s, {"type": "hall", "hall": h, "emotion": emo, "d4": d4})
    assert s["phase"] == "placement"
    return s


def _spectators(s, table):
    for h, specs in table:
        for emo, on in specs:
            s = engine.apply(s, {"type": "spectator", "hall": h, "emotion": emo, "on": on})
    return s


TABLE = ((0, ((0, True), (1, False))), (1, ((2, True),)), (2, ((0, False), (2, False), (3, True))),
         (3, ((3, False),)), (4, ((1, False), (5, False))))


def test_ms12_physical_round_scored_like_the_virtual_one():
    """The same table as the virtual worked round: P1 +9 on hall 1, P2 -3 on
    hall 5, unmasked halls 4 each, P2 kept 4 + 5."""
    s = _entered_halls()
    for p, h, d6 in ((0, 0, "6"), (0, 0, "b"), (1, 4, "1"), (0, 0, "2")):
        s = engine.apply(s, {"type": "mask", "player": p, "hall": h, "d6": d6})
    s = engine.apply(s, {"type": "reveal"})
    s = _spectators(s, TABLE)
    s = engine.apply(s, {"type": "unplayed", "player": 0, "d6": []})
    s = engine.apply(s, {"type": "unplayed", "player": 1, "d6": ["4", "5"]})
    s = engine.apply(s, {"type": "score"})
    assert s["phase"] == "scored" and s["totals"] == [5, -16]
    assert s["breakdown"]["halls"][0]["cleaning"] == 11
    s = engine.apply(s, {"type": "next_round"})
    assert s["round"] == 2 and s["first"] == (s["turn"]) and s["phase"] == "deal"
    assert s["halls"][0]["d4"] is None and s["unplayed"] == [None, None] and s["totals"] == [5, -16]


def test_ms5_physical_second_player_refused_on_another_players_hall():
    s = _entered_halls()
    s = engine.apply(s, {"type": "mask", "player": 1, "hall": 3, "d6": "2"})
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 3, "d6": "5"}, "Hall 4 is P2's")
    s = engine.apply(s, {"type": "mask", "player": 1, "hall": 3, "d6": "4"})
    s = engine.apply(s, {"type": "mask", "player": 1, "hall": 2, "d6": "4"})
    refused_unchanged(engine, s, {"type": "mask", "player": 1, "hall": 2, "d6": "4"}, "no masks left")


def test_ms12_physical_entries_checked():
    s = engine.new_game({"players": 2, "mode": "physical", "variant": True}, 4)
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": 6, "d4": "2"}, "emotion")
    refused_unchanged(engine, s, {"type": "hall", "hall": 0, "emotion": 1, "d4": "5"}, "d4")
    refused_unchanged(engine, s, {"type": "deal"}, "virtual")
    s = _entered_halls(2, True)
    refused_unchanged(engine, s, {"type": "mask", "player": 0, "hall": 0, "d6": "3"}, "morra")
    s = engine.apply(s, {"type": "mask", "player": 0, "hall": 0, "d6": "3", "morra": "c"})
    refused_unchanged(engine, s, {"type": "spectator", "hall": 0, "emotion": 0, "on": True}, "Not now")
    s = engine.apply(s, {"type": "reveal"})
    refused_unchanged(engine, s, {"type": "score"}, "Hall 1: 2 spectators missing")
    s = _spectators(s, TABLE)
    refused_unchanged(engine, s, {"type": "spectator", "hall": 1, "emotion": 0, "on": True}, "Hall 2 is full")
    refused_unchanged(engine, s, {"type": "spectator", "hall": 1, "emotion": 0, "on": 1}, "on must")
    refused_unchanged(engine, s, {"type": "score"}, "P1 hand not entered")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 0, "d6": ["1"]}, "P1 kept 2 masks")
    refused_unchanged(engine, s, {"type": "unplayed", "player": 0, "d6": ["1", "9"]}, "1-6 or b")
    s = engine.apply(s, {"type": "unplayed", "player": 0, "d6": ["1", "b"]})
    s = engine.apply(s, {"type": "unplayed", "player": 1, "d6": ["1", "1", "1"]})
    s = engine.apply(s, {"type": "score"})
    # hall 1: mask 3 + carta 3 for the same-emotion spectator - OFF 2 = 4;
    # unmasked: 1 + 3 + 0 + 4 = 8 each; kept: P1 1 + 3, P2 3
    assert s["totals"] == [4 - 8 - 4, -8 - 3]


def test_ms3_physical_solo_first_round_4_masks_then_3():
    s = engine.new_game({"players": 1, "mode": "physical"}, 2)
    assert engine.hand_size(s) == 4
    for h in range(5):
        s = engine.apply(s, {"type": "hall", "hall": h, "emotion": h, "d4": "1"})
    s = engine.apply(s, {"type": "reveal"})
    for h in range(5):
        s = engine.apply(s, {"type": "spectator", "hall": h, "emotion": h, "on": True})
    s = engine.apply(s, {"type": "unplayed", "player": 0, "d6": ["1", "1", "1", "1"]})
    s = engine.apply(s, {"type": "score"})
    assert s["totals"] == [-4]
    s = engine.apply(s, {"type": "next_round"})
    assert engine.hand_size(s) == 3
