# Pure rule functions on tickets: areas (TS-1), valid scratches (TS-4), the
# Automa's scan arrows (TS-7) and its choice of cell (TS-9, TS-10).
#
# A ticket is a list of cells [row, col]. Its scratches are a list of
# [row, col, who] (TS-3); who is PLAYER or AUTOMA (the neighbour in
# multiplayer). Functions never modify their arguments.

# TS-1: canonical area order; "cyclic order from X" follows this tuple.
AREAS = ("authorities", "celebrities", "press", "public")

PLAYER = 0
AUTOMA = 1

# TS-7: first letter = direction of travel, second = where the scan wraps to.
ARROWS = ("RD", "RU", "LD", "LU", "DR", "DL", "UR", "UL")


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
    # A search over indexes into cells rather than a set of (row, col) tuples:
    # tickets have a few cells, and the tuples were most of the garbage that
    # parsing the sample panels left at every new game and replay.
    todo = list(range(1, len(cells)))
    stack = [0]
    while stack:
        cell = cells[stack.pop()]
        r, c = cell[0], cell[1]
        k = 0
        while k < len(todo):
            other = cells[todo[k]]
            dr = other[0] - r
            dc = other[1] - c
            if (dr == 0 and -1 <= dc <= 1) or (dc == 0 and -1 <= dr <= 1):
                stack.append(todo.pop(k))  # a neighbour, or the same cell again
            else:
                k += 1
    return not todo


def unscratched(ticket, scratches):
    """The ticket's cells not yet scratched, in the ticket's order."""
    done = set()
    for s in scratches:
        done.add((s[0], s[1]))
    return [c for c in ticket if (c[0], c[1]) not in done]


def _valid_in(left, r, c):
    """TS-4 on the unscratched cells left: (r, c) is one of them and the
    others are non-empty and 4-connected without it."""
    rest = [x for x in left if x[0] != r or x[1] != c]
    if len(rest) == len(left):
        return False  # not a cell of the ticket, or already scratched
    return is_connected(rest)


def is_valid_scratch(ticket, scratches, cell):
    """TS-4: the cell belongs to the ticket, is not scratched, and after the
    scratch the unscratched cells are non-empty and 4-connected."""
    return _valid_in(unscratched(ticket, scratches), cell[0], cell[1])


def valid_scratches(ticket, scratches):
    """TS-4: every valid scratch of the ticket, in reading order: the
    unscratched cells whose scratch leaves the others non-empty and
    4-connected (is_valid_scratch for each cell, with the unscratched cells
    found once: the Take a Seat screens ask this of four tickets on every
    turn, issue 24)."""
    left = unscratched(ticket, scratches)
    out = []
    for cell in sorted([[c[0], c[1]] for c in left]):
        if _valid_in(left, cell[0], cell[1]):
            out.append(cell)
    return out


def valid_double_scratches(ticket, scratches, first):
    """TS-4: valid second cells of a double reservation after `first`."""
    if not is_valid_scratch(ticket, scratches, first):
        return []
    return valid_scratches(ticket, scratches + [[first[0], first[1], PLAYER]])


def scan_order(ticket, arrow):
    """TS-7: the ticket's cells in the order the arrow scans its bounding
    box. Raises ValueError for an unknown arrow."""
    if arrow not in ARROWS:
        raise ValueError("unknown arrow %s" % arrow)
    rows = [c[0] for c in ticket]
    cols = [c[1] for c in ticket]
    r_down = list(range(min(rows), max(rows) + 1))
    c_right = list(range(min(cols), max(cols) + 1))
    r_up = r_down[::-1]
    c_left = c_right[::-1]
    travel, wrap = arrow[0], arrow[1]
    cells = set()
    for c in ticket:
        cells.add((c[0], c[1]))
    out = []
    if travel in "RL":
        inner = c_right if travel == "R" else c_left
        outer = r_down if wrap == "D" else r_up
        for r in outer:
            for c in inner:
                if (r, c) in cells:
                    out.append([r, c])
    else:
        inner = r_down if travel == "D" else r_up
        outer = c_right if wrap == "R" else c_left
        for c in outer:
            for r in inner:
                if (r, c) in cells:
                    out.append([r, c])
    return out


def automa_choice(ticket, scratches, arrow):
    """TS-9: the first cell in arrow order that is a valid scratch, or None."""
    for cell in scan_order(ticket, arrow):
        if is_valid_scratch(ticket, scratches, cell):
            return cell
    return None


def automa_panel_choice(tickets, scratches, area, arrow):
    """TS-9/TS-10: on a panel (tickets and scratches indexed by area), the
    Automa's cell for the drawn area: that ticket first, then the others in
    cyclic order from it. Returns (area index, cell) or (None, None) when no
    ticket has a valid cell (the scratch is skipped)."""
    for t in cyclic_areas(area):
        cell = automa_choice(tickets[t], scratches[t], arrow)
        if cell is not None:
            return t, cell
    return None, None


def panel_has_valid_scratch(tickets, scratches):
    for t in range(len(AREAS)):
        if valid_scratches(tickets[t], scratches[t]):
            return True
    return False
