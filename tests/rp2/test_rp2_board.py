"""The real firmware images on the emulated RP2040 (PL-16, sim/rp2/): boot,
panels, buttons, flash, idle power-off and power cuts.

Run by `make test-rp2` (part of `make test`), which builds the images first
(`make firmware`); pytest skips this folder unless USHER_RP2=1 is set
(tests/conftest.py), so a plain `pytest` needs no firmware build. Each
session test plays a whole game's script on the emulated board with buttons
only and compares every picture the panel shows with the simulator's frame
for the same script, pixel for pixel.

The emulator runs are independent, so they all start at once when the
module's first test asks for one, two at a time (USHER_RP2_JOBS, default 2:
the node processes do the work), longest first; each test then waits for its
own run.
"""
import concurrent.futures
import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2 as rp2  # noqa: E402
from sim.rp2 import campaign  # noqa: E402

# Every game's whole scripted session (tests/portable/ui_session_*.py).
GAMES = ("theatre_game", "takeaseat_solo", "seatwars_game", "multisala_solo")
PICO_SESSION = "multisala_solo"

# The idle power-off run: battery, 8 s idle time (longer than the boot's 4.5 s
# clean refresh, during which the idle time already runs).
IDLE_SCRIPT = "UP,C"
IDLE_BATTERY_MV = 2650


def _log(result):
    return rp2.read_log(os.path.join(result["files"], "data"))


def _session(name, profile):
    """Play a session and compare it with the simulator: (result, log,
    mismatches)."""
    script = rp2.session_script(name)
    r = rp2.play(script, profile=profile)
    log = _log(r)
    sim = {}
    frames = rp2.sim_frames(script, rp2.seeds_from_log(log), board=profile, outcome=sim)
    return r, log, rp2.compare_session(r, frames, profile), sim


def _idle_power_off(tmp):
    flash = os.path.join(tmp, "flash.bin")
    r = rp2.play(IDLE_SCRIPT, vbus=False, battery_mv=IDLE_BATTERY_MV, settings={"idle_s": 8},
                 boot_hold=("A",), flash_out=flash, extra_steps=[{"until_off": 30000}])
    again = rp2.play("", vbus=False, battery_mv=IDLE_BATTERY_MV, flash=flash, boot_hold=("C",),
                     extra_steps=[{"run_ms": 500}])
    return r, again


@pytest.fixture(scope="module")
def runs():
    jobs = int(os.environ.get("USHER_RP2_JOBS", "2"))
    tmp = tempfile.TemporaryDirectory()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futures = {}
        for name in GAMES:
            futures[name] = ex.submit(_session, name, "badger2040")
        futures["pico"] = ex.submit(_session, PICO_SESSION, "pico_epaper29")
        # The seed picks the presses cut and where; the walk
        # (sim/rp2/campaign.py) keeps the game moving after each cut, and
        # seed 229's 8 cuts put 5 inside a flash program or erase.
        futures["cuts"] = ex.submit(campaign.power_cut_campaign, 8, seed=229)
        futures["idle"] = ex.submit(_idle_power_off, tmp.name)
        try:
            yield futures
        finally:
            for f in futures.values():
                f.cancel()
    tmp.cleanup()


def _finished_on_flash(r):
    """The game the board saved replays to its end (phase "over"): a
    session that stops on the result screen (takeaseat_solo) never leaves
    it, so no "end" is logged, but the finished game is on littlefs."""
    return rp2.saved_phase(r["files"]) == "over"


def _check(run):
    r, log, bad, sim = run
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    kinds = [e["k"] for e in log]
    if sim["finished"]:
        assert "end" in kinds or _finished_on_flash(r), "the game did not end: %r" % kinds[-12:]
    else:
        # The chip's seed comes from its clock, and for a few seeds the
        # script does not finish the game (takeaseat_solo: about 1 in 15,
        # a turn's scratch or a score's entry needs other presses): the
        # simulator, given the chip's seed, stops short too, and the chip
        # must stop just where it did.
        assert rp2.saved_phase(r["files"]) == sim["phase"], (rp2.saved_phase(r["files"]), sim)
    return r, log


def test_badger_boots_to_the_launcher_pixel_for_pixel(runs):
    # PL-16: the Badger image boots, the UC8151 model shows the launcher
    # exactly as the simulator draws it (compare_session's step 0), with no
    # protocol error; a clean refresh at boot (PL-15).
    r, log = _check(runs["multisala_solo"].result())
    boot = r["steps"][0]
    assert boot["refreshes"][0]["kind"] == "full"
    assert boot["refreshes"][0]["mode"] == "otp"
    assert 0 < boot["first_frame_ms"] < 5000
    assert log[0]["k"] == "boot"
    resumed = [e for e in log if e["k"] == "resume"]
    assert resumed and resumed[0]["d"].get("game") is None     # a fresh flash: no game to resume
    # The first press moves the launcher's cursor: a turbo update of its
    # window (PL-6: y, h multiples of 8; PL-18), the turbo LUT's 26 frames
    # at 100 Hz; the first screen change after it is the fast LUT's 93.
    assert r["steps"][1]["token"] == "DOWN"
    moves = r["steps"][1]["refreshes"]
    assert [(m["kind"], m["mode"]) for m in moves] == [("partial", "lut")]
    x, y, w, h = moves[0]["window"]
    assert y % 8 == 0 and h % 8 == 0
    assert abs(moves[0]["busy_ms"] - 260) < 1
    full = [f for s in r["steps"][2:] for f in s["refreshes"] if f["kind"] == "full" and f["mode"] == "lut"]
    assert full and abs(full[0]["busy_ms"] - 930) < 1


