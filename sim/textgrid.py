"""The screen as text for small terminals (80x24): every text run the
firmware draws (usher.ui.text.draw) is put on an 80-column character grid at
the place it has on the 296x128 canvas, in reverse video where it is drawn
white on black (title bars, the focus bar); what is not text (boxes, lines,
icons, ticket cells) shows as braille dots of the pixels around it. The soft
keys are not taken from the picture but from the top screen's keys(), on a
line of their own under the grid (sim/terminal.py).

A run is kept while it is still on the canvas: each one remembers its ink
(the pixels its drawing changed), and it stays while that ink is there in its
colour and most of the box around it has the colour behind it, so a run drawn
over, cleared or moved drops out without following every fill and blit, and
a focus bar that only touches the edge of its box does not.
"""
from sim.session import Session  # noqa: F401  (puts firmware/ on the path first)

from usher.ui import components, icons, text, widgets  # noqa: E402
from usher.ui.games.takeaseat import draw as ticket_draw  # noqa: E402
from usher.ui.canvas import STRIDE, WIDTH, new_canvas  # noqa: E402
from usher.ui.screen import KEYS_Y  # noqa: E402

COLS = 80
ROWS = 22                  # the picture above the soft-key bar (rows 0..KEYS_Y-2)
PICTURE_H = KEYS_Y - 1
CELL_W = WIDTH / COLS      # 3.7 pixels per column
CELL_H = PICTURE_H / ROWS  # 5.2 pixels per row
REVERSE, NORMAL = "\x1b[7m", "\x1b[27m"
# Braille dots (column, row) -> bit, 2x4 per character.
_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
         (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))

_ROW_BITS = (0x09, 0x12, 0x24, 0xC0)      # the two dots of each dot row, top first


def _shapes():
    """Dot patterns that are part of a bar or a rule, drawn as block and line
    characters rather than braille: a fill's edge is a half block, a rule a
    line; a solid cell is a reverse-video space, like the reversed text on it."""
    shapes = {0xFF: (" ", True), 0x09 | 0x12 | 0x24: ("\u2580", False),   # top three rows
              0x09 | 0x12: ("\u2580", False), 0x09: ("\u2594", False),
              0x24 | 0xC0 | 0x12: ("\u2584", False), 0x24 | 0xC0: ("\u2584", False),
              0xC0: ("\u2581", False), 0x12: ("\u2500", False), 0x24: ("\u2500", False),
              0x12 | 0x24: ("\u2500", False),
              0x01 | 0x02 | 0x04 | 0x40: ("\u2502", False), 0x08 | 0x10 | 0x20 | 0x80: ("\u2502", False)}
    return shapes


_SHAPES = _shapes()
# Icons (usher.ui.icon_data) as short words of at most 4 columns, the width
# of a 16-pixel icon on the grid.
_ARROWS = {"R": "\u2192", "L": "\u2190", "U": "\u2191", "D": "\u2193"}
_ICON_WORDS = {"area_authorities": "\u265b", "area_celebrities": "Celb", "area_press": "Pres",
               "area_public": "Publ", "suit_charm": "Chrm", "suit_luck": "Luck",
               "suit_agility": "Agil", "suit_will": "Will", "suit_strength": "Str",
               "switch_on": "[x]", "switch_off": "[ ]", "bilico": "bil"}


def icon_word(name):
    if name in _ICON_WORDS:
        return _ICON_WORDS[name]
    kind, _, what = name.partition("_")
    if kind == "arrow":
        return "".join(_ARROWS.get(ch, ch) for ch in what)
    if kind in ("d4", "d6"):
        return "%s:%s" % (kind, what)
    if kind == "emotion":
        return "E%s" % what
    return name[:4]


_recorders = {}            # id(canvas) -> TextGrid
_plain_draw = text.draw
_plain_icon = icons.draw


def _recording_draw(canvas, font, s, x, y, color=1):
    grid = _recorders.get(id(canvas))
    before = grid.rows(y, font.HEIGHT) if grid is not None else None
    end = _plain_draw(canvas, font, s, x, y, color)
    if grid is not None:
        grid.drawn(font.HEIGHT, s, x, y, color, end, before, lambda c: _plain_draw(c, font, s, x, 0))
    return end


