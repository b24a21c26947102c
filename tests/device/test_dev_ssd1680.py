# SSD1680 driver (Pico + Waveshare Pico-ePaper-2.9 V2, PL-5/PL-6) against the
# controller's command set, on the fake machine with a model of the controller.
import machine
from devtest import command_bytes, commands, display, fresh
from mptest import raises
from panel_model import expected_image

from usher.device.epaper import BusyTimeout

INIT = [0x12, 0x01, 0x11, 0x44, 0x45, 0x4E, 0x4F, 0x21, 0x18]
FULL = [0x44, 0x45, 0x4E, 0x4F, 0x24, 0x26, 0x22, 0x20]
FAST = [0x32, 0x3F, 0x03, 0x04, 0x2C, 0x37, 0x3C, 0x22, 0x20, 0x44, 0x45, 0x4E, 0x4F, 0x24, 0x22, 0x20]
FAST_AGAIN = [0x22, 0x20, 0x44, 0x45, 0x4E, 0x4F, 0x24, 0x22, 0x20]


def _setup():
    profile, model, vc = fresh("pico_epaper29")
    d, buf, c = display(profile)
    return profile, model, vc, d, c


def test_pl5_ssd1680_init_sequence():
    profile, model, vc, d, c = _setup()
    d.init()
    sent = commands(profile)
    assert [s[0] for s in sent] == INIT, [hex(s[0]) for s in sent]
    data = dict(sent)
    assert data[0x01] == b"\x27\x01\x00"         # 296 gate lines
    assert data[0x11] == b"\x03"                 # X then Y, increasing
    assert data[0x44] == b"\x00\x0f"             # 16 bytes = 128 sources
    assert data[0x45] == b"\x00\x00\x27\x01"
    assert data[0x18] == b"\x80"                 # internal temperature sensor


def test_pl6_pl15_ssd1680_clean_update_writes_both_rams_and_uses_otp_waveform():
    profile, model, vc, d, c = _setup()
    d.init()
    n = len(commands(profile))
    c.fill(0)
    c.text("Usher", 3, 5, 1)
    c.fill_rect(250, 100, 46, 28, 1)
    d.show("clean")
    sent = commands(profile)[n:]
    assert [s[0] for s in sent] == FULL
    data = dict(sent)
    assert data[0x22] == b"\xf7"
    assert len(data[0x24]) == 4736 and data[0x24] == data[0x26]
    assert model.shown == expected_image(c, True)
    assert model.refreshes[-1][0] == "clean"


def test_pl6_ssd1680_partial_update_shows_only_the_window():
    profile, model, vc, d, c = _setup()
    d.init()
    c.fill(0)
    c.text("old", 0, 0, 1)
    d.show("clean")
    before = bytearray(model.shown)
    n = len(commands(profile))
    # The window covers every change since the last refresh, as the App's
    # band sums give it (usher.ui.refresh): the driver streams the canvas
    # and keeps no copy of the picture (the heap).
    c.fill_rect(16, 8, 24, 16, 1)
    d.show("partial", 16, 8, 24, 16)
    sent = commands(profile)[n:]
    assert [s[0] for s in sent] == FAST, [hex(s[0]) for s in sent]
    data = dict(sent)
    assert len(data[0x32]) == 153
    assert data[0x37][5] == 0x40                 # RAM ping-pong for display mode 2
    assert data[0x22] == b"\x0f"                 # last 0x22 wins in the dict: the fast display
    # Sources run from canvas y=127 down: canvas rows 8..23 are line bytes 13 and 14.
    for x in range(296):
        for b in range(16):
            i = x * 16 + b
            inside = 16 <= x < 40 and b in (13, 14)
            assert model.shown[i] == (0x00 if inside else before[i]), (x, b)
    # The hardware reset pulse before the waveform load (Waveshare's sequence).
    rst = [e for e in machine.log if e[0] == "pin" and e[1] == profile["reset"]]
    assert rst[-2:] == [("pin", profile["reset"], 0), ("pin", profile["reset"], 1)]


def test_pl6_pl18_ssd1680_a_partial_after_a_partial_keeps_the_loaded_waveform():
    profile, model, vc, d, c = _setup()
    d.init()
    c.fill(0)
    d.show("clean")
    d.show("partial", 0, 0, 296, 8)
    before = bytearray(model.shown)
    pulses = len([e for e in machine.log if e[0] == "pin" and e[1] == profile["reset"]])
    n = len(commands(profile))
    c.fill_rect(40, 8, 16, 8, 1)
    d.show("partial", 40, 8, 16, 8)
    assert [s[0] for s in commands(profile)[n:]] == FAST_AGAIN, [hex(s[0]) for s in commands(profile)[n:]]
    assert len([e for e in machine.log if e[0] == "pin" and e[1] == profile["reset"]]) == pulses
    # only the window changed
    for x in range(296):
        for b in range(16):
            i = x * 16 + b
            inside = 40 <= x < 56 and b == 14
            assert model.shown[i] == (0x00 if inside else before[i]), (x, b, model.shown[i])
    # a clean refresh loads the OTP waveform: the next partial loads Waveshare's again
    d.show("clean")
    n = len(commands(profile))
    d.show("partial", 0, 0, 296, 8)
    assert [s[0] for s in commands(profile)[n:]] == FAST


