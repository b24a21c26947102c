"""Usher's CircuitPython device layer on the emulated Badger 2040 with the
CircuitPython image (sim/rp2/cpysession.py): the panel's pictures through
displayio equal the simulator's frames, buttons through keypad, saving on
the FAT drive, a reset that resumes from the flash.

Run by `make test` (test-circuitpython-chip) and alone by `make
test-cpy-games`: the four whole sessions cost about 40 s of CPU time each on
the emulated chip since the image converts the panel's picture byte-wise
(28 CPU-minutes for the four before, docs/performance.md).
pytest leaves this folder out unless USHER_CIRCUITPY=1. The first test
plays the start of one game: boot, Take a Seat's setup, a reset on it and a
press after it; the others play the four games' whole sessions, each with a
reset, every picture compared. Those stopped after a few presses until the
emulated board's WFI was fixed (sim/rp2/board.mjs, wfiWakePending: rp2040js
slept with the tick alarm's interrupt pending).

The sessions' emulator runs are independent, so they all start when the
first session test asks for one, two at a time (USHER_RP2_JOBS, default 2, as in
tests/rp2/test_rp2_board.py), longest first; each test waits for its own.
"""
import concurrent.futures
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


# The four games' whole sessions (tests/portable/ui_session_*.py), longest
# first.
SESSIONS = ("theatre_game", "takeaseat_solo", "seatwars_game", "multisala_solo")


def whole_session_script(name):
    """The session's script with a reset in it: the sessions that have none
    (The Theatre's) get one in the middle, so that every game resumes from
    the FAT drive on the chip at least once (PL-8, PL-17)."""
    tokens = cs.script_tokens(rp2.session_script(name))
    return ",".join(cs.with_restart(tokens, len(tokens) // 2))


def _play(script):
    r = cs.play(script)
    sim = {}
    frames, bad = cs.check(r, script, sim)
    return r, bad, sim


@pytest.fixture(scope="module")
def runs():
    jobs = int(os.environ.get("USHER_RP2_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futures = {name: ex.submit(_play, whole_session_script(name)) for name in SESSIONS}
        try:
            yield futures
        finally:
            for f in futures.values():
                f.cancel()


def _finished_on_drive(r):
    """The game saved on the FAT drive replays to its end (phase "over"): a
    session that stops on the result screen (takeaseat_solo) never leaves
    it, so no "end" is logged, but the finished game is saved."""
    return rp2.saved_phase(r["files"]) == "over"


def test_boot_a_game_setup_and_a_reset_that_resumes_pixel_for_pixel():
    # (without the sessions' fixture: `make test-circuitpython-chip` runs
    # this one alone, about a minute of CPU time)
    r, bad, _sim = _play(SCRIPT)
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


# The four games' whole sessions, each with its resets: every picture equal
# to the simulator's, the game's end in the log (or the finished game on the
# drive), every step quiet in time (the core never left asleep).
@pytest.mark.parametrize("name", SESSIONS)
def test_whole_session_to_the_game_end(runs, name):
    script = whole_session_script(name)
    r, bad, sim = runs[name].result()
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    tokens = [t for t in script.split(",") if t]
    assert len(r["steps"]) == 1 + len(tokens)
    assert all(s["result"] == "stop" for s in r["steps"]), [
        (i, s.get("token"), s["result"]) for i, s in enumerate(r["steps"]) if s["result"] != "stop"]
    kinds = [e["k"] for e in cs.log(r)]
    if sim["finished"]:
        assert "end" in kinds or _finished_on_drive(r), "the game did not end: %r" % kinds[-12:]
    else:
        # As on MicroPython (tests/rp2/test_rp2_board.py): the chip's seed
        # comes from its clock, and for a few seeds the script does not
        # finish the game (takeaseat_solo); the simulator, given the chip's
        # seed, stops short too, and the chip must stop just where it did.
        assert rp2.saved_phase(r["files"]) == sim["phase"], (rp2.saved_phase(r["files"]), sim)
    restarts = [s for s in r["steps"] if s.get("token", "").lower() == "restart"]
    assert restarts and all(s["refreshes"] for s in restarts)
    # each reset came back through a boot that resumed the saved game (PL-8)
    boots = [e for e in cs.log(r) if e["k"] == "boot"]
    assert len(boots) == 1 + len(restarts), kinds[:20]
