"""README screenshots and golden images of takeaseat's screens: (name, script)
pairs played from a fresh start by sim/shots.py. Each is the start of one of
the scripted sessions in tests/portable/ui_session_takeaseat.py."""
import importlib.util
import os

_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "tests", "portable", "ui_session_takeaseat.py")
_spec = importlib.util.spec_from_file_location("ui_session_takeaseat", _PATH)
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)
_SCRIPTS = dict(_mod.SESSIONS)


def _upto(session, n):
    """The first n button tokens of a session."""
    return ",".join(_SCRIPTS[session].split(",")[:n])


SHOTS = (
    ("takeaseat_objectives", _upto("takeaseat_solo", 35)),
    ("takeaseat_turn", _upto("takeaseat_solo", 87)),
    ("takeaseat_double", _upto("takeaseat_solo", 52)),
    ("takeaseat_automa_x2", _upto("takeaseat_solo", 53)),
    ("takeaseat_automa_fallback", _upto("takeaseat_solo", 78)),
    ("takeaseat_score", _upto("takeaseat_solo", 111)),
    ("takeaseat_save", _upto("takeaseat_solo", 112)),
    ("takeaseat_result", _upto("takeaseat_solo", 113)),
    ("takeaseat_tracker", _upto("takeaseat_multi", 5)),
    ("takeaseat_multi_form", _upto("takeaseat_multi", 46)),
    ("takeaseat_multi_result", _upto("takeaseat_multi", 80)),
)