def _recording_icon(canvas, name, x, y, color=1):
    grid = _recorders.get(id(canvas))
    before = grid.rows(y, icons.SIZE) if grid is not None else None
    _plain_icon(canvas, name, x, y, color)
    if grid is not None:
        grid.drawn(icons.SIZE, icon_word(name), x, y, color, x + icons.SIZE, before,
                   lambda c: _plain_icon(c, name, x, 0))


# Take a Seat's tickets (usher.ui.games.takeaseat.draw.draw_ticket) as plain
# characters, a token per cell where its picture is: "[ ]" a seat, "[X]" the
# player's scratch, "[A]" the Automa's, "[+]" a valid scratch (TS-4), and
# ">X<" a ringed cell ("mark this one"; the Automa's order digit when it
# has one); in a cell too narrow for three columns, one character ("o" a
# seat), a ringed one in reverse video.
_plain_ticket = ticket_draw.draw_ticket


def _ticket_token(who, valid, ring, number, wide):
    mid = "X" if who == 0 else "A" if who == 1 else "+" if valid else (" " if wide else "o")
    if number is not None:
        mid = str(number)
    if not wide:
        return mid
    return (">%s<" if ring else "[%s]") % mid


def _recording_ticket(c, ticket, marks, x, y, cell, valid=(), ring=(), numbers=None):
    from usher.games.takeaseat import tickets as tk
    grid = _recorders.get(id(c))
    if grid is None:
        return _plain_ticket(c, ticket, marks, x, y, cell, valid, ring, numbers)
    r0 = min([cl // tk.SIDE for cl in ticket])
    c0 = min([cl % tk.SIDE for cl in ticket])
    rows = max([cl // tk.SIDE for cl in ticket]) - r0 + 1
    before = grid.rows(y - 2, rows * cell + 5)      # a ring reaches 2 pixels out
    _plain_ticket(c, ticket, marks, x, y, cell, valid, ring, numbers)
    wide = cell * COLS >= 3 * WIDTH          # three columns fit the cell
    for cl in ticket:
        who = None
        for m in marks:
            if tk.marked_cell(m) == cl:
                who = tk.marked_by(m)
        number = None
        for n in numbers or ():
            if n[0] == cl:
                number = n[1]
        cx = x + (cl % tk.SIDE - c0) * cell
        cy = y + (cl // tk.SIDE - r0) * cell
        token = _ticket_token(who, cl in valid, cl in ring, number, wide)
        color = 0 if (cl in ring and not wide) else 1
        one = [cl]
        m = 2 if cl in ring else 0          # the ring's box, so no piece of it shows as dots
        grid.drawn(cell + 1 + 2 * m, token, cx - m, cy - m, color, cx + cell + 1 + m,
                   before[cy - m - (y - 2):],
                   lambda cv, one=one, cx=cx, m=m: _plain_ticket(cv, one, marks, cx, m, cell, valid,
                                                                 ring, numbers))


# A list's "more this way" mark (usher.ui.widgets._arrow) as an arrow
# character rather than a few braille dots.
_plain_arrow = widgets._arrow


def _recording_arrow(c, y, way, colour):
    grid = _recorders.get(id(c))
    top = y - 3 if way > 0 else y
    before = grid.rows(top, 4) if grid is not None else None
    _plain_arrow(c, y, way, colour)
    if grid is not None:
        grid.drawn(4, "\u2193" if way > 0 else "\u2191", WIDTH - 11, top, 1 if colour else 0, WIDTH - 4,
                   before, lambda cv: _plain_arrow(cv, 3 if way > 0 else 0, way, colour))


# The panel editor's grid (usher.ui.components.draw_grid) a row at a time as
# characters: "#" a marked cell, "." an empty one, the cursor's cell in
# brackets ("[#]", "[.]").
_plain_grid = components.draw_grid


def _recording_grid(c, cells, row, col, y0, first, last):
    cp = components
    grid = _recorders.get(id(c))
    before = grid.rows(y0, (last - first) * cp.CELL + 1) if grid is not None else None
    _plain_grid(c, cells, row, col, y0, first, last)
    if grid is None:
        return
    for r in range(first, last):
        parts = []
        for k in range(cp.SIDE):
            mark = "#" if [r, k] in cells else "."
            parts.append("[%s]" % mark if (r, k) == (row, col) else " %s " % mark)
        y = y0 + (r - first) * cp.CELL
        grid.drawn(cp.CELL + 1, "".join(parts), cp.GRID_X, y, 1, cp.GRID_X + cp.SIDE * cp.CELL + 1,
                   before[y - y0:], lambda cv, r=r: _plain_grid(cv, cells, row, col, 0, r, r + 1))


def _row_bits(buf, x, y, w):
    """The w pixels of row y from x, as an int (leftmost pixel highest)."""
    first, last = x >> 3, (x + w - 1) >> 3
    chunk = int.from_bytes(buf[y * STRIDE + first:y * STRIDE + last + 1], "big")
    right = (last + 1) * 8 - (x + w)
    return (chunk >> right) & ((1 << w) - 1)


def _overlap(a, b):
    """The area two runs' boxes share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


# What the grid follows: (module, function, its recording version, the plain one).
_HOOKS = ((text, "draw", _recording_draw, _plain_draw), (icons, "draw", _recording_icon, _plain_icon),
          (ticket_draw, "draw_ticket", _recording_ticket, _plain_ticket),
          (widgets, "_arrow", _recording_arrow, _plain_arrow),
          (components, "draw_grid", _recording_grid, _plain_grid))


class TextGrid:
    """The text runs drawn on one session's canvas, and the grid made of them."""

    def __init__(self, session):
        self.session = session
        self.runs = []     # [x, y, w, h, s, color, pixels]
        _recorders[id(session.canvas)] = self
        for module, name, recorder, _plain in _HOOKS:
            setattr(module, name, recorder)

    def close(self):
        _recorders.pop(id(self.session.canvas), None)
        if not _recorders:
            for module, name, _recorder, plain in _HOOKS:
                setattr(module, name, plain)

    def rows(self, y, height):
        """Whole pixel rows y.. of the canvas (what a run is about to draw over)."""
        buf = self.session.buf
        return [_row_bits(buf, 0, yy, WIDTH) if 0 <= yy < PICTURE_H else 0 for yy in range(y, y + height)]

    def drawn(self, height, s, x, y, color, end, before, draw_ink):
        """A run was drawn: its box and its ink, the pixels it turned to its
        colour (before: the rows before it was drawn); when it changed none
        (drawn again over itself), draw_ink(canvas) draws it again on a
        scratch canvas with its top at row 0."""
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(WIDTH, end), min(PICTURE_H, y + height)
        if not s.strip() or x1 <= x0 or y1 <= y0:
            return
        w, shift = x1 - x0, WIDTH - x1
        mask = (1 << w) - 1
        buf = self.session.buf
        ink = []
        for r in range(y1 - y0):
            old = (before[y0 - y + r] >> shift) & mask
            now = _row_bits(buf, x0, y0 + r, w)
            ink.append(now & ~old if color else old & ~now)
        if not any(ink):
            scratch, canvas = new_canvas(WIDTH, height)
            draw_ink(canvas)
            ink = [_row_bits(scratch, x0, y0 - y + r, w) for r in range(y1 - y0)]
        self.runs.append([x0, y0, w, y1 - y0, s, color, tuple(ink)])

    def _still_there(self, run):
        x, y, w, h, _s, color, ink = run
        buf = self.session.buf
        full = (1 << w) - 1
        back_same = back_all = 0
        for r in range(h):
            now = _row_bits(buf, x, y + r, w)
            if not color:
                now ^= full            # white ink on black: compare as black on white
            if now & ink[r] != ink[r]:
                return False
            rest = full & ~ink[r]
            back_all += bin(rest).count("1")
            back_same += bin(rest & ~now).count("1")
        return back_same * 4 >= back_all * 3

    def visible_runs(self):
        """The runs still on the canvas, oldest first (the others are
        forgotten). A run mostly covered by a later one (a title drawn over
        the title of the screen below) goes too."""
        keep = []
        for run in reversed(self.runs):
            if not self._still_there(run):
                continue
            if any(_overlap(run, newer) * 2 > run[2] * run[3] for newer in keep):
                continue
            keep.append(run)
        keep.reverse()
        self.runs = keep
        return keep

    def cells(self, pictures=True):
        """ROWS lists of COLS (character, reverse) pairs; without pictures,
        only the text (what is not text left blank)."""
        runs = self.visible_runs()
        grid = [[None] * COLS for _ in range(ROWS)]
        ink = self._graphics(runs) if pictures else None
        placed = {}        # row -> the column after the last run placed in it
        for run in sorted(runs, key=lambda r: (self._row(r), r[0])):
            x, w, s, color = run[0], run[2], run[4], run[5]
            row = self._row(run)
            # Text in the left half keeps its left edge, in the right half its
            # right edge (numbers in columns, the title bar's status).
            if x < WIDTH // 2:
                col = int(x / CELL_W + 0.5)
            else:
                col = int((x + w) / CELL_W + 0.5) - len(s)
            # Separate runs stay separate words: a run starts at least one
            # column after the one before it on the same row.
            col = max(col, placed.get(row, 0))
            if col + len(s) > COLS:
                col = max(0, COLS - len(s))
            for i, ch in enumerate(s[:COLS - col]):
                grid[row][col + i] = (ch, color == 0)
            placed[row] = col + len(s) + 1
        for r in range(ROWS):
            for c in range(COLS):
                if grid[r][c] is None:
                    grid[r][c] = self._dots(ink, r, c) if pictures else (" ", False)
        return grid

    def _row(self, run):
        return min(ROWS - 1, int((run[1] + run[3] / 2) / CELL_H))

    def _graphics(self, runs):
        """The canvas as rows of 0/1 with each text run's box set to the
        colour behind it, so text shows only as characters."""
        buf = self.session.buf
        rows = []
        for y in range(PICTURE_H):
            bits = _row_bits(buf, 0, y, WIDTH)
            rows.append([(bits >> (WIDTH - 1 - x)) & 1 for x in range(WIDTH)])
        for x, y, w, h, _s, color, _p in runs:
            back = 0 if color else 1
            for yy in range(y, y + h):
                rows[yy][x:x + w] = [back] * w
        return rows

    def _dots(self, ink, r, c):
        x0, x1 = int(c * CELL_W), int((c + 1) * CELL_W)
        y0, y1 = int(r * CELL_H), int((r + 1) * CELL_H)
        code = 0
        for dx, dy, bit in _DOTS:
            xa = x0 + (x1 - x0) * dx // 2
            xb = max(xa + 1, x0 + (x1 - x0) * (dx + 1) // 2)
            ya = y0 + (y1 - y0) * dy // 4
            yb = max(ya + 1, y0 + (y1 - y0) * (dy + 1) // 4)
            if any(any(ink[y][xa:xb]) for y in range(ya, min(yb, PICTURE_H))):
                code |= bit
        if bin(code).count("1") >= 6:
            return (" ", True)          # mostly ink: part of a bar (a focus bar meeting the title bar)
        return _SHAPES.get(code) or (chr(0x2800 + code) if code else " ", False)

    def lines(self, ansi=False, pictures=True):
        """The grid as ROWS strings of COLS characters; with ansi, reverse
        video where the screen is white on black."""
        out = []
        for row in self.cells(pictures):
            if not ansi:
                out.append("".join(ch for ch, _rev in row))
                continue
            parts, on = [], False
            for ch, rev in row:
                if rev != on:
                    parts.append(REVERSE if rev else NORMAL)
                    on = rev
                parts.append(ch)
            if on:
                parts.append(NORMAL)
            out.append("".join(parts))
        return out


def softkeys_line(labels, width=COLS):
    """The top screen's soft keys under the grid: "a Back | b ... | c Select"."""
    third = width // 3
    parts = []
    for i, key in enumerate("abc"):
        label = labels[i] if i < len(labels) else None
        cell = ("%s %s" % (key, label)) if label else ""
        parts.append(cell[:third - 1].center(third - 1))
    return "|".join(parts)
