"""Usher's CircuitPython device layer on the emulated Badger 2040 with the
CircuitPython image (sim/rp2/cpysession.py): the panel's pictures through
displayio equal the simulator's frames, buttons through keypad, saving on
the FAT drive, a reset that resumes from the flash.

Run by `make test-circuitpython` (part of `make test`, after `make
circuitpython`); pytest leaves this folder out unless USHER_CIRCUITPY=1.
About 2 minutes of wall time on two shared cores: a whole game per image
does not fit the budget of `make test`, so the four games' whole sessions
are played by `python bench/circuitpython.py --image circuitpython`
(which also compares every picture) and this test plays the start of
one: boot, a Multisala solo round, a reset in the middle of the game and
two presses after it.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2.cpysession as cs  # noqa: E402

ROUND = "C,C,C,C,C,C,C,B,C,B,C,C"      # tests/portable/ui_session_multisala.py _SOLO_ROUND
SCRIPT = "DOWN,DOWN,C,C," + ROUND + ",restart,C,C"


def test_boot_a_multisala_round_and_a_reset_that_resumes_pixel_for_pixel():
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
        assert all(f["kind"] == "full" for f in s["refreshes"]), s["refreshes"]
        assert len(s["refreshes"]) <= 1
    assert sum(1 for s in presses if s["refreshes"] and s["refreshes"][0]["mode"] == "lut") > 5
    # the reset: the game comes back from the FAT drive on the same screen
    log = cs.log(r)
    resumes = [e for e in log if e["k"] == "resume"]
    assert len(resumes) == 2 and resumes[1]["d"]["game"] == "multisala", resumes
    assert resumes[1]["d"]["actions"] > 0
    boots = [e for e in log if e["k"] == "boot"]
    assert [b["d"]["runtime"] for b in boots] == ["circuitpython", "circuitpython"]
    with open(os.path.join(r["files"], "data", "game.json")) as f:
        saved = json.load(f)
    assert saved["game"] == "multisala" and len(saved["actions"]) >= resumes[1]["d"]["actions"]
    assert r["flash_ops"]["program"] > 10
