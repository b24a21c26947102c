# The QR encoder's three hot loops in native code (viper), handed to
# usher.qr.encode by the device (services["qr_kernels"], APP_CONTRACT) so
# that the encoder itself stays portable and knows nothing of the device.
# Measured on the emulated RP2040 (bench/qr.py --chip): the bytecode encoder
# took about 5.8 s to open the share screen of the longest play the device
# keeps, nearly all of it in the eight masks' scores (Python ints as bit
# rows allocate on every operation), the Reed-Solomon division and the
# placement; these kernels do the same work on the packed bytes in place.
#
# Each function here has a bytecode reference in usher.qr, computing the same
# result another way (rs_divide, _place, penalty and _apply_mask): the device
# tests compare them on the unix port's native emitter over many random
# codes, and tests/rp2/test_rp2_qr.py on the emulated chip.
#
# The matrix is usher.qr.Matrix's rows (size rows of stride bytes, module 0
# the most significant bit, 1 = dark) and frows (1 = a function module, which
# no mask touches); a mask is given as its 12 row patterns (every mask of
# Table 10 repeats every 12 rows), 12 * stride bytes, from
# usher.qr.pattern_rows. Only the rows are kept: a column is read bit by bit
# from them, so the column-packed copies the bytecode path needs (3.9 KB at
# version 26) are not made.
#
# Viper ints are machine words; nothing here needs more than 16 bits, so the
# 32-bit chip and the 64-bit unix port give the same results. No constant
# over 16 bits appears (armv6m loads those pc-relative: usher.device.pack).
# Only ports with a native emitter import this module (the RP2040 images and
# the unix port of the device tests); CircuitPython and the WebAssembly port
# use the bytecode encoder.
import micropython


@micropython.viper
def rs_divide(msg: ptr8, k: int, n: int, lg: ptr8, exp: ptr8, log: ptr8):  # type: ignore[name-defined]  # noqa: F821
    """msg (k data codewords, then n zeros) divided in place by the
    generator whose coefficients' logarithms are lg: msg[k:k + n] becomes
    the remainder (usher.qr.rs_divide)."""
    i = 0
    while i < k:
        f = msg[i]
        if f:
            lf = int(log[f])
            j = 0
            d = i + 1
            while j < n:
                msg[d + j] = msg[d + j] ^ exp[lf + int(lg[j])]
                j += 1
        i += 1


@micropython.viper
def copy_strided(dst: ptr8, d0: int, step: int, src: ptr8, s0: int, count: int):  # type: ignore[name-defined]  # noqa: F821
    """dst[d0 + j * step] = src[s0 + j] for j < count (usher.qr.copy_strided)."""
    j = 0
    d = d0
    while j < count:
        dst[d] = src[s0 + j]
        d += step
        j += 1


@micropython.viper
def place(rows: ptr8, frows: ptr8, n: int, s: int, words: ptr8, total: int):  # type: ignore[name-defined]  # noqa: F821
    """The total bits of words into the data modules of rows, two columns
    at a time from the lower right, up and down in turn, skipping the
    vertical timing pattern (clause 7.7.3; usher.qr._place)."""
    i = 0
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        vert = 0
        while vert < n:
            if upward:
                r = n - 1 - vert
            else:
                r = vert
            base = r * s
            c = right
            while c >= right - 1:
                idx = base + (c >> 3)
                bit = 0x80 >> (c & 7)
                if not (int(frows[idx]) & bit):
                    if i >= total:
                        return
                    if (int(words[i >> 3]) >> (7 - (i & 7))) & 1:
                        rows[idx] = int(rows[idx]) | bit
                    i += 1
                c -= 1
            vert += 1
        right -= 2


@micropython.viper
def apply_mask(rows: ptr8, frows: ptr8, pat: ptr8, n: int, s: int):  # type: ignore[name-defined]  # noqa: F821
    """The mask (its 12 row patterns) applied to the data modules of rows,
    in place (usher.qr._apply_mask)."""
    r = 0
    pr = 0
    while r < n:
        base = r * s
        pb = pr * s
        k = 0
        while k < s:
            rows[base + k] = int(rows[base + k]) ^ (int(pat[pb + k]) & (int(frows[base + k]) ^ 0xFF))
            k += 1
        r += 1
        pr += 1
        if pr == 12:
            pr = 0


