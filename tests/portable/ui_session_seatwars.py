# Scripted button sessions of seatwars's screens, from a fresh start (no saved
# game): (name, script) pairs in ui_sessions.py's script syntax. They join the
# pixel-identity test (every frame equal on CPython, unix port, WebAssembly)
# and the UI bench. test_ui_seatwars.py plays the same turns and checks the
# state after each.

# A whole 2-player game (P2 wins 10 to 8), one script per turn.
OPEN = "DOWN,DOWN,DOWN,C,C,C"          # launcher > Seat Wars, 2 players, P1 starts
# P1 places attack 6 with an item (shield 3) next to it; undoes the item via
# History and enters it again; ends with 5 in hand (draws 2).
TURN1 = "C,C,UP,C,C,UP,UP,UP,UP,C,C,A,B~,A,C,UP,UP,UP,UP,C,C,B,UP*5,C"
# P2 places 5 +2 equipment, challenges the item with attack 4 (taken, 2
# points), ends with 8 in hand and no draw: the hand-limit reminder.
TURN2 = "C,C,B,UP,UP,C,C,DOWN,C,DOWN,C,DOWN,C,C,B,UP*8,C,C"
# P1 scores the 6 for its maximum 7, challenges P2's 5+2 with 7 (equal: the
# seat is held), plays Missed the Bus on P2, ends (no action left).
TURN3 = "C,DOWN,DOWN,C,C,C,UP,UP,C,C,DOWN,C,C,UP,UP,C,C,DOWN,DOWN,DOWN,DOWN,C,DOWN,DOWN,C,B,C"
# P2 scores the 4 for its minimum 2 + Reached Your Destination, marks the bus
# caught, ends drawing 1 card: the last one (last round).
TURN4 = "C,DOWN,DOWN,C,DOWN,C,DOWN,DOWN,C,C,C,UP,UP,UP,C,B,B,C"
# P1's last turn: places attack 3, ends.
TURN5 = "C,C,DOWN,DOWN,C,B,C"
# Final scoring: P2's 5+2 scores minimum 2, P1's 3 scores 1; then the winner.
FINAL = "C,C,C,DOWN,C"
FULL_GAME = ",".join((OPEN, TURN1, TURN2, TURN3, "restart", TURN4, TURN5, FINAL))

# The seat-challenge calculator from the action menu, then back.
CALCULATOR = OPEN + ",C,UP,C,UP,B,UP,UP,B,B,UP,UP,UP,B,UP,B,UP,UP,A"

# The whole game, Finish (the play is kept in the history), then the
# launcher's Statistics: Seat Wars' figures, the last plays, the kept play's
# final scores, and back to the launcher.
STATS = "DOWN,DOWN,DOWN,DOWN,C,UP,C,A,UP,UP,UP,UP,C,C,DOWN,UP,A,A,A"

SESSIONS = (
    ("seatwars_game", FULL_GAME + ",C"),
    ("seatwars_stats", FULL_GAME + ",C," + STATS),
    ("seatwars_calc", CALCULATOR),
)
