# Reservation panel data (TS-2): a text format an owner can transcribe from
# the printed panels, its loader/validator, and six SAMPLE panels.
#
# Format (one file holds any number of panels):
#   ; comment line (also blank lines are ignored)
#   panel NAME          starts a panel
#   AREA                starts a ticket: authorities, celebrities, press, public
#   ##.                 ticket rows: '#' = a cell of the ticket, '.' = no cell
# Each panel needs exactly one ticket per area; each ticket must be non-empty
# and 4-connected. Cells are [row, col] counted from the ticket's first row
# and column. A panel is {"name": str, "tickets": [cells per area in TS-1
# order]}.
from usher.games.takeaseat import tickets as tk

MAX_SIDE = 8  # rows and columns per ticket; the printed ones are small

# SAMPLE panels: the printed shapes are not public, so these are invented
# shapes of a plausible size. Owners replace them with their own transcription.
SAMPLE_PANELS_TEXT = """\
; SAMPLE reservation panels - invented shapes, NOT the printed ones.
; Transcribe your own panels in this format to replace them.
panel Sample 1
authorities
###
.#.
.#.
celebrities
#..
#..
###
press
##.
.##
..#
public
####
#..#

panel Sample 2
authorities
.#.
###
.#.
.##
celebrities
####
.##.
press
#.#
###
public
##
##
##

panel Sample 3
authorities
##..
.###
celebrities
#.
##
#.
#.
press
###
#..
#..
public
.##
##.
#..

panel Sample 4
authorities
#####
celebrities
###
###
press
.#
##
#.
##
public
#..
###
..#

panel Sample 5
authorities
##
#.
##
celebrities
.#.
###
#.#
press
####
...#
public
##.
###

panel Sample 6
authorities
#.#.
####
celebrities
..#
###
#..
press
##
.#
.#
.##
public
.#.
###
.#.
"""

# SAMPLE_PANELS_TEXT as the engine's cells (tickets.cell), name and the four
# tickets in TS-1 order: constants that the device's image keeps in flash. A
# game on the samples parses no text: the parse's lines and rows were 4-8 KB
# of heap at every new game, undo and resume of Take a Seat.
# test_takeaseat_panels checks that they are SAMPLE_PANELS_TEXT parsed.
SAMPLE_PANELS = (
    ("Sample 1", ((0, 1, 2, 9, 17), (0, 8, 16, 17, 18), (0, 1, 9, 10, 18), (0, 1, 2, 3, 8, 11))),
    ("Sample 2", ((1, 8, 9, 10, 17, 25, 26), (0, 1, 2, 3, 9, 10), (0, 2, 8, 9, 10), (0, 1, 8, 9, 16, 17))),
    ("Sample 3", ((0, 1, 9, 10, 11), (0, 8, 9, 16, 24), (0, 1, 2, 8, 16), (1, 2, 8, 9, 16))),
    ("Sample 4", ((0, 1, 2, 3, 4), (0, 1, 2, 8, 9, 10), (1, 8, 9, 16, 24, 25), (0, 8, 9, 10, 18))),
    ("Sample 5", ((0, 1, 8, 16, 17), (1, 8, 9, 10, 16, 18), (0, 1, 2, 3, 11), (0, 1, 8, 9, 10))),
    ("Sample 6", ((0, 2, 8, 9, 10, 11), (2, 8, 9, 10, 16), (0, 1, 9, 17, 25, 26), (1, 8, 9, 10, 17))),
)


def _is_row(line):
    if not line:
        return False
    for ch in line:
        if ch != "#" and ch != ".":
            return False
    return True


