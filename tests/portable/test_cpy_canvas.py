# The CircuitPython backend's canvases (usher.device.circuitpython.canvas)
# draw exactly what the project's pure-Python framebuf draws (the picture
# on CircuitPython stays pixel-identical to the simulator's, PL-3): the
# row-wise glyph blit against pyframebuf's pixel loop over seeded blits at
# every alignment and clipping case, and whole UI sessions drawn on both.
import mptest

from usher.core import rng
from usher.device.circuitpython import canvas as cpcanvas
from usher.device.circuitpython.display import copy_rows
from usher.ui import pyframebuf
from usher.ui.app import App

W = 296
H = 128
HLSB = pyframebuf.MONO_HLSB
INVERT = (bytes([0x80]), 2, 1, HLSB, 8)


def _pair(kind):
    a = bytearray(W * H // 8)
    b = bytearray(W * H // 8)
    return (a, pyframebuf.FrameBuffer(a, W, H, HLSB)), (b, cpcanvas.new(b, W, H, kind))


def _noise(st, buf):
    for i in range(len(buf)):
        buf[i] = rng.randint(st, 0, 255)


def test_row_blit_equals_pyframebuf_at_every_alignment_and_clip():
    (ref_buf, ref), (row_buf, row) = _pair("rows")
    st = rng.new_state(17)
    _noise(st, ref_buf)
    row_buf[:] = ref_buf
    for _ in range(400):
        w = rng.randint(st, 1, 30)
        h = rng.randint(st, 1, 20)
        stride = (w + 7) & ~7
        src = bytearray((stride >> 3) * h)
        _noise(st, src)
        x = rng.randint(st, -12, W + 4)
        y = rng.randint(st, -12, H + 4)
        form = rng.randint(st, 0, 2)
        t = (memoryview(src), w, h, HLSB, stride)
        if form == 0:
            ref.blit(t, x, y, 0)
            row.blit(t, x, y, 0)
        elif form == 1:
            ref.blit(t, x, y, 1, INVERT)
            row.blit(t, x, y, 1, INVERT)
        else:                   # a form the fast path leaves to pyframebuf
            ref.blit(t, x, y, -1)
            row.blit(t, x, y, -1)
        assert row_buf == ref_buf, (w, h, x, y, form)


def test_row_blit_sets_only_the_ink_bits_it_owns():
    (_, _), (buf, row) = _pair("rows")
    glyph = bytes([0b10100000, 0b01000000])   # 3 wide, 2 high
    row.blit((glyph, 3, 2, HLSB, 8), 6, 1, 0)  # x 6..8: across a byte boundary
    stride = W // 8
    assert buf[stride] == 0b00000010 and buf[stride + 1] == 0b10000000
    assert buf[2 * stride] == 0b00000001 and buf[2 * stride + 1] == 0
    assert sum(buf) == 0b10 + 0b10000000 + 0b1
    row.fill_rect(0, 0, W, H, 1)
    row.blit((glyph, 3, 2, HLSB, 8), 6, 1, 1, INVERT)   # white ink on black
    assert buf[stride] == 0b11111101 and buf[stride + 1] == 0b01111111


def _tap(app, b):
    app.handle(("press", b))
    app.handle(("release", b))


def _session(kind, keys):
    buf = bytearray(W * H // 8)
    c = cpcanvas.new(buf, W, H, kind) if kind else pyframebuf.FrameBuffer(buf, W, H, HLSB)
    app = App(c, mptest.tmpdir(), {"battery": lambda: 80})
    app.start()
    frames = [bytes(buf)]
    for k in keys:
        _tap(app, k)
        frames.append(bytes(buf))
    return frames


def test_ui_sessions_draw_the_same_frames_on_both_canvases():
    # Launcher, Multisala solo setup and rounds, then a Take a Seat setup:
    # text in three fonts, inverted title bars, icons, dialogs.
    keys = ("DOWN,DOWN,C,C,C,B,C,C,UP,C,DOWN,C,A,A,B,UP,UP,C,B,A").split(",")
    ref = _session(None, keys)
    for kind in ("rows", "pyframebuf"):
        got = _session(kind, keys)
        assert len(got) == len(ref)
        for i in range(len(ref)):
            assert got[i] == ref[i], (kind, i, keys[i - 1] if i else "start")
    assert len(set(ref)) > 5          # the session really changed the screen


def test_text_draws_in_the_ui_small_font_for_the_error_screen():
    (_, _), (buf, row) = _pair("rows")
    row.text("Usher error", 4, 4, 1)
    assert sum(buf) > 0
    assert mptest.raises(ValueError, cpcanvas.new, buf, W, H, "bitmaptools")


def test_copy_rows_pads_each_row_to_the_bitmap_stride():
    src = bytearray(W * H // 8)
    _noise(rng.new_state(3), src)
    dst = bytearray(40 * H)          # displayio.Bitmap(296, 128, 2): 10 words a row
    for i in range(len(dst)):
        dst[i] = 0xAA
    copy_rows(src, dst, 40)
    for y in (0, 1, 77, H - 1):
        assert dst[y * 40:y * 40 + 37] == src[y * 37:(y + 1) * 37]
        assert dst[y * 40 + 37:y * 40 + 40] == b"\xaa\xaa\xaa"
