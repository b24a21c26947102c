"""Terminal mode: the exact pixels as braille (2x4 dots per character, 148x32)
or half blocks (1x2, 296x64), keys read from a raw tty. For SSH and tmux.

Keys: a b c = A B C, Up/Down arrows (or k/j, w/s) = UP/DOWN,
Shift+letter (A B C) = long press, z = sleep mark, r = power cycle, q = quit.
"""
import os
import select
import sys
import termios
import tty

from sim.frames import to_braille, to_halfblocks

KEYS = {"a": "A", "b": "B", "c": "C", "k": "UP", "w": "UP", "j": "DOWN", "s": "DOWN",
        "\x1b[A": "UP", "\x1b[B": "DOWN"}
LONG = {"A": "A", "B": "B", "C": "C"}
HELP = "a b c: buttons  Up/Down (k/j): UP/DOWN  A B C: long press  z: sleep  r: restart  q: quit"
# Terminal size each mode needs (columns, rows): the picture, its frame, the
# status line and the help line.
SIZES = {False: (148 + 2, 32 + 4), True: (296 + 2, 64 + 4)}


def pick_mode(halfblock, size=None):
    """(halfblock, message) for a terminal of size (columns, rows): the mode
    asked for when it fits; braille when half blocks were asked for but only
    braille fits (with a note); (None, message) when nothing fits, naming the
    size needed."""
    if size is None:
        # The tty's own size: COLUMNS/LINES in the environment may be stale.
        try:
            size = tuple(os.get_terminal_size(sys.stdout.fileno()))
        except OSError:
            size = (80, 24)
    cols, rows = size
    need = SIZES[halfblock]
    if cols >= need[0] and rows >= need[1]:
        return halfblock, None
    small = SIZES[False]
    if halfblock and cols >= small[0] and rows >= small[1]:
        return False, ("The terminal is %dx%d; --halfblock needs %dx%d. Using braille (%dx%d)."
                       % (cols, rows, need[0], need[1], small[0], small[1]))
    return None, ("The terminal is %dx%d; the terminal mode needs at least %dx%d%s. "
                  "Enlarge the window (or make the font smaller) and start again, or use "
                  "--headless --script ... --out DIR for PNG frames."
                  % (cols, rows, need[0], need[1], "" if not halfblock else " (--halfblock)"))


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
    parts.append(status + "\x1b[K\r\n" + HELP + "\x1b[K\r\n\x1b[J")
    out.write("".join(parts))
    out.flush()


def read_key(fd):
    ch = os.read(fd, 1).decode("latin-1")
    if ch == "\x1b":
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            ch += os.read(fd, 2).decode("latin-1")
    return ch


def run(session, halfblock=False):
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    last = session.start()
    try:
        tty.setraw(fd)
        out.write("\x1b[?25l\x1b[2J")
        render(session, out, halfblock, last)
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
            if reqs:
                last = reqs[-1]
                render(session, out, halfblock, last)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\r\n")
        out.flush()
    return 0
