# Pictures and labels shared by Take a Seat's screens: a ticket as a small
# grid (TS-2, TS-3), the objective names (TS-13) and the panel sides (TS-5).
#
# Cell legend, the same on every screen:
#   empty outline      an unscratched seat
#   X                  the player's scratch
#   solid              the Automa's scratch
#   dot                a valid scratch you can choose (TS-4)
#   thick ring         "mark this one": the focused cell, or the Automa's new cell
from usher.games.takeaseat import tickets as tk
from usher.ui import text

SIDES = ("Right", "Left")
# TS-13 ids -> names that fit a row of the body font.
OBJECTIVE_NAMES = (
    ("audience_authorities", "Audience authorities"),
    ("audience_celebrities", "Audience celebrities"),
    ("audience_press", "Audience press"),
    ("audience_public", "Audience public"),
    ("columns", "Columns"),
    ("rows", "Rows"),
    ("vip_fans", "VIP fans"),
    ("pillar_visibility", "Pillar visibility"),
    ("relevant_people", "Relevant people"),
    ("pillars_area", "Pillars area"),
    ("aisle_seats", "Aisle seats"),
    ("largest_square", "Largest square"),
    ("lowest_occupancy", "Lowest occupancy"),
    ("empty_areas", "Empty areas"),
)


# Shorter wordings for the labels where the full name does not fit.
SHORT_NAMES = (
    ("audience_authorities", "Aud. authorities"),
    ("audience_celebrities", "Aud. celebrities"),
    ("audience_press", "Aud. press"),
    ("audience_public", "Aud. public"),
    ("lowest_occupancy", "Least occupied"),
)
def fallback_words(drawn, used):
    """TS-10 in words: every area tried before the one the Automa scratched,
    in cyclic order from the drawn one ("press, public: no valid cell ->
    authorities")."""
    return "%s: no valid cell -> %s" % (", ".join(skipped_areas(drawn, used)), used)


def skipped_areas(drawn, used):
    """TS-10: the areas tried, in cyclic order from the drawn one, before the
    one the Automa scratched."""
    skipped = []
    for t in tk.cyclic_areas(tk.area_index(drawn)):
        if tk.AREAS[t] == used:
            break
        skipped.append(tk.AREAS[t])
    return skipped


# TS-7: the arrow's letters, travel then wrap.
DIRECTIONS = (("R", "right"), ("L", "left"), ("D", "down"), ("U", "up"))


def objective_label(font, objectives, k, max_w):
    """Slot k's label ("A x2 Columns"), in a wording that fits max_w."""
    tag = "ABCD"[k] + (" x2" if k == 0 else "")
    oid = objectives[k]
    full = "%s %s" % (tag, objective_name(oid))
    short = full
    for key, name in SHORT_NAMES:
        if key == oid:
            short = "%s %s" % (tag, name)
    return text.fit_choices(font, (full, short), max_w)


def arrow_words(arrow):
    """TS-7 in words: "UR" -> "up, then right"."""
    words = []
    for ch in arrow:
        for key, word in DIRECTIONS:
            if key == ch:
                words.append(word)
    return ", then ".join(words)


def objective_name(oid):
    for key, name in OBJECTIVE_NAMES:
        if key == oid:
            return name
    return oid


def turn_status(state):
    """The turn and the player's panel, shown on every solo/multi screen."""
    return "Turn %d/14  %s panel" % (state["turn"], SIDES[state["panel"]])


def bounds(ticket):
    """(first row, first col, rows, cols) of the ticket's bounding box."""
    rows = [x // tk.SIDE for x in ticket]
    cols = [x % tk.SIDE for x in ticket]
    r0 = min(rows)
    c0 = min(cols)
    return r0, c0, max(rows) - r0 + 1, max(cols) - c0 + 1


def cell_size(ticket, max_w, max_h, biggest):
    _, _, rows, cols = bounds(ticket)
    return max(4, min(biggest, (max_w - 1) // cols, (max_h - 1) // rows))


def ticket_size(ticket, cell):
    _, _, rows, cols = bounds(ticket)
    return cols * cell + 1, rows * cell + 1


def draw_ticket(c, ticket, marks, x, y, cell, valid=(), ring=(), numbers=None):
    """Draw the ticket's cells (tickets.cell) with their scratches (marks:
    tickets.mark). valid: cells to dot; ring: cells to ring; numbers:
    [(cell, digit)] written in the ring's cells (the order of the Automa's
    scratches)."""
    r0, c0, _, _ = bounds(ticket)
    side = tk.SIDE
    for cl in ticket:
        cx = x + (cl % side - c0) * cell
        cy = y + (cl // side - r0) * cell
        c.rect(cx, cy, cell + 1, cell + 1, 1)
        who = None
        for m in marks:
            if tk.marked_cell(m) == cl:
                who = tk.marked_by(m)
        if who == 0:
            c.line(cx + 2, cy + 2, cx + cell - 2, cy + cell - 2, 1)
            c.line(cx + 2, cy + cell - 2, cx + cell - 2, cy + 2, 1)
        elif who == 1:
            c.fill_rect(cx + 2, cy + 2, cell - 3, cell - 3, 1)
        elif cl in valid:
            m = cell // 2
            c.fill_rect(cx + m - 1, cy + m - 1, 3, 3, 1)
    for cl in ring:
        cx = x + (cl % side - c0) * cell
        cy = y + (cl // side - r0) * cell
        for k in (1, 2):
            c.rect(cx - k, cy - k, cell + 1 + 2 * k, cell + 1 + 2 * k, 1)
    if numbers:
        for n in numbers:
            cx = x + (n[0] % side - c0) * cell
            cy = y + (n[0] // side - r0) * cell
            s = str(n[1])
            if cell >= 12:
                text.draw_centered(c, text.SMALL, s, cx + cell // 2 + 1,
                                   cy + (cell - text.SMALL.HEIGHT) // 2 + 1, 0)


def inverted(c, font, s, x, y, pad=2):
    """s in white on a black box; returns the box's right edge."""
    w = text.width(font, s)
    c.fill_rect(x, y, w + 2 * pad, font.HEIGHT + 2, 1)
    text.draw(c, font, s, x + pad, y + 1, 0)
    return x + w + 2 * pad


def cell_name(x):
    """A cell (tickets.cell) as players count it: row and column from 1."""
    return "r%dc%d" % (x // tk.SIDE + 1, x % tk.SIDE + 1)