# Byte tables (in flash when frozen: bytes literals take no RAM), each
# entry of a byte b, module 0 its most significant bit; kept equal to their
# definitions by tests/device (test_dev_qr_kernels.py).
POP = (
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
)        # dark modules
LEAD = (
    b"\x08\x07\x06\x06\x05\x05\x05\x05\x04\x04\x04\x04\x04\x04\x04\x04\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x04\x04\x04\x04\x04\x04\x04\x04\x05\x05\x05\x05\x06\x06\x07\x08"
)       # modules of the run b starts with (1-8)
TRAIL = (
    b"\x08\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x05"
    b"\x05\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x06"
    b"\x06\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x05"
    b"\x05\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x07"
    b"\x07\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x05"
    b"\x05\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x06"
    b"\x06\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x05"
    b"\x05\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x04\x04\x01\x01\x02\x02\x01\x01\x03\x03\x01\x01\x02\x02\x01\x01\x08"
)      # modules of the run b ends with (1-8)
INNER = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00"
    b"\x00\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x03\x04\x00"
    b"\x00\x04\x03\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00"
    b"\x00\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
)      # rule 1's points of the runs touching neither end of b


@micropython.viper
def _lines(buf: ptr8, n: int, s: int) -> int:  # type: ignore[name-defined]  # noqa: F821
    """Rules 1 and 3 over the n lines of buf (n bits each, s bytes a line,
    padding bits light), a byte at a time:
    - rule 1, runs of 5 or more of one colour (3 + each module beyond 5),
      from the tables: a byte adds its LEAD to the run it continues, and
      unless it is one run, closes it, scores its INNER runs and starts one
      of its TRAIL. The padding of a line's last byte is read as modules
      alternating from unlike its last module, so no run reaches into it.
    - rule 3, the 1:1:3:1:1 finder-like pattern with 4 light modules on one
      side or both (40 each; the quiet zone beyond the line is light), on a
      26-bit window of the line (the newest byte in bits 0-7), each byte's
      modules scored once the next byte is in (bits 8-15): m's bit p says
      modules p..p+6 are the core 1011101; it counts when the 4 before it
      (bits p+7..p+10) or the 4 after it (p-4..p-1) are light."""
    lead_t = ptr8(LEAD)  # noqa: F821
    trail_t = ptr8(TRAIL)  # noqa: F821
    inner_t = ptr8(INNER)  # noqa: F821
    pop_t = ptr8(POP)  # noqa: F821
    total = 0
    used = n - 8 * (s - 1)                    # modules in a line's last byte
    r = 0
    while r < n:
        base = r * s
        w = 0
        colour = 2
        run = 0
        k = 0
        while k <= s:
            b = 0
            if k < s:
                b = int(buf[base + k])
                x = b
                if k == s - 1 and used < 8:   # padding: alternate from unlike the last module
                    v = ((b >> (8 - used)) & 1) ^ 1
                    j = 7 - used
                    while j >= 0:
                        x |= v << j
                        v ^= 1
                        j -= 1
                lead = int(lead_t[x])
                if (x >> 7) == colour:
                    run += lead
                else:
                    if run >= 5:
                        total += run - 2
                    run = lead
                    colour = x >> 7
                if lead < 8:
                    if run >= 5:
                        total += run - 2
                    total += int(inner_t[x])
                    run = int(trail_t[x])
                    colour = x & 1
            w = ((w << 8) | b) & 0x3FFFFFF
            if k > 0:
                nw = w ^ 0x3FFFFFF
                m = ((w & (nw >> 1) & (w >> 2) & (w >> 3) & (w >> 4) & (nw >> 5) & (w >> 6)) >> 8) & 0xFF
                if m:
                    z = (w | (w >> 1) | (w >> 2) | (w >> 3)) ^ 0x3FFFFFF
                    total += 40 * int(pop_t[m & ((z >> 15) | (z >> 4))])
            k += 1
        if run >= 5:
            total += run - 2
        r += 1
    return total


