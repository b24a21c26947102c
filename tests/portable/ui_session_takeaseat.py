# Scripted button sessions of takeaseat's screens, from a fresh start (no saved
# game): (name, script) pairs in ui_sessions.py's script syntax. They join the
# pixel-identity test (every frame equal on CPython, unix port, WebAssembly)
# and the UI bench.


def _down(n):
    return ",".join(["DOWN"] * n)


# Setup: solo, objectives entered (columns, rows, relevant people, empty
# areas), right panel Sample 1, left Sample 2; the objectives to lay out.
_ENTER = "UP,C,%s,C,%s,C,%s,C,%s,C" % (_down(4), _down(4), _down(6), _down(10))
_SOLO_SETUP = "C,C," + _ENTER + ",DOWN,C,C,C"
# Turn 1: B (no Pass offered while a scratch is possible: nothing happens),
# then a scratch; Menu -> History, undo the Automa's
# turn (hold B), draw again; a restart on the Automa step.
_TURN1 = "B,C,C,C,A,C,B~,A,C,restart"
# Turn 2 onwards: close the Automa step, choose the ticket, scratch; turn 3
# is a double reservation (B picks the first cell).
_TURNS = ",".join(["C,C,B,C" if t == 3 else "C,UP,C,DOWN,C" if t % 4 == 0 else "C,C,C"
                   for t in range(2, 15)])
# Scoring: counts A-D 2,1,3,4, usher bonus 5, save and confirm; the result.
_SCORE = "C,C,UP,UP,C,C,UP,C,C,UP,UP,UP,C,C,UP*3,C,C,UP*4,C,C,C"

# Multiplayer: 2 players, standard objectives (shown to lay out); 7 turns, undo one through
# the menu's History, 8 more turns to the scoring; each player's counts A-D,
# usher bonus and a few ticket outcomes (C cycles), save and confirm; the
# result.
_P1 = "C,C,UP,UP,C,C,UP,C,C,C,C,UP*3,C,C,UP*4,C,C,%s,C,C,%s,C,C" % (_down(2), _down(6))
_P2 = "C,C,UP*6,C,C,C,C,C,C,C,C,UP,C,C,C,C,DOWN,C,%s,C,C" % _down(7)
_MULTI = ("C,DOWN,C,C,C," + ",".join(["C"] * 7) + ",A,C,B~,A," + ",".join(["C"] * 8)
          + "," + _P1 + "," + _P2)

SESSIONS = (
    ("takeaseat_solo", _SOLO_SETUP + "," + _TURN1 + "," + _TURNS + "," + _SCORE),
    ("takeaseat_multi", _MULTI),
)
