# A QR code encoder (ISO/IEC 18004:2015), portable: CPython, MicroPython and
# CircuitPython, no framebuf, no numpy, nothing of screens. Used to share a
# play as a BG Stats import link (PL-19, usher.ui.share).
#
# Why our own: the CircuitPython bundle's adafruit_miniqr chooses versions
# 1-5 only (at most 106 bytes at error correction L) and scores no masks
# (it always uses one), too small for a play's link, which needs up to
# version 26 (1367 bytes at L).
#
# What it does: byte mode (8-bit, clause 7.4.5), error correction L and M,
# versions 1 to 26, Reed-Solomon over GF(2^8) with the prime polynomial
# x^8+x^4+x^3+x^2+1 (0x11D, clause 7.5.2), the blocks of Table 9 with their
# codewords interleaved (clause 7.6), all eight data masks (Table 10)
# scored by the penalty rules of clause 7.8.3 (Table 11: N1=3, N2=3, N3=40,
# N4=10), format information (BCH(15,5), generator 0x537, XOR 0x5412,
# clause 7.9) and version information for versions 7 and up (BCH(18,6),
# generator 0x1F25, clause 7.10).
#
# Memory: the matrix is kept bit-packed, row by row and column by column
# (two bytearrays of size x ceil(size/8) bytes, and two more saying which
# modules are function patterns): 7.7 KB at version 26. The masks are scored
# a line at a time on Python ints used as bit rows, which also keeps the
# time down on the RP2040 (bench/qr.py).

L = "L"
M = "M"
MAX_VERSION = 26

# Table 9 (ISO/IEC 18004:2015), versions 1-26: error correction codewords
# per block and number of blocks, for levels L and M. The total codewords of
# a version come from its module count (raw_codewords), so these two
# figures are enough to rebuild each row of the table (a block's data
# codewords = total // blocks - ec per block, the last total % blocks blocks
# one longer).
EC_PER_BLOCK = {
    L: (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
        28, 28, 30, 30, 26, 28),
    M: (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28),
}
BLOCKS = {
    L: (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12),
    M: (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18,
        20, 21, 23),
}
# Table 12 (format information): the error correction level's two bits.
EC_BITS = {L: 1, M: 0}
# Annex E, Table E.1: row/column centres of the alignment patterns.
ALIGNMENT = (
    (), (6, 18), (6, 22), (6, 26), (6, 30), (6, 34), (6, 22, 38), (6, 24, 42),
    (6, 26, 46), (6, 28, 50), (6, 30, 54), (6, 32, 58), (6, 34, 62), (6, 26, 46, 66),
    (6, 26, 48, 70), (6, 26, 50, 74), (6, 30, 54, 78), (6, 30, 56, 82), (6, 30, 58, 86),
    (6, 34, 62, 90), (6, 28, 50, 72, 94), (6, 26, 50, 74, 98), (6, 30, 54, 78, 102),
    (6, 28, 54, 80, 106), (6, 32, 58, 84, 110), (6, 30, 58, 86, 114),
)
PAD = (0xEC, 0x11)  # clause 7.4.10


class QRError(ValueError):
    pass


def size_of(version):
    return 17 + 4 * version


def raw_codewords(version):
    """Codewords a version holds: its modules less the function patterns,
    format and version information (Table 1's "data modules", / 8)."""
    n = (16 * version + 128) * version + 64
    if version >= 2:
        k = version // 7 + 2
        n -= (25 * k - 10) * k - 55
        if version >= 7:
            n -= 36
    return n // 8


def data_codewords(version, ec):
    i = version - 1
    return raw_codewords(version) - EC_PER_BLOCK[ec][i] * BLOCKS[ec][i]


def count_bits(version):
    """Character count indicator length in byte mode (Table 3)."""
    return 8 if version < 10 else 16


def capacity(version, ec):
    """The most bytes a version holds in byte mode (Table 7)."""
    return (data_codewords(version, ec) * 8 - 4 - count_bits(version)) // 8


