# Seeded pseudo-random generator shared by every engine.
#
# xoroshiro32++ (the generator behind the Propeller 2's XORO32 instruction,
# constants a=13 b=5 c=10 d=9): two 16-bit words of state, 16-bit output,
# period 2**32 - 1. Every intermediate value stays below 2**22, so on a 32-bit
# MicroPython it never leaves small ints (no heap allocation per draw), and the
# sequence is identical on every runtime. The whole state is a list of two
# ints, stored inside the game state (TS-12 and the same rule for all games),
# so saved games resume with the same future draws and replays are exact.
#
# All functions take the state list and update it in place; engines call them
# on the state copy that the framework hands them.

_M16 = 0xFFFF


def _rotl(x, k):
    return ((x << k) | (x >> (16 - k))) & _M16


def new_state(seed):
    """Return a fresh generator state for an integer seed (any size, >= 0)."""
    if not isinstance(seed, int) or seed < 0:
        raise ValueError("seed must be a non-negative integer")
    s0 = seed & _M16
    s1 = (seed >> 16) & _M16
    # Fold any higher bits in so that large seeds still matter.
    seed >>= 32
    while seed:
        s0 ^= seed & _M16
        s1 ^= (seed >> 16) & _M16
        seed >>= 32
    if s0 == 0 and s1 == 0:
        s0 = 1  # the all-zero state is the one fixed point
    st = [s0, s1]
    # Neighbouring seeds start close together: run the generator a few steps.
    for _ in range(8):
        next16(st)
    return st


def next16(st):
    """Next 16-bit output (0..65535)."""
    s0 = st[0]
    s1 = st[1]
    result = (_rotl((s0 + s1) & _M16, 9) + s0) & _M16
    s1 ^= s0
    st[0] = _rotl(s0, 13) ^ s1 ^ ((s1 << 5) & _M16)
    st[1] = _rotl(s1, 10)
    return result


def below(st, n):
    """Uniform integer in 0..n-1 (1 <= n <= 65536), by rejection sampling."""
    if n < 1 or n > 65536:
        raise ValueError("range out of bounds")
    limit = 65536 - (65536 % n)
    while True:
        r = next16(st)
        if r < limit:
            return r % n


def randint(st, a, b):
    """Uniform integer in a..b inclusive."""
    if b < a:
        raise ValueError("empty range")
    return a + below(st, b - a + 1)


def choice(st, seq):
    if not seq:
        raise ValueError("choice from an empty sequence")
    return seq[below(st, len(seq))]


def shuffle(st, items):
    """Fisher-Yates shuffle of a list in place (MicroPython has no
    random.shuffle, PL-2)."""
    i = len(items) - 1
    while i > 0:
        j = below(st, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
