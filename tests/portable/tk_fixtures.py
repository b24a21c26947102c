# Shared fixtures for the Take a Seat tests: two small known panels whose
# expected Automa choices are worked out by hand in the tests.
from usher.core.game import clone
from usher.games.takeaseat import engine
from usher.games.takeaseat import tickets as tk

L_TICKET = [[0, 0], [1, 0], [2, 0], [2, 1]]          # #. / #. / ##
T_TICKET = [[0, 0], [0, 1], [0, 2], [1, 1]]          # ### / .#.
I_TICKET = [[0, 0], [0, 1], [0, 2], [0, 3]]          # ####
SQUARE = [[0, 0], [0, 1], [1, 0], [1, 1]]            # ## / ##



# The engine keeps a cell as one number (tickets.cell); the tests write
# cells as [row, col] and marks as [row, col, who], as players read them.
def C(rows):
    """[[row, col], ...] -> cells."""
    return tk.cells_of(rows)


def M(rows):
    """[[row, col, who], ...] -> marks."""
    return [tk.mark(tk.cell_of(v), v[2]) for v in rows]


def as_rows(marks):
    """marks -> [[row, col, who], ...]."""
    return [tk.row_col(tk.marked_cell(m)) + [tk.marked_by(m)] for m in marks]


def RC(cells):
    """cells -> [[row, col], ...]."""
    return [tk.row_col(x) for x in cells]


def marks_at(state, panel, area):
    """A state's scratches of one ticket as [[row, col, who], ...]."""
    return as_rows(state["scratches"][panel][area])


PANEL_BLOCK = """\
authorities
###
.#.
celebrities
#.
#.
##
press
####
public
##
##
"""
TEST_PANELS = "panel Right\n" + PANEL_BLOCK + "\npanel Left\n" + PANEL_BLOCK

OBJECTIVES = ["rows", "columns", "largest_square", "empty_areas"]


def solo_game(seed=1, deck_order=None):
    """A solo game on the test panels (0 = right, 1 = left) with entered
    objectives; deck_order forces the Automa deck (top first)."""
    s = engine.new_game({"mode": "solo", "panels_text": TEST_PANELS, "panels": [0, 1],
                         "objectives": "entered", "objective_ids": list(OBJECTIVES)}, seed)
    if deck_order is not None:
        s = clone(s)
        s["deck"] = list(deck_order)
        s["discard"] = []
    return s
