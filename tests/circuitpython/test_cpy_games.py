"""Usher's CircuitPython device layer on the emulated Badger 2040 with the
CircuitPython image (sim/rp2/cpysession.py): the panel's pictures through
displayio equal the simulator's frames, buttons through keypad, saving on
the FAT drive, a reset that resumes from the flash.

Run by `make test-cpy-games` (not part of `make test` yet: on the emulated
chip the image stops running after a few presses, at a point that moves
with every build, and a reset revives it; README, "On CircuitPython").
pytest leaves this folder out unless USHER_CIRCUITPY=1.
About 2 minutes of wall time on two shared cores: a whole game per image
does not fit the budget of `make test`, so the four games' whole sessions
are played by `python bench/circuitpython.py --image circuitpython`
(which also compares every picture) and this test plays the start of
one: boot, Take a Seat's setup, a reset on it and a press after it.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2.cpysession as cs  # noqa: E402

# Take a Seat's solo setup (tests/portable/ui_session_takeaseat.py), a
# reset on it, one press after. A whole game does not run yet: on the
# emulated chip the CircuitPython image stops after a few to a few dozen
# presses of a longer session, often after a clean refresh (README, "On
# CircuitPython"); the part played here runs through.
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
