# The QR encoder's native kernels (usher.device.qr_kernels, viper; PL-19)
# against the encoder's own bytecode (usher.qr), on the unix port's native
# emitter: the same remainders, placements, penalty scores of all eight
# masks and final symbols over random data at every version and both
# levels. tests/rp2/test_rp2_qr.py runs the same comparison on the emulated
# RP2040, where the kernels are armv6m code frozen into the image.
from usher import qr
from usher.device import qr_kernels as K

from test_qr import Rand   # tests/portable: the same bytes on every runtime


def _matrix(data, v, ec, columns, kernels=None):
    m = qr.Matrix(qr.size_of(v), columns=columns)
    qr._function_patterns(m, v)
    words = qr.codewords(data, v, ec, kernels)
    if kernels:
        kernels.place(m.rows, m.frows, m.size, m.stride, words, len(words) * 8)
    else:
        qr._place(m, words)
    return m


def test_pl19_the_byte_tables_are_their_definitions():
    for b in range(256):
        bits = [(b >> (7 - i)) & 1 for i in range(8)]
        assert K.POP[b] == sum(bits), b
        lead = 1
        while lead < 8 and bits[lead] == bits[0]:
            lead += 1
        assert K.LEAD[b] == lead, b
        trail = 1
        while trail < 8 and bits[7 - trail] == bits[7]:
            trail += 1
        assert K.TRAIL[b] == trail, b
        inner = 0
        i = 0
        while i < 8:
            j = i
            while j < 8 and bits[j] == bits[i]:
                j += 1
            if i > 0 and j < 8 and j - i >= 5:
                inner += j - i - 2
            i = j
        assert K.INNER[b] == inner, b


def test_pl19_native_reed_solomon_and_interleaving_equal_the_bytecode():
    r = Rand(5)
    for n in sorted(qr.GENERATOR_LOGS):
        for k in (1, 19, 120):
            data = r.data(k)
            a = bytearray(data) + bytearray(n)
            b = bytearray(a)
            qr.rs_divide(a, k, n, qr.GENERATOR_LOGS[n], qr._EXP, qr._LOG)
            K.rs_divide(b, k, n, qr.GENERATOR_LOGS[n], qr._EXP, qr._LOG)
            assert a == b, (n, k)
    src = r.data(50)
    a = bytearray(200)
    b = bytearray(200)
    qr.copy_strided(a, 3, 4, src, 7, 40)
    K.copy_strided(b, 3, 4, src, 7, 40)
    assert a == b and a[3] == src[7] and a[3 + 39 * 4] == src[46]


def test_pl19_native_placement_and_all_eight_penalties_equal_the_bytecode():
    r = Rand(17)
    checked = 0
    for v in range(1, qr.MAX_VERSION + 1):
        for ec in ("L", "M"):
            data = r.data(r.byte() % (qr.capacity(v, ec) + 1))
            ref = _matrix(data, v, ec, True)
            nat = _matrix(data, v, ec, False, K)
            assert nat.rows == ref.rows and nat.frows == ref.frows, (v, ec)
            n = ref.size
            scratch = bytearray(n * ref.stride)
            for k in range(8):
                want = qr.penalty(ref, k)
                got = K.penalty(nat.rows, nat.frows, qr.pattern_rows(k, n, ref.stride), n,
                                ref.stride, scratch)
                assert got == want, (v, ec, k, got, want)
                checked += 1
            assert nat.rows == ref.rows    # the mask is taken off again
    assert checked == 26 * 2 * 8


def test_pl19_a_symbol_made_with_the_kernels_is_the_bytecodes_symbol():
    r = Rand(3)
    for v in (1, 2, 6, 7, 10, 11, 20, 26):
        for ec in ("L", "M"):
            data = r.data(qr.capacity(v, ec) - r.byte() % 5)
            a = qr.encode(data, ec, v)
            b = qr.encode(data, ec, v, kernels=K)
            assert (a.mask, a.matrix.rows) == (b.mask, b.matrix.rows), (v, ec)


def test_pl19_lines_score_runs_and_finder_patterns_at_the_line_ends():
    # Single lines of 21 modules (version 1's width, 3 bytes: 3 padding
    # bits), scored by hand: rule 1 gives a run of L >= 5 modules L - 2,
    # rule 3 a core with 4 light modules on a side 40 (the quiet zone is
    # light), counted once when both sides are light.
    def line(text):
        # the line, then 20 lines that score nothing (alternating modules)
        assert len(text) == 21
        buf = bytearray(21 * 3)
        for r in range(21):
            t = text if r == 0 else "#." * 10 + "#"
            for i in range(21):
                if t[i] == "#":
                    buf[r * 3 + (i >> 3)] |= 0x80 >> (i & 7)
        return K._lines(buf, 21, 3)

    assert line("." * 21) == 19                              # one run of 21
    assert line("#" * 21) == 19                              # dark: the padding is not a run
    assert line("#.###.#" + "." * 14) == 40 + 12             # core at the start, 14 light after
    assert line("." * 14 + "#.###.#") == 40 + 12             # core at the end, quiet zone after
    assert line("####" + "#.###.#" + "#####.#.#.") == (5 - 2) + (6 - 2)  # no light side
    assert line("#...." + "#.###.#" + "#.#.#.#.#") == 40     # 4 light before, across a byte edge
    assert line("#.#.#.#.#.#.#.#.#.#.#") == 0
