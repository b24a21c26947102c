# UC8151 driver (Badger 2040, PL-4/PL-6) against the controller's command set,
# on the fake machine with a model of the controller.
import machine
from devtest import commands, display, fresh
from mptest import raises
from panel_model import expected_image

from usher.device.epaper import BusyTimeout

PSR, PWR, POF, PFS, PON, BTST, DSLP = 0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x07
DSP, DRF, DTM2, PLL, TSE, CDI, TCON = 0x11, 0x12, 0x13, 0x30, 0x41, 0x50, 0x60
PTL, PTIN, PTOU = 0x90, 0x91, 0x92
INIT_OTP = [PSR, PWR, PON, BTST, PFS, TSE, TCON, CDI, PLL, POF]


def _setup():
    profile, model, vc = fresh("badger2040")
    d, buf, c = display(profile)
    return profile, model, vc, d, c


def _sent_after(profile, n):
    return commands(profile)[n:]


def test_pl4_uc8151_init_resets_then_sets_panel_for_otp_waveform():
    profile, model, vc, d, c = _setup()
    d.init()
    rst = [e[2] for e in machine.log if e[0] == "pin" and e[1] == profile["reset"]]
    assert rst[-3:] == [1, 0, 1], rst          # reset pulse low, then released
    sent = commands(profile)
    assert [s[0] for s in sent] == INIT_OTP
    data = dict(sent)
    # 128x296, black/white, OTP LUT, shift right, booster on, no soft reset.
    assert data[PSR] == bytes((0x80 | 0x10 | 0x04 | 0x02 | 0x01,))
    assert data[CDI] == b"\x9c" and data[PLL] == b"\x3a" and data[TCON] == b"\x22"
    assert len(data[PWR]) == 5 and len(data[BTST]) == 3


def test_pl6_pl15_uc8151_clean_update_sequence_sends_whole_frame():
    profile, model, vc, d, c = _setup()
    d.init()
    n = len(commands(profile))
    c.fill(0)
    c.fill_rect(10, 20, 30, 40, 1)
    d.show("clean")
    sent = _sent_after(profile, n)
    assert [s[0] for s in sent] == [PON, PTOU, DTM2, DSP, DRF]
    assert len(sent[2][1]) == 296 * 128 // 8
    assert model.shown == expected_image(c, False)
    assert model.refreshes[-1] == ("clean", None)


def test_pl6_uc8151_partial_update_loads_fast_waveform_and_sends_window_only():
    profile, model, vc, d, c = _setup()
    d.init()
    c.fill(0)
    c.text("old", 0, 0, 1)
    d.show("clean")
    before = bytearray(model.shown)
    n = len(commands(profile))
    c.fill(1)                      # everything black in the canvas ...
    d.show("partial", 8, 16, 40, 24)   # ... but only this window is shown
    sent = _sent_after(profile, n)
    cmds = [s[0] for s in sent]
    # Switching speed: full set-up with register LUTs, then the partial frame.
    assert cmds[:7] == [PSR, 0x20, 0x21, 0x22, 0x23, 0x24, PLL], cmds
    assert cmds[-6:] == [PON, PTIN, PTL, DTM2, DSP, DRF], cmds
    data = dict(sent)
    assert data[PSR] == b"\xb7"                     # LUT from registers
    assert len(data[0x20]) == 44 and len(data[0x21]) == 42
    # Window: sources (canvas y) 16..39, gates (canvas x) 8..47, scan inside.
    assert data[PTL] == bytes((16, 39, 0, 8, 0, 47, 1))
    assert len(data[DTM2]) == 40 * 24 // 8
    # The panel now shows black in the window and the old picture elsewhere.
    for x in range(296):
        for page in range(16):
            i = x * 16 + page
            inside = 8 <= x < 48 and 2 <= page < 5
            assert model.shown[i] == (0x00 if inside else before[i]), (x, page)
    assert model.refreshes[-1] == ("partial", (8, 16, 40, 24))


