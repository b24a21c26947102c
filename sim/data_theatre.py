"""The Theatre data files: check a deck list (TH-13).

Usage: python -m sim.data_theatre deck FILE [--players N] [--limit L]

FILE lists one card per line: name, suit, rank (suit by name or 1-5; blank
lines and lines starting with # are skipped). Prints every broken rule by
name and exits 1 when there is any, 0 when the deck is legal.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher.games.theatre import validator  # noqa: E402


def check_deck(path, players, limit=None, out=print):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cards, _ = validator.parse_deck(text)
    defects = validator.validate_deck(text, players, limit)
    cap = 15 * validator.rank_limit(players, limit)
    out("%s: %d cards, rank weight %d of %d (%d players)" % (
        path, len(cards), validator.rank_weight(cards), cap, players))
    for rule, message in defects:
        out("  %s: %s" % (rule, message))
    out("  legal" if not defects else "  %d broken rule(s)" % len(defects))
    return defects


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.data_theatre", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    deck = sub.add_parser("deck", help="check a deck list against the deckbuilding rules")  # TH-13
    deck.add_argument("file")
    deck.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    deck.add_argument("--limit", type=int, default=None, help="agreed casual per-rank limit")
    args = ap.parse_args(argv)
    defects = check_deck(args.file, args.players, args.limit)
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
