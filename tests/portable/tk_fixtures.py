# Shared fixtures for the Take a Seat tests: two small known panels whose
# expected Automa choices are worked out by hand in the tests.
from usher.core.game import clone
from usher.games.takeaseat import engine

L_TICKET = [[0, 0], [1, 0], [2, 0], [2, 1]]          # #. / #. / ##
T_TICKET = [[0, 0], [0, 1], [0, 2], [1, 1]]          # ### / .#.
I_TICKET = [[0, 0], [0, 1], [0, 2], [0, 3]]          # ####
SQUARE = [[0, 0], [0, 1], [1, 0], [1, 1]]            # ## / ##

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
