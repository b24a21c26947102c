# The refresh policy (PL-6): full on a new screen, partial bands with y and h
# multiples of 8 where only a region changed, a full one after N partials,
# nothing when nothing changed; counted for the simulator's report.
from usher.ui.refresh import RefreshPolicy, changed_band


def test_pl6_new_screen_is_full_and_unchanged_is_none():
    p = RefreshPolicy(3)
    assert p.decide(True, (8, 16)) == ("full", 0, 0, 296, 128)
    assert p.decide(False, None) is None
    assert p.counts() == {"full": 1, "partial": 0}


def test_pl6_full_after_n_partials():
    p = RefreshPolicy(3)
    p.decide(True, None)
    reqs = [p.decide(False, (16, 8)) for _ in range(5)]
    modes = [r[0] for r in reqs]
    # three partials are allowed, the fourth update is a full one, then again
    assert modes == ["partial", "partial", "partial", "full", "partial"]
    assert reqs[0] == ("partial", 0, 16, 296, 8)
    assert p.counts() == {"full": 2, "partial": 4}


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
