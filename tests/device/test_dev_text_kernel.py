# ASCII text drawn in native code (usher.device.text_kernel, viper)
# against usher.ui.text's bytecode with framebuf.blit, on the unix port's
# native emitter: every glyph of every font at every bit offset, clipped at
# each edge of the canvas, in both colours, over a canvas already holding
# ink, byte for byte; widths; and text the kernel leaves to the bytecode.
# On the emulated chip every picture of the scripted sessions is compared
# with the simulator's (bench/rp2.py --sessions, tests/rp2).
from usher.device import text_kernel as K
from usher.ui import text
from usher.ui.canvas import HEIGHT, WIDTH, new_canvas

FONTS = (text.SMALL, text.BODY, text.BIG)
ASCII_TEXT = "".join(chr(c) for c in range(32, 127)) + "\x01\x7f"   # the last two: '?'


def _background(buf):
    x = 7
    for i in range(len(buf)):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        buf[i] = (x >> 16) & 0xFF


def _both(font, s, x, y, color):
    """(bytecode canvas bytes, native canvas bytes, the x each returned)."""
    out = []
    for kernel in (None, K):
        buf, canvas = new_canvas()
        _background(buf)
        text.use_native(kernel, canvas, buf, WIDTH, HEIGHT)
        try:
            end = text.draw(canvas, font, s, x, y, color)
        finally:
            text.use_native(None)
        out.append((bytes(buf), end))
    return out


def _check(font, s, x, y, color):
    (ref, ref_end), (nat, nat_end) = _both(font, s, x, y, color)
    assert nat_end == ref_end, (font.HEIGHT, s, x, y, color, nat_end, ref_end)
    if nat != ref:
        bad = [i for i in range(len(ref)) if ref[i] != nat[i]]
        raise AssertionError("font %d %r at %d,%d colour %d: %d bytes differ, first at row %d byte %d"
                             % (font.HEIGHT, s[:12], x, y, color, len(bad), bad[0] // 37, bad[0] % 37))


def test_every_glyph_at_every_bit_offset_in_both_colours_equals_the_bytecode():
    for font in FONTS:
        chars = "".join(c for c in ASCII_TEXT if font.ASCII[ord(c)] != 255 or c in "\x01\x7f")
        for color in (1, 0):
            for x in range(8):
                # the glyphs one after another: each one's offset in its byte
                # goes through all 8 as x does; lines wrap the canvas's width
                k = 0
                y = 2
                while k < len(chars):
                    part = chars[k:k + 18]
                    _check(font, part, x, y, color)
                    k += 18
                    y += font.HEIGHT // 2


def test_text_clipped_at_each_edge_equals_the_bytecode():
    s = "Wg|@Mj_"
    for font in FONTS:
        w = text.width(font, s)
        for color in (1, 0):
            for x, y in ((-3, 10), (-w + 5, 30), (-17, -4), (WIDTH - 9, 50), (WIDTH - w + 3, 60),
                         (100, -font.HEIGHT + 2), (100, HEIGHT - 3), (WIDTH - 4, HEIGHT - 5),
                         (-w - 8, 20), (WIDTH + 1, 20), (100, HEIGHT + 2), (100, -font.HEIGHT - 1)):
                _check(font, s, x, y, color)


def test_width_equals_the_bytecode():
    for font in FONTS:
        for s in ("", " ", "Round 3/5", ASCII_TEXT, "\x01\x02?", "x" * 40):
            ref = text.width(font, s)
            assert K.width_ascii(s, len(s), font.INDEX, font.ASCII) == ref, (font.HEIGHT, s)


def test_text_with_other_characters_is_left_to_the_bytecode():
    # The kernel refuses before drawing anything; text.draw then draws it
    # with the bytecode, so the picture is the reference's.
    for s in ("Élodie", "Nicolò 12", "ab\u2026", "Zoë"):
        for font in FONTS:
            buf, _canvas = new_canvas()
            assert K.draw_ascii(buf, WIDTH // 8, HEIGHT, s, len(s), font.BITS, font.INDEX, font.ASCII,
                                font.HEIGHT, font.TALL[0], 5, 5, 1) == -1
            assert bytes(buf) == bytes(len(buf))
            assert K.width_ascii(s, len(s), font.INDEX, font.ASCII) == -1
            _check(font, s, 5, 20, 1)
            _check(font, s, 3, 40, 0)


def test_the_kernel_draws_only_on_the_canvas_it_was_given():
    buf, canvas = new_canvas()
    other_buf, other = new_canvas()
    text.use_native(K, canvas, buf, WIDTH, HEIGHT)
    try:
        text.draw(other, text.BODY, "Other", 4, 4)
    finally:
        text.use_native(None)
    ref_buf, ref = new_canvas()
    text.draw(ref, text.BODY, "Other", 4, 4)
    assert bytes(other_buf) == bytes(ref_buf) and bytes(buf) == bytes(len(buf))
