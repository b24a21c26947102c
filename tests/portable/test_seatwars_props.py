# Seat Wars properties over many seeded random games played by the bot:
# no legal entry raises, totals always equal the sum of their scored entries
# (SW-3..SW-8), a saved record replays to the same state, and illegal entries
# are refused with the state unchanged.
from usher.core import game, rng
from usher.games.seatwars import bot, engine
from mptest import refused_unchanged

SEEDS = 30


def _options(seed):
    return {"players": 2 + seed % 3, "start": seed % 2}


def _check(state):
    ids = [c["id"] for c in state["bus"]]
    assert len(ids) == len(set(ids))
    assert 0 <= state["actions"] <= engine.ACTIONS_PER_TURN
    for p in state["players"]:
        assert p["total"] == sum([e["points"] for e in p["scored"]])


def _games(count=SEEDS):
    for seed in range(count):
        record, state = game.new_record(engine, _options(seed), seed)
        st = rng.new_state(seed + 1000)
        yield seed, record, state, st


def _points_of(before, action, after):
    """Who scores what for an action, worked out from the rules and the
    entered values alone (SW-3..SW-7), not from the engine's totals."""
    kind = action["type"]
    me = before["current"]
    if kind == "score":
        return me, action["value"] + (4 if action.get("destination") else 0)   # SW-4
    if kind == "challenge" and action.get("seymour"):
        return me, action["value"]                                            # SW-6
    if kind == "challenge":
        target = [c for c in before["bus"] if c["id"] == action["target"]][0]
        taken = all(c["id"] != target["id"] for c in after["bus"])
        if target["kind"] == "item" and taken:
            # SW-5: taken only with attack plus equipment above the shield.
            assert action["attack"] + sum(action.get("equip") or []) > target["shield"]
            return me, action["points"]
        return me, 0
    if kind == "final_score":
        owner = [c for c in before["bus"] if c["id"] == action["target"]][0]["owner"]
        return owner, action["value"]                                         # SW-7
    return me, 0


def test_random_legal_turns_never_raise_and_totals_add_up():
    for seed, _record, state, st in _games():
        n = 0
        expected = [0] * len(state["players"])
        while True:
            action = bot.next_action(state, st)
            if action is None:
                break
            before = state
            state = engine.apply(state, action)
            who, points = _points_of(before, action, state)
            expected[who] += points
            _check(state)
            assert [p["total"] for p in state["players"]] == expected, (seed, action)
            n += 1
            assert n < 2000, seed
        # SW-7: every character left on the bus was scored; items may stay.
        assert state["phase"] == "over" and engine.leftovers(state) == []
        assert state["winners"], seed
        # SW-7: the game ended on the turn of the player who drew the last card.
        assert state["current"] == state["last_by"]


def test_replay_identity():
    for _seed, record, state, st in _games():
        while True:
            action = bot.next_action(state, st)
            if action is None:
                break
            record, state = game.play(engine, record, state, action)
        assert game.canonical_json(game.replay(engine, record)) == game.canonical_json(state)


def _illegal(state):
    """Actions refused in the given state, with the word the message holds."""
    out = [({"type": "fly"}, "Unknown"),
           ({"type": "place", "attack": -1}, "attack"),
           ({"type": "place", "attack": 3, "equip": [1, 1, 1]}, "left"),
           ({"type": "score", "target": 9999, "mode": "max", "value": 3}, "No such"),
           ({"type": "challenge", "target": 9999, "attack": 3}, "No such"),
           ({"type": "final_score", "target": 1, "value": 1}, "final"),
           ({"type": "caught_bus", "player": 7}, "player")]
    if not state["item_ok"]:
        out.append(({"type": "item", "shield": 3}, "Seat"))
    if state["last_by"] is not None:
        out.append(({"type": "last_card"}, "already"))
    for c in state["bus"]:
        if c["kind"] == "char" and c["owner"] == state["current"]:
            out.append(({"type": "challenge", "target": c["id"], "attack": 99}, "own"))
            if c["turn"] == state["turn"]:
                out.append(({"type": "score", "target": c["id"], "mode": "max", "value": 5}, "round"))
        elif c["kind"] == "char":
            out.append(({"type": "score", "target": c["id"], "mode": "max", "value": 5}, "Not your"))
    if state["actions"] == 0:
        out.append(({"type": "event"}, "0 actions"))
    return out


def test_illegal_actions_refused_state_unchanged():
    seen = {}
    for _seed, _record, state, st in _games(6):
        step = 0
        while True:
            if state["phase"] in engine.PLAYING and step % 15 == 0:
                for action, word in _illegal(state):
                    refused_unchanged(engine, state, action, word)
                    seen[word] = seen.get(word, 0) + 1
            action = bot.next_action(state, st)
            if action is None:
                break
            state = engine.apply(state, action)
            step += 1
        refused_unchanged(engine, state, {"type": "end_turn"}, "over")
    # Every kind of refusal came up at least once.
    for word in ("Unknown", "attack", "left", "No such", "final", "player", "Seat", "already",
                 "own", "round", "Not your", "0 actions"):
        assert seen.get(word), word
