"""The House's legality and strength (TH-16; docs/house.md).

    python bench/theatre_house.py [--games N] [--legal N] [--pairs a:b,...] [--out FILE]

Plays solo games of The Theatre in which both seats are virtual (engine
option "rival"): the House (seat 1) by one policy against seat 0 by
another, every move through the engine, which refuses an illegal one.

Legality (--legal N games per level, default 10,000): each level against
the random reference player; a move the engine refuses is counted, and at
every House decision the same choice is asked with its deck in two other
orders (TH-16: the House never reads the order of its deck); any
difference is counted.
Strength (--games N per pairing, default 2,000, seats alternating): each
pairing's win rate of the first-named policy with its 95% interval
(Wilson), shared wins counted as half.
--out FILE also writes what it prints there (docs/figures/theatre_house.txt
is this bench's output at its defaults). Runs on CPython and MicroPython.
"""
import sys

sys.path.insert(0, "firmware")

from usher.core import game  # noqa: E402
from usher.core.game import GameError  # noqa: E402
from usher.games.theatre import engine, house  # noqa: E402

DEFAULT_PAIRS = (("easy", "random"), ("normal", "greedy"), ("hard", "normal"),
                 ("hard", "greedy"), ("normal", "random"), ("hard", "random"))


def play_one(house_policy, rival_policy, seed):
    """One game: the House plays house_policy, seat 0 rival_policy. Returns
    (house's share of the win: 1, 0.5 or 0, moves)."""
    s = engine.new_game({"house": "normal", "players": 1, "rival": True}, seed)
    moves = 0
    while s["phase"] != "over":
        if s["phase"] == "act_start":
            a = {"type": "start_act"}
        elif s["turn"] == 1:
            a = house.choose(s, 1, house_policy)
        else:
            a = house.choose(s, 0, rival_policy)
        s = engine.apply(s, a)      # GameError on an illegal move ends the run
        moves += 1
    w = s["winners"]
    return (1.0 if w == [1] else 0.5 if 1 in w else 0.0), moves


def _peeks(s):
    """1 when the House's choice changes with only its deck's order (TH-16)."""
    a = house.choose(s)
    for deck in (list(reversed(s["house"]["deck"])), s["house"]["deck"][1:] + s["house"]["deck"][:1]):
        other = game.clone(s)
        other["house"]["deck"] = deck
        if house.choose(other) != a:
            return 1, a
    return 0, a


def legal_run(level, games, first_seed=1):
    """(games, House decisions, refused moves, peeks) of level against the
    random reference player."""
    decisions = refused = peeks = 0
    for g in range(games):
        s = engine.new_game({"house": level, "players": 1, "rival": True}, first_seed + g)
        while s["phase"] != "over":
            if s["phase"] == "act_start":
                a = {"type": "start_act"}
            elif s["turn"] == 1:
                p, a = _peeks(s)
                peeks += p
                decisions += 1
            else:
                a = house.choose(s, 0, "random")
            try:
                s = engine.apply(s, a)
            except GameError:
                refused += 1
                break
    return games, decisions, refused, peeks


def wilson(wins, n):
    """95% interval of a rate (wins may be fractional for shared wins)."""
    if not n:
        return 0.0, 0.0
    z = 1.96
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    m = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return c - m, c + m


def pairing(a, b, games, first_seed=1):
    """a (as the House) against b, then b as the House against a, half the
    games each, so neither side keeps the seat. Returns a's win total."""
    total = 0.0
    for g in range(games):
        seed = first_seed + g
        if g % 2 == 0:
            total += play_one(a, b, seed)[0]
        else:
            total += 1.0 - play_one(b, a, seed)[0]
    return total


def main(argv):
    games = 2000
    legal = 10000
    pairs = DEFAULT_PAIRS
    out = None
    i = 0
    while i < len(argv):
        if argv[i] == "--games":
            games = int(argv[i + 1])
            i += 1
        elif argv[i] == "--legal":
            legal = int(argv[i + 1])
            i += 1
        elif argv[i] == "--pairs":
            pairs = [tuple(p.split(":")) for p in argv[i + 1].split(",")]
            i += 1
        elif argv[i] == "--out":
            out = argv[i + 1]
            i += 1
        i += 1
    lines = []

    def say(t):
        print(t)
        lines.append(t)
    impl = sys.implementation
    say("bench/theatre_house.py --legal %d --games %d on %s %s" % (
        legal, games, impl.name, ".".join([str(v) for v in impl.version[:3]])))
    say("")
    say("legality vs random   games  House decisions  refused  read its deck order")
    for level in ("easy", "normal", "hard"):
        n, d, r, p = legal_run(level, legal)
        say("%-18s %7d %16d %8d %20d" % (level, n, d, r, p))
    say("")
    say("pairing                 games   win%   95% interval")
    for a, b in pairs:
        w = pairing(a, b, games)
        lo, hi = wilson(w, games)
        say("%-8s vs %-10s %7d  %5.1f   %5.1f - %5.1f" % (a, b, games, 100 * w / games,
                                                        100 * lo, 100 * hi))
    if out:
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
