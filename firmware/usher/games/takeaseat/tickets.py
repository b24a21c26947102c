# Pure rule functions on tickets: areas (TS-1), valid scratches (TS-4), the
# Automa's scan arrows (TS-7) and its choice of cell (TS-9, TS-10).
#
# A cell is one number, row * SIDE + col (rows and columns 0..7, the
# panels' MAX_SIDE): a small int takes no heap, where a [row, col] list took
# 32 bytes, and a game's tickets and scratches were about 3 KB of them on
# the chip. Numbers sort in reading order (row, then column).
# A ticket is a list of cells. Its scratches are a list of marks (TS-3),
# cell + who * MARK: who is PLAYER or AUTOMA (the neighbour in
# multiplayer). Actions and the Automa's step still name cells as
# [row, col] (docs/actions/takeaseat.md). Functions never modify their
# arguments.

# TS-1: canonical area order; "cyclic order from X" follows this tuple.
AREAS = ("authorities", "celebrities", "press", "public")

PLAYER = 0
AUTOMA = 1

SIDE = 8        # rows and columns of a ticket at most (panels.MAX_SIDE)
MARK = 64       # SIDE * SIDE: a mark's who above its cell

# TS-7: first letter = direction of travel, second = where the scan wraps to.
ARROWS = ("RD", "RU", "LD", "LU", "DR", "DL", "UR", "UL")


def cell(r, c):
    """The cell at row r, column c (0..SIDE-1 each)."""
    return r * SIDE + c


def cell_of(value):
    """A cell from [row, col] (an action's), or -1 when it is off every
    ticket (a row or column outside 0..SIDE-1)."""
    r, c = value[0], value[1]
    if r < 0 or c < 0 or r >= SIDE or c >= SIDE:
        return -1
    return r * SIDE + c


def row_col(x):
    """[row, col] of a cell (an action's way of naming it)."""
    return [x // SIDE, x % SIDE]


def mark(x, who):
    """A scratch of cell x by who (TS-3)."""
    return x + who * MARK


def marked_cell(m):
    return m % MARK


def marked_by(m):
    return m // MARK


def cells_of(rows):
    """[[row, col], ...] -> cells (a panel's, a test's)."""
    return [cell_of(v) for v in rows]


def area_index(name):
    """Index of an area name in TS-1 order, or -1."""
    for i in range(len(AREAS)):
        if AREAS[i] == name:
            return i
    return -1


def cyclic_areas(start):
    """TS-1: area indexes from `start`, then the next ones, wrapping around."""
    return [(start + i) % len(AREAS) for i in range(len(AREAS))]


def is_connected(cells):
    """True when the cells form one 4-connected group (False when empty).
    A repeated cell counts once."""
    if not cells:
        return False
    # A search over indexes into cells: no set of (row, col) tuples, which
    # were most of the garbage parsing the sample panels left.
    todo = list(range(1, len(cells)))
    stack = [0]
    while stack:
        x = cells[stack.pop()]
        r, c = x // SIDE, x % SIDE
        k = 0
        while k < len(todo):
            other = cells[todo[k]]
            dr = other // SIDE - r
            dc = other % SIDE - c
            if (dr == 0 and -1 <= dc <= 1) or (dc == 0 and -1 <= dr <= 1):
                stack.append(todo.pop(k))  # a neighbour, or the same cell again
            else:
                k += 1
    return not todo


def unscratched(ticket, scratches):
    """The ticket's cells not yet scratched, in the ticket's order."""
    done = [m % MARK for m in scratches]
    return [x for x in ticket if x not in done]


def _valid_in(left, x):
    """TS-4 on the unscratched cells left: x is one of them and the others
    are non-empty and 4-connected without it."""
    rest = [y for y in left if y != x]
    if len(rest) == len(left):
        return False  # not a cell of the ticket, or already scratched
    return is_connected(rest)


def is_valid_scratch(ticket, scratches, x):
    """TS-4: the cell x belongs to the ticket, is not scratched, and after
    the scratch the unscratched cells are non-empty and 4-connected."""
    return _valid_in(unscratched(ticket, scratches), x)


def valid_scratches(ticket, scratches):
    """TS-4: every valid scratch of the ticket, in reading order: the
    unscratched cells whose scratch leaves the others non-empty and
    4-connected (is_valid_scratch for each cell, with the unscratched cells
    found once: the Take a Seat screens ask this of four tickets on every
    turn)."""
    left = unscratched(ticket, scratches)
    return [x for x in sorted(left) if _valid_in(left, x)]


def valid_double_scratches(ticket, scratches, first):
    """TS-4: valid second cells of a double reservation after `first`."""
    if not is_valid_scratch(ticket, scratches, first):
        return []
    return valid_scratches(ticket, scratches + [mark(first, PLAYER)])


def scan_order(ticket, arrow):
    """TS-7: the ticket's cells in the order the arrow scans its bounding
    box. Raises ValueError for an unknown arrow."""
    if arrow not in ARROWS:
        raise ValueError("unknown arrow %s" % arrow)
    rows = [x // SIDE for x in ticket]
    cols = [x % SIDE for x in ticket]
    r_down = list(range(min(rows), max(rows) + 1))
    c_right = list(range(min(cols), max(cols) + 1))
    r_up = r_down[::-1]
    c_left = c_right[::-1]
    travel, wrap = arrow[0], arrow[1]
    out = []
    if travel in "RL":
        inner = c_right if travel == "R" else c_left
        outer = r_down if wrap == "D" else r_up
        for r in outer:
            for c in inner:
                if r * SIDE + c in ticket:
                    out.append(r * SIDE + c)
    else:
        inner = r_down if travel == "D" else r_up
        outer = c_right if wrap == "R" else c_left
        for c in outer:
            for r in inner:
                if r * SIDE + c in ticket:
                    out.append(r * SIDE + c)
    return out


def automa_choice(ticket, scratches, arrow):
    """TS-9: the first cell in arrow order that is a valid scratch, or None."""
    for x in scan_order(ticket, arrow):
        if is_valid_scratch(ticket, scratches, x):
            return x
    return None


def automa_panel_choice(tickets, scratches, area, arrow):
    """TS-9/TS-10: on a panel (tickets and scratches indexed by area), the
    Automa's cell for the drawn area: that ticket first, then the others in
    cyclic order from it. Returns (area index, cell) or (None, None) when no
    ticket has a valid cell (the scratch is skipped)."""
    for t in cyclic_areas(area):
        x = automa_choice(tickets[t], scratches[t], arrow)
        if x is not None:
            return t, x
    return None, None


def panel_has_valid_scratch(tickets, scratches):
    for t in range(len(AREAS)):
        if valid_scratches(tickets[t], scratches[t]):
            return True
    return False