def smallest_version(n, ec, lo=1, hi=MAX_VERSION):
    """The smallest version in lo..hi that holds n bytes, or None."""
    for v in range(lo, hi + 1):
        if capacity(v, ec) >= n:
            return v
    return None


# --- Reed-Solomon over GF(256) ---------------------------------------------------

def _gf_tables():
    exp = bytearray(512)
    log = bytearray(256)
    x = 1
    for i in range(255):
        exp[i] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _generator(degree):
    """The generator polynomial (x - a^0)...(x - a^(degree-1)), highest
    coefficient (always 1) left out (Annex A)."""
    g = bytearray(degree)
    g[degree - 1] = 1
    root = 1
    for _ in range(degree):
        for j in range(degree):
            g[j] = _mul(g[j], root)
            if j + 1 < degree:
                g[j] ^= g[j + 1]
        root = _mul(root, 2)
    return g


def _mul(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def rs_remainder(data, gen):
    """The error correction codewords of data for a generator from
    _generator: the remainder of data * x^n divided by it, by long division
    in place (no shifting of the remainder)."""
    n = len(gen)
    k = len(data)
    msg = bytearray(k + n)
    msg[:k] = data
    exp = _EXP
    log = _LOG
    lg = bytearray(n)
    for j in range(n):
        lg[j] = log[gen[j]]   # no coefficient of a generator is 0
    for i in range(k):
        f = msg[i]
        if f:
            lf = log[f]
            for j in range(n):
                msg[i + 1 + j] ^= exp[lf + lg[j]]
    return msg[k:]


# --- the codewords ------------------------------------------------------------------

def _bitstream(data, version, ec):
    """Mode, count, data, terminator and pad codewords (clause 7.4)."""
    total = data_codewords(version, ec)
    out = bytearray(total)
    acc = 0   # bits not yet written, kept in an int
    nacc = 0
    pos = 0
    fields = [(4, 4), (count_bits(version), len(data))]
    for width, value in fields:
        acc = (acc << width) | value
        nacc += width
    for b in data:
        acc = (acc << 8) | b
        nacc += 8
        while nacc >= 8:
            nacc -= 8
            out[pos] = (acc >> nacc) & 0xFF
            pos += 1
        acc &= (1 << nacc) - 1
    while nacc >= 8:
        nacc -= 8
        out[pos] = (acc >> nacc) & 0xFF
        pos += 1
    # Terminator (up to 4 zero bits), then zeros to the byte boundary.
    if nacc and pos < total:
        out[pos] = (acc << (8 - nacc)) & 0xFF
        pos += 1
    i = 0
    while pos < total:
        out[pos] = PAD[i & 1]
        pos += 1
        i += 1
    return out


def codewords(data, version, ec):
    """The final message: data blocks then error correction blocks,
    interleaved codeword by codeword (clause 7.6), written straight into
    place (no copy of the blocks is kept)."""
    i = version - 1
    nblocks = BLOCKS[ec][i]
    necc = EC_PER_BLOCK[ec][i]
    raw = raw_codewords(version)
    short = nblocks - raw % nblocks        # blocks of the shorter length
    short_data = raw // nblocks - necc
    stream = _bitstream(data, version, ec)
    ndata = len(stream)
    gen = _generator(necc)
    out = bytearray(raw)
    view = memoryview(stream)
    k = 0
    for b in range(nblocks):
        n = short_data + (0 if b < short else 1)
        for j in range(short_data):
            out[j * nblocks + b] = stream[k + j]
        if n > short_data:   # a long block's last data codeword
            out[short_data * nblocks + b - short] = stream[k + short_data]
        ecc = rs_remainder(view[k:k + n], gen)
        for j in range(necc):
            out[ndata + j * nblocks + b] = ecc[j]
        k += n
    return out


def _bch(value, gen, gen_bits):
    """value followed by its remainder modulo the BCH generator gen
    (gen_bits long: degree gen_bits - 1)."""
    deg = gen_bits - 1
    rem = value << deg
    for i in range(deg + 7, deg - 1, -1):   # values here are at most 6 bits
        if (rem >> i) & 1:
            rem ^= gen << (i - deg)
    return (value << deg) | rem


def format_bits(ec, mask):
    """The 15 format information bits (clause 7.9.1)."""
    return _bch((EC_BITS[ec] << 3) | mask, 0x537, 11) ^ 0x5412


def version_bits(version):
    """The 18 version information bits (clause 7.10)."""
    return _bch(version, 0x1F25, 13)


# --- the matrix -----------------------------------------------------------------------

class Matrix:
    """size x size modules, 1 = dark, bit-packed by rows and by columns."""

    def __init__(self, size):
        self.size = size
        self.stride = (size + 7) >> 3
        n = size * self.stride
        self.rows = bytearray(n)
        self.cols = bytearray(n)
        self.frows = bytearray(n)   # 1 = function pattern module (not data)
        self.fcols = bytearray(n)

    def get(self, r, c):
        return (self.rows[r * self.stride + (c >> 3)] >> (7 - (c & 7))) & 1

    def is_function(self, r, c):
        return (self.frows[r * self.stride + (c >> 3)] >> (7 - (c & 7))) & 1

    def _put(self, buf, i, bit, dark):
        if dark:
            buf[i] |= bit
        else:
            buf[i] &= 0xFF ^ bit

    def set(self, r, c, dark):
        s = self.stride
        self._put(self.rows, r * s + (c >> 3), 0x80 >> (c & 7), dark)
        self._put(self.cols, c * s + (r >> 3), 0x80 >> (r & 7), dark)

    def function(self, r, c, dark):
        s = self.stride
        self.set(r, c, dark)
        self.frows[r * s + (c >> 3)] |= 0x80 >> (c & 7)
        self.fcols[c * s + (r >> 3)] |= 0x80 >> (r & 7)

    def line(self, buf, k):
        """Line k of buf (a row of rows/frows, a column of cols/fcols) as an
        int of size bits, module 0 the highest."""
        s = self.stride
        return int.from_bytes(buf[k * s:(k + 1) * s], "big") >> (s * 8 - self.size)

    def set_line(self, buf, k, value):
        s = self.stride
        buf[k * s:(k + 1) * s] = (value << (s * 8 - self.size)).to_bytes(s, "big")

    def free_function_maps(self):
        """Once the symbol is complete only the rows are needed."""
        self.frows = self.fcols = self.cols = None


def _finder(m, r0, c0):
    n = m.size
    for dr in range(-1, 8):
        for dc in range(-1, 8):
            r = r0 + dr
            c = c0 + dc
            if 0 <= r < n and 0 <= c < n:
                d = max(abs(dr - 3), abs(dc - 3))
                m.function(r, c, d != 2 and d != 4)


def _function_patterns(m, version):
    n = m.size
    for i in range(n):   # timing patterns (clause 6.3.5)
        m.function(6, i, i % 2 == 0)
        m.function(i, 6, i % 2 == 0)
    _finder(m, 0, 0)
    _finder(m, 0, n - 7)
    _finder(m, n - 7, 0)
    centres = ALIGNMENT[version - 1]
    last = len(centres) - 1
    for a in range(len(centres)):
        for b in range(len(centres)):
            if (a == 0 and b == 0) or (a == 0 and b == last) or (a == last and b == 0):
                continue  # these would overlap the finder patterns
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    m.function(centres[a] + dr, centres[b] + dc,
                               max(abs(dr), abs(dc)) != 1)
    # Format and version information: reserved (light) now, written once
    # the mask is chosen (clause 7.1, steps 7 and 8: the masks are scored
    # without them).
    _format(m, 0)
    _version(m, version, 0)


def _version(m, version, bits):
    """The two copies of the version information (clause 7.10, Figure 27)."""
    if version < 7:
        return
    n = m.size
    for i in range(18):
        dark = (bits >> i) & 1
        a = n - 11 + i % 3
        b = i // 3
        m.function(b, a, dark)
        m.function(a, b, dark)


def _format(m, bits):
    """The two copies of the format information (clause 7.9, Figure 25),
    and the dark module beside the lower left finder."""
    n = m.size
    for i in range(6):
        m.function(i, 8, (bits >> i) & 1)
    m.function(7, 8, (bits >> 6) & 1)
    m.function(8, 8, (bits >> 7) & 1)
    m.function(8, 7, (bits >> 8) & 1)
    for i in range(9, 15):
        m.function(8, 14 - i, (bits >> i) & 1)
    for i in range(8):
        m.function(8, n - 1 - i, (bits >> i) & 1)
    for i in range(8, 15):
        m.function(n - 15 + i, 8, (bits >> i) & 1)
    m.function(n - 8, 8, 1)


def _place(m, words):
    """The codewords into the data modules, two columns at a time from the
    lower right, up and down in turn, skipping the vertical timing
    pattern (clause 7.7.3). Remainder bits stay light."""
    n = m.size
    s = m.stride
    frows = m.frows
    total = len(words) * 8
    i = 0
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            r = n - 1 - vert if upward else vert
            base = r * s
            for c in (right, right - 1):
                bit = 0x80 >> (c & 7)
                if not frows[base + (c >> 3)] & bit:
                    if i >= total:
                        return
                    if (words[i >> 3] >> (7 - (i & 7))) & 1:
                        m.set(r, c, 1)
                    i += 1
        right -= 2


# --- masks (Table 10) and their penalty (clause 7.8.3) ----------------------------------

def mask_bit(mask, r, c):
    """True where data mask `mask` inverts the module (row r, column c)."""
    if mask == 0:
        return (r + c) % 2 == 0
    if mask == 1:
        return r % 2 == 0
    if mask == 2:
        return c % 3 == 0
    if mask == 3:
        return (r + c) % 3 == 0
    if mask == 4:
        return (r // 2 + c // 3) % 2 == 0
    if mask == 5:
        return (r * c) % 2 + (r * c) % 3 == 0
    if mask == 6:
        return ((r * c) % 2 + (r * c) % 3) % 2 == 0
    return ((r + c) % 2 + (r * c) % 3) % 2 == 0


def _tiled(bits, period, size):
    """A size-bit int repeating the period-bit pattern `bits` from its top."""
    value = bits
    width = period
    while width < size:
        value = (value << width) | value
        width *= 2
    return value >> (width - size)


def _patterns(mask, size, across_rows):
    """Mask patterns as size-bit ints: for rows (across_rows, one per row
    number modulo 12: every mask repeats every 12 rows and 6 columns) or
    for columns (one per column number modulo 6)."""
    out = []
    if across_rows:
        for r in range(12):
            t = 0
            for c in range(6):
                t = (t << 1) | mask_bit(mask, r, c)
            out.append(_tiled(t, 6, size))
    else:
        for c in range(6):
            t = 0
            for r in range(12):
                t = (t << 1) | mask_bit(mask, r, c)
            out.append(_tiled(t, 12, size))
    return out


def _popcount(x):
    return bin(x).count("1")


def _line_penalty(x, n, full, low, wide):
    """Rules 1 and 3 for one line x of n modules: runs of 5 or more of one
    colour (3 + each module beyond 5) and the 1:1:3:1:1 finder-like
    pattern with 4 light modules on one side or both (40 each; the quiet
    zone beyond the symbol is light)."""
    e = ((x ^ (x >> 1)) & low) ^ low       # bit k: module k and k+1 alike
    f = e & (e >> 1) & (e >> 2) & (e >> 3)  # bit k: modules k..k+4 alike
    p = 0
    if f:
        ones = _popcount(f)
        p = ones + 2 * (ones - _popcount(f & (f >> 1)))   # runs: ones - adjacent pairs
    y = x << 4
    z = y ^ wide
    core = y & (z >> 1) & (y >> 2) & (y >> 3) & (y >> 4) & (z >> 5) & (y >> 6)
    if core:
        l4 = z & (z >> 1) & (z >> 2) & (z >> 3)
        p += 40 * _popcount(core & ((l4 >> 7) | (l4 << 4)))
    return p


def penalty(m, mask):
    """The penalty score of the matrix with data mask `mask` applied
    (rules 1-4 of clause 7.8.3), computed a line at a time."""
    n = m.size
    full = (1 << n) - 1
    low = full >> 1
    wide = (1 << (n + 8)) - 1
    pats = _patterns(mask, n, True)
    total = 0
    dark = 0
    prev = None
    for r in range(n):
        x = m.line(m.rows, r) ^ (pats[r % 12] & (m.line(m.frows, r) ^ full))
        total += _line_penalty(x, n, full, low, wide)
        dark += _popcount(x)
        if prev is not None:   # rule 2: 2x2 blocks of one colour, 3 each
            v = (prev ^ x) ^ full
            h = ((x ^ (x >> 1)) & low) ^ low
            total += 3 * _popcount(v & (v >> 1) & h)
        prev = x
    pats = _patterns(mask, n, False)
    for c in range(n):
        x = m.line(m.cols, c) ^ (pats[c % 6] & (m.line(m.fcols, c) ^ full))
        total += _line_penalty(x, n, full, low, wide)
    cells = n * n
    # Rule 4: 10 for each full 5% the dark share is away from 50%.
    total += 10 * (abs(dark * 20 - cells * 10) // cells)
    return total


def _apply_mask(m, mask):
    n = m.size
    full = (1 << n) - 1
    pats = _patterns(mask, n, True)
    for r in range(n):
        m.set_line(m.rows, r, m.line(m.rows, r) ^ (pats[r % 12] & (m.line(m.frows, r) ^ full)))
    pats = _patterns(mask, n, False)
    for c in range(n):
        m.set_line(m.cols, c, m.line(m.cols, c) ^ (pats[c % 6] & (m.line(m.fcols, c) ^ full)))


# --- the one entry point ---------------------------------------------------------------------

class QR:
    """An encoded symbol: version, ec, mask, size and module(r, c)."""

    def __init__(self, matrix, version, ec, mask):
        self.matrix = matrix
        self.version = version
        self.ec = ec
        self.mask = mask
        self.size = matrix.size

    def module(self, r, c):
        return self.matrix.get(r, c)

    def row(self, r):
        """Row r as an int of size bits, column 0 the highest."""
        return self.matrix.line(self.matrix.rows, r)

    def text(self):
        """The modules as lines of "#" and "." (tests, debugging)."""
        out = []
        for r in range(self.size):
            out.append("".join("#" if self.module(r, c) else "." for c in range(self.size)))
        return "\n".join(out)


def encode(data, ec=M, version=None, mask=None, min_version=1, max_version=MAX_VERSION):
    """data (bytes, or str as UTF-8) as a QR code in byte mode.
    version None: the smallest in min_version..max_version that holds it;
    mask None: the one with the lowest penalty (the lowest number on a tie).
    Raises QRError when it does not fit."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if ec not in EC_PER_BLOCK:
        raise QRError("error correction must be L or M, not %r" % (ec,))
    if version is None:
        version = smallest_version(len(data), ec, min_version, max_version)
        if version is None:
            raise QRError("%d bytes do not fit a version %d code at %s (at most %d)" % (
                len(data), max_version, ec, capacity(max_version, ec)))
    elif not 1 <= version <= MAX_VERSION:
        raise QRError("version must be 1 to %d, not %r" % (MAX_VERSION, version))
    elif len(data) > capacity(version, ec):
        raise QRError("%d bytes do not fit version %d at %s (at most %d)" % (
            len(data), version, ec, capacity(version, ec)))
    if mask is not None and not 0 <= mask <= 7:
        raise QRError("mask must be 0 to 7, not %r" % (mask,))
    m = Matrix(size_of(version))
    _function_patterns(m, version)
    _place(m, codewords(data, version, ec))
    if mask is None:
        best = None
        for k in range(8):
            p = penalty(m, k)
            if best is None or p < best:
                best = p
                mask = k
    _apply_mask(m, mask)
    _format(m, format_bits(ec, mask))
    _version(m, version, version_bits(version))
    m.free_function_maps()
    return QR(m, version, ec, mask)
