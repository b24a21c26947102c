"""Scripted sessions for the README screenshots and the golden images.

  python -m sim.shots --screenshots   docs/screenshots/*.png (2x)  [make screenshots]
  python -m sim.shots --golden        tests/host/golden/*.png (1x) [make golden]

The screens with names show SHOWCASE_NAMES in the screenshots and the
widest names the roster allows (LONG_NAMES) in the golden images.

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
    # PL-20: Settings > Your components, the panel editor (a T being drawn),
    # the deck, a card's arrow
    ("components", "UP,C,UP,C"),
    ("components_panel", "UP,C,UP,C,C,C,C,B,C,B,C,DOWN,B~,C,DOWN,DOWN"),
    ("components_panel_menu", "UP,C,UP,C,C,C,C,A"),
    ("components_deck", "UP,C,UP,C,DOWN,C"),
    ("components_card", "UP,C,UP,C,DOWN,C,C,C"),
    # PL-21: The Theatre left from its History, the question, the launcher after
    ("leave_menu", "DOWN,C,C,C,A,C"),
    ("leave_abandon", "DOWN,C,C,C,A,C,DOWN,C"),
    ("leave_bring_back", "DOWN,C,C,C,A,C,DOWN,C,DOWN,C,UP"),
    # PL-22: a new name's first slot, blank
    ("letter_picker", "UP,C,UP,UP,C,C"),
) + (shots_takeaseat.SHOTS + shots_theatre.SHOTS + shots_multisala.SHOTS + shots_seatwars.SHOTS)
# PL-19: Share (B) on an end screen shows the play's BG Stats import code.
_BY_NAME = dict(SHOTS)
SHOTS = SHOTS + tuple((name.replace("_result", "").replace("_end", "") + "_share", _BY_NAME[name] + ",B")
                      for name in ("takeaseat_result", "theatre_end", "multisala_end_2p"))
# The longest names the roster allows (usher.ui.players: 10 characters; W and
# M are the widest letters): screens with them must stay readable (names cut
# by the rule of usher.ui.seats, never overlapping).
LONG_NAMES = ("WWWWWWWWWW", "MMMMMMMMMM", "Maximilian", "Wolfgang-W")
# The README's screenshots show the same screens with names a table would
# have; the golden images keep the widest ones, which are the test.
SHOWCASE_NAMES = ("Anna", "Ben", "Carla", "Dario")
# Accented names (Latin-1 and Latin Extended-A): the seats take the first
# four, with the tallest capitals (É, Å: one row above the box) and the
# deepest letter (Ģ: a comma below) where names sit under a bar or a line;
# the roster screen shows the rest (ç, ÿ, Ł, Ş).
ACCENTED_NAMES = ("Élodie", "Nicolò", "Ģirts", "Åsa", "François", "José", "Zoë", "Ysaÿe",
                  "Łukasz", "Şükrü")
GOLDEN_DIR = os.path.join(ROOT, "tests", "host", "golden")
SCREENSHOT_DIR = os.path.join(ROOT, "docs", "screenshots")


def play(script, roster=None):
    """(canvas buffer, refresh counts line) after playing script from a
    fresh start (with roster: those names uploaded as the players' roster
    first)."""
    with tempfile.TemporaryDirectory() as data:
        if roster:
            with open(os.path.join(data, "players.txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(roster) + "\n")
        s = Session(data, battery=80)
        s.start()
        for _, events in parse_script(script):
            s.step(events)
        return bytes(s.buf), s.counts_line()


def render(script, roster=None):
    """The canvas buffer after playing script from a fresh start."""
    return play(script, roster)[0]


def with_seat_names(script):
    """script with each seat picking the next roster name ("DOWN,C": the
    first roster name no earlier seat took) where the game asks for them:
    the script is played once with a roster to find the button that opens
    the first seat's picker and how many seats it asks for."""
    from usher.ui import players
    toks = [t for t in script.split(",") if t]
    with tempfile.TemporaryDirectory() as data:
        with open(os.path.join(data, "players.txt"), "w", encoding="utf-8") as f:
            f.write("A1\nA2\nA3\nA4\nA5\n")
        s = Session(data, battery=80)
        s.start()
        for k in range(len(toks)):
            s.step(parse_script(toks[k])[0][1])
            top = s.app.top()
            if isinstance(top, players.SeatName):
                return ",".join(toks[:k + 1] + ["DOWN", "C"] * top.n + toks[k + 1:])
    raise ValueError("the script never starts a game")


