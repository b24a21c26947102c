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
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from usher.games.theatre import validator  # noqa: E402
from usher_host.textfile import TextFileError, printable, read_text  # noqa: E402  as the device reads it


def _out(text):
    print(printable(text, newlines=True))   # text from the file never reaches the terminal raw


def check_deck(path, players, limit=None, out=_out):
    _raw, text = read_text(path)
    cards, _ = validator.parse_deck(text)
    defects = validator.validate_deck(text, players, limit)
    cap = 15 * validator.rank_limit(players, limit)
    out("%s: %d cards, rank weight %d of %d (%d players)" % (
        printable(path), len(cards), validator.rank_weight(cards), cap, players))
    for rule, message in defects:
        out("  %s: %s" % (rule, printable(message)))
    out("  legal" if not defects else "  %d broken rule(s)" % len(defects))
    return defects


def _positive(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be 1 or more, not %d" % n)
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.data_theatre", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    deck = sub.add_parser("deck", help="check a deck list against the deckbuilding rules")  # TH-13
    deck.add_argument("file")
    deck.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    deck.add_argument("--limit", type=_positive, default=None,
                      help="agreed casual per-rank limit (1 or more)")
    args = ap.parse_args(argv)
    try:
        defects = check_deck(args.file, args.players, args.limit)
    except TextFileError as e:
        print(printable(str(e)), file=sys.stderr)
        return 2
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
