"""Terminal modes, keys read from a raw tty (for SSH and tmux), chosen by the
terminal's size:
  text       80x24 and up: the screen's text on an 80x22 character grid, the
             rest as braille dots, the soft keys on the last line (sim/textgrid.py)
  braille    150x36 and up: the exact pixels, 2x4 dots per character (148x32)
  halfblock  298x68 and up, with --halfblock: the exact pixels, 1x2 per character

Keys: a b c = A B C, Up/Down arrows (or k/j, w/s) = UP/DOWN,
Shift+letter (A B C) = long press, z = sleep mark, r = power cycle, q = quit.
"""
import os
import select
import sys
import termios
import tty

from sim.frames import to_braille, to_halfblocks
from sim.textgrid import TextGrid, softkeys_line

KEYS = {"a": "A", "b": "B", "c": "C", "k": "UP", "w": "UP", "j": "DOWN", "s": "DOWN",
        "\x1b[A": "UP", "\x1b[B": "DOWN"}
LONG = {"A": "A", "B": "B", "C": "C"}
HELP = "a b c: buttons  Up/Down (k/j): UP/DOWN  A B C: long press  z: sleep  r: restart  q: quit"
TEXT_HELP = "a b c: buttons  \u2191\u2193 or k j: UP DOWN  A B C: hold  z sleep  r restart  q quit"
# Terminal size each mode needs (columns, rows): braille and half blocks, the
# picture, its frame, the status line and the help line; text, the grid, the
# help line and the soft keys.
SIZES = {"halfblock": (296 + 2, 64 + 4), "braille": (148 + 2, 32 + 4), "text": (80, 24)}
# The text mode's first help line: what the bigger terminals would show.
TEXT_NOTE = "Text mode (80x24). The exact pixels: braille from 150x36, --halfblock 298x68"
MODES_LINE = ("terminal modes by size: text from 80x24, braille pixels from 150x36, "
              "half blocks (--halfblock) from 298x68; a window when there is a display")


def _fits(mode, cols, rows):
    return cols >= SIZES[mode][0] and rows >= SIZES[mode][1]


def terminal_size():
    # The tty's own size: COLUMNS/LINES in the environment may be stale.
    try:
        return tuple(os.get_terminal_size(sys.stdout.fileno()))
    except OSError:
        return (80, 24)


def pick_mode(asked=None, size=None):
    """(mode, note) for a terminal of size (columns, rows). asked None: the
    exact pixels (braille) when they fit, else the text mode; "halfblock" or
    "text" when asked for and it fits, else the biggest that fits with a
    note; (None, message) when not even the text mode fits."""
    cols, rows = size or terminal_size()
    if asked and _fits(asked, cols, rows):
        return asked, None
    for mode in ("braille", "text"):
        if _fits(mode, cols, rows):
            note = None
            if asked:
                note = ("The terminal is %dx%d; --%s needs %dx%d. Using the %s mode (%dx%d)."
                        % (cols, rows, asked, SIZES[asked][0], SIZES[asked][1], mode,
                           SIZES[mode][0], SIZES[mode][1]))
            return mode, note
    return None, ("The terminal is %dx%d; the terminal modes need at least %dx%d (%s). "
                  "Enlarge the window (or make the font smaller) and start again, or use "
                  "--headless --script ... --out DIR for PNG frames."
                  % (cols, rows, SIZES["text"][0], SIZES["text"][1], MODES_LINE))


def startup_line(mode, size=None):
    cols, rows = size or terminal_size()
    what = {"text": "the screen's text on a character grid", "braille": "the exact pixels as braille",
            "halfblock": "the exact pixels as half blocks"}[mode]
    return "Usher simulator, %s mode (%s) in this %dx%d terminal; %s." % (mode, what, cols, rows, MODES_LINE)


def screen_lines(session, halfblock=False):
    lines = (to_halfblocks if halfblock else to_braille)(session.buf)
    return lines


def render(session, out, halfblock=False, last=None):
    lines = screen_lines(session, halfblock)
    w = len(lines[0])
    parts = ["\x1b[H"]
    parts.append("+" + "-" * w + "+\x1b[K\r\n")
    for line in lines:
        parts.append("|" + line + "|\x1b[K\r\n")
    parts.append("+" + "-" * w + "+\x1b[K\r\n")
    status = session.counts_line()
    if last:
        status += "  last: %s y=%d h=%d" % (last[0], last[2], last[4])
    # No newline after the last line: in a terminal of exactly that height
    # it would scroll the picture up by one.
    parts.append(status + "\x1b[K\r\n" + HELP + "\x1b[K\x1b[J")
    out.write("".join(parts))
    out.flush()


def render_text(session, grid, out, note=None):
    """The text mode's 24 lines: the grid, the help line (or a note), the
    top screen's soft keys."""
    lines = grid.lines(ansi=True)
    lines.append((note or TEXT_HELP)[:80])
    lines.append(softkeys_line(session.app.top().keys()))
    out.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J")
    out.flush()


def read_key(fd):
    ch = os.read(fd, 1).decode("latin-1")
    if ch == "\x1b":
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            ch += os.read(fd, 2).decode("latin-1")
    return ch


def run(session, mode="braille", note=None):
    """Play session in the terminal in mode ("text", "braille" or
    "halfblock"); note: a line the text mode shows until the first key."""
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    halfblock = mode == "halfblock"
    grid = TextGrid(session) if mode == "text" else None   # before the first picture is drawn

    def show(last):
        if grid is not None:
            render_text(session, grid, out, note)
        else:
            render(session, out, halfblock, last)

    last = session.start()
    try:
        tty.setraw(fd)
        out.write("\x1b[?25l\x1b[2J")
        show(last)
        while True:
            key = read_key(fd)
            if key in ("q", "\x03", "\x04"):
                break
            events = None
            if key in KEYS:
                b = KEYS[key]
                events = [("press", b), ("release", b)]
            elif key in LONG:
                b = LONG[key]
                events = [("press", b), ("long", b), ("release", b)]
            elif key == "z":
                events = ["sleep"]
            elif key == "r":
                events = ["restart"]
            if events is None:
                continue
            reqs = session.step(events)
            note = None
            if reqs or grid is not None:
                last = reqs[-1] if reqs else last
                show(last)
    finally:
        if grid is not None:
            grid.close()
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\r\n")
        out.flush()
    return 0