@pytest.mark.parametrize("name", GAMES)
def test_game_played_to_its_end_pixel_for_pixel(runs, name):
    # PL-16, PL-7, PL-15: a whole game with buttons only (taps, long presses,
    # held UP/DOWN with their auto-repeats); every picture equal to the
    # simulator's, the game's end logged, its actions written to littlefs.
    r, log = _check(runs[name].result())
    assert r["flash_ops"]["program"] > 20
    script = rp2.session_script(name)
    if "restart" in script.split(","):
        # PL-8: a reset in the middle brings the same screen back from flash.
        restarts = [s for s in r["steps"] if s.get("token") == "restart"]
        assert restarts and all(s["refreshes"] for s in restarts)
        assert "resume" in [e["k"] for e in log]


def test_held_buttons_give_exactly_the_repeats_asked(runs):
    # PL-7: UP*8 is press, 8 auto-repeats, release, on the chip as in the
    # simulator (the number entry's value, checked by the pictures above);
    # the harness saw the firmware send exactly that many.
    r, _ = _check(runs["seatwars_game"].result())
    held = [s for s in r["steps"] if "*" in (s.get("token") or "")]
    assert [s["token"] for s in held] == ["UP*5", "UP*8"]
    for s in held:
        assert len(s["hold"]["repeats"]) == int(s["token"].split("*")[1])


def test_pico_waveshare_image_plays_a_whole_game(runs):
    # PL-5, PL-16: the Pico + Waveshare image on SPI1 with BUSY high = busy,
    # the same game to its end, every picture equal to the simulator's.
    r, _ = _check(runs["pico"].result())
    modes = [f["mode"] for s in r["steps"] for f in s["refreshes"]]
    assert modes[0] == "otp" and "lut" in modes


def test_idle_power_off_on_battery_then_a_press_resumes_the_same_screen(runs):
    # PL-9: on battery the firmware drops the latch after the idle time; the
    # panel keeps the sleep mark; a press powers the board on again and it
    # resumes the screen it was on.
    r, again = runs["idle"].result()
    # What the firmware computes from the emulated ADC (12-bit values
    # scaled to 16 bits as MicroPython's read_u16 does).
    raw = round(IDLE_BATTERY_MV / 3 / 3300 * 4095)
    ref = round(1240 / 3300 * 4095)
    u16 = lambda v: (v << 4) | (v >> 8)  # noqa: E731
    mv = u16(raw) * 3 * 1240 // u16(ref)
    pct = (mv - 2200) * 100 // (3100 - 2200)
    assert r["steps"][0]["latch_ms"] is not None
    off = r["steps"][-1]
    assert off["result"] == "off", off["result"]
    last = r["steps"][-2]
    idle = off["t_ms"] - (last["t_ms"] - last["chip_ms"])     # from the last press
    assert 8000 <= idle < 20000, idle
    log = _log(r)
    assert log[-1]["k"] == "info" and log[-1]["d"] == "idle power-off"
    frames = rp2.sim_frames(IDLE_SCRIPT + ",sleep,restart", board="badger2040", battery=pct)
    assert rp2.diff_count(rp2.picture_canvas(off["picture"], "badger2040"), frames[-2][1]) == 0
    boot = again["steps"][0]
    assert boot["result"] != "off"
    assert rp2.diff_count(rp2.picture_canvas(boot["picture"], "badger2040"), frames[-1][1]) == 0
    assert [e["k"] for e in _log(again)].count("boot") == 2


def test_power_cuts_keep_every_acknowledged_action(runs):
    # PL-8 on real littlefs: the power goes at random moments of a solo
    # Multisala game, several of them in the middle of a flash program or
    # erase (presses write less since PL-17's small files in place, so an
    # aimed cut finds no flash operation more often: 8 cuts, not 4); the
    # board boots from the flash as it was left, every action the log
    # acknowledged is still in the saved game (at most the one in flight is
    # added), and the next boot shows a picture and logs no error.
    cuts, _ = runs["cuts"].result()
    assert len(cuts) == 8
    assert sum(1 for c in cuts if c["op"] in ("program", "erase")) >= 2, cuts
    for c in cuts:
        assert c["mountable"] and c["kept"] and c["boots"] and not c["error_logged"], c
        assert c["source"] in ("main", "recovered", "backup"), c