def parse_panels(text, choose=None):
    """Parse panel text. Returns (panels, defects): defects is a list of
    messages naming line, panel and ticket; panels is only usable when
    defects is empty. choose(n), when given, is called once the n panels
    are read and returns the indices of those to keep: every panel is still
    built and checked, the others are dropped as soon as they are (None in
    their place), so a game that uses two panels does not hold the whole
    library while it starts (Take a Seat's heap peaked there, at every undo
    and resume)."""
    panels = []  # type: list
    defects = []
    panel = None      # dict being built, with "_rows": {area index: [(line no, row text)]}
    area = -1
    names = {}        # panel names seen: one lookup per line, linear in the file
    lines = text.split("\n")
    for i in range(len(lines)):
        no = i + 1
        line = lines[i].strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("panel"):
            name = line[5:].strip()
            if not name or line[5] not in " \t":
                defects.append("line %d: panel needs a name ('panel NAME')" % no)
                name = "#%d" % (len(panels) + 1)
            if name in names:
                defects.append("line %d: panel '%s' appears twice" % (no, name))
            names[name] = True
            panel = {"name": name, "line": no, "_rows": {}, "_start": {}}
            panels.append(panel)
            area = -1
            continue
        if _is_row(line):
            if panel is None or area == -1:
                defects.append("line %d: ticket row before any panel/area line" % no)
                continue
            if area == -2:
                defects.append("line %d: panel '%s': row belongs to no ticket (line above is wrong)"
                               % (no, panel["name"]))
                continue
            panel["_rows"][area].append((no, line))
            continue
        a = tk.area_index(line)
        if a < 0:
            where = ("panel '%s': " % panel["name"]) if panel is not None else ""
            defects.append("line %d: %sunknown line '%s' (areas: %s)"
                           % (no, where, line, ", ".join(tk.AREAS)))
            area = -2 if panel is not None else -1
            continue
        if panel is None:
            defects.append("line %d: area '%s' before any 'panel' line" % (no, line))
            continue
        if a in panel["_rows"]:
            defects.append("line %d: panel '%s': ticket %s appears twice" % (no, panel["name"], line))
            area = -2
            continue
        panel["_rows"][a] = []
        panel["_start"][a] = no
        area = a
    if not panels and not defects:
        defects.append("no panels in the file")
    keep = choose(len(panels)) if choose is not None else None
    out = []
    for i in range(len(panels)):
        built = _build_panel(panels[i], defects)
        panels[i] = None  # its rows, read above, are no longer needed
        out.append(built if keep is None or i in keep else None)
    return out, defects


def _ticket_label(p, a):
    """Ticket defects name the ticket's area line (the panel line when
    missing); built only for a defect, not for every ticket parsed."""
    return "line %d: panel '%s', ticket %s: " % (p["_start"].get(a, p["line"]), p["name"], tk.AREAS[a])


def _build_panel(p, defects):
    name = p["name"]
    tickets = []  # type: list
    for a in range(len(tk.AREAS)):
        if a not in p["_rows"]:
            defects.append(_ticket_label(p, a) + "missing")
            tickets.append([])
            continue
        rows = p["_rows"][a]
        cells = []
        fits = len(rows) <= MAX_SIDE
        if not fits:
            defects.append(_ticket_label(p, a) + "more than %d rows" % MAX_SIDE)
        for r in range(len(rows)):
            no, text = rows[r]
            if len(text) > MAX_SIDE:
                fits = False
                defects.append("line %d: panel '%s', ticket %s: row wider than %d"
                               % (no, name, tk.AREAS[a], MAX_SIDE))
            for c in range(len(text)):
                if text[c] == "#":
                    cells.append([r, c])
        # The shape is checked on the engine's cells (tickets.cell), which
        # only a ticket within the size limits has: one over them is
        # reported for its size alone.
        if not cells:
            defects.append(_ticket_label(p, a) + "empty (no '#' cell)")
        elif fits and not tk.is_connected(tk.cells_of(cells)):
            defects.append(_ticket_label(p, a) + "not 4-connected (cells touch only diagonally or are apart)")
        tickets.append(cells)
    return {"name": name, "tickets": tickets}


def format_panels(panels):
    """The text form of panels (inverse of parse_panels)."""
    out = []
    for p in panels:
        out.append("panel " + p["name"])
        for a in range(len(tk.AREAS)):
            out.append(tk.AREAS[a])
            cells = p["tickets"][a]
            h = max([c[0] for c in cells]) + 1
            w = max([c[1] for c in cells]) + 1
            grid = [["."] * w for _ in range(h)]
            for c in cells:
                grid[c[0]][c[1]] = "#"
            for row in grid:
                out.append("".join(row))
        out.append("")
    return "\n".join(out)


def load_panels(text, choose=None):
    """Panels from text (choose: as parse_panels), or ValueError whose
    message lists every defect."""
    panels, defects = parse_panels(text, choose)
    if defects:
        raise ValueError("; ".join(defects))
    return panels


def sample_set(choose=None):
    """The samples as [(name, tickets as cells)] (SAMPLE_PANELS: no parse),
    None in the place of a panel choose(n) did not keep (as parse_panels)."""
    keep = choose(len(SAMPLE_PANELS)) if choose is not None else None
    return [(p[0], [list(t) for t in p[1]]) if keep is None or i in keep else None
            for i, p in enumerate(SAMPLE_PANELS)]


def as_cells(panels):
    """parse_panels' panels as sample_set gives them."""
    return [None if p is None else (p["name"], [tk.cells_of(t) for t in p["tickets"]])
            for p in panels]


def panel_names(text):
    """The names of the panel set's panels: the owner's text (its defects
    are not checked here), or the samples when text is None."""
    if text is None:
        return [p[0] for p in SAMPLE_PANELS]
    return [p["name"] for p in parse_panels(text)[0]]
