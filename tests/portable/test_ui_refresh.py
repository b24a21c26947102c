# The refresh policy (PL-15 on PL-6's speeds): a clean refresh when asked
# (boot, a game starting or ending) and after N fast or partial updates;
# another screen is a fast update of the whole panel; a changed band is a
# partial window with y and h multiples of 8; nothing when nothing changed;
# counted by kind for the simulator, the bench and the About screen.
from usher.ui.refresh import RefreshPolicy, changed_band


def test_pl15_first_picture_is_clean_then_another_screen_is_fast():
    p = RefreshPolicy(3)
    assert p.decide(True, (8, 16)) == ("clean", 0, 0, 296, 128)   # boot
    assert p.decide(True, (0, 128)) == ("fast", 0, 0, 296, 128)
    assert p.decide(False, None) is None
    assert p.decide(True, None) is None      # another screen, same pixels: nothing
    assert p.counts() == {"clean": 1, "fast": 1, "partial": 0}


def test_pl15_clean_after_n_fast_or_partial_updates():
    p = RefreshPolicy(3)
    p.decide(True, None)
    reqs = [p.decide(i % 2 == 0, (16, 8)) for i in range(5)]
    modes = [r[0] for r in reqs]
    # three fast or partial updates are allowed, the fourth is clean, then again
    assert modes == ["fast", "partial", "fast", "clean", "fast"]
    assert reqs[1] == ("partial", 0, 16, 296, 8)
    assert p.counts() == {"clean": 2, "fast": 3, "partial": 1}


def test_pl15_request_clean_makes_the_next_update_clean_even_without_a_change():
    p = RefreshPolicy(20)
    p.decide(True, (0, 128))
    assert p.decide(False, (0, 8))[0] == "partial"
    p.request_clean()                        # a game starts or ends
    assert p.decide(False, None) == ("clean", 0, 0, 296, 128)
    assert p.decide(False, (0, 8))[0] == "partial"
    assert p.since_clean == 1


def test_pl15_at_a_rest_the_clean_refresh_comes_once_three_quarters_of_n_are_made():
    # Decision (docs/ui-internals.md): the device asks at each rest of the buttons
    # (usher.device.runtime); a press still meets the clean at N.
    for n, due in ((20, 15), (4, 3), (3, 3), (2, 2), (1, 1), (50, 38)):
        p = RefreshPolicy(n)
        p.decide(True, None)                 # boot: clean
        assert p.rest_clean() is None        # nothing made since
        for _i in range(due - 1):
            p.decide(False, (0, 8))
        assert p.rest_clean() is None, (n, due)
        p.decide(False, (0, 8))
        assert p.rest_clean() == ("clean", 0, 0, 296, 128), (n, due)
        assert p.rest_clean() is None and p.since_clean == 0
        assert p.decide(False, (0, 8))[0] == "partial"
        assert p.counts()["clean"] == 2


def test_pl6_changed_band_is_whole_8_row_bands():
    stride = 37
    a = bytearray(stride * 128)
    b = bytearray(stride * 128)
    assert changed_band(a, b) is None
    a[stride * 9 + 3] = 1    # row 9 -> band 8..15
    assert changed_band(a, b) == (8, 8)
    a[stride * 40] = 0x80   # row 40 -> band 40..47; the span covers 8..47
    assert changed_band(a, b) == (8, 40)
    a[stride * 127 + 36] = 1
    y, h = changed_band(a, b)
    assert (y, h) == (8, 120) and y % 8 == 0 and h % 8 == 0
