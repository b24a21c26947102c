"""Each of the four games played to its end with buttons on the emulated
Badger 2040 running the CircuitPython image, from a saved game near its end
(sim/rp2/cpysession.py, play_ending): the desktop simulator (the same App,
engines and screens) plays the session's script (tests/portable/
ui_session_*.py) up to its last presses and saves; its files (game.json,
ui.json, their .bak: what the device keeps in /data on CIRCUITPY) go on the
FAT drive; the chip boots and resumes that game, plays the last presses with
a reset among them (put in where the script's own restart is earlier) and
reaches the game's end. Every picture equals the simulator's frame for the
whole script: the boot's the frame where the saved game stops, then one per
press.

In `make test` (test-circuitpython-chip): each ending costs 57-111 s of
CPU time on the emulated chip, about 5 CPU-minutes for the four
(`python bench/cpy_endings.py`, docs/performance.md); the whole
sessions from the launcher are test_cpy_games.py (`make test-cpy-games`).
The four runs start when the first test asks for one, two at a time
(USHER_RP2_JOBS, default 2), and each test waits for its own.
"""
import concurrent.futures
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402

import sim.rp2 as rp2  # noqa: E402
import sim.rp2.cpysession as cs  # noqa: E402

# (session, the script's last presses played on the chip, the reset put
# in after that many of them; None: the script's own restart is among
# them), longest first. The split and the reset stand where a resume shows
# the very screen the session shows there (the boot's picture is checked
# against it): Take a Seat's last such place before its end is 20 presses
# back (its scoring screens are not resumed at the same cursor), so its
# reset comes right after the boot.
ENDINGS = (
    ("takeaseat_solo", 20, 0),
    ("seatwars_game", 13, 7),
    ("theatre_game", 12, 7),
    ("multisala_solo", 11, None),
)
GAME_ID = {"theatre_game": "theatre", "seatwars_game": "seatwars",
           "takeaseat_solo": "takeaseat", "multisala_solo": "multisala"}


@pytest.fixture(scope="module")
def runs():
    jobs = int(os.environ.get("USHER_RP2_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futures = {name: ex.submit(cs.play_ending, rp2.session_script(name), keep, after)
                   for name, keep, after in ENDINGS}
        try:
            yield futures
        finally:
            for f in futures.values():
                f.cancel()


def _saved_phase(r):
    """The phase of the game saved on the drive at the end, replayed."""
    return rp2.saved_phase(r["files"])


@pytest.mark.parametrize("name", [e[0] for e in ENDINGS])
def test_game_ending_from_a_saved_game_with_a_reset(runs, name):
    r, bad, head, tail = runs[name].result()
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    assert len(head) > len(tail)
    assert len(r["steps"]) == 1 + len(tail)
    assert all(s["result"] == "stop" for s in r["steps"]), [
        (i, s.get("token"), s["result"]) for i, s in enumerate(r["steps"]) if s["result"] != "stop"]
    log = cs.log(r)
    kinds = [e["k"] for e in log]
    # the chip resumed the simulator's saved game, at boot and after the
    # reset, and started no game of its own before the end
    resumes = [e["d"]["game"] for e in log if e["k"] == "resume"]
    assert resumes[:2] == [GAME_ID[name]] * 2, kinds
    assert kinds.count("boot") == 2
    # the chip played the game on: the log has no line per action (PL-17),
    # the end entry counts them (and names the kept play that has them) or
    # the saved game has more than it resumed
    assert "action" not in kinds, kinds
    resumed = [e["d"]["actions"] for e in log if e["k"] == "resume"][0]
    ends = [e["d"] for e in log if e["k"] == "end"]
    played = ends[0]["actions"] if ends else len(rp2.saved_record(r["files"])[0]["actions"])
    assert played > resumed, (played, resumed)
    # the boot and the reset each draw the resumed screen
    restarts = [s for s in r["steps"][1:] if s.get("token", "").lower() == "restart"]
    assert len(restarts) == 1 and r["steps"][0]["refreshes"] and restarts[0]["refreshes"]
    # the game's end: logged, or (a session that stops on the result screen)
    # the finished game saved on the drive
    assert "end" in kinds or _saved_phase(r) == "over", kinds[-12:]
    assert r["flash_ops"]["program"] > 0
