# The bitmap canvas of the CircuitPython backend (usher.device.circuitpython.
# bitmap_canvas, docs/performance.md) on CircuitPython's unix port, with its real
# displayio.Bitmap and bitmaptools: text blitted from the font sheets and
# everything else drawn into the Bitmap's own bytes must equal what
# pyframebuf and usher.ui.text's bytecode draw (the simulator's picture).
# Run by `make test-cpy-device`.
import displayio
import bitmaptools

from mptest import tmpdir

from usher.core import rng
from usher.device.circuitpython.backend import CircuitPythonBackend
from usher.device.circuitpython import font_sheets
from usher.device.circuitpython.bitmap_canvas import BitmapCanvas
from usher.device.circuitpython.glyph_text import GlyphText
from usher.device.circuitpython.sheet_text import BitmapText, build_glyphs
from usher.ui import pyframebuf, text
from usher.ui.app import App

W = 296
H = 128
ROW = 40                # a 296-pixel row of a 1-bit Bitmap: 10 words


def _bitmap_canvas(frozen=False):
    """The canvas and its text kernel: the image's (frozen glyphs from
    flash) or the files' (sheets built at the first draw)."""
    c = BitmapCanvas(displayio.Bitmap(W, H, 2), W, H)
    if frozen:
        return c, GlyphText(c, bitmaptools, font_sheets.GLYPHS)
    return c, BitmapText(c, displayio, bitmaptools)


