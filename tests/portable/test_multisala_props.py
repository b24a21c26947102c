# Pulisci il Multisala properties over many seeds, player counts, modes and
# the variant: every card is somewhere exactly once (MS-9 reshuffles
# included), a record replays to the identical state (MS-12: all randomness
# is in the state), illegal actions are refused with the state unchanged.
from usher.core import game, rng
from usher.core.game import GameError
from usher.games.multisala import bot, engine
from mptest import raises

SEEDS = 30


def _options(seed):
    players = 1 + seed % 5
    mode = "physical" if seed % 6 == 5 else "virtual"
    return {"players": players, "mode": mode, "variant": seed % 3 == 1}


def _illegal(s, r):
    """Actions that must be refused in state s."""
    out = [{"type": "fly"}, {"type": "place"}, "pass"]
    if s["phase"] != "scored":
        out.append({"type": "next_round"})
    if s["mode"] == "virtual":
        n = s["players"]
        out.append({"type": "hall", "hall": 0, "emotion": 0, "d4": "1"})
        if s["phase"] != "deal":
            out.append({"type": "deal"})
        if s["phase"] == "placement":
            p = s["turn"]
            other = (p + 1) % n
            if n > 1:
                out.append({"type": "pass", "player": other})
            hand = s["hands"][p]
            if hand:
                taken = [h for h in range(5) if not engine.may_use_hall(s, p, h)]
                if taken:
                    out.append({"type": "place", "player": p, "hall": taken[0], "cards": [hand[0]]})
                out.append({"type": "place", "player": p, "hall": 0, "cards": [hand[0], hand[0]]})
            not_mine = [c for c in range(len(s["cards"])) if c not in hand]
            out.append({"type": "place", "player": p, "hall": 0, "cards": [rng.choice(r, not_mine)]})
    else:
        out.append({"type": "deal"})
        if s["phase"] != "reveal":
            out.append({"type": "score"})
        if s["phase"] == "placement":
            for p in range(s["players"]):
                for h in range(5):
                    if not engine.may_use_hall(s, p, h):
                        out.append({"type": "mask", "player": p, "hall": h, "d6": "1", "morra": "s"})
                        break
    return out


def test_ms9_card_conservation_and_refusals_unchanged_over_seeds():
    for seed in range(SEEDS):
        opts = _options(seed)
        s = engine.new_game(opts, seed)
        r = rng.new_state(seed + 7)
        step = 0
        while True:
            if s["mode"] == "virtual":
                ids = engine.card_count(s)
                assert sorted(ids) == list(range(54)), (seed, step)
            if step % 3 == 0:
                before = game.canonical_json(s)
                bads = _illegal(s, r)
                for bad in bads:
                    raises(GameError, engine.apply, s, bad)
                # one comparison after all of them: any change would persist
                assert game.canonical_json(s) == before, (seed, bads)
            a = bot.next_action(s, r)
            if a is None:
                break
            s = engine.apply(s, a)
            step += 1
        assert s["phase"] == "over" and s["round"] == s["rounds"]


def test_ms12_replay_gives_the_identical_state_over_seeds():
    for seed in range(SEEDS):
        opts = _options(seed)
        rec, s = game.new_record(engine, opts, 1000 + seed)
        r = rng.new_state(seed)
        while True:
            a = bot.next_action(s, r)
            if a is None:
                break
            rec, s = game.play(engine, rec, s, a)
        assert game.canonical_json(game.replay(engine, rec)) == game.canonical_json(s), seed
        # and the same seed with the same actions on a fresh start agrees
        # half-way too (undo is replay of all but the last action)
        half = len(rec["actions"]) // 2
        mid = game.replay(engine, rec, half)
        for a in rec["actions"][half:]:
            mid = engine.apply(mid, a)
        assert game.canonical_json(mid) == game.canonical_json(s), seed