# Screens with the players' names: the longest in the golden images,
# SHOWCASE_NAMES in the README's screenshots.
_NAMED = ("seatwars_turn", "seatwars_challenge", "seatwars_final_scoring", "seatwars_winner",
          "theatre_draws", "theatre_round", "theatre_result", "theatre_end",
          "multisala_halls", "multisala_score_hall", "multisala_scores", "multisala_end_2p",
          "multisala_entry_mask", "multisala_reveal",
          "takeaseat_result", "takeaseat_multi_form", "takeaseat_multi_result",
          "multisala_2p_share")
_BY_NAME = dict(SHOTS)
_SW_GAME = with_seat_names(_BY_NAME["seatwars_winner"])
NAMED_SHOTS = tuple(("named_" + n, with_seat_names(_BY_NAME[n])) for n in _NAMED) + (
    ("named_seat_pick", "DOWN,DOWN,DOWN,C,C,DOWN,DOWN"),
    # each letter from the blank slot: DOWN gives "A" (the first) or "a"
    ("named_guest_letters", "DOWN,DOWN,DOWN,C,C,UP,C,DOWN*2,C,DOWN*11,C,DOWN*4,C,DOWN*14"),
    # "Nicol", then C held on "o": the accent step, at "ò" (docs/ui.md)
    ("named_guest_accents", "DOWN,DOWN,DOWN,C,C,UP,C,DOWN*13,C,DOWN*8,C,DOWN*2,C,DOWN*14,C,"
                            "DOWN*11,C,DOWN*14,C~"),
    ("named_roster", "UP,C,UP,UP,C"),
    ("named_roster_name", "UP,C,UP,UP,C,DOWN,C"),           # PL-22: a name's rename, move, delete
    ("named_seatwars_start", "DOWN,DOWN,DOWN,C,C,DOWN,C,DOWN,C"),   # PL-22: who starts, by name
    ("named_stats_menu", _SW_GAME + ",C,DOWN,C"),
    ("named_stats_game", _SW_GAME + ",C,DOWN,C,UP,C"),
    ("named_last_plays", _SW_GAME + ",C,DOWN,C,C"),
    ("named_play_score", _SW_GAME + ",C,DOWN,C,C,C"),
)

# Every screen that shows a name, with ACCENTED_NAMES (golden images only).
ACCENTED_SHOTS = tuple(("accented_" + n[len("named_"):], script) for n, script in NAMED_SHOTS
                       if not n.startswith(("named_guest", "named_roster", "named_stats_menu",
                                            "named_seatwars_start"))) + (
    ("accented_theatre_history", with_seat_names(_BY_NAME["theatre_history"])),
    ("accented_roster", "UP,C,UP,UP,C,DOWN"),      # the focus bar on "Élodie"
    ("accented_roster_end", "UP,C,UP,UP,C,UP"),     # the last names: ÿ, Ł, Ş
)


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


def write(folder, scale, with_icons, roster):
    os.makedirs(folder, exist_ok=True)
    for name, script in SHOTS:
        path = os.path.join(folder, name + ".png")
        buf, counts = play(script)
        save_png(buf, path, scale)
        # The panel refreshes by kind the session took to get there (PL-15).
        print("%-44s %s" % (os.path.relpath(path, ROOT), counts))
    for name, script in NAMED_SHOTS:
        path = os.path.join(folder, name + ".png")
        buf, counts = play(script, roster)
        save_png(buf, path, scale)
        print("%-44s %s" % (os.path.relpath(path, ROOT), counts))
    if not with_icons:
        for name, script in ACCENTED_SHOTS:
            path = os.path.join(folder, name + ".png")
            buf, counts = play(script, ACCENTED_NAMES)
            save_png(buf, path, scale)
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
        write(GOLDEN_DIR, 1, False, LONG_NAMES)
    if args.screenshots:
        write(SCREENSHOT_DIR, 2, True, SHOWCASE_NAMES)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
