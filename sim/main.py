"""Usher simulator: the firmware's UI (usher.ui.app.App) on the desktop.

  python -m sim                 a window (Tk) with the screen at 3x and the
                                five buttons; without a display, the terminal
  python -m sim --terminal      in the terminal, keys from the tty; the mode
                                by the terminal's size: text (80x24 and up:
                                the screen's text on a character grid, soft
                                keys on the last line), braille (150x36 and
                                up: the exact pixels), half blocks
                                (--halfblock, 298x68 and up: 2x bigger);
                                --text asks for the text mode in any size
  python -m sim --headless --script "DOWN,C,A" --out DIR
                                plays the buttons and writes every frame as PNG
  python -m sim --bot GAME      plays a game with its engine's bot (text)

The saved game and screen position live in --data (default out/sim-data), so
closing and reopening resumes where you were (PL-8); the log is DATA/log/
in the device's format (docs/log-format.md; `usher replay DATA/log`), in
--out/log/ for a headless run without --data. The panel refresh counts
by kind (clean, fast full, partial; PL-15) are printed at exit.
"""
import argparse
import os
import sys
import tempfile

from sim.session import ROOT, Session, parse_script

from usher import games  # noqa: E402  (sim.session put firmware/ on the path)
from usher.core import game  # noqa: E402


def run_bot(game_id, seed):
    """A whole game played by the engine's bot, one action per line."""
    from sim import batch
    print("== %s, seed %d" % (games.title(game_id), seed))
    state, n = batch.play(game_id, seed, on_action=lambda a: print("  " + game.canonical_json(a)))
    print("%d actions; final state: %s" % (n, game.canonical_json(state)))
    return 0


def run_headless(args):
    if args.data:
        return _headless(args, args.data)
    # No --data: a fresh folder for this run only, removed afterwards.
    with tempfile.TemporaryDirectory(prefix="usher-sim-") as data:
        return _headless(args, data)


def _headless(args, data):
    from sim.frames import save_png
    # The log goes with the data; a run without --data keeps it in --out.
    log_dir = os.path.join(args.data if args.data else args.out, "log")
    session = Session(data, battery=args.battery, log_dir=log_dir)
    if args.data:
        # a folder kept across runs is a device of its own: its own id (PL-19);
        # a run in a temporary folder stays the same picture every time
        session.services["random32"] = lambda: int.from_bytes(os.urandom(4), "big")
    steps = parse_script(args.script or "")
    os.makedirs(args.out, exist_ok=True)
    req = session.start()
    names = []

    def frame(i, token, reqs):
        name = "frame_%03d.png" % i
        save_png(session.buf, os.path.join(args.out, name), args.scale)
        names.append(name)
        what = ", ".join("%s y=%d h=%d" % (r[0], r[2], r[4]) for r in reqs) or "no refresh"
        print("%s  %-8s %s" % (name, token, what))

    frame(0, "start", [req] if req else [])
    for i, (token, events) in enumerate(steps, 1):
        frame(i, token, session.step(events))
    print("log: %s (usher replay %s)" % (log_dir, log_dir))
    print(session.counts_line())
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--terminal", action="store_true", help="draw in the terminal")
    mode.add_argument("--headless", action="store_true", help="play --script, write PNGs to --out")
    mode.add_argument("--bot", choices=games.ids(), help="play GAME with its bot, print actions")
    ap.add_argument("--script", help="buttons for --headless, e.g. 'DOWN,C,UP*5,B~'")
    ap.add_argument("--out", default=os.path.join(ROOT, "out", "frames"), help="PNG folder")
    ap.add_argument("--scale", type=int, default=1, help="PNG scale (headless)")
    ap.add_argument("--data", help="folder for the saved game and settings")
    ap.add_argument("--fixed-seeds", action="store_true",
                    help="new games get the seeds 1, 2, ... as in --headless (scripted runs)")
    ap.add_argument("--battery", type=int, default=None, help="simulated battery %% (default: USB)")
    look = ap.add_mutually_exclusive_group()
    look.add_argument("--halfblock", action="store_true",
                      help="terminal: the exact pixels as half blocks (needs 298x68)")
    look.add_argument("--text", action="store_true",
                      help="terminal: the text mode (the one for 80x24 terminals) at any size")
    ap.add_argument("--seed", type=int, default=1, help="--bot: seed")
    args = ap.parse_args(argv)

    if args.bot:
        return run_bot(args.bot, args.seed)
    if args.headless:
        return run_headless(args)
    data = args.data or os.path.join(ROOT, "out", "sim-data")
    session = Session(data, battery=args.battery, live_seeds=not args.fixed_seeds,
                      log_dir=os.path.join(data, "log"))
    code = 0
    try:
        if not args.terminal:
            from sim import window
            root = window.open_root()
            if root is not None:
                code = window.run(session, root)
                return code
            print("No display for a window: using the terminal mode (--terminal).")
        if not sys.stdin.isatty():
            print("The terminal mode needs a terminal; try --headless --script ... --out DIR.")
            return 2
        from sim import terminal
        mode, problem = terminal.pick_mode("halfblock" if args.halfblock else "text" if args.text else None)
        if problem:
            print(problem)
            if mode is None:
                return 2
        start = terminal.startup_line(mode)
        print(start)
        code = terminal.run(session, mode, note=terminal.TEXT_NOTE if mode == "text" else None)
        return code
    finally:
        if session.app is not None:
            print(session.counts_line())
