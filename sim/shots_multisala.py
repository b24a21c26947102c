"""README screenshots and golden images of multisala's screens: (name, script)
pairs played from a fresh start by sim/shots.py."""
_SETUP_2P = "DOWN,DOWN,C,B,C"
_DEAL = "C"
_HALLS_2P = _SETUP_2P + "," + _DEAL + ",C,B,C,DOWN,C,B,DOWN,B,C"
_SOLO_ROUND = "C,C,B,C,B,C"
_SOLO = "DOWN,DOWN,C,C,"
_PHYSICAL = "DOWN,DOWN,C,DOWN,B,DOWN,B,C," + ",".join(["C,C,C"] * 5)

SHOTS = (
    ("multisala_setup", "DOWN,DOWN,C,DOWN"),
    ("multisala_deal", _SETUP_2P),
    ("multisala_deal_hall", _SETUP_2P + ",B,C"),      # B: the deal hall by hall
    ("multisala_halls", _HALLS_2P),
    ("multisala_refused", _HALLS_2P + ",DOWN,C"),
    ("multisala_hand", _SOLO + _DEAL + ",C,B,DOWN"),
    ("multisala_scores", _SOLO + _SOLO_ROUND),
    ("multisala_score_hall", _SOLO + _SOLO_ROUND + ",DOWN"),
    ("multisala_end_solo", _SOLO + ",".join([_SOLO_ROUND + ",C"] * 5)),
    ("multisala_end_2p", _SETUP_2P + "," + ",".join([_DEAL + ",B,B,C,C"] * 4)),
    ("multisala_entry_hall", "DOWN,DOWN,C,DOWN,B,C,C"),
    ("multisala_entry_mask", _PHYSICAL + ",C,C,DOWN"),
    ("multisala_reveal", _PHYSICAL + ",C,C,C,B,C"),
    ("multisala_entry_spectator", _PHYSICAL + ",C,C,C,B,C,C,DOWN"),
)