@micropython.viper
def _blocks(buf: ptr8, n: int, s: int) -> int:  # type: ignore[name-defined]  # noqa: F821
    """Rule 2's count: the 2x2 blocks of one colour, a byte of top-left
    modules at a time (16 bits: the byte and the next, of the row and the
    row below)."""
    pop_t = ptr8(POP)  # noqa: F821
    count = 0
    last = (n - 2) >> 3                       # the byte holding column n - 2
    tail = (0xFF << (7 - ((n - 2) & 7))) & 0xFF   # its columns up to n - 2
    r = 0
    while r < n - 1:
        a = r * s
        b = a + s
        k = 0
        while k <= last:
            x = int(buf[a + k]) << 8
            y = int(buf[b + k]) << 8
            if k + 1 < s:
                x |= int(buf[a + k + 1])
                y |= int(buf[b + k + 1])
            v = (x ^ y) ^ 0xFFFF              # this row's module == the one below
            h = (x ^ (x << 1)) ^ 0x1FFFF      # module == the one right of it
            m = (v & (v << 1) & h) >> 8       # the byte's 8 top-left modules
            if k == last:
                m &= tail
            count += int(pop_t[m & 0xFF])
            k += 1
        r += 1
    return count


@micropython.viper
def _dark(buf: ptr8, size: int) -> int:  # type: ignore[name-defined]  # noqa: F821
    """The dark modules of buf (its padding bits are light)."""
    pop_t = ptr8(POP)  # noqa: F821
    count = 0
    i = 0
    while i < size:
        count += int(pop_t[buf[i]])
        i += 1
    return count


@micropython.viper
def _transpose(src: ptr8, dst: ptr8, n: int, s: int):  # type: ignore[name-defined]  # noqa: F821
    """dst = src's n x n bits transposed (line c of dst is column c of src),
    an 8 x 8 block at a time (Hacker's Delight 7-3, as usher.device.pack;
    the right shifts are masked so that the 32-bit chip's signed words give
    the same bytes as 64 bits)."""
    rb = 0
    while rb < s:
        cb = 0
        while cb < s:
            a = rb * 8 * s + cb
            top = n - rb * 8                  # rows of this block inside the symbol
            r0 = int(src[a])
            r1 = 0
            r2 = 0
            r3 = 0
            r4 = 0
            r5 = 0
            r6 = 0
            r7 = 0
            if top > 1:
                r1 = int(src[a + s])
            if top > 2:
                r2 = int(src[a + 2 * s])
            if top > 3:
                r3 = int(src[a + 3 * s])
            if top > 4:
                r4 = int(src[a + 4 * s])
            if top > 5:
                r5 = int(src[a + 5 * s])
            if top > 6:
                r6 = int(src[a + 6 * s])
            if top > 7:
                r7 = int(src[a + 7 * s])
            x = (r0 << 24) | (r1 << 16) | (r2 << 8) | r3
            y = (r4 << 24) | (r5 << 16) | (r6 << 8) | r7
            t = (x ^ (x >> 7)) & 0x00AA00AA
            x = x ^ t ^ (t << 7)
            t = (y ^ (y >> 7)) & 0x00AA00AA
            y = y ^ t ^ (t << 7)
            t = (x ^ (x >> 14)) & 0x0000CCCC
            x = x ^ t ^ (t << 14)
            t = (y ^ (y >> 14)) & 0x0000CCCC
            y = y ^ t ^ (t << 14)
            t = (x & ~0x0F0F0F0F) | ((y >> 4) & 0x0F0F0F0F)
            y = ((x << 4) & ~0x0F0F0F0F) | (y & 0x0F0F0F0F)
            x = t
            c = 0
            while c < 8:
                col = cb * 8 + c
                if col < n:
                    if c < 4:
                        v = x >> (24 - 8 * c)
                    else:
                        v = y >> (56 - 8 * c)
                    dst[col * s + rb] = v & 0xFF
                c += 1
            cb += 1
        rb += 1


def penalty(rows, frows, pat, n, s, scratch):
    """The penalty score of rows with the mask (its 12 row patterns)
    applied (rules 1-4 of clause 7.8.3; usher.qr.penalty): the mask is
    applied in place, the rows scored, then the columns (the rows
    transposed into scratch, n * s bytes), and the mask taken off again."""
    apply_mask(rows, frows, pat, n, s)
    p = _lines(rows, n, s) + 3 * _blocks(rows, n, s)
    dark = _dark(rows, n * s)
    _transpose(rows, scratch, n, s)
    p += _lines(scratch, n, s)
    apply_mask(rows, frows, pat, n, s)
    cells = n * n
    # Rule 4: 10 for each full 5% the dark share is away from 50%.
    return p + 10 * (abs(dark * 20 - cells * 10) // cells)
