# Cross-runtime determinism scenario: prints one line per check, each a
# canonical JSON text, so that the outputs of CPython, the unix port and the
# WebAssembly port can be compared byte for byte (tests/host/test_determinism.py).
# Covers the PRNG and, for every game whose package is present, a whole bot
# game from fixed seeds (engine state after every action folded into a hash,
# plus the final state).
import os

from usher import games
from usher.core import game, rng

SEEDS = (1, 7, 2024)


def _fnv(h, text):
    # 32-bit FNV-1a over the text; integers stay exact on every runtime.
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def _game_present(gid):
    here = games.__file__
    folder = here[: here.rfind("/")] if "/" in here else "."
    try:
        os.stat(folder + "/" + gid + "/engine.py")
        return True
    except OSError:
        return False


def core_lines():
    st = rng.new_state(2024)
    deck = list(range(54))
    rng.shuffle(st, deck)
    dice = [rng.randint(st, 1, 6) for _ in range(30)]
    yield game.canonical_json({"check": "rng", "deck": deck, "dice": dice, "rng": st})


def game_lines(gid, max_actions=3000):
    eng = games.engine(gid)
    bot = games.bot(gid)
    for seed in SEEDS:
        state = eng.new_game({}, seed)
        bot_rng = rng.new_state(seed ^ 0x5A5A)
        h = 2166136261
        n = 0
        while n < max_actions:
            action = bot.next_action(state, bot_rng)
            if action is None:
                break
            state = eng.apply(state, action)
            h = _fnv(h, game.canonical_json(action))
            h = _fnv(h, game.canonical_json(state))
            n += 1
        yield game.canonical_json({"check": gid, "seed": seed, "actions": n, "hash": h,
                                   "final": state})


def main():
    for line in core_lines():
        print(line)
    for gid in games.ids():
        if _game_present(gid):
            for line in game_lines(gid):
                print(line)
        else:
            print(game.canonical_json({"check": gid, "absent": True}))


main()
