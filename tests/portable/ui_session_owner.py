# Scripted button sessions of the owner's screens: the components editors
# (PL-20), leaving a game and bringing it back (PL-21), the roster edited on
# the device (PL-22). (name, script) pairs in ui_sessions.py's syntax, from a
# fresh start; they join the pixel-identity test and the emulated-chip bench.

# Settings > Your components > panels > panel 1: authorities drawn as a T
# (three cells, then one under the middle), the next ticket left empty and
# Save refused with its reason, then Leave without saving (asked, Yes);
# the deck: card 1's arrow one step on, x2 kept, Save deck.
_PANEL = "C,C,B,C,B,C,DOWN,B~,C,A,C,A,DOWN,DOWN,DOWN,C,C,A,UP,C,DOWN,C"
_DECK = "A,DOWN,C,C,C,DOWN,C,C,UP,UP,C,C"
# The Theatre, 2 players: a card, then History > Leave > Main menu and
# Resume; History > Leave > Abandon, No; again, Yes; Bring back.
_THEATRE = "DOWN,C,C,C,C,C,C,C,C"
_LEAVE = "A,C,C,C"
_ABANDON = "A,C,DOWN,C,C,C,DOWN,C,DOWN,C,UP,UP,C"
# Settings > Players: Add a name "Tom" (Done on the m), rename it "Tomi",
# delete it (asked, Yes).
_ROSTER = "UP,C,UP,UP,C,C,DOWN*19,C,DOWN*14,C,DOWN*12,A,C,C,DOWN*8,A,C,UP,C,C"

SESSIONS = (
    ("owner_components", "UP,C,UP,C,C," + _PANEL + "," + _DECK),
    ("leave_theatre", _THEATRE + "," + _LEAVE + "," + _ABANDON),
    ("names_roster", _ROSTER),
)
