# Pinned streams of the shared PRNG beyond the small seeds (device seeds are
# 31-bit), and the exact behaviour of below()'s rejection zone and bounds:
# a change here would re-deal every saved game after an update (TS-12).
from usher.core import rng
from mptest import raises


def _stream(seed, n=6):
    st = rng.new_state(seed)
    return [rng.next16(st) for _ in range(n)]


def test_ts12_streams_of_large_and_special_seeds_are_pinned():
    # seed 0 would be the all-zero state: it starts like seed 1
    assert rng.new_state(0) == [962, 5067] and rng.new_state(1) == [962, 5067]
    assert _stream(0) == [7665, 29756, 56224, 48326, 13513, 29804]
    assert _stream(65536) == [18078, 13890, 23106, 30760, 13562, 55369]
    assert _stream(65537) == [12995, 25688, 40527, 62153, 5330, 33576]
    assert _stream(196609) == [48664, 21989, 14998, 43763, 64578, 11431]
    assert _stream(2147483647) == [54544, 57660, 24527, 61703, 36217, 26561]
    assert _stream(1234567890) == [11972, 30489, 11296, 7200, 46338, 3527]
    # above 32 bits the high words are folded in
    assert _stream(2 ** 32 + 7) == [36647, 60631, 65058, 43306, 15183, 21933]
    assert _stream(2 ** 48 + 2 ** 33 + 5) == [40400, 9899, 63393, 7989, 15303, 31269]
    assert rng.new_state(2 ** 48 + 2 ** 33 + 5) == [54758, 8061]
    assert rng.new_state(2 ** 32 + 7) == rng.new_state(6) == [750, 6616]
    # the fold XORs into both words, and goes on 32 bits at a time
    assert rng.new_state(2 ** 48 + 3 * 2 ** 16 + 1) == [37659, 52868]
    assert rng.new_state(2 ** 65 + 7) == [23584, 20834]


def test_new_state_refuses_negative_and_non_integer_seeds():
    for bad in (-1, 1.5, "3", None):
        raises(ValueError, rng.new_state, bad)
    assert rng.new_state(2) != rng.new_state(1)


def test_below_rejects_the_top_zone_instead_of_folding_it():
    """below(40000): raw draws of 40000 and above are thrown away, not
    reduced modulo 40000 (which would favour the low numbers)."""
    st = rng.new_state(99)
    raw = [rng.next16(st) for _ in range(20)]
    st = rng.new_state(99)
    got = [rng.below(st, 40000) for _ in range(10)]
    assert got == [18937, 23079, 26418, 28287, 26305, 9284, 19931, 35215, 12763, 22853]
    assert got == [r for r in raw if r < 40000][:10]
    assert st == _after(99, 14)


def _after(seed, draws):
    st = rng.new_state(seed)
    for _ in range(draws):
        rng.next16(st)
    return st


def test_below_limit_itself_is_rejected():
    """Seed 6 draws 36647 first; below(36647) must reject it (the accepted
    zone is 0..36646), and the three draws above it, and take the fifth."""
    assert _stream(6, 5) == [36647, 60631, 65058, 43306, 15183]
    st = rng.new_state(6)
    assert rng.below(st, 36647) == 15183 and st == _after(6, 5)
    # ... and one more than the draw accepts it at once
    st = rng.new_state(6)
    assert rng.below(st, 36648) == 36647 and st == _after(6, 1)


def test_below_bounds():
    st = rng.new_state(5)
    for bad in (0, -3, 65537, 100000):
        raises(ValueError, rng.below, st, bad)
    assert st == rng.new_state(5)
    a = rng.new_state(5)
    assert rng.below(a, 65536) == _stream(5, 1)[0]
    assert rng.below(rng.new_state(5), 1) == 0


def test_randint_single_value_and_empty_range():
    st = rng.new_state(8)
    assert [rng.randint(st, 4, 4) for _ in range(3)] == [4, 4, 4]
    assert st == _after(8, 3)
    assert "empty range" in str(raises(ValueError, rng.randint, st, 3, 2))
    st = rng.new_state(8)
    vals = [rng.randint(st, -2, 2) for _ in range(200)]
    assert min(vals) == -2 and max(vals) == 2


def test_choice_of_an_empty_sequence_is_refused_by_name():
    e = raises(ValueError, rng.choice, rng.new_state(1), [])
    assert "empty" in str(e)
    assert rng.choice(rng.new_state(1), ["only"]) == "only"


def test_shuffle_draws_once_per_item_but_the_first():
    for n in (0, 1):
        st = rng.new_state(3)
        items = list(range(n))
        rng.shuffle(st, items)
        assert items == list(range(n)) and st == rng.new_state(3)
    st = rng.new_state(3)
    items = list(range(7))
    rng.shuffle(st, items)
    ref = rng.new_state(3)
    expect = list(range(7))
    i = 6
    while i > 0:
        j = rng.below(ref, i + 1)
        expect[i], expect[j] = expect[j], expect[i]
        i -= 1
    assert items == expect and st == ref
