# PL-18: the waveform the device layer gives each refresh request of the UI
# (usher.device.waveform, pure): turbo for a window, the request itself for a
# whole-panel update, the fast waveform for a window once one of its bands
# had 8 turbo updates in a row, and one fast update of the ghosted bands
# when the buttons rest.
from usher.device.waveform import TURBO_IN_A_ROW, Waveforms

CLEAN = ("clean", 0, 0, 296, 128)
FAST = ("fast", 0, 0, 296, 128)


def test_pl18_a_window_gets_turbo_and_a_whole_panel_update_stays_itself():
    w = Waveforms()
    assert w.choose(("partial", 0, 16, 296, 24)) == ("turbo", 0, 16, 296, 24)
    assert w.ghosted()
    assert w.choose(FAST) == FAST
    assert not w.ghosted() and w.rest_request() is None      # fast cleared the bands
    w.choose(("partial", 0, 0, 296, 8))
    assert w.choose(CLEAN) == CLEAN and not w.ghosted()


def test_pl18_after_8_turbo_updates_of_a_window_the_next_is_fast():
    w = Waveforms()
    win = ("partial", 0, 24, 296, 16)
    modes = [w.choose(win)[0] for _ in range(TURBO_IN_A_ROW * 2 + 2)]
    assert TURBO_IN_A_ROW == 8
    assert modes == ["turbo"] * 8 + ["partial"] + ["turbo"] * 8 + ["partial"]
    # A window that only overlaps a worn band is fast too, and only the bands
    # it covers start again.
    w = Waveforms()
    for _ in range(8):
        w.choose(("partial", 0, 24, 296, 8))
    w.choose(("partial", 0, 64, 296, 8))
    assert w.choose(("partial", 0, 16, 296, 16)) == ("partial", 0, 16, 296, 16)
    assert w.ghosted()                                       # band 64 still is
    assert w.choose(("partial", 0, 24, 296, 8))[0] == "turbo"
    assert w.rest_request() == ("partial", 0, 24, 296, 48)   # bands 24 and 64 still ghosted


def test_pl18_rest_request_covers_the_ghosted_bands_once():
    w = Waveforms()
    assert w.rest_request() is None
    w.choose(("partial", 0, 8, 296, 8))
    w.choose(("partial", 0, 96, 296, 16))
    assert w.rest_request() == ("partial", 0, 8, 296, 104)
    assert w.rest_request() is None and not w.ghosted()


def test_pl18_refresh_fast_gives_every_window_the_fast_waveform():
    w = Waveforms()
    w.choose(("partial", 0, 0, 296, 8))
    w.turbo = False
    assert w.choose(("partial", 0, 0, 296, 16)) == ("partial", 0, 0, 296, 16)
    assert not w.ghosted()                                   # the fast window cleared band 0
