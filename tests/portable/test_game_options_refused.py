# Options and action fields that are not a game's are refused (PL-11):
# each engine's new_game refuses an unknown option, a value of the wrong
# kind and one out of the rules' range, so a saved game that parses but
# cannot be what it claims (an older unsealed game.json, {"players": 99})
# fails its replay and the loader takes its previous copy (PL-23); and
# apply refuses an action with a field its type does not have, the state
# unchanged, as replay does. Every option the screens, the owner's files
# and the benches give is still taken (docs/actions/*.md).
import json

from mptest import raises, refused_unchanged

from usher import games
from usher.core import game
from usher.core.game import GameError, canonical_json
from usher.games.multisala import cards as ms_cards
from usher.games.multisala import engine as ms
from usher.games.seatwars import engine as sw
from usher.games.takeaseat import deck as ts_deck
from usher.games.takeaseat import engine as ts
from usher.games.takeaseat import panels as ts_panels
from usher.games.theatre import engine as th
from usher.games.theatre import housedeck
from usher.ui import persist


def _refused(engine, options, expect):
    """new_game refuses options with a message containing expect, and
    leaves the options as they were; a saved record with them does not
    load (persist.check_game: the loader's check, PL-11)."""
    before = json.dumps(options)
    err = raises(GameError, engine.new_game, options, 7)
    assert expect in err.message, (options, err.message)
    assert json.dumps(options) == before, "options changed by a refused game"
    rec = {"game": engine.GAME_ID, "options": options, "seed": 7, "actions": []}
    raises(ValueError, persist.check_game, rec, games.engine)
    return err.message


def _taken(engine, options):
    s = engine.new_game(options, 7)
    assert type(s) is dict
    rec = {"game": engine.GAME_ID, "options": options, "seed": 7, "actions": []}
    assert persist.check_game(rec, games.engine)[2] == s


def _field_refused(engine, state, record, action, expect):
    """apply refuses action (state unchanged) and a record whose actions
    end with it does not replay."""
    refused_unchanged(engine, state, action, expect)
    bad = {"game": record["game"], "options": record["options"], "seed": record["seed"],
           "actions": record["actions"] + [action]}
    err = raises(GameError, game.replay, engine, bad)
    assert expect in err.message, err.message


# --- Take a Seat ---------------------------------------------------------------------

def test_takeaseat_options_not_the_games_are_refused():
    # the measured finding: default mode solo, 99 players
    _refused(ts, {"players": 99}, "players")
    _refused(ts, {"mode": "solo", "players": 2}, "players")
    _refused(ts, {"mode": "multi", "players": 7}, "players must be 2 to 6")
    _refused(ts, {"mode": "multi", "players": True}, "players")
    _refused(ts, {"mode": "solo", "colour": "red"}, "Unknown option: colour")
    _refused(ts, {"mode": "multi", "players": 3, "player": 3}, "Unknown option: player")
    # a kind no screen writes, in a mode that does not read the key
    _refused(ts, {"mode": "multi", "players": 3, "panels_text": 5}, "panels_text")
    _refused(ts, {"mode": "multi", "players": 3, "deck_text": ["x"]}, "deck_text")
    _refused(ts, {"mode": "multi", "players": 3, "panels": "0,1"}, "panels")
    _refused(ts, {"mode": "multi", "players": 3, "names": ["Ann", "Bo"]}, "names")
    _refused(ts, {"mode": "solo", "names": "Ann"}, "names")
    _refused(ts, {"mode": "solo", "names": [3]}, "names")


def test_takeaseat_every_option_the_screens_and_owner_files_give_is_taken():
    _taken(ts, {})
    _taken(ts, {"mode": "solo", "players": 1})
    _taken(ts, {"mode": "solo", "names": ["Ann"], "objectives": "entered",
                "objective_ids": list(ts.pick_objectives([1, 2, 3, 4], "any")),
                "panels": [0, 1], "panels_text": ts_panels.SAMPLE_PANELS_TEXT,
                "deck_text": ts_deck.DEFAULT_DECK_TEXT})
    _taken(ts, {"mode": "multi", "players": 6, "names": ["A", "B", "C", "D", "E", "F"],
                "objectives": "first"})


