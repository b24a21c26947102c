# usher.ui.text walks a string's UTF-8 bytes and finds ASCII glyphs in the
# font's ASCII table (a tenth of a press on the chip went to taking each
# character as a new str and searching CHARS for it). These tests hold it to
# the character-by-character reading it replaced: the same widths and the
# same pixels for every character of every font, for characters a font
# lacks ('?' is drawn) and for text in both colours. Runs on CPython, the
# unix port, WebAssembly, the frozen port and CircuitPython.
from usher.ui import text
from usher.ui.canvas import MONO_HLSB, new_canvas
from usher.ui.fonts import big, body, small

FONTS = (small, body, big)
# characters no font has: a control code, DEL, the euro sign, a CJK letter,
# an emoji (4 bytes of UTF-8), a combining accent
MISSING = "\x01\x7f\u20ac\u4e2d\U0001f600\u0301"


def _reference_glyph(font, ch):
    i = font.CHARS.find(ch)
    if i < 0:
        i = font.CHARS.find("?")
    return i * 3


def _reference_width(font, s):
    return sum([font.INDEX[_reference_glyph(font, ch)] for ch in s])


def _reference_draw(canvas, font, s, x, y, color=1):
    bits = memoryview(font.BITS)
    idx = font.INDEX
    tall, above, below = font.TALL
    for ch in s:
        j = _reference_glyph(font, ch)
        w = idx[j]
        if ch != " ":
            off = idx[j + 1] | (idx[j + 2] << 8)
            stride = (w + 7) & ~7
            gy, gh = y, font.HEIGHT
            if j >= tall * 3:
                gy, gh = y - above, font.HEIGHT + above + below
            src = (bits[off:off + (stride >> 3) * gh], w, gh, MONO_HLSB, stride)
            if color:
                canvas.blit(src, x, gy, 0)
            else:
                canvas.blit(src, x, gy, 1, (bytes([0x80]), 2, 1, MONO_HLSB, 8))
        x += w
    return x


def _samples(font):
    chars = font.CHARS
    out = [chars[i:i + 9] for i in range(0, len(chars), 9)]
    out += [MISSING, "A" + MISSING + "z", chars[-3:] + " " + chars[:3], "", " ", "?"]
    return out


def test_each_fonts_ascii_table_is_its_chars_index():
    for font in FONTS:
        assert len(font.ASCII) == 128
        for c in range(128):
            i = font.CHARS.find(chr(c))
            assert font.ASCII[c] == (i if i >= 0 else 255), (font.HEIGHT, c)


def test_width_and_draw_equal_the_character_by_character_reading():
    checked = 0
    for font in FONTS:
        for s in _samples(font):
            assert text.width(font, s) == _reference_width(font, s), (font.HEIGHT, s)
            for color in (1, 0):
                buf_a, a = new_canvas(160, 40)
                buf_b, b = new_canvas(160, 40)
                if not color:
                    a.fill(1)
                    b.fill(1)
                end_a = text.draw(a, font, s, 3, 9, color)
                end_b = _reference_draw(b, font, s, 3, 9, color)
                assert end_a == end_b and buf_a == buf_b, (font.HEIGHT, s, color)
                checked += 1
    assert checked > 100


def test_a_missing_character_is_as_wide_as_the_question_mark():
    for font in FONTS:
        q = text.width(font, "?")
        assert q > 0
        for ch in MISSING:
            assert text.width(font, ch) == q, (font.HEIGHT, ch)
        # a character of two, three and four bytes of UTF-8 is one glyph
        assert text.width(font, "\u20ac\u4e2d\U0001f600") == 3 * q
