"""Simulator command line.

Until the screen UI lands, the simulator plays engine games with their
simple bots and prints every action and the final result (real engine work,
the same code the device runs).
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher import games  # noqa: E402
from usher.core import game, rng  # noqa: E402


def play_bot_game(game_id, seed, options=None, out=print, max_actions=5000):
    """Play one game with the engine's bot; returns (record, state)."""
    eng = games.engine(game_id)
    bot = games.bot(game_id)
    record, state = game.new_record(eng, options or {}, seed)
    bot_rng = rng.new_state(seed + 1)
    for _ in range(max_actions):
        action = bot.next_action(state, bot_rng)
        if action is None:
            break
        record, state = game.play(eng, record, state, action)
        out("  " + game.canonical_json(action))
    return record, state


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim", description=__doc__)
    ap.add_argument("--game", choices=games.ids())
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    ids = [args.game] if args.game else games.ids()
    played = 0
    for gid in ids:
        try:
            games.engine(gid)
        except ImportError:
            print("%s: engine not built yet" % games.title(gid))
            continue
        print("== %s, seed %d" % (games.title(gid), args.seed))
        record, state = play_bot_game(gid, args.seed)
        print("final state: " + game.canonical_json(state))
        played += 1
    return 0 if played else 1