def _rows(buf, row):
    """The 296 pixels of each row, without the Bitmap's padding."""
    return b"".join(bytes(buf[y * row:y * row + W // 8]) for y in range(H))


def _noise(st, buf, n):
    for i in range(n):
        buf[i] = rng.randint(st, 0, 255)


def _pair(seed, frozen=False):
    """(reference bytes, its pyframebuf), (bitmap canvas, kernel), the same
    noise on both."""
    ref = bytearray(W * H // 8)
    _noise(rng.new_state(seed), ref, len(ref))
    c, k = _bitmap_canvas(frozen)
    for y in range(H):
        c.buf[y * ROW:y * ROW + W // 8] = ref[y * (W // 8):(y + 1) * (W // 8)]
    return (ref, pyframebuf.FrameBuffer(ref, W, H, pyframebuf.MONO_HLSB)), (c, k)


def _draw_both(ref_fb, c, k, font, s, x, y, color):
    text.use_native(None)
    a = text.draw(ref_fb, font, s, x, y, color)
    text.use_native(k, c, c.buf, W, H)
    b = text.draw(c, font, s, x, y, color)
    text.use_native(None)
    return a, b


def test_every_ascii_glyph_of_every_font_in_both_colours_at_every_bit_offset():
    # With the glyphs the image freezes (font_sheets, GlyphText) and with the
    # sheets built at the first draw (the firmware as files, BitmapText).
    for frozen in (True, False):
        (ref, ref_fb), (c, k) = _pair(5, frozen)
        glyphs = "".join(chr(i) for i in range(32, 127))
        for font in (text.SMALL, text.BODY, text.BIG):
            for color in (1, 0):
                for shift in range(8):
                    for start in range(0, len(glyphs), 24):
                        s = glyphs[start:start + 24]
                        y = (start * 3 + shift * 11 + color * 40) % (H - font.HEIGHT)
                        a, b = _draw_both(ref_fb, c, k, font, s, 3 + shift, y, color)
                        assert a == b, (font.HEIGHT, color, shift, s)
        assert _rows(c.buf, ROW) == bytes(ref)
        if not frozen:
            assert len(k.sheets) == 3


def test_the_frozen_glyphs_are_the_ones_built_on_circuitpython():
    # tools/make_font_sheets.py writes them on CPython; CircuitPython's own
    # build of each font's glyphs must give the same bytes.
    fonts = (text.SMALL, text.BODY, text.BIG)
    assert [m[0] for m in font_sheets.GLYPHS] == [f.BITS for f in fonts]
    for m, f in zip(font_sheets.GLYPHS, fonts):
        assert m[1:] == build_glyphs(f.BITS, f.INDEX, f.ASCII, f.HEIGHT, f.TALL[0])


def test_text_clipped_at_each_edge_and_beyond_it():
    for frozen in (True, False):
        (ref, ref_fb), (c, k) = _pair(9, frozen)
        for font in (text.SMALL, text.BIG):
            h = font.HEIGHT
            for x, y in ((-5, 10), (-40, 30), (W - 13, 50), (W + 3, 60), (20, -4), (60, H - 3),
                         (100, -h - 2), (-3, -3), (W - 7, H - 5), (130, H), (W - 60, -2)):
                for color in (1, 0):
                    _draw_both(ref_fb, c, k, font, "Wag 42?", x, y, color)
        assert _rows(c.buf, ROW) == bytes(ref)


def test_accented_text_is_left_to_the_bytecode_and_still_the_same():
    for frozen in (True, False):
        (ref, ref_fb), (c, k) = _pair(13, frozen)
        assert k.draw_ascii(c.buf, W // 8, H, "Crème", 5, text.BODY.BITS, text.BODY.INDEX,
                            text.BODY.ASCII, text.BODY.HEIGHT, text.BODY.TALL[0], 4, 4, 1) == -1
        before = bytes(c.buf)
        assert k.draw_ascii(c.buf, W // 8, H, "a\tb", 3, text.BODY.BITS, text.BODY.INDEX,
                            text.BODY.ASCII, text.BODY.HEIGHT, text.BODY.TALL[0], 4, 4, 1) == -1
        assert bytes(c.buf) == before                  # refused before drawing anything
        for s, color in (("Crème brûlée", 1), ("Ñandú Ž", 0), ("ÀÉÎ", 1), ("tab\there", 1)):
            _draw_both(ref_fb, c, k, text.BODY, s, 10, 40, color)
        assert _rows(c.buf, ROW) == bytes(ref)


def test_the_frozen_glyphs_leave_text_crossing_a_side_to_the_bytecode():
    # GlyphText puts whole glyphs (their rows are their bytes): a string that
    # would cross the left or right edge is drawn by the bytecode, whole.
    (ref, ref_fb), (c, k) = _pair(17, True)
    f = text.BODY
    for x in (-2, W - 20):
        before = bytes(c.buf)
        assert k.draw_ascii(c.buf, W // 8, H, "Wagon", 5, f.BITS, f.INDEX, f.ASCII, f.HEIGHT,
                            f.TALL[0], x, 20, 1) == -1
        assert bytes(c.buf) == before
    w = k.draw_ascii(c.buf, W // 8, H, "Wagon", 5, f.BITS, f.INDEX, f.ASCII, f.HEIGHT, f.TALL[0], 0, 20, 1)
    assert w == text.width(f, "Wagon") and bytes(c.buf) != before


def test_rectangles_lines_and_icons_on_the_bitmap_bytes_equal_pyframebuf():
    (ref, ref_fb), (c, _k) = _pair(21)
    st = rng.new_state(4)
    for _ in range(300):
        x = rng.randint(st, -20, W + 5)
        y = rng.randint(st, -20, H + 5)
        w = rng.randint(st, 0, 120)
        h = rng.randint(st, 0, 60)
        col = rng.randint(st, 0, 1)
        op = rng.randint(st, 0, 3)
        for fb in (ref_fb, c):
            if op == 0:
                fb.fill_rect(x, y, w, h, col)
            elif op == 1:
                fb.rect(x, y, w, h, col)
            elif op == 2:
                fb.line(x, y, x + w, y + h, col)
            else:
                fb.hline(x, y, w, col)
    assert _rows(c.buf, ROW) == bytes(ref)


def _tap(app, b):
    return app.handle(("press", b)), app.handle(("release", b))


def _session(canvas, buf, row, kernel, keys):
    app = App(canvas, tmpdir(), {"battery": lambda: 80, "text_kernel": kernel})
    app.start()
    frames = [_rows(buf, row)]
    asks = []
    for key in keys:
        asks.append(_tap(app, key))
        frames.append(_rows(buf, row))
    text.use_native(None)
    return frames, asks


def test_ui_sessions_draw_the_same_frames_and_ask_the_same_refreshes():
    # Launcher, Multisala solo setup and rounds, then a Take a Seat setup:
    # text in three fonts, inverted title bars, icons, dialogs; the refresh
    # each press asks for comes from the band checks over the 40-byte rows.
    keys = ("DOWN,DOWN,C,C,C,B,C,C,UP,C,DOWN,C,A,A,B,UP,UP,C,B,A").split(",")
    ref_buf = bytearray(W * H // 8)
    ref = _session(pyframebuf.FrameBuffer(ref_buf, W, H, pyframebuf.MONO_HLSB), ref_buf,
                   W // 8, None, keys)
    assert len([a for a in ref[1] if a != (None, None)]) > 10   # windows and screens asked
    assert len(set(ref[0])) > 5                   # the session really changed the screen
    put = [0]
    for frozen in (True, False):
        c, k = _bitmap_canvas(frozen)
        put[0] = 0
        if frozen:
            def counted(*args, **kw):
                put[0] += 1
                bitmaptools.arrayblit(*args, **kw)
            k.arrayblit = counted
        got = _session(c, c.buf, ROW, k, keys)
        assert len(got[0]) == len(ref[0])
        for i in range(len(ref[0])):
            assert got[0][i] == ref[0][i], (frozen, i, keys[i - 1] if i else "start")
        assert got[1] == ref[1]
        if frozen:
            assert put[0] > 200                       # text went through the frozen glyphs
        else:
            assert len(k.sheets) >= 2                 # text went through the sheets


def test_the_backend_draws_into_the_bitmap_the_display_shows():
    import cpyfakes
    be = CircuitPythonBackend(displayio=cpyfakes.FakeDisplayio())
    buf = bytearray(W * H // 8)
    c = be.canvas(buf)
    assert isinstance(c, BitmapCanvas) and c.stride == ROW * 8
    assert isinstance(be.text_kernel(), BitmapText)
    # Without bitmaptools (or a Bitmap without a buffer) it falls back to rows.
    class NoBuffer:
        class Bitmap:
            def __init__(self, w, h, n):
                pass
    be2 = CircuitPythonBackend(displayio=NoBuffer())
    c2 = be2.canvas(buf)
    assert c2.buf is buf and be2.text_kernel() is None
    cpyfakes.install()
    from usher.device import boards
    panel = be.display(boards.BOARDS["badger2040"], buf)
    assert panel.bitmap is c.bitmap and panel.pixels is None and panel.shadow is None
