"""Usher's CircuitPython device layer on the emulated Badger 2040 with the
CircuitPython image (sim/rp2/cpysession.py): the panel's pictures through
displayio equal the simulator's frames, buttons through keypad, saving on
the FAT drive, a reset that resumes from the flash.

Run by `make test-cpy-games` (not part of `make test`: the whole sessions
take minutes each on the emulated chip). pytest leaves this folder out
unless USHER_CIRCUITPY=1. The first test plays the start of one game: boot,
Take a Seat's setup, a reset on it and a press after it; the others play
the four games' whole sessions, every picture compared. Those stopped after
a few presses until the emulated board's WFI was fixed (sim/rp2/board.mjs,
wfiWakePending: rp2040js slept with the tick alarm's interrupt pending).
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402

import sim.rp2 as rp2  # noqa: E402
import sim.rp2.cpysession as cs  # noqa: E402

# Take a Seat's solo setup (tests/portable/ui_session_takeaseat.py), a
# reset on it, one press after.
SCRIPT = "C,C,UP,C,DOWN,DOWN,restart,DOWN"


def test_boot_a_game_setup_and_a_reset_that_resumes_pixel_for_pixel():
    r = cs.play(SCRIPT)
    frames, bad = cs.check(r, SCRIPT)
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    steps = r["steps"]
    # boot: the launcher with one clean refresh, the panel's OTP waveform
    boot = steps[0]
    assert [f["mode"] for f in boot["refreshes"]] == ["otp"]
    assert 0 < boot["first_frame_ms"] < 10000
    # every press that changes the screen is one whole-panel refresh with
    # the fast LUT (EPaperDisplay has no windows: a partial becomes full)
    presses = [s for s in steps[1:] if s.get("token") != "restart"]
    for s in presses:
        assert [(f["kind"], f["mode"]) for f in s["refreshes"]] == [("full", "lut")], s["refreshes"]
    # the reset: the same screen comes back from the FAT drive (ui.json)
    restart = [s for s in steps if s.get("token") == "restart"][0]
    assert [f["mode"] for f in restart["refreshes"]] == ["otp"]
    log = cs.log(r)
    boots = [e for e in log if e["k"] == "boot"]
    assert [b["d"]["runtime"] for b in boots] == ["circuitpython", "circuitpython"]
    with open(os.path.join(r["files"], "data", "ui.json")) as f:
        ui = json.load(f)
    assert ui["routes"], ui
    assert r["flash_ops"]["program"] > 0


# The four games' whole sessions (tests/portable/ui_session_*.py), each with
# its resets: every picture equal to the simulator's, the game's end in the
# log, the core never left asleep (each press that changes the screen
# refreshes it). Minutes of wall time each: `make test-cpy-games` only.
SESSIONS = ("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game")


@pytest.mark.parametrize("name", SESSIONS)
def test_whole_session_to_the_game_end(name):
    script = rp2.session_script(name)
    r = cs.play(script)
    frames, bad = cs.check(r, script)
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    tokens = [t for t in script.split(",") if t]
    assert len(r["steps"]) == 1 + len(tokens)
    assert all(s["result"] == "stop" for s in r["steps"]), [
        (i, s.get("token"), s["result"]) for i, s in enumerate(r["steps"]) if s["result"] != "stop"]
    kinds = [e["k"] for e in cs.log(r)]
    assert "end" in kinds, kinds
    restarts = [s for s in r["steps"] if s.get("token", "").lower() == "restart"]
    assert all(s["refreshes"] for s in restarts)
