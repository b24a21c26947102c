# Core edges the mutation run found untested (issue 18): replaying a record of
# another game (PL-8), storage path joining, the game registry.
from usher import games
from usher.core import game, storage
from usher.core.game import GameError
from usher.games.multisala import engine as multisala
from usher.games.seatwars import engine as seatwars
from mptest import raises


def test_pl8_replaying_a_record_of_another_game_is_refused_by_name():
    rec, _ = game.new_record(seatwars, {"players": 2}, 3)
    rec, _ = game.play(seatwars, rec, seatwars.new_game({"players": 2}, 3), {"type": "end_turn"})
    e = raises(GameError, game.replay, multisala, rec)
    assert e.message == "Saved game is not multisala"
    for bad in ({}, {"game": None}, {"game": "Seatwars"}):
        rec2 = dict(rec)
        rec2.update(bad)
        if not bad:
            del rec2["game"]
        raises(GameError, game.replay, seatwars, rec2)
    s = game.replay(seatwars, rec)
    assert s["current"] == 1 and s["turn"] == 2
    assert game.replay(seatwars, rec, 0)["current"] == 0


def test_storage_join_edges():
    assert storage.join("", "a.json") == "a.json"
    assert storage.join("/", "a.json") == "/a.json"
    assert storage.join("data", "a.json") == "data/a.json"
    assert storage.join("data/", "a.json") == "data/a.json"
    assert storage.join("/data/x", "a") == "/data/x/a"


def test_registry_titles_and_loading():
    assert games.ids() == ["takeaseat", "theatre", "multisala", "seatwars"]
    assert games.title("theatre") == "The Theatre" and games.title("seatwars") == "Seat Wars"
    raises(KeyError, games.title, "chess")
    raises(KeyError, games.engine, "chess")
    raises(KeyError, games.bot, "")
    assert games.engine("multisala").GAME_ID == "multisala"
    assert games.bot("theatre").__name__.endswith("theatre.bot")