def test_pl6_pl15_uc8151_second_partial_does_not_reload_and_clean_returns_to_otp():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("partial", 0, 0, 296, 8)
    n = len(commands(profile))
    d.show("partial", 100, 120, 10, 8)
    assert [s[0] for s in _sent_after(profile, n)] == [PON, PTIN, PTL, DTM2, DSP, DRF]
    n = len(commands(profile))
    d.show("clean")
    cmds = [s[0] for s in _sent_after(profile, n)]
    assert cmds == INIT_OTP + [PON, PTOU, DTM2, DSP, DRF], cmds
    assert dict(_sent_after(profile, n))[PSR] == b"\x97"


def test_pl6_uc8151_partial_window_must_be_byte_aligned():
    profile, model, vc, d, c = _setup()
    d.init()
    n = len(commands(profile))
    raises(ValueError, d.show, "partial", 0, 4, 296, 8)
    raises(ValueError, d.show, "partial", 0, 8, 296, 12)
    assert len(commands(profile)) == n          # nothing was sent


def test_pl6_uc8151_window_past_the_edge_is_clipped():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("partial", 290, 120, 20, 16)
    assert model.refreshes[-1] == ("partial", (290, 120, 6, 8))


def test_pl6_uc8151_stuck_busy_raises_instead_of_hanging():
    profile, model, vc, d, c = _setup()
    d.init()
    d.start("clean")
    model.stuck = True
    t0 = vc.now
    e = raises(BusyTimeout, d.wait_idle, "test")
    assert "UC8151" in str(e) and "busy" in str(e)
    assert vc.now - t0 >= d.REFRESH_TIMEOUT_MS
    # The main loop's non-blocking check raises too once the time is up.
    model.stuck = False
    d.start("clean")
    model.stuck = True
    d.check_timeout()                       # not yet
    vc.now += d.REFRESH_TIMEOUT_MS + 1
    raises(BusyTimeout, d.check_timeout)


def test_pl6_uc8151_stuck_busy_at_reset_raises():
    profile, model, vc, d, c = _setup()
    model.stuck = True
    raises(BusyTimeout, d.init)


def test_pl6_uc8151_sleep_powers_off_then_deep_sleep():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("clean")
    n = len(commands(profile))
    d.sleep()
    sent = _sent_after(profile, n)
    assert sent == [(POF, b""), (DSLP, b"\xa5")], sent
    model.flush()
    assert model.asleep
    # After deep sleep the next refresh resets the controller first.
    d.init()
    d.show("clean")
    assert not model.asleep


def test_pl6_pl15_uc8151_never_commands_or_changes_mode_while_busy():
    profile, model, vc, d, c = _setup()
    d.init()
    d.start("clean")                 # returns while the panel refreshes
    assert d.busy()
    d.start("partial", 0, 8, 296, 16)   # must wait, then switch waveform
    d.start("partial", 0, 0, 296, 8)    # same waveform: must still wait
    d.start("fast")                     # same waveform, whole panel: waits too
    d.start("clean")
    d.wait_idle("end")
    assert model.while_busy == [], [hex(b) for b in model.while_busy]
    assert [k for k, w in model.refreshes] == ["clean", "partial", "partial", "fast", "clean"]


def test_pl6_busy_line_is_polled_while_waiting():
    profile, model, vc, d, c = _setup()
    d.init()
    machine.record_reads[0] = True
    d.show("clean")
    busy_reads = [e for e in machine.log if e[0] == "read" and e[1] == profile["busy"]]
    # Idle (high on the Badger) checked before sending, then busy (low) for
    # the model's refresh time, then idle again.
    assert [v for _, _, v in busy_reads] == [1] + [0] * model.BUSY_READS + [1], busy_reads


