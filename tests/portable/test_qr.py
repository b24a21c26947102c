# The QR code encoder (PL-19, usher.qr) against the figures of ISO/IEC
# 18004:2015 and against the standard's rules worked out here again module
# by module. Runs on CPython, the unix port and WebAssembly; the reference
# libraries and a real decoder are in tests/host/test_qr_reference.py.
import mptest

from usher import qr

# Table 7: byte mode capacity of versions 1-26 at L and at M.
TABLE7_L = (17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644,
            718, 792, 858, 929, 1003, 1091, 1171, 1273, 1367)
TABLE7_M = (14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504,
            560, 624, 666, 711, 779, 857, 911, 997, 1059)
# Table 1: total codewords of some versions.
TABLE1 = ((1, 26), (2, 44), (6, 172), (7, 196), (10, 346), (14, 581), (20, 1085), (26, 1706))
# Annex C, Table C.1: format information for L and M with masks 0 and 7.
TABLE_C1 = (("L", 0, 0b111011111000100), ("L", 7, 0b110100101110110),
            ("M", 0, 0b101010000010010), ("M", 7, 0b100101010100000))
# Annex D, Table D.1: version information of versions 7, 10 and 26.
TABLE_D1 = ((7, 0x07C94), (10, 0x0A4D3), (26, 0x1AFAB))


class Rand:
    """A small deterministic byte source (the same on every runtime)."""

    def __init__(self, seed):
        self.x = seed or 1

    def byte(self):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 16) & 0xFF

    def data(self, n):
        return bytes([self.byte() for _ in range(n)])


def test_pl19_capacities_and_codewords_are_the_standards_tables():
    for v in range(1, 27):
        assert qr.capacity(v, "L") == TABLE7_L[v - 1], v
        assert qr.capacity(v, "M") == TABLE7_M[v - 1], v
        assert qr.size_of(v) == 17 + 4 * v
    for v, total in TABLE1:
        assert qr.raw_codewords(v) == total, v


def test_pl19_format_and_version_information_are_annex_c_and_d():
    for ec, mask, bits in TABLE_C1:
        assert qr.format_bits(ec, mask) == bits, (ec, mask)
    for v, bits in TABLE_D1:
        assert qr.version_bits(v) == bits, v


def _poly_at(words, x):
    """words as a polynomial (first codeword highest) evaluated at x."""
    y = 0
    for w in words:
        y = qr._mul(y, x) ^ w
    return y


