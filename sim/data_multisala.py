"""Pulisci il Multisala deck files.

Usage:
  python -m sim.data_multisala deck FILE      validate a deck transcription
  python -m sim.data_multisala default        print the default deck (MS-2,
                                              an assumption) as a template
A transcription has one card a line: D4 D6 SWITCH EMOTION MORRA, e.g.
"b 3 ON gioia sasso". Every defect is printed with its line number; the exit
status is 1 when there is any. With --json the valid deck is printed as the
"deck" game option.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from usher.games.multisala import cards  # noqa: E402
from usher_host.textfile import TextFileError, printable, read_text  # noqa: E402  as the device reads it


def _out(text):
    print(printable(text, newlines=True))   # text from the file never reaches the terminal raw


def check_deck(path, as_json=False, out=_out):
    _raw, text = read_text(path)
    codes, emotions, defects = cards.parse_deck(text)
    if defects:
        for d in defects:
            out("%s: %s" % (printable(path), printable(d)))
        out("%d defect(s)" % len(defects))
        return 1
    if as_json:
        out(json.dumps({"cards": codes, "emotions": emotions}))
        return 0
    out("%s: %d cards, %d emotions (%s): OK" % (path, len(codes), len(emotions), ", ".join(emotions)))
    for label, pick, faces in (("D4", cards.d4, cards.D4_FACES), ("D6", cards.d6, cards.D6_FACES),
                               ("Morra", cards.morra, cards.MORRA)):
        counts = ["%s=%d" % (f, len([c for c in codes if pick(c) == f])) for f in faces]
        out("  %-7s %s" % (label, " ".join(counts)))
    on = len([c for c in codes if cards.switch_on(c)])
    out("  %-7s ON=%d OFF=%d" % ("switch", on, len(codes) - on))
    counts = ["%s=%d" % (emotions[i], len([c for c in codes if cards.emotion(c) == i]))
              for i in range(len(emotions))]
    out("  %-7s %s" % ("emotion", " ".join(counts)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.data_multisala", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("deck", help="validate a deck transcription")
    d.add_argument("file")
    d.add_argument("--json", action="store_true", help="print the deck as the game's deck option")
    sub.add_parser("default", help="print the default deck as transcription text")
    args = ap.parse_args(argv)
    if args.cmd == "default":
        sys.stdout.write(cards.format_deck(cards.default_deck(), list(cards.DEFAULT_EMOTIONS)))
        return 0
    try:
        return check_deck(args.file, args.json)
    except TextFileError as e:
        print(printable(str(e)), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
