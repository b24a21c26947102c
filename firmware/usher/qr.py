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
# Memory: the matrix is kept bit-packed, row by row (and, for the bytecode
# masks' scores, column by column), with as many bytes saying which modules
# are function patterns: 3.9 KB at version 26 (7.7 KB with the columns).
#
# Speed: encode(kernels=...) takes the hot loops (Reed-Solomon division,
# interleaving, placement, the masks' scores) from an object with the same
# functions in native code, which the device passes in
# (usher.device.qr_kernels: on the emulated RP2040 the largest code is
# encoded in about 0.27 s against 4.7 s in bytecode, bench/qr.py --chip).
# Without it, the bytecode here does the same work: the masks are scored a
# line at a time on Python ints used as bit rows. Tables that cost time to
# build (the generator polynomials, the masks' patterns) are constants,
# which frozen into the image stay in flash.

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
    coefficient (always 1) left out (Annex A). Multiplications inlined
    through the log tables (a call per product cost 20 ms on the RP2040)."""
    exp = _EXP
    log = _LOG
    g = bytearray(degree)
    g[degree - 1] = 1
    for lr in range(degree):        # root = a^lr
        for j in range(degree):
            gj = g[j]
            if gj:
                gj = exp[log[gj] + lr]
            if j + 1 < degree:
                gj ^= g[j + 1]
            g[j] = gj
    return g


# Annex A (Table A.1): the generator polynomials of the error correction
# codeword counts of Table 9, as the exponents of alpha of their
# coefficients, highest degree first, the leading 1 left out (what
# _logs(_generator(n)) gives; tests/portable/test_qr.py checks each).
GENERATOR_LOGS = {
    7: b"\x57\xe5\x92\x95\xee\x66\x15",
    10: b"\xfb\x43\x2e\x3d\x76\x46\x40\x5e\x20\x2d",
    15: b"\x08\xb7\x3d\x5b\xca\x25\x33\x3a\x3a\xed\x8c\x7c\x05\x63\x69",
    16: b"\x78\x68\x6b\x6d\x66\xa1\x4c\x03\x5b\xbf\x93\xa9\xb6\xc2\xe1\x78",
    18: b"\xd7\xea\x9e\x5e\xb8\x61\x76\xaa\x4f\xbb\x98\x94\xfc\xb3\x05\x62\x60\x99",
    20: b"\x11\x3c\x4f\x32\x3d\xa3\x1a\xbb\xca\xb4\xdd\xe1\x53\xef\x9c\xa4\xd4\xd4\xbc\xbe",
    22: b"\xd2\xab\xf7\xf2\x5d\xe6\x0e\x6d\xdd\x35\xc8\x4a\x08\xac\x62\x50\xdb\x86\xa0\x69\xa5\xe7",
    24: b"\xe5\x79\x87\x30\xd3\x75\xfb\x7e\x9f\xb4\xa9\x98\xc0\xe2\xe4\xda\x6f\x00\x75\xe8\x57\x60\xe3\x15",
    26: (b"\xad\x7d\x9e\x02\x67\xb6\x76\x11\x91\xc9\x6f\x1c\xa5"
         b"\x35\xa1\x15\xf5\x8e\x0d\x66\x30\xe3\x99\x91\xda\x46"),
    28: (b"\xa8\xdf\xc8\x68\xe0\xea\x6c\xb4\x6e\xbe\xc3\x93\xcd\x1b"
         b"\xe8\xc9\x15\x2b\xf5\x57\x2a\xc3\xd4\x77\xf2\x25\x09\x7b"),
    30: (b"\x29\xad\x91\x98\xd8\x1f\xb3\xb6\x32\x30\x6e\x56\xef\x60\xde"
         b"\x7d\x2a\xad\xe2\xc1\xe0\x82\x9c\x25\xfb\xd8\xee\x28\xc0\xb4"),
}


def _mul(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def rs_divide(msg, k, n, lg, exp, log):
    """msg (k data codewords, then n zeros) divided in place by the
    generator whose coefficients' logarithms are lg (the generator of
    _generator: no coefficient is 0), by long division without shifting
    the remainder: msg[k:k + n] becomes the error correction codewords.
    usher.device.qr_kernels has the same in native code."""
    for i in range(k):
        f = msg[i]
        if f:
            lf = log[f]
            for j in range(n):
                msg[i + 1 + j] ^= exp[lf + lg[j]]


def _logs(gen):
    lg = bytearray(len(gen))
    for j in range(len(gen)):
        lg[j] = _LOG[gen[j]]
    return lg


def rs_remainder(data, gen, kernels=None):
    """The error correction codewords of data for a generator from
    _generator: the remainder of data * x^n divided by it."""
    n = len(gen)
    k = len(data)
    msg = bytearray(k + n)
    msg[:k] = data
    (kernels.rs_divide if kernels else rs_divide)(msg, k, n, _logs(gen), _EXP, _LOG)
    return msg[k:]


# --- the codewords ------------------------------------------------------------------

def _bitstream(data, version, ec):
    """Mode, count, data, terminator and pad codewords (clause 7.4). The
    header (4 + 8 or 16 bits) and the 4-bit terminator make whole bytes, so
    the bits are one int shifted in C, not a Python loop over the bytes
    (capacity() leaves room for the whole terminator)."""
    total = data_codewords(version, ec)
    out = bytearray(total)
    cb = count_bits(version)
    n = len(data)
    head = (4 << cb) | n
    used = n + (4 + cb + 4) // 8
    value = ((head << (8 * n)) | int.from_bytes(data, "big")) << 4
    out[:used] = value.to_bytes(used, "big")
    value = None
    for i in range(total - used):
        out[used + i] = PAD[i & 1]
    return out


_ZEROS = bytes(32)


def copy_strided(dst, d0, step, src, s0, count):
    """dst[d0 + j * step] = src[s0 + j] for j < count (the interleaving of
    clause 7.6; usher.device.qr_kernels has it in native code)."""
    for j in range(count):
        dst[d0 + j * step] = src[s0 + j]


def codewords(data, version, ec, kernels=None):
    """The final message: data blocks then error correction blocks,
    interleaved codeword by codeword (clause 7.6), written straight into
    place (one block's division buffer is reused for every block)."""
    i = version - 1
    nblocks = BLOCKS[ec][i]
    necc = EC_PER_BLOCK[ec][i]
    raw = raw_codewords(version)
    short = nblocks - raw % nblocks        # blocks of the shorter length
    short_data = raw // nblocks - necc
    stream = _bitstream(data, version, ec)
    ndata = len(stream)
    lg = GENERATOR_LOGS[necc]
    divide = kernels.rs_divide if kernels else rs_divide
    strided = kernels.copy_strided if kernels else copy_strided
    view = memoryview(stream)
    out = bytearray(raw)
    msg = bytearray(short_data + 1 + necc)
    k = 0
    for b in range(nblocks):
        n = short_data + (0 if b < short else 1)
        strided(out, b, nblocks, stream, k, short_data)
        if n > short_data:   # a long block's last data codeword
            out[short_data * nblocks + b - short] = stream[k + short_data]
        msg[:n] = view[k:k + n]
        msg[n:n + necc] = _ZEROS[:necc]
        divide(msg, n, necc, lg, _EXP, _LOG)
        strided(out, ndata + b, nblocks, msg, n, necc)
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
    """size x size modules, 1 = dark, bit-packed by rows and (for the
    bytecode masks' scores, columns=True) by columns."""

    def __init__(self, size, columns=True):
        self.size = size
        self.stride = (size + 7) >> 3
        n = size * self.stride
        self.rows = bytearray(n)
        self.frows = bytearray(n)   # 1 = function pattern module (not data)
        self.cols = bytearray(n) if columns else None
        self.fcols = bytearray(n) if columns else None

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
        if self.cols is not None:
            self._put(self.cols, c * s + (r >> 3), 0x80 >> (r & 7), dark)

    def function(self, r, c, dark):
        k = r * self.stride + (c >> 3)
        bit = 0x80 >> (c & 7)
        self.frows[k] |= bit
        if dark:
            self.rows[k] |= bit
        else:
            self.rows[k] &= 0xFF ^ bit
        if self.cols is not None:
            k = c * self.stride + (r >> 3)
            bit = 0x80 >> (r & 7)
            self.fcols[k] |= bit
            self._put(self.cols, k, bit, dark)

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


def _span(m, r, c0, width, bits):
    """Function modules r, c0..c0 + width - 1, dark where bits (width bits,
    the first module the highest) has a one: the patterns are drawn a row
    span at a time, a byte of the row at a time (a method call per module
    cost a third of the encoder's time on the RP2040)."""
    s = m.stride
    rows = m.rows
    frows = m.frows
    base = r * s
    end = c0 + width          # one past the span's last column
    for kb in range(c0 >> 3, ((end - 1) >> 3) + 1):
        lo = max(c0, kb * 8) - kb * 8          # the span's columns in this byte
        hi = min(end, kb * 8 + 8) - kb * 8
        keep = (0xFF >> lo) & (0xFF << (8 - hi)) & 0xFF
        e = 8 * kb + 8 - end                   # where bits' last column lands
        v = (bits << e if e >= 0 else bits >> -e) & keep
        k = base + kb
        frows[k] |= keep
        rows[k] = (rows[k] & (0xFF ^ keep)) | v
    cols = m.cols
    if cols is not None:
        cbit = 0x80 >> (r & 7)
        for i in range(width):
            j = (c0 + i) * s + (r >> 3)
            m.fcols[j] |= cbit
            if (bits >> (width - 1 - i)) & 1:
                cols[j] |= cbit
            else:
                cols[j] &= 0xFF ^ cbit


# A finder pattern's 7 rows with its light separator around it (clause
# 6.3.3): the 9 x 9 square from (-1, -1), as 9-bit rows.
_FINDER = (0x000, 0x0FE, 0x082, 0x0BA, 0x0BA, 0x0BA, 0x082, 0x0FE, 0x000)
_ALIGN = (0x1F, 0x11, 0x15, 0x11, 0x1F)   # clause 6.3.6, 5 x 5


def _square(m, r0, c0, width, lines):
    """The function modules of a square from (r0, c0), width (at most 9)
    wide, dark where lines (one width-bit int per row, the first module
    the highest) say: the square's one or two bytes of each row are
    written whole."""
    if m.cols is not None:      # the bytecode path's column copies: per module
        for dr in range(len(lines)):
            _span(m, r0 + dr, c0, width, lines[dr])
        return
    s = m.stride
    rows = m.rows
    frows = m.frows
    end = c0 + width
    k1 = (end - 1) >> 3             # the byte of the last column
    e = 8 * k1 + 8 - end            # the shift that puts it in place
    full = ((1 << width) - 1) << e  # the square's bits over bytes k1 - 1, k1
    lo = full & 0xFF
    hi = full >> 8
    base = r0 * s + k1
    for v in lines:
        v <<= e
        k = base
        frows[k] |= lo
        rows[k] = (rows[k] & (0xFF ^ lo)) | (v & lo)
        if hi:
            k -= 1
            frows[k] |= hi
            rows[k] = (rows[k] & (0xFF ^ hi)) | ((v >> 8) & hi)
        base += s


def _finder(m, r0, c0):
    """The 9 x 9 square (cut at the symbol's edges) around the finder whose
    top left module is (r0, c0)."""
    n = m.size
    lo = max(c0 - 1, 0)
    hi = min(c0 + 8, n)
    keep = (1 << (hi - lo)) - 1
    # the columns lo..hi-1 of the 9-bit rows that start at c0 - 1, and the
    # rows inside the symbol
    lines = [(_FINDER[dr] >> (c0 + 8 - hi)) & keep for dr in range(9) if 0 <= r0 - 1 + dr < n]
    _square(m, max(r0 - 1, 0), lo, hi - lo, lines)


def _function_patterns(m, version):
    n = m.size
    # Timing patterns (clause 6.3.5): row 6 and column 6, dark on even.
    bits = 0
    for i in range(n):
        bits = (bits << 1) | (1 - (i & 1))
    _span(m, 6, 0, n, bits)
    s = m.stride
    for i in range(n):          # column 6: bit 0x02 of each row's first byte
        k = i * s
        m.frows[k] |= 0x02
        if i & 1:
            m.rows[k] &= 0xFD
        else:
            m.rows[k] |= 0x02
    if m.cols is not None:
        m.cols[6 * s:7 * s] = m.rows[6 * s:7 * s]   # column 6 reads as row 6
        m.fcols[6 * s:7 * s] = m.frows[6 * s:7 * s]
    _finder(m, 0, 0)
    _finder(m, 0, n - 7)
    _finder(m, n - 7, 0)
    centres = ALIGNMENT[version - 1]
    last = len(centres) - 1
    for a in range(len(centres)):
        for b in range(len(centres)):
            if (a == 0 and b == 0) or (a == 0 and b == last) or (a == last and b == 0):
                continue  # these would overlap the finder patterns
            _square(m, centres[a] - 2, centres[b] - 2, 5, _ALIGN)
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


# Table 10's masks over 12 rows and 24 columns (every mask repeats every
# 12 rows and every 6 columns, so 24 columns are 3 whole bytes): 8 masks x
# 12 rows x 3 bytes, 1 = the module is inverted (mask_bit; the tests check
# each bit).
MASK_UNITS = (
    b"\xaa\xaa\xaa\x55\x55\x55\xaa\xaa\xaa\x55\x55\x55\xaa\xaa\xaa\x55\x55\x55\xaa\xaa\xaa\x55\x55\x55\xaa\xaa\xaa\x55\x55\x55\xaa\xaa\xaa\x55\x55\x55",
    b"\xff\xff\xff\x00\x00\x00\xff\xff\xff\x00\x00\x00\xff\xff\xff\x00\x00\x00\xff\xff\xff\x00\x00\x00\xff\xff\xff\x00\x00\x00\xff\xff\xff\x00\x00\x00",
    b"\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24\x92\x49\x24",
    b"\x92\x49\x24\x24\x92\x49\x49\x24\x92\x92\x49\x24\x24\x92\x49\x49\x24\x92\x92\x49\x24\x24\x92\x49\x49\x24\x92\x92\x49\x24\x24\x92\x49\x49\x24\x92",
    b"\xe3\x8e\x38\xe3\x8e\x38\x1c\x71\xc7\x1c\x71\xc7\xe3\x8e\x38\xe3\x8e\x38\x1c\x71\xc7\x1c\x71\xc7\xe3\x8e\x38\xe3\x8e\x38\x1c\x71\xc7\x1c\x71\xc7",
    b"\xff\xff\xff\x82\x08\x20\x92\x49\x24\xaa\xaa\xaa\x92\x49\x24\x82\x08\x20\xff\xff\xff\x82\x08\x20\x92\x49\x24\xaa\xaa\xaa\x92\x49\x24\x82\x08\x20",
    b"\xff\xff\xff\xe3\x8e\x38\xdb\x6d\xb6\xaa\xaa\xaa\xb6\xdb\x6d\x8e\x38\xe3\xff\xff\xff\xe3\x8e\x38\xdb\x6d\xb6\xaa\xaa\xaa\xb6\xdb\x6d\x8e\x38\xe3",
    b"\xaa\xaa\xaa\x1c\x71\xc7\x8e\x38\xe3\x55\x55\x55\xe3\x8e\x38\x71\xc7\x1c\xaa\xaa\xaa\x1c\x71\xc7\x8e\x38\xe3\x55\x55\x55\xe3\x8e\x38\x71\xc7\x1c",
)


def pattern_rows(mask, size, stride):
    """The mask's 12 row patterns (it repeats every 12 rows) packed as the
    matrix's rows are, padding bits 0: 12 * stride bytes, for
    usher.device.qr_kernels."""
    out = bytearray(12 * stride)
    units = MASK_UNITS[mask]
    tail = (0xFF << (stride * 8 - size)) & 0xFF
    reps = (stride + 2) // 3
    for r in range(12):
        k = r * stride
        out[k:k + stride] = (units[3 * r:3 * r + 3] * reps)[:stride]
        out[k + stride - 1] &= tail
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


def encode(data, ec=M, version=None, mask=None, min_version=1, max_version=MAX_VERSION,
           kernels=None):
    """data (bytes, or str as UTF-8) as a QR code in byte mode.
    version None: the smallest in min_version..max_version that holds it;
    mask None: the one with the lowest penalty (the lowest number on a tie).
    kernels: None, or an object with rs_divide, place, penalty and
    apply_mask doing this module's hot loops faster (the device's native
    usher.device.qr_kernels); the code is the same either way.
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
    # The codewords before the matrix: their transient ints and buffers are
    # gone before the matrix's rows are made (the peak heap, bench/qr.py).
    words = codewords(data, version, ec, kernels)
    n = size_of(version)
    m = Matrix(n, columns=kernels is None)
    _function_patterns(m, version)
    if kernels:
        kernels.place(m.rows, m.frows, n, m.stride, words, len(words) * 8)
    else:
        _place(m, words)
    words = None
    if mask is None:
        best = None
        scratch = bytearray(n * m.stride) if kernels else None
        for k in range(8):
            if kernels:
                p = kernels.penalty(m.rows, m.frows, pattern_rows(k, n, m.stride), n, m.stride,
                                    scratch)
            else:
                p = penalty(m, k)
            if best is None or p < best:
                best = p
                mask = k
        scratch = None
    if kernels:
        kernels.apply_mask(m.rows, m.frows, pattern_rows(mask, n, m.stride), n, m.stride)
    else:
        _apply_mask(m, mask)
    _format(m, format_bits(ec, mask))
    _version(m, version, version_bits(version))
    m.free_function_maps()
    return QR(m, version, ec, mask)