# Pimoroni's fast waveform as printed in UC8151::fast_luts()
# (pimoroni/pimoroni-pico drivers/uc8151/uc8151.cpp): the three groups of
# each register, then zeros.
PIMORONI_FAST = {
    0x20: (0x00, 0x04, 0x04, 0x07, 0x00, 0x01, 0x00, 0x0c, 0x0c, 0x00, 0x00, 0x02,
           0x00, 0x04, 0x04, 0x07, 0x00, 0x02),
    0x21: (0x54, 0x04, 0x04, 0x07, 0x00, 0x01, 0x60, 0x0c, 0x0c, 0x00, 0x00, 0x02,
           0xa8, 0x04, 0x04, 0x07, 0x00, 0x02),
    0x23: (0xa8, 0x04, 0x04, 0x07, 0x00, 0x01, 0x60, 0x0c, 0x0c, 0x00, 0x00, 0x02,
           0x54, 0x04, 0x04, 0x07, 0x00, 0x02),
}
PIMORONI_FAST[0x22] = PIMORONI_FAST[0x21]
PIMORONI_FAST[0x24] = PIMORONI_FAST[0x23]


def _luts_are(model, tables):
    for reg, groups in tables.items():
        size = 44 if reg == 0x20 else 42
        assert model.luts[reg] == bytes(groups) + bytes(size - len(groups)), hex(reg)


def test_pl15_uc8151_fast_update_is_the_whole_frame_with_pimoronis_fast_luts():
    profile, model, vc, d, c = _setup()
    d.init()
    c.fill(0)
    c.text("before", 0, 0, 1)
    d.show("clean")
    n = len(commands(profile))
    c.fill(0)
    c.fill_rect(100, 40, 50, 30, 1)
    d.show("fast")
    sent = _sent_after(profile, n)
    cmds = [s[0] for s in sent]
    # The LUT registers are loaded once (speed change), then the whole frame
    # goes out with partial mode off, as Pimoroni's update() does.
    assert cmds[:7] == [PSR, 0x20, 0x21, 0x22, 0x23, 0x24, PLL], cmds
    assert cmds[-5:] == [PON, PTOU, DTM2, DSP, DRF], cmds
    data = dict(sent)
    assert data[PSR] == b"\xb7" and len(data[DTM2]) == 296 * 128 // 8
    _luts_are(model, PIMORONI_FAST)
    assert model.shown == expected_image(c, False)
    assert model.refreshes[-1] == ("fast", None)
    # A partial after it keeps the waveform: no reload, only the window.
    n = len(commands(profile))
    d.show("partial", 0, 0, 296, 8)
    assert [s[0] for s in _sent_after(profile, n)] == [PON, PTIN, PTL, DTM2, DSP, DRF]
    assert [k for k, w in model.refreshes] == ["clean", "fast", "partial"]


def test_pl15_uc8151_unknown_mode_is_refused_before_anything_is_sent():
    profile, model, vc, d, c = _setup()
    d.init()
    n = len(commands(profile))
    raises(ValueError, d.show, "full")
    assert len(commands(profile)) == n


# Pimoroni's turbo waveform as printed in UC8151::turbo_luts() (same file,
# commit 018e32d): the three groups of each register, then zeros.
PIMORONI_TURBO = {
    0x20: (0x00, 0x01, 0x01, 0x02, 0x00, 0x01, 0x00, 0x02, 0x02, 0x00, 0x00, 0x02,
           0x00, 0x02, 0x02, 0x03, 0x00, 0x02),
    0x21: (0x54, 0x01, 0x01, 0x02, 0x00, 0x01, 0x60, 0x02, 0x02, 0x00, 0x00, 0x02,
           0xa8, 0x02, 0x02, 0x03, 0x00, 0x02),
    0x23: (0xa8, 0x01, 0x01, 0x02, 0x00, 0x01, 0x60, 0x02, 0x02, 0x00, 0x00, 0x02,
           0x54, 0x02, 0x02, 0x03, 0x00, 0x02),
}
PIMORONI_TURBO[0x22] = PIMORONI_TURBO[0x21]
PIMORONI_TURBO[0x24] = PIMORONI_TURBO[0x23]


