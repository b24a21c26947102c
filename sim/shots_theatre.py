"""README screenshots and golden images of theatre's screens: (name, script)
pairs played from a fresh start by sim/shots.py. Each is a prefix of the
scripted whole game in tests/portable/ui_session_theatre.py (2 players,
decks 6 and 5, seed 1: P2 leads first)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tests", "portable"))
from ui_session_theatre import GAME  # noqa: E402

_TAPS = GAME.split(",")


def _upto(n):
    return ",".join(_TAPS[:n])


SHOTS = (
    ("theatre_setup", _upto(13)),          # the form: players, declared deck sizes
    ("theatre_act", _upto(26)),            # before the Act start draws
    ("theatre_draws", _upto(27)),          # what the draws did, this Act's Suit Card line
    ("theatre_gamble", _upto(46)),         # a Gamble decision, Draw or Stand
    ("theatre_result_gamble", _upto(55)),  # the drawn card won the round
    ("theatre_round", _upto(64)),          # a Boost token in play, P2 to enter
    ("theatre_card_sap", _upto(72)),       # the card form: a Sap removing the paw Boost
    ("theatre_result_tie", _upto(86)),     # a tie: nobody wins
    ("theatre_result", _upto(106)),        # breakdown with a Finisher
    ("theatre_act2", _upto(124)),          # Act 2: both will be eliminated
    ("theatre_end", _upto(125)),           # the winner
    ("theatre_history", _upto(126)),       # History with undo
    # TH-17: solo against the House (Normal), which led round 3: its card
    # on the screen before P1 enters one
    ("theatre_house_round", "DOWN,C,DOWN,C,C,C,C,UP,UP,C,C,C,C,UP,C"),
)
