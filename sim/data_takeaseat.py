"""Take a Seat data files: check an owner's panels or Automa deck file.

Usage:
  python -m sim.data_takeaseat panels FILE   validate reservation panels (TS-2)
  python -m sim.data_takeaseat deck FILE     validate an Automa deck (TS-6)
  python -m sim.data_takeaseat sample-panels print the sample panels (a template)
  python -m sim.data_takeaseat sample-deck   print the assumed default deck
Prints every defect (by line, panel and ticket) and exits 1 when there is
any; the checks are the firmware's own (usher.games.takeaseat).
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from usher.games.takeaseat import deck, panels  # noqa: E402
from usher.games.takeaseat import tickets as tk  # noqa: E402
from usher_host.textfile import TextFileError, printable, read_text  # noqa: E402  as the device reads it


def _out(text):
    print(printable(text, newlines=True))   # text from the file never reaches the terminal raw


def _read(path):
    return read_text(path)[1]


def check_panels(path, out=_out):
    found, defects = panels.parse_panels(_read(path))
    if defects:
        for d in defects:
            out("%s: %s" % (printable(path), printable(d)))
        out("%s: %d defect(s)" % (path, len(defects)))
        return 1
    for p in found:
        sizes = ", ".join(["%s %d" % (tk.AREAS[a], len(p["tickets"][a])) for a in range(len(tk.AREAS))])
        out("panel %s: %s cells" % (p["name"], sizes))
    out("%s: %d panel(s), no defects" % (path, len(found)))
    return 0


def check_deck(path, out=_out):
    cards, defects = deck.parse_deck(_read(path))
    if defects:
        for d in defects:
            out("%s: %s" % (printable(path), printable(d)))
        out("%s: %d defect(s)" % (path, len(defects)))
        return 1
    for c in cards:
        out("%-12s %s%s" % (c["area"], c["arrow"], " x2" if c["x2"] else ""))
    out("%s: %d cards, no defects" % (path, len(cards)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.data_takeaseat", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=["panels", "deck", "sample-panels", "sample-deck"])
    ap.add_argument("file", nargs="?")
    args = ap.parse_args(argv)
    if args.kind == "sample-panels":
        sys.stdout.write(panels.SAMPLE_PANELS_TEXT)
        return 0
    if args.kind == "sample-deck":
        sys.stdout.write(deck.DEFAULT_DECK_TEXT)
        return 0
    if not args.file:
        ap.error("FILE is needed")
    try:
        return check_panels(args.file) if args.kind == "panels" else check_deck(args.file)
    except TextFileError as e:
        print(printable(str(e)), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
