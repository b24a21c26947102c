# Core edges the mutation run (bench/mutate.py) found untested: replaying a record of
# another game (PL-8), storage path joining, the game registry.
from usher import games
from usher.core import game, storage
from usher.core.game import GameError
from usher.games.multisala import engine as multisala
from usher.games.seatwars import engine as seatwars
from mptest import raises, tmpdir


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


def test_pl11_check_record_shapes():
    """The shape a saved game must have before it is trusted (PL-11): seed 0
    is a seed; a negative one and options that are not a table are refused
    with the reason."""
    good = {"game": "seatwars", "options": {"players": 2}, "seed": 0, "actions": [{"type": "end_turn"}]}
    game.check_record(good)
    for key, value, reason in (("game", 3, "game is not a name"),
                               ("seed", -1, "seed is not a whole number"),
                               ("seed", "1", "seed is not a whole number"),
                               ("options", [], "options are not a table"),
                               ("options", None, "options are not a table"),
                               ("actions", {}, "actions are not a list")):
        bad = dict(good)
        bad[key] = value
        e = raises(ValueError, game.check_record, bad)
        assert str(e) == reason, (key, value, str(e))


def _write(path, raw):
    with open(path, "wb") as f:
        f.write(raw)


def test_pl11_load_checked_names_what_is_wrong_with_each_copy():
    """Each copy set aside is named with its reason: bytes that are not
    UTF-8, an empty file, and the check's own message; the backup is used."""
    d = tmpdir()
    path = storage.join(d, "game.json")
    _write(path + ".bak", b'{"ok": 1}')

    def check(obj):
        if obj.get("ok") != 1:
            raise ValueError("wrong shape")
        return obj

    for raw, reason in ((b'{"ok": "\xff"}', "not UTF-8 text"), (b"  \n", "empty"),
                        (b'{"ok": 2}', "wrong shape"), (b"{", "not valid JSON")):
        _write(path, raw)
        value, source, problems = storage.load_checked(path, check)
        assert value == {"ok": 1} and source == "backup", raw
        assert problems == ["game.json: " + reason], (raw, problems)
