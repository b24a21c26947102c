"""Scripted sessions for the README screenshots and the golden images.

  python -m sim.shots --screenshots   docs/screenshots/*.png (2x)  [make screenshots]
  python -m sim.shots --golden        tests/host/golden/*.png (1x) [make golden]

Golden images are compared pixel for pixel by tests/host/test_ui_golden.py;
regenerate them on purpose after a deliberate change to how screens look.
"""
import argparse
import os
import sys
import tempfile

from sim import shots_multisala, shots_seatwars, shots_takeaseat, shots_theatre
from sim.frames import save_png
from sim.session import ROOT, Session, parse_script

# name -> button script from a fresh start (no saved game)
SHOTS = (
    ("launcher", "DOWN"),
    ("settings", "UP,C"),
    ("about", "UP,C,C"),
    ("number_entry", "UP,C,DOWN,C,UP,UP"),
    ("choice_entry", "UP,C,DOWN,DOWN,C,DOWN"),
    ("dice", "UP,UP,C,B,UP,C,C"),
    ("asleep", "UP,C,sleep"),
) + (shots_takeaseat.SHOTS + shots_theatre.SHOTS + shots_multisala.SHOTS + shots_seatwars.SHOTS)
GOLDEN_DIR = os.path.join(ROOT, "tests", "host", "golden")
SCREENSHOT_DIR = os.path.join(ROOT, "docs", "screenshots")


def play(script):
    """(canvas buffer, refresh counts line) after playing script from a
    fresh start."""
    with tempfile.TemporaryDirectory() as data:
        s = Session(data, battery=80)
        s.start()
        for _, events in parse_script(script):
            s.step(events)
        return bytes(s.buf), s.counts_line()


def render(script):
    """The canvas buffer after playing script from a fresh start."""
    return play(script)[0]


def icon_sheet():
    """Every icon with its name, as a 296x128 picture for the docs."""
    from usher.ui import icons, text
    from usher.ui.canvas import new_canvas
    buf, c = new_canvas()
    x, y = 2, 2
    for name in icons.NAMES:
        icons.draw(c, name, x, y)
        x += 20
        if x > 280:
            x, y = 2, y + 20
    text.draw(c, text.SMALL, "areas, arrows RD RU LD LU DR DL UR UL, suits,", 2, y + 24)
    text.draw(c, text.SMALL, "emotions 0-5, switch ON/OFF, D4 1-4, D6 1-6, bilico", 2, y + 36)
    return bytes(buf)


def write(folder, scale, with_icons):
    os.makedirs(folder, exist_ok=True)
    for name, script in SHOTS:
        path = os.path.join(folder, name + ".png")
        buf, counts = play(script)
        save_png(buf, path, scale)
        # The panel refreshes by kind the session took to get there (PL-15).
        print("%-44s %s" % (os.path.relpath(path, ROOT), counts))
    if with_icons:
        path = os.path.join(folder, "icons.png")
        save_png(icon_sheet(), path, scale)
        print(os.path.relpath(path, ROOT))


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim.shots", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--golden", action="store_true")
    ap.add_argument("--screenshots", action="store_true")
    args = ap.parse_args(argv)
    if not (args.golden or args.screenshots):
        ap.error("say --golden or --screenshots")
    if args.golden:
        write(GOLDEN_DIR, 1, False)
    if args.screenshots:
        write(SCREENSHOT_DIR, 2, True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
