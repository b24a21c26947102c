"""PL-15's goal over every scripted UI session (tests/portable/ui_sessions.py,
the sessions the screenshots and the bench play): clean (flashing) refreshes
at most one press in ten (the boot's and a power cycle's clean picture,
which no press causes, aside). `python bench/refresh.py` prints the same counts.

The framework's "tally" session is the exception, on purpose: 22 presses that
start two games, finish both and power-cycle once, so the clean refreshes
PL-15 itself asks for (two boots, two starts, two ends) are 6; checked here to
be exactly those."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable")]

import ui_sessions  # noqa: E402


def _counts(name, script):
    counts = {"clean": 0, "fast": 0, "partial": 0}
    presses = sum(1 for evs in ui_sessions.events(script) if evs[0] not in ("sleep", "restart"))
    # the boot's and each power cycle's clean picture are no press's
    boots = 1 + sum(1 for evs in ui_sessions.events(script) if evs[0] == "restart")
    counts["boots"] = boots

    def on_request(r):
        counts[r[0]] += 1

    with tempfile.TemporaryDirectory() as d:
        ui_sessions.run(name, script, d, on_request=on_request)
    return presses, counts


def test_pl15_clean_refreshes_at_most_one_press_in_ten_in_every_game_session():
    checked = 0
    for name, script in ui_sessions.SESSIONS:
        if name == "tally":
            continue
        presses, c = _counts(name, script)
        # The cleans the presses caused (a game's start and end, PL-15's
        # after N updates): not the boot's and a power cycle's.
        assert (c["clean"] - c["boots"]) * 10 <= presses, (name, presses, c)
        # Screens still change: most updates are fast or partial ones.
        assert c["fast"] + c["partial"] > 3 * c["clean"], (name, c)
        checked += 1
    assert checked == len(ui_sessions.SESSIONS) - 1


def test_pl15_tally_session_has_only_the_clean_refreshes_pl15_asks_for():
    script = dict(ui_sessions.SESSIONS)["tally"]
    presses, c = _counts("tally", script)
    assert presses == 22 and c["clean"] == 6, c