def test_pl19_every_block_is_a_reed_solomon_codeword():
    # A block's data followed by its error correction codewords is
    # divisible by the generator: zero at a^0 .. a^(n-1).
    r = Rand(7)
    for v in (1, 5, 9, 15, 26):
        for ec in ("L", "M"):
            n = qr.EC_PER_BLOCK[ec][v - 1]
            data = r.data(qr.data_codewords(v, ec) // qr.BLOCKS[ec][v - 1])
            block = bytes(data) + bytes(qr.rs_remainder(data, qr._generator(n)))
            x = 1
            for _ in range(n):
                assert _poly_at(block, x) == 0, (v, ec)
                x = qr._mul(x, 2)


def _deinterleave(words, v, ec):
    """The blocks of a final message, as the decoder takes them apart."""
    nb = qr.BLOCKS[ec][v - 1]
    necc = qr.EC_PER_BLOCK[ec][v - 1]
    raw = qr.raw_codewords(v)
    short = nb - raw % nb
    sd = raw // nb - necc
    lens = [sd + (0 if b < short else 1) for b in range(nb)]
    blocks = [bytearray() for _ in range(nb)]
    pos = 0
    for j in range(sd + 1):
        for b in range(nb):
            if j < lens[b]:
                blocks[b].append(words[pos])
                pos += 1
    for _ in range(necc):
        for b in range(nb):
            blocks[b].append(words[pos])
            pos += 1
    return blocks, lens


def test_pl19_the_message_is_mode_count_data_terminator_pads_in_blocks():
    r = Rand(3)
    for v in (1, 9, 10, 21, 26):
        for ec in ("L", "M"):
            for n in (0, 1, qr.capacity(v, ec) // 2, qr.capacity(v, ec)):
                data = r.data(n)
                blocks, lens = _deinterleave(qr.codewords(data, v, ec), v, ec)
                stream = bytearray()
                gen = qr._generator(qr.EC_PER_BLOCK[ec][v - 1])
                for b in range(len(blocks)):
                    d = blocks[b][:lens[b]]
                    assert blocks[b][lens[b]:] == qr.rs_remainder(d, gen)
                    stream += d
                bits = 0
                for byte in stream:
                    bits = (bits << 8) | byte
                total = len(stream) * 8
                cb = 8 if v < 10 else 16
                assert bits >> (total - 4) == 0b0100                      # byte mode
                assert (bits >> (total - 4 - cb)) & ((1 << cb) - 1) == n  # count
                body = (bits >> (total - 4 - cb - 8 * n)) & ((1 << (8 * n)) - 1)
                if n:
                    assert body == int.from_bytes(data, "big")
                used = 4 + cb + 8 * n
                room = total - used
                rest = bits & ((1 << room) - 1)
                # terminator and zero bits to the byte, then EC 11 EC 11 ...
                t = min(room, 4)
                zeros = t + ((-(used + t)) % 8 if room > t else 0)
                assert rest >> (room - zeros) == 0
                pads = room - zeros
                for k in range(pads // 8):
                    byte = (rest >> (pads - 8 * (k + 1))) & 0xFF
                    assert byte == qr.PAD[k & 1], (v, ec, n, k)


def _finder_ok(code, r0, c0):
    for dr in range(7):
        for dc in range(7):
            d = max(abs(dr - 3), abs(dc - 3))
            assert code.module(r0 + dr, c0 + dc) == (1 if d != 2 else 0)


def test_pl19_function_patterns_and_format_bits_are_in_place():
    r = Rand(5)
    for v in (1, 2, 7, 14, 26):
        code = qr.encode(r.data(10), ec="M", version=v)
        n = code.size
        _finder_ok(code, 0, 0)
        _finder_ok(code, 0, n - 7)
        _finder_ok(code, n - 7, 0)
        for i in range(8, n - 8):   # timing patterns
            assert code.module(6, i) == (i + 1) % 2 and code.module(i, 6) == (i + 1) % 2
        assert code.module(n - 8, 8) == 1   # the dark module
        # The format information, read back from the first copy
        fmt = 0
        spots = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + \
            [(8, 14 - i) for i in range(9, 15)]
        for i in range(15):
            fmt |= code.module(spots[i][0], spots[i][1]) << i
        assert fmt == qr.format_bits("M", code.mask), v
        if v >= 7:
            ver = 0
            for i in range(18):
                ver |= code.module(i // 3, n - 11 + i % 3) << i
            assert ver == qr.version_bits(v)


def _naive_penalty(grid, n):
    """Rules 1-4 of clause 7.8.3, module by module (an independent check)."""
    def lines():
        for r in range(n):
            yield [grid[r][c] for c in range(n)]
        for c in range(n):
            yield [grid[r][c] for r in range(n)]
    p = 0
    for ln in lines():
        run = 1
        for i in range(1, n + 1):
            if i < n and ln[i] == ln[i - 1]:
                run += 1
            else:
                if run >= 5:
                    p += 3 + run - 5
                run = 1
        padded = [0] * 4 + ln + [0] * 4
        core = [1, 0, 1, 1, 1, 0, 1]
        for k in range(4, n - 2):
            if padded[k:k + 7] == core and (padded[k - 4:k] == [0] * 4 or
                                             padded[k + 7:k + 11] == [0] * 4):
                p += 40
    for r in range(n - 1):
        for c in range(n - 1):
            if grid[r][c] == grid[r][c + 1] == grid[r + 1][c] == grid[r + 1][c + 1]:
                p += 3
    dark = sum([sum(row) for row in grid])
    p += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
    return p


def test_pl19_all_eight_masks_are_scored_and_the_lowest_chosen():
    r = Rand(11)
    for v in (1, 3, 8):
        data = r.data(qr.capacity(v, "L") // 2)
        m = qr.Matrix(qr.size_of(v))
        qr._function_patterns(m, v)
        qr._place(m, qr.codewords(data, v, "L"))
        scores = []
        for k in range(8):
            n = m.size
            grid = [[m.get(rr, c) ^ (1 if qr.mask_bit(k, rr, c) and not m.is_function(rr, c) else 0)
                     for c in range(n)] for rr in range(n)]
            s = qr.penalty(m, k)
            assert s == _naive_penalty(grid, n), (v, k)
            scores.append(s)
        chosen = qr.encode(data, ec="L", version=v)
        assert scores[chosen.mask] == min(scores)
        assert chosen.mask == scores.index(min(scores))


def test_pl19_the_smallest_version_that_holds_the_data_is_chosen():
    r = Rand(9)
    for ec in ("L", "M"):
        for v in (1, 2, 10, 11, 25, 26):
            cap = qr.capacity(v, ec)
            assert qr.encode(r.data(cap), ec=ec).version == v
            if v < 26:
                assert qr.encode(r.data(cap + 1), ec=ec).version == v + 1


def test_pl19_bad_input_is_refused_with_the_reason():
    e = mptest.raises(qr.QRError, qr.encode, bytes(1368), "L")
    assert "1368 bytes" in str(e) and "1367" in str(e)
    assert "at most 1059" in str(mptest.raises(qr.QRError, qr.encode, bytes(1060), "M"))
    assert "L or M" in str(mptest.raises(qr.QRError, qr.encode, b"x", "H"))
    assert "version" in str(mptest.raises(qr.QRError, qr.encode, b"x", "L", 27))
    assert "version 1" in str(mptest.raises(qr.QRError, qr.encode, bytes(18), "L", 1))
    assert "mask" in str(mptest.raises(qr.QRError, qr.encode, b"x", "L", None, 8))


def test_pl19_text_is_utf8_bytes():
    a = qr.encode("G\u00e9rard", ec="M", version=2, mask=3)
    b = qr.encode(b"G\xc3\xa9rard", ec="M", version=2, mask=3)
    assert a.text() == b.text()


def test_pl19_the_generator_table_is_annex_a_worked_out_again():
    # Annex A's polynomial of degree 7 as printed in the standard, then every
    # degree of Table 9 multiplied out again from its roots.
    assert list(qr.GENERATOR_LOGS[7]) == [87, 229, 146, 149, 238, 102, 21]
    degrees = set(qr.EC_PER_BLOCK["L"]) | set(qr.EC_PER_BLOCK["M"])
    assert sorted(qr.GENERATOR_LOGS) == sorted(degrees)
    for n in degrees:
        assert qr.GENERATOR_LOGS[n] == bytes(qr._logs(qr._generator(n))), n


def test_pl19_the_mask_pattern_table_is_table_10():
    for k in range(8):
        units = qr.MASK_UNITS[k]
        assert len(units) == 36
        for r in range(12):
            for c in range(24):
                bit = (units[3 * r + (c >> 3)] >> (7 - (c & 7))) & 1
                assert bit == (1 if qr.mask_bit(k, r, c) else 0), (k, r, c)
        # pattern_rows: the same bits across a whole row, padding light
        n = qr.size_of(3)
        s = (n + 7) >> 3
        rows = qr.pattern_rows(k, n, s)
        for r in range(12):
            for c in range(s * 8):
                bit = (rows[r * s + (c >> 3)] >> (7 - (c & 7))) & 1
                assert bit == (1 if c < n and qr.mask_bit(k, r, c) else 0), (k, r, c)
