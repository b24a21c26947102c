"""The real firmware images on the emulated RP2040 (PL-16, sim/rp2/): boot,
panels, buttons, flash, idle power-off and power cuts.

Run by `make test-rp2` (part of `make test`), which builds the images first
(`make firmware`); pytest skips this folder unless USHER_RP2=1 is set
(tests/conftest.py), so a plain `pytest` needs no firmware build. Each test
plays a script on the emulated board and compares every picture the panel
shows with the simulator's frame for the same script, pixel for pixel.
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import sim.rp2 as rp2  # noqa: E402


def _log(result):
    return rp2.read_log(os.path.join(result["files"], "data"))


def _check_session(script, profile="badger2040", **kw):
    r = rp2.play(script, profile=profile, **kw)
    seeds = rp2.seeds_from_log(_log(r))
    frames = rp2.sim_frames(script, seeds, board=profile)
    bad = rp2.compare_session(r, frames, profile)
    assert not bad, ("pictures that differ from the simulator (step, token, pixels, refreshes, "
                     "requests): %r" % (bad[:8],))
    assert r["errors"] == [], r["errors"][:5]
    return r


def test_badger_boots_to_the_launcher_pixel_for_pixel():
    # PL-16: the Badger image boots, the UC8151 model shows the launcher
    # exactly as the simulator draws it, with no protocol error.
    r = _check_session("DOWN,UP")
    boot = r["steps"][0]
    assert boot["refreshes"][0]["kind"] == "full"
    assert boot["refreshes"][0]["mode"] == "otp"          # a clean refresh at boot (PL-15)
    assert 0 < boot["first_frame_ms"] < 5000
    # a move on the launcher is a fast update of its window (PL-6: y, h multiples of 8)
    moves = r["steps"][1]["refreshes"]
    assert [m["mode"] for m in moves] == ["lut"]
    x, y, w, h = moves[0]["window"]
    assert y % 8 == 0 and h % 8 == 0
    assert abs(moves[0]["busy_ms"] - 930) < 1      # the fast LUT: 93 frames at 100 Hz
    kinds = [e["k"] for e in _log(r)]
    assert kinds[0] == "boot" and "resume" not in kinds[:1]


def test_multisala_solo_played_to_its_end_with_a_restart():
    # PL-8, PL-16: a whole solo game with buttons only, a reset in the
    # middle (the same screen comes back from littlefs), every picture equal
    # to the simulator's.
    script = rp2.session_script("multisala_solo")
    r = _check_session(script)
    kinds = [e["k"] for e in _log(r)]
    assert "end" in kinds, kinds
    restarts = [s for s in r["steps"] if s.get("token") == "restart"]
    assert restarts and all(s["refreshes"] for s in restarts)
    assert r["flash_ops"]["program"] > 20


def test_pico_waveshare_image_drives_the_ssd1680():
    # PL-5, PL-16: the Pico + Waveshare image on SPI1 with BUSY high = busy.
    script = rp2.session_script("seatwars_calc")
    r = _check_session(script, profile="pico_epaper29")
    modes = [f["mode"] for s in r["steps"] for f in s["refreshes"]]
    assert modes[0] == "otp" and "lut" in modes


def test_idle_power_off_on_battery_then_a_press_resumes_the_same_screen():
    # PL-9: on battery the firmware drops the latch after the idle time; the
    # panel keeps the sleep mark; a press powers the board on again and it
    # resumes the screen it was on. (The idle time runs while the panel
    # refreshes, so it is set longer than the boot's 4.5 s clean refresh.)
    script = "UP,C"
    bat = 2650
    # What the firmware computes from the emulated ADC (12-bit values
    # scaled to 16 bits as MicroPython's read_u16 does).
    raw = round(bat / 3 / 3300 * 4095)
    ref = round(1240 / 3300 * 4095)
    u16 = lambda v: (v << 4) | (v >> 8)  # noqa: E731
    mv = u16(raw) * 3 * 1240 // u16(ref)
    pct = (mv - 2200) * 100 // (3100 - 2200)
    with tempfile.TemporaryDirectory() as tmp:
        flash = os.path.join(tmp, "flash.bin")
        r = rp2.play(script, vbus=False, battery_mv=bat, settings={"idle_s": 8}, boot_hold=("A",),
                     flash_out=flash, extra_steps=[{"until_off": 30000}])
        assert r["steps"][0]["latch_ms"] is not None
        off = r["steps"][-1]
        assert off["result"] == "off", off["result"]
        last = r["steps"][-2]
        idle = off["t_ms"] - (last["t_ms"] - last["chip_ms"])     # from the last press
        assert 8000 <= idle < 20000, idle
        kinds = [e["k"] for e in _log(r)]
        assert kinds[-1] == "info" and _log(r)[-1]["d"] == "idle power-off"
        frames = rp2.sim_frames(script + ",sleep,restart", board="badger2040", battery=pct)
        assert rp2.diff_count(rp2.picture_canvas(off["picture"], "badger2040"), frames[-2][1]) == 0
        again = rp2.play("", vbus=False, battery_mv=bat, flash=flash, boot_hold=("C",),
                         extra_steps=[{"run_ms": 500}])
        boot = again["steps"][0]
        assert boot["result"] != "off"
        assert rp2.diff_count(rp2.picture_canvas(boot["picture"], "badger2040"), frames[-1][1]) == 0
        assert [e["k"] for e in _log(again)].count("boot") == 2


def test_power_cuts_keep_every_acknowledged_action():
    # PL-8 on real littlefs: the power goes at random moments of a solo
    # Multisala game, most of them in the middle of a flash program or
    # erase; the board boots from the flash as it was left, every action the
    # log acknowledged is still in the saved game (at most the one in flight
    # is added), and the next boot shows a picture and logs no error.
    cuts, _ = rp2.power_cut_campaign(4, seed=16)
    assert len(cuts) == 4
    assert sum(1 for c in cuts if c["op"] in ("program", "erase")) >= 2, cuts
    for c in cuts:
        assert c["mountable"] and c["kept"] and c["boots"] and not c["error_logged"], c
        assert c["source"] in ("main", "recovered", "backup"), c
