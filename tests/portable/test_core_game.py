# The game framework: apply refuses illegal actions without touching the
# state, records replay exactly, undo is replay of all but the last action.
from usher.core import game, rng
from usher.core.game import GameError
from mptest import raises, refused_unchanged


class Counter:
    """A tiny engine used to test the framework itself: add dice rolls to a
    total; 'add' must be 1..3; the RNG lives in the state."""
    GAME_ID = "counter"

    @staticmethod
    def new_game(options, seed):
        return {"total": options.get("start", 0), "rolls": [], "rng": rng.new_state(seed)}

    @staticmethod
    def apply(state, action):
        return game.apply_with(state, action, HANDLERS)


def _add(s, a):
    n = game.need_int(a, "n", 1, 3)
    s["total"] += n


def _roll(s, a):
    r = rng.randint(s["rng"], 1, 6)
    s["rolls"].append(r)
    s["total"] += r


HANDLERS = {"add": _add, "roll": _roll}


def test_apply_does_not_mutate_input():
    s0 = Counter.new_game({}, 1)
    s1 = Counter.apply(s0, {"type": "add", "n": 2})
    assert s0["total"] == 0 and s1["total"] == 2


def test_illegal_actions_refused_state_unchanged():
    s = Counter.apply(Counter.new_game({}, 1), {"type": "roll"})
    refused_unchanged(Counter, s, {"type": "add", "n": 4}, "at most 3")
    refused_unchanged(Counter, s, {"type": "add", "n": "2"}, "whole number")
    refused_unchanged(Counter, s, {"type": "fly"}, "Unknown action")
    refused_unchanged(Counter, s, ["add"], "must be a dict")


def test_error_message_is_screen_text():
    e = raises(GameError, Counter.apply, Counter.new_game({}, 1), {"type": "add", "n": 0})
    assert str(e) == "n must be at least 1" and e.message == str(e)


def test_record_replay_and_undo_are_exact():
    rec, st = game.new_record(Counter, {"start": 10}, 42)
    for a in ({"type": "roll"}, {"type": "add", "n": 3}, {"type": "roll"}, {"type": "roll"}):
        rec, st = game.play(Counter, rec, st, a)
    assert len(rec["actions"]) == 4
    assert game.canonical_json(game.replay(Counter, rec)) == game.canonical_json(st)
    last_roll = st["rolls"][-1]
    rec2, st2 = game.undo(Counter, rec)
    assert len(rec2["actions"]) == 3 and len(st2["rolls"]) == 2
    # Redo gives the same die: the RNG state is part of the game state.
    rec3, st3 = game.play(Counter, rec2, st2, {"type": "roll"})
    assert st3["rolls"][-1] == last_roll
    assert game.canonical_json(st3) == game.canonical_json(st)


def test_equal_actions_are_one_object_in_the_record():
    # A record's actions are never changed in place: an action the same as
    # one of the last SHARE_BACK is that object (Take a Seat's 14 "automa").
    rec, st = game.new_record(Counter, {}, 3)
    mine = {"type": "add", "n": 1}
    for a in (mine, {"type": "roll"}, {"type": "add", "n": 1}, {"type": "roll"}, {"type": "add", "n": 2}):
        rec, st = game.play(Counter, rec, st, a)
    acts = rec["actions"]
    assert acts[0] is acts[2] and acts[1] is acts[3] and acts[4] is not acts[0]
    assert acts[0] is not mine           # a copy, never the caller's dict
    mine["n"] = 3
    assert game.canonical_json(acts) == game.canonical_json(
        [{"type": "add", "n": 1}, {"type": "roll"}, {"type": "add", "n": 1}, {"type": "roll"},
         {"type": "add", "n": 2}])
    # the same JSON only: True is not 1, and a nested list is compared
    assert not game.same({"n": True}, {"n": 1}) and not game.same([1], [1.0])
    assert game.same({"c": [[2, 2]], "t": "r"}, {"t": "r", "c": [[2, 2]]})
    assert not game.same({"c": [[2, 2]]}, {"c": [[2, 3]]}) and not game.same({"a": 1}, {"b": 1})
    # only the last SHARE_BACK are looked at
    far = [{"type": "roll"}] + [{"type": "add", "n": 1 + i % 2, "i": i} for i in range(game.SHARE_BACK)]
    assert game.shared(far, {"type": "roll"}) is not far[0]
    assert game.shared(far[1:], far[1]) is far[1]


def test_play_refused_keeps_record():
    rec, st = game.new_record(Counter, {}, 3)
    raises(GameError, game.play, Counter, rec, st, {"type": "add", "n": 9})
    assert rec["actions"] == []


def test_undo_empty_refused():
    rec, st = game.new_record(Counter, {}, 3)
    raises(GameError, game.undo, Counter, rec)


def test_canonical_json_sorted_and_strict():
    assert game.canonical_json({"b": [1, {"z": None, "a": True}], "a": "x"}) == \
        '{"a":"x","b":[1,{"a":true,"z":null}]}'
    raises(TypeError, game.canonical_json, {"f": 1.5})
    raises(TypeError, game.canonical_json, {1: 2})


def test_clone_is_deep():
    a = {"l": [[1], {"x": [2]}]}
    b = game.clone(a)
    b["l"][0].append(9)
    b["l"][1]["x"].append(9)
    assert a == {"l": [[1], {"x": [2]}]}
