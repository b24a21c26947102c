"""README screenshots and golden images of seatwars's screens: (name, script)
pairs played from a fresh start by sim/shots.py. The turns are the scripted
game of tests/portable/ui_session_seatwars.py (P2 wins 10 to 8)."""
import importlib.util
import os

_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "tests", "portable", "ui_session_seatwars.py")
_spec = importlib.util.spec_from_file_location("ui_session_seatwars", _PATH)
_sw = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_sw)  # type: ignore[union-attr]


def _upto(*parts):
    return ",".join((_sw.OPEN,) + parts)


SHOTS = (
    ("seatwars_setup", "DOWN,DOWN,DOWN,C,DOWN"),
    ("seatwars_turn", _upto(_sw.TURN1, _sw.TURN2)),
    ("seatwars_actions", _upto(_sw.TURN1, _sw.TURN2, "C")),
    ("seatwars_place", _upto(_sw.TURN1, "C,C,B,UP,UP")),
    ("seatwars_pick", _upto(_sw.TURN1, "C,C,B,UP,UP,C,C,DOWN,C,DOWN")),
    ("seatwars_challenge", _upto(_sw.TURN1, _sw.TURN2, "C,DOWN,C,C,UP,UP")),
    ("seatwars_end_turn", _upto(_sw.TURN1, "C,C,B,UP,UP,C,C,DOWN,C,DOWN,C,DOWN,C,C,B,UP*8")),
    ("seatwars_last_round", _upto(_sw.TURN1, _sw.TURN2, _sw.TURN3, _sw.TURN4)),
    ("seatwars_final_scoring", _upto(_sw.TURN1, _sw.TURN2, _sw.TURN3, _sw.TURN4, _sw.TURN5)),
    ("seatwars_winner", _upto(_sw.TURN1, _sw.TURN2, _sw.TURN3, _sw.TURN4, _sw.TURN5,
                              _sw.FINAL)),
    ("seatwars_calculator", _sw.CALCULATOR[:-2]),
)
