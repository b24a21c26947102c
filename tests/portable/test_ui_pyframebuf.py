# The pure-Python FrameBuffer (usher.ui.pyframebuf) draws exactly what
# MicroPython's framebuf draws: hand-worked pixels on every runtime, and on
# MicroPython a byte-for-byte comparison with the real framebuf over many
# seeded drawing operations (pixel identity, PL-3).
from usher.core import rng
from usher.ui import pyframebuf

W = 37
H = 21


def _pair():
    a = bytearray(((W + 7) // 8) * H)
    return a, pyframebuf.FrameBuffer(a, W, H, pyframebuf.MONO_HLSB)


def test_fill_rect_sets_msb_first_bits_with_row_stride_rounded_to_bytes():
    buf, fb = _pair()
    fb.fill_rect(6, 1, 4, 2, 1)  # x 6..9 on rows 1 and 2
    stride = 5  # 37 pixels -> 5 bytes per row
    assert buf[stride * 1] == 0b00000011 and buf[stride * 1 + 1] == 0b11000000
    assert buf[stride * 2] == 0b00000011 and buf[stride * 2 + 1] == 0b11000000
    assert sum(buf) == 2 * (0b11 + 0b11000000)
    fb.pixel(7, 1, 0)
    assert buf[stride] == 0b00000010
    assert fb.pixel(6, 1) == 1 and fb.pixel(7, 1) == 0 and fb.pixel(-1, 0) is None


def test_clipping_never_writes_outside():
    buf, fb = _pair()
    fb.fill_rect(-5, -5, 8, 7, 1)  # visible part: x 0..2, y 0..1
    fb.line(-10, 3, 50, 3, 1)
    fb.rect(30, 15, 20, 20, 1)
    assert fb.pixel(2, 1) == 1 and fb.pixel(3, 1) == 0 and fb.pixel(2, 2) == 0
    assert fb.pixel(0, 3) == 1 and fb.pixel(36, 3) == 1
    assert fb.pixel(30, 20) == 1 and fb.pixel(31, 16) == 0
    # bits past x=36 in each row's last byte stay clear
    for y in range(H):
        assert buf[y * 5 + 4] & 0b00000111 == 0


def test_line_endpoints_and_diagonal():
    buf, fb = _pair()
    fb.line(0, 0, 4, 4, 1)
    for i in range(5):
        assert fb.pixel(i, i) == 1
    assert sum([fb.pixel(x, y) for x in range(W) for y in range(H)]) == 5


def test_blit_key_and_palette_draw_only_ink():
    buf, fb = _pair()
    glyph = bytes([0b10100000, 0b01000000])  # 3x2, stride 8
    fb.blit((glyph, 3, 2, pyframebuf.MONO_HLSB, 8), 10, 5, 0)
    assert [fb.pixel(10 + x, 5) for x in range(3)] == [1, 0, 1]
    assert [fb.pixel(10 + x, 6) for x in range(3)] == [0, 1, 0]
    fb.fill(1)
    inv = (bytes([0x80]), 2, 1, pyframebuf.MONO_HLSB, 8)
    fb.blit((glyph, 3, 2, pyframebuf.MONO_HLSB, 8), 10, 5, 1, inv)
    assert [fb.pixel(10 + x, 5) for x in range(3)] == [0, 1, 0]
    assert fb.pixel(9, 5) == 1 and fb.pixel(13, 5) == 1


def _ops(seed, n):
    st = rng.new_state(seed)
    r = rng.randint
    out = []
    for _ in range(n):
        kind = r(st, 0, 7)
        x, y = r(st, -8, W + 4), r(st, -8, H + 4)
        w, h = r(st, -2, 30), r(st, -2, 20)
        c = r(st, 0, 1)
        out.append((kind, x, y, w, h, c))
    return out


def _draw(fb, mod, ops):
    src_buf = bytearray(2 * 9)
    src = mod.FrameBuffer(src_buf, 13, 9, mod.MONO_HLSB)
    src.line(0, 0, 12, 8, 1)
    src.rect(2, 1, 7, 5, 1)
    for kind, x, y, w, h, c in ops:
        if kind == 0:
            fb.fill_rect(x, y, w, h, c)
        elif kind == 1:
            fb.line(x, y, x + w, y + h, c)
        elif kind == 2:
            fb.rect(x, y, w, h, c)
        elif kind == 3:
            fb.hline(x, y, w, c)
        elif kind == 4:
            fb.vline(x, y, h, c)
        elif kind == 5:
            fb.blit(src, x, y, c)
        elif kind == 6:
            fb.blit((bytes(src_buf), 13, 9, mod.MONO_HLSB, 16), x, y, -1)
        else:
            fb.scroll(w // 3 - 3, h // 3 - 2)


def test_pyframebuf_is_byte_identical_to_framebuf():
    try:
        import framebuf
    except ImportError:
        # CPython: compare against the ops' known result on a pinned case
        # instead (the cross-runtime host test covers whole screens).
        buf, fb = _pair()
        _draw(fb, pyframebuf, [(0, 1, 1, 3, 1, 1)])
        assert buf[5] == 0b01110000
        return
    for seed in range(1, 31):
        a, b = _on_both(framebuf, _draw, _ops(seed, 25))
        assert a == b, "seed %d differs" % seed


def _on_both(framebuf, draw, ops):
    """The buffers draw(fb, module, ops) leaves with framebuf and with pyframebuf."""
    a = bytearray(5 * H)
    b = bytearray(5 * H)
    draw(framebuf.FrameBuffer(a, W, H, framebuf.MONO_HLSB), framebuf, ops)
    draw(pyframebuf.FrameBuffer(b, W, H, pyframebuf.MONO_HLSB), pyframebuf, ops)
    return a, b


def _blit_ops(seed, n):
    """Blits of random 1-bit sources (glyph-like tuples and FrameBuffers,
    strides of one or more whole bytes), keys and palettes, and fills, over
    every alignment and clipping: what tools/framebuf_fast.py draws a byte
    at a time in the project's images."""
    st = rng.new_state(seed)
    r = rng.randint
    ops = []
    for _ in range(n):
        sw, sh = r(st, 1, 26), r(st, 1, 12)
        stride = ((sw + 7) & ~7) + 8 * r(st, 0, 1)
        data = bytes([r(st, 0, 255) for _i in range(((stride + 7) // 8 + 1) * sh)])
        pal = r(st, 0, 3)                          # none, inverting, all ink, all paper
        ops.append((r(st, 0, 4), data, sw, sh, stride, r(st, -30, W + 3), r(st, -14, H + 3),
                    r(st, -1, 2), pal, r(st, 0, 1)))
    return ops


_PALETTES = (None, bytes([0x80]), bytes([0xC0]), bytes([0x00]))


def _blits(fb, mod, ops):
    for kind, data, sw, sh, stride, x, y, key, pal, c in ops:
        if kind == 0:
            fb.fill_rect(x, y, sw, sh, c)
            continue
        if kind == 1 and c:
            fb.fill(x & 1)      # one op in ten clears the frame to ink or paper
            continue
        src = (data, sw, sh, mod.MONO_HLSB, stride)
        if kind == 4:
            src = mod.FrameBuffer(bytearray(data), sw, sh, mod.MONO_HLSB, stride)
        if _PALETTES[pal] is None:
            fb.blit(src, x, y, key)
        else:
            fb.blit(src, x, y, key, (_PALETTES[pal], 2, 1, mod.MONO_HLSB, 8))


def test_blits_with_keys_palettes_and_any_source_are_byte_identical_to_framebuf():
    try:
        import framebuf
    except ImportError:
        return          # CPython: pyframebuf is the only framebuf (the test above pins it)
    for seed in range(1, 41):
        a, b = _on_both(framebuf, _blits, _blit_ops(seed, 30))
        assert a == b, "seed %d differs" % seed