def test_pl6_pl15_ssd1680_clean_after_partial_re_initialises():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("partial", 0, 0, 296, 8)
    n = len(commands(profile))
    d.show("clean")
    assert [s[0] for s in commands(profile)[n:]] == INIT + FULL


def test_pl6_ssd1680_window_alignment_and_stuck_busy():
    profile, model, vc, d, c = _setup()
    d.init()
    raises(ValueError, d.show, "partial", 0, 3, 10, 8)
    model.stuck = True
    t0 = vc.now
    e = raises(BusyTimeout, d.show, "clean")
    assert "SSD1680" in str(e)
    assert vc.now - t0 >= d.COMMAND_TIMEOUT_MS


def test_pl6_ssd1680_sleep():
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("clean")
    n = len(commands(profile))
    d.sleep()
    assert commands(profile)[n:] == [(0x10, b"\x01")]
    model.flush()
    assert model.asleep


def test_pl6_pl15_ssd1680_never_commands_or_changes_mode_while_busy():
    profile, model, vc, d, c = _setup()
    d.init()
    d.start("clean")
    d.start("partial", 0, 8, 296, 16)
    d.start("partial", 0, 0, 296, 8)
    d.start("fast")
    d.start("clean")
    d.wait_idle("end")
    assert model.while_busy == [], [hex(b) for b in model.while_busy]
    assert [k for k, w in model.refreshes] == ["clean", "fast", "fast", "fast", "clean"]


# Waveshare's partial waveform for the 2.9" V2 panel, the non-zero bytes of
# WF_PARTIAL_2IN9 (waveshareteam/Pico_ePaper_Code python/Pico_ePaper-2.9.py
# and c/lib/e-Paper/EPD_2in9_V2.c): index -> value; every other byte is 0.
WAVESHARE_PARTIAL = {1: 0x40, 12: 0x80, 13: 0x80, 24: 0x40, 25: 0x40, 37: 0x80,
                     60: 0x0A, 66: 0x01, 67: 0x01, 74: 0x01,
                     144: 0x22, 145: 0x22, 146: 0x22, 147: 0x22, 148: 0x22, 149: 0x22}


def test_pl15_ssd1680_fast_update_uses_waveshares_partial_waveform_on_the_whole_panel():
    profile, model, vc, d, c = _setup()
    d.init()
    c.fill(0)
    d.show("clean")
    n = len(commands(profile))
    c.fill(0)
    c.text("fast", 100, 60, 1)
    d.show("fast")
    sent = commands(profile)[n:]
    assert [s[0] for s in sent] == FAST, [hex(s[0]) for s in sent]
    data = dict(sent)
    assert len(model.lut) == 153
    for i in range(153):
        assert model.lut[i] == WAVESHARE_PARTIAL.get(i, 0), i
    # The table's tail: end option, gate voltage, source voltages, VCOM.
    assert (data[0x3F], data[0x03], data[0x04], data[0x2C]) == (b"\x22", b"\x17", b"\x41\xb0\x32",
                                                                b"\x36")
    assert model.shown == expected_image(c, True)
    assert model.refreshes[-1] == ("fast", None)


def test_pl18_ssd1680_turbo_window_is_its_partial_waveform():
    # The Waveshare panel has one quick waveform, Waveshare's partial one:
    # a turbo window is sent exactly as a partial window is.
    profile, model, vc, d, c = _setup()
    d.init()
    d.show("clean")
    d.show("partial", 0, 8, 296, 8)       # the partial waveform loaded (once after a clean)
    c.fill(0)
    c.text("turbo", 0, 8, 1)
    n = len(command_bytes(profile))
    d.show("partial", 0, 8, 296, 8)
    partial = command_bytes(profile)[n:]
    lut = model.lut
    c.fill(0)
    c.text("again", 0, 8, 1)
    n = len(command_bytes(profile))
    d.show("turbo", 0, 8, 296, 8)
    assert command_bytes(profile)[n:] == partial
    assert model.lut == lut and model.refreshes[-1] == ("fast", None)
    assert model.shown == expected_image(c, True)
