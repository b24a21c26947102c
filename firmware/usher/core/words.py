# The words the games' actions use most, which a saved file says by number
# (PL-17: what each action writes kept small; docs/log-format.md).
#
# usher.core.gamefile.packed writes a game's actions as rows of numbers: a
# row's key set is a number in a list of key sets, and each key name and
# string value a number in a list of names. A record of game g (a saved
# game's base, a kept play's file) starts those lists from of(g) instead of
# spelling its words out, and says how many of them it uses ("bn", "bk");
# a tail continues its base's. The Theatre's kept play of 14 actions was
# 616 bytes, 260 of them its names and key sets: over littlefs's 512-byte
# inline limit, so keeping it erased a 4 KB block (PL-17; docs/performance.md,
# The games' words).
#
# APPEND-ONLY. A file on a board in use says "the first bn names": a word
# keeps its number for ever, and a new one goes at the end of its tuple
# (tests/portable/test_core_gamefile.py holds the published tables). Words
# that are not here are written in the file, as before.
#
# The file format's dictionary, so it lives with the format in core; the
# engines do not read it. Chosen from the bots' games (every action type
# and key, the string values: type names, The Theatre's suits, prints and
# abilities, Multisala's faces). A key set is the key names' numbers in
# sorted order, -1 - n for a key whose value is a string (packed()).


def of(game_id):
    """(names, key sets) the records of game_id start from; empty for any
    other value. The tables are constants in the function's code: in flash
    on the images, no RAM for them nor for a global per game."""
    if game_id == "takeaseat":
        return (
            ("type", "automa", "reserve", "area", "cells", "press", "public", "celebrities",
             "authorities", "score", "counts", "usher_bonus", "pass"),
            ((-1,), (-4, 4, -1), (10, -1, 11)),
        )
    if game_id == "theatre":
        return (
            ("type", "play", "player", "value", "suit", "print", "ability", "none", "start_act",
             "gamble", "draw", "reveal", "remove", "charm", "luck", "agility", "will", "strength", "paw",
             "hoof", "claw", "talon", "slither", "webbed", "fin", "float", "skitter", "boost", "sap",
             "combo1", "combo2", "finisher"),
            ((-1,), (-7, 2, -6, -5, -1, 3), (10, 2, -1), (-7, 2, -6, -13, -5, -1, 3)),
        )
    if game_id == "multisala":
        return (
            ("type", "player", "pass", "place", "hall", "cards", "deal", "next_round", "reveal", "score",
             "spectator", "emotion", "on", "unplayed", "d6", "mask", "morra", "d4", "1", "2", "3", "4",
             "5", "6", "b", "s", "c", "f"),
            ((-1,), (1, -1), (5, 4, 1, -1), (-18, 11, 4, -1), (14, 1, -1), (11, 4, 12, -1),
             (-15, 4, -17, 1, -1)),
        )
    if game_id == "seatwars":
        return (
            ("type", "place", "attack", "equip", "end_turn", "hand", "challenge", "target", "points",
             "item", "shield", "score", "mode", "value", "min", "max", "destination", "final_score",
             "last_card", "event", "missed", "caught_bus", "player", "seymour"),
            ((-1,), (2, 3, -1), (5, -1), (10, -1), (2, 3, 7, -1), (2, 3, 8, 7, -1), (-13, 7, -1, 13),
             (7, -1, 13), (16, -13, 7, -1, 13), (20, -1), (22, -1), (18, -1), (5, 18, -1),
             (23, 7, -1, 13)),
        )
    return (), ()