def test_pl18_uc8151_turbo_sends_the_window_with_pimoronis_turbo_luts():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("fast")
    c.fill(0)
    c.fill_rect(20, 16, 60, 10, 1)
    n = len(commands(profile))
    d.show("turbo", 0, 16, 296, 16)
    sent = _sent_after(profile, n)
    # From the fast waveform only the five LUT registers change (no reset, no
    # power cycle), then the window goes out as a partial update does.
    assert [s[0] for s in sent] == [0x20, 0x21, 0x22, 0x23, 0x24, PON, PTIN, PTL, DTM2, DSP, DRF], sent
    assert len(dict(sent)[DTM2]) == 296 * 2
    _luts_are(model, PIMORONI_TURBO)
    assert model.lut_frames() == 26          # 0.26 s at 100 Hz (PL-18)
    assert model.refreshes[-1] == ("turbo", (0, 16, 296, 16))
    assert model.shown == expected_image(c, False)
    # A second turbo keeps the waveform; a fast window, the whole panel and a
    # clean refresh change it back.
    n = len(commands(profile))
    d.show("turbo", 0, 40, 296, 8)
    assert [s[0] for s in _sent_after(profile, n)] == [PON, PTIN, PTL, DTM2, DSP, DRF]
    d.show("partial", 0, 40, 296, 8)
    _luts_are(model, PIMORONI_FAST)
    d.show("turbo", 0, 40, 296, 8)
    d.show("fast")
    _luts_are(model, PIMORONI_FAST)
    d.show("turbo", 0, 0, 296, 8)
    d.show("clean")
    assert [k for k, w in model.refreshes] == ["fast", "turbo", "turbo", "partial", "turbo",
                                               "fast", "turbo", "clean"], model.refreshes
    assert model.shown == expected_image(c, False)


def test_pl18_uc8151_turbo_right_after_a_clean_refresh_sets_the_registers_up_first():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("clean")
    n = len(commands(profile))
    d.show("turbo", 0, 0, 296, 8)
    cmds = [s[0] for s in _sent_after(profile, n)]
    assert cmds[:7] == [PSR, 0x20, 0x21, 0x22, 0x23, 0x24, PLL], cmds
    assert dict(_sent_after(profile, n))[PSR] == b"\xb7"
    _luts_are(model, PIMORONI_TURBO)
    assert model.refreshes[-1] == ("turbo", (0, 0, 296, 8))


def test_pl18_uc8151_prepare_sets_up_after_a_clean_refresh_so_the_next_window_needs_none():
    # The set-up after a clean refresh (reset, registers, power
    # cycle) is done by prepare() between presses, not on the next press.
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("fast")
    assert d.prepare(lambda: True) is False           # nothing to set up after a fast update
    d.show("clean")
    assert d.prepare(lambda: True) is True
    assert d.prepare(lambda: True) is False           # once
    c.fill(0)
    c.fill_rect(0, 0, 40, 8, 1)
    n = len(commands(profile))
    d.show("turbo", 0, 0, 296, 8)
    assert [s[0] for s in _sent_after(profile, n)] == [PON, PTIN, PTL, DTM2, DSP, DRF]
    _luts_are(model, PIMORONI_TURBO)
    assert model.refreshes[-1] == ("turbo", (0, 0, 296, 8))
    assert model.shown == expected_image(c, False)
    # With Refresh: fast the set-up is for the fast waveform: a whole-panel
    # update after it sends only the picture.
    d.show("clean")
    assert d.prepare(lambda: False) is True
    n = len(commands(profile))
    d.show("fast")
    assert [s[0] for s in _sent_after(profile, n)] == [PON, PTOU, DTM2, DSP, DRF]
    _luts_are(model, PIMORONI_FAST)
    assert model.shown == expected_image(c, False)


def test_pl18_uc8151_prepare_waits_for_a_refresh_still_running():
    profile, model, vc, d, c = _setup()
    d.init()
    d.start("clean")
    assert d.busy()
    n = len(commands(profile))
    assert d.prepare(lambda: True) is False
    assert _sent_after(profile, n) == []