def test_takeaseat_action_with_a_field_not_its_own_is_refused_on_play_and_replay():
    rec, s = game.new_record(ts, {"mode": "solo", "panels": [0, 1]}, 3)
    _field_refused(ts, s, rec, {"type": "pass", "area": "press"}, "area")
    _field_refused(ts, s, rec, {"type": "reserve", "area": "press", "cells": [[0, 0]],
                                "double": True}, "Unknown reserve field: double")
    from usher.games.takeaseat import bot
    a = bot.next_action(s, [5, 6])
    rec, s = game.play(ts, rec, s, a)
    assert s["phase"] == "automa"
    _field_refused(ts, s, rec, {"type": "automa", "panel": 1}, "panel")


# --- The Theatre -----------------------------------------------------------------------

def test_theatre_options_not_the_games_are_refused():
    _refused(th, {"players": 2, "colour": "red"}, "Unknown option: colour")
    _refused(th, {"players": 5}, "2 to 4 players")
    _refused(th, {"players": 99, "house": "normal"}, "Solo")
    _refused(th, {"players": 2, "decks": 4}, "Deck size")
    # solo: the player's size out of range, or one size per seat of a table
    _refused(th, {"players": 1, "house": "normal", "decks": 0}, "Deck size")
    _refused(th, {"players": 1, "house": "normal", "decks": [16, 16]}, "decks")
    # the House's options are a solo game's only; rival is a flag
    _refused(th, {"players": 2, "rival": True}, "rival")
    _refused(th, {"players": 2, "house_deck": housedeck.default_cards()}, "house_deck")
    _refused(th, {"players": 1, "house": "easy", "rival": "yes"}, "rival")
    cards = housedeck.default_cards()
    cards[3] = dict(cards[3])
    cards[3]["colour"] = "red"
    _refused(th, {"players": 1, "house": "easy", "house_deck": cards}, "colour")
    # names go in "players" (usher.ui.seats.with_names), never in "names"
    _refused(th, {"players": 2, "names": ["Ann", "Bo"]}, "Unknown option: names")


def test_theatre_every_option_the_screens_benches_and_owner_files_give_is_taken():
    _taken(th, {})
    _taken(th, {"players": ["Ann", "Bo", "Cy"], "decks": [20, 18, 20]})
    _taken(th, {"players": 4, "decks": 20})
    _taken(th, {"players": 1, "house": "hard", "decks": 16})
    _taken(th, {"players": ["Ann"], "house": "normal", "decks": 18,
                "house_deck": housedeck.default_cards()})
    _taken(th, {"players": 1, "house": "easy", "decks": [17]})
    _taken(th, {"house": "normal", "players": 1, "rival": True})     # bench/theatre_house.py


def test_theatre_action_with_a_field_not_its_own_is_refused_and_the_houses_play_is_not():
    rec, s = game.new_record(th, {"players": 2}, 5)
    _field_refused(th, s, rec, {"type": "start_act", "players": 3}, "Unknown start_act field")
    rec, s = game.play(th, rec, s, {"type": "start_act"})
    p = s["turn"]
    _field_refused(th, s, rec, {"type": "play", "player": p, "value": 3, "suit": "luck",
                                "print": "paw", "ability": "none", "colour": "red"}, "colour")
    # a solo game: the House's play names its card and carries the card's
    # fields (docs/actions/theatre.md); they are its play's own
    from usher.games.theatre import house
    rec, s = game.new_record(th, {"players": 1, "house": "normal"}, 11)
    rec, s = game.play(th, rec, s, {"type": "start_act"})
    n = 0
    while s["phase"] != "over" and n < 40:
        if th.house_turn(s):
            a = house.choose(s)
        elif s["phase"] == "act_start":
            a = {"type": "start_act"}
        elif s["phase"] == "play":
            a = {"type": "play", "player": s["turn"], "value": 2, "suit": "will", "print": "fin"}
        elif s["phase"] == "gamble":
            a = {"type": "gamble", "player": s["turn"], "draw": False}
        else:
            break
        rec, s = game.play(th, rec, s, a)
        n += 1
    plays = [a for a in rec["actions"] if a["type"] == "play" and "card" in a]
    assert plays and [a for a in plays if "suit" in a and "value" in a]
    assert canonical_json(game.replay(th, rec)) == canonical_json(s)


