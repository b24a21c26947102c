"""Batch simulation: play many games of one engine with its bot.

Usage: python -m sim.batch GAME [-n N] [--seed S] [--option key=value ...]
Prints games per second and, for every figure the game's bot.summary(state)
reports, its mean, min and max over the games.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher import games  # noqa: E402
from usher.core import rng  # noqa: E402


def play(game_id, seed, options=None, max_actions=20000, on_action=None):
    """One game with the bot, straight on the engine (no record): returns
    (final state, number of actions). on_action(action) sees each move."""
    eng = games.engine(game_id)
    bot = games.bot(game_id)
    state = eng.new_game(dict(options or {}), seed)
    bot_rng = rng.new_state(seed ^ 0x5A5A)
    n = 0
    while n < max_actions:
        action = bot.next_action(state, bot_rng)
        if action is None:
            return state, n
        state = eng.apply(state, action)
        if on_action is not None:
            on_action(action)
        n += 1
    raise RuntimeError("%s seed %d: no end after %d actions" % (game_id, seed, max_actions))


def parse_options(pairs):
    out = {}
    for p in pairs:
        k, _, v = p.partition("=")
        if v.lstrip("-").isdigit():
            out[k] = int(v)
        elif v in ("true", "false"):
            out[k] = v == "true"
        else:
            out[k] = v
    return out


def run(game_id, n, seed=1, options=None):
    """Play n games; returns (stats, games_per_second, actions) where stats
    maps figure -> (mean, min, max)."""
    bot = games.bot(game_id)
    figures = {}
    actions = 0
    t0 = time.perf_counter()
    for i in range(n):
        state, k = play(game_id, seed + i, options)
        actions += k
        summary = bot.summary(state) if hasattr(bot, "summary") else {}
        for key in summary:
            figures.setdefault(key, []).append(summary[key])
    elapsed = time.perf_counter() - t0
    stats = {}
    for key, vals in figures.items():
        stats[key] = (sum(vals) / len(vals), min(vals), max(vals))
    return stats, (n / elapsed if elapsed else float("inf")), actions


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.batch", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=games.ids())
    ap.add_argument("-n", type=int, default=200, help="number of games")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    stats, gps, actions = run(args.game, args.n, args.seed, parse_options(args.option))
    print("%s: %d games, %d actions, %.1f games/s (CPython)" % (games.title(args.game), args.n, actions, gps))
    width = max([len(k) for k in stats] + [6])
    print("%-*s %10s %8s %8s" % (width, "figure", "mean", "min", "max"))
    for key in sorted(stats):
        mean, lo, hi = stats[key]
        print("%-*s %10.2f %8d %8d" % (width, key, mean, lo, hi))
    return 0


if __name__ == "__main__":
    sys.exit(main())
