# Scripted button sessions of multisala's screens, from a fresh start (no saved
# game): (name, script) pairs in ui_sessions.py's script syntax. They join the
# pixel-identity test (every frame equal on CPython, unix port, WebAssembly)
# and the UI bench.

# One solo round on the device deck: deal (seen on the halls), a mask on
# hall 1, pass (confirmed), the scores, next round.
_SOLO_ROUND = "C,C,B,C,B,C,C"
# A physical-deck round, 2 players: five hall cards, masks (P2 refused on
# P1's hall), reveal, spectators, kept masks, score.
_PHYSICAL = ",".join([
    "DOWN,DOWN,C,B,DOWN,B,C",                  # setup: 2 players, physical deck
    "C,DOWN,C,DOWN,C", "C,C,C,C,C,C,C,C,C,C,C,C",  # hall 1 paura D4 2, halls 2-5
    "C,C,DOWN*3,C", "C,C,UP,C",                # P1: D6 5 and bilico on hall 1
    "C,DOWN,C,C",                              # P2 on hall 1: refused
    "DOWN,C,DOWN,C,DOWN,C",                    # P2: D6 2 on hall 2
    "B,C",                                     # reveal
    "UP,C,C,DOWN",                             # Score too early: refused
    "C,DOWN,C,C,C,DOWN,C",                     # hall 1 spectators
    ",".join(["DOWN,C,DOWN,C,DOWN,C"] * 4),    # halls 2-5: one each
    "DOWN,C,C", "DOWN,C,C,C",                  # masks kept by P1, P2
    "DOWN,C",                                  # score
    "restart,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN",   # resume on the scores, pages
    "A,B~,A,UP,C,C",                           # undo the score, score again, next round
])

SESSIONS = (
    ("multisala_solo", "DOWN,DOWN,C,C," + ",".join([_SOLO_ROUND] * 5)
     + ",A,DOWN,A,restart,DOWN,UP,C,C"),
    ("multisala_physical", _PHYSICAL),
    # PL-19: Share on the end screen, the code's screen, any button back, Done.
    ("multisala_share", "DOWN,DOWN,C,C," + ",".join([_SOLO_ROUND] * 5) + ",B,UP,C"),
)