# --- Pulisci il Multisala ----------------------------------------------------------------

def test_multisala_options_not_the_games_are_refused():
    _refused(ms, {"players": 2, "colour": "red"}, "Unknown option: colour")
    _refused(ms, {"players": 99}, "players must be 1 to 5")
    _refused(ms, {"players": 2, "names": ["Ann"]}, "names")
    _refused(ms, {"players": 2, "names": "Ann,Bo"}, "names")
    _refused(ms, {"players": 1, "to_beat": "12"}, "to_beat")
    _refused(ms, {"deck": {"cards": ms_cards.default_deck(), "emotions": list(ms_cards.DEFAULT_EMOTIONS),
                           "colour": "red"}}, "colour")
    # several unknown keys: the first in sorted order, on every runtime
    _refused(ms, {"zeta": 1, "alpha": 2, "mid": 3}, "Unknown option: alpha")


def test_multisala_every_option_the_screens_and_owner_files_give_is_taken():
    _taken(ms, {})
    _taken(ms, {"players": 1, "mode": "virtual", "variant": False, "to_beat": None})
    _taken(ms, {"players": 1, "mode": "virtual", "variant": True, "to_beat": -4, "names": ["Ann"]})
    _taken(ms, {"players": 5, "mode": "physical", "variant": True,
                "names": ["A", "B", "C", "D", "E"],
                "deck": {"cards": ms_cards.default_deck(), "emotions": list(ms_cards.DEFAULT_EMOTIONS)}})


def test_multisala_action_with_a_field_not_its_own_is_refused_on_play_and_replay():
    rec, s = game.new_record(ms, {"players": 2}, 4)
    _field_refused(ms, s, rec, {"type": "deal", "n": 3}, "Unknown deal field: n")
    rec, s = game.play(ms, rec, s, {"type": "deal"})
    _field_refused(ms, s, rec, {"type": "pass", "player": s["turn"], "hall": 0}, "hall")


# --- Seat Wars ---------------------------------------------------------------------------

def test_seatwars_options_not_the_games_are_refused():
    _refused(sw, {"players": 2, "colour": "red"}, "Unknown option: colour")
    _refused(sw, {"players": 3, "names": ["A", "B", "C"]}, "Unknown option: names")
    _refused(sw, {"players": 99}, "2 to 4 players")
    _refused(sw, {"players": "3"}, "players")
    _refused(sw, {"players": 3, "start": 3}, "start")
    _refused(sw, {"players": 3, "start": True}, "start")


def test_seatwars_every_option_the_screens_give_is_taken():
    _taken(sw, {})
    _taken(sw, {"players": 4, "start": "random"})
    _taken(sw, {"players": ["Ann", "Bo"], "start": 1})
    assert sw.new_game(None, 1)["players"][0]["name"] == "P1"


def test_seatwars_action_with_a_field_not_its_own_is_refused_on_play_and_replay():
    rec, s = game.new_record(sw, {"players": 2}, 4)
    _field_refused(sw, s, rec, {"type": "place", "attack": 5, "bonus": 2}, "Unknown place field: bonus")
    _field_refused(sw, s, rec, {"type": "last_card", "player": 0}, "player")
    rec, s = game.play(sw, rec, s, {"type": "place", "attack": 5, "equip": [1]})
    assert s["actions"] == 1
