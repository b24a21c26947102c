# Text on the canvas with the generated bitmap fonts (usher/ui/fonts/).
# Each glyph is blitted straight from the font's bytes constant through
# framebuf's read-only (buffer, w, h, format, stride) form: no copy, so fonts
# can stay frozen in flash.
from usher.ui.canvas import MONO_HLSB
from usher.ui.fonts import big, body, small

SMALL = small
BODY = body
BIG = big

# Palette for white-on-black text: glyph bit 1 -> colour 0, bit 0 -> 1 (then
# skipped by key 1), so only the glyph's ink is drawn, in white.
_INVERT = (bytes([0x80]), 2, 1, MONO_HLSB, 8)


# A glyph is 3 bytes of INDEX per character of CHARS: width, offset in BITS
# (low, high byte); '?' stands for a missing character. width() and draw()
# look it up inline: they run for every character of every screen, and a
# tuple per character was a good part of the garbage a redraw leaves
# (docs/ui-internals.md, Memory). They walk the text's UTF-8 bytes, not its
# characters: on MicroPython each character taken from a str is a new str
# found in the interned strings, and CHARS.find() then searched the font
# for it (with str.find's byte-to-character conversion); both were about a
# tenth of a press on the chip (bench/rp2_profile.py). A byte under 128
# finds its glyph in the font's ASCII table; the rest of a character
# (accented letters) is put together from its bytes and looked up in CHARS.
# The two functions repeat that decoding on purpose: shared, it would be a
# call (or a generator step) per byte, the kind of cost this code removes.
# The glyphs from CHARS[TALL[0]] on (accented capitals) start TALL[1] rows
# higher than the box and are TALL[1] + TALL[2] rows taller: one comparison
# tells them apart.

def _encoded(s):
    # CPython; a lone surrogate (JSON allows one) draws as '?'
    return s.encode("utf-8", "surrogatepass")


try:
    memoryview("")  # type: ignore[arg-type]
    _utf8 = memoryview          # MicroPython, CircuitPython: a str's own bytes, no copy
except TypeError:
    _utf8 = _encoded  # type: ignore[assignment,misc]


# The device's native drawing of ASCII text (usher.device.text_kernel,
# services["text_kernel"]), bound to the App's canvas by use_native: None,
# or (kernel, canvas, its bytes, stride, height). The code below is the
# reference it must equal, and what every other runtime runs.
_native = None


def use_native(kernel, canvas=None, buf=None, width=0, height=0):
    """Draw and measure ASCII text with kernel (None: the bytecode only)
    when drawing on canvas, whose bytes are buf (MONO_HLSB, width a
    multiple of 8)."""
    global _native
    if kernel is None or width & 7:
        _native = None
    else:
        _native = (kernel, canvas, buf, width >> 3, height)


def _other(chars, code):
    """Index in CHARS of the non-ASCII character code, or -1."""
    return chars.find(chr(code)) if code < 0x110000 else -1


def width(font, s):
    """Width in pixels of s drawn in font."""
    nat = _native
    if nat is not None:
        # s itself as the bytes: a str's first len(s) bytes hold its first
        # non-ASCII byte, if it has one (every character before it is 1 byte).
        w = nat[0].width_ascii(s, len(s), font.INDEX, font.ASCII)
        if w >= 0:
            return w
    ascii = font.ASCII
    idx = font.INDEX
    w = 0
    code = 0
    more = 0
    for c in _utf8(s):
        if c < 0x80:
            j = ascii[c]
            if j == 255:
                j = ascii[63]   # '?'
        elif c >= 0xC0:         # the first byte of a character of 2 to 4
            more = 1 if c < 0xE0 else (2 if c < 0xF0 else 3)
            code = c & (0x3F >> more)
            continue
        else:
            code = (code << 6) | (c & 0x3F)
            more -= 1
            if more:
                continue
            j = _other(font.CHARS, code)
            if j < 0:
                j = ascii[63]
        w += idx[j * 3]
    return w


def draw(canvas, font, s, x, y, color=1):
    """Draw s with its top-left corner at x, y; returns the x after it."""
    nat = _native
    if nat is not None and canvas is nat[1]:
        w = nat[0].draw_ascii(nat[2], nat[3], nat[4], s, len(s), font.BITS, font.INDEX,
                              font.ASCII, font.HEIGHT, font.TALL[0], x, y, color)
        if w >= 0:
            return x + w
    bits = memoryview(font.BITS)
    ascii = font.ASCII
    idx = font.INDEX
    h = font.HEIGHT
    tall, above, below = font.TALL
    tall *= 3
    code = 0
    more = 0
    for c in _utf8(s):
        if c < 0x80:
            j = ascii[c]
            if j == 255:
                j = ascii[63]   # '?'
        elif c >= 0xC0:
            more = 1 if c < 0xE0 else (2 if c < 0xF0 else 3)
            code = c & (0x3F >> more)
            continue
        else:
            code = (code << 6) | (c & 0x3F)
            more -= 1
            if more:
                continue
            j = _other(font.CHARS, code)
            if j < 0:
                j = ascii[63]
        j *= 3
        w = idx[j]
        if c != 32:
            off = idx[j + 1] | (idx[j + 2] << 8)
            stride = (w + 7) & ~7
            gy = y
            gh = h
            if j >= tall:
                gy = y - above
                gh = h + above + below
            src = (bits[off:off + (stride >> 3) * gh], w, gh, MONO_HLSB, stride)
            if color:
                canvas.blit(src, x, gy, 0)
            else:
                canvas.blit(src, x, gy, 1, _INVERT)
        x += w
    return x


def fit(font, s, max_w):
    """s, shortened with '..' if it is wider than max_w."""
    if width(font, s) <= max_w:
        return s
    while s and width(font, s + "..") > max_w:
        s = s[:-1]
    return s + ".."


def fit_choices(font, choices, max_w):
    """The first of choices (the full text, then shorter wordings of it) that
    fits max_w; the last one shortened with '..' only when none fits. Screens
    give whole-word alternatives, so a label is not cut mid-word where
    another wording fits."""
    for s in choices:
        if width(font, s) <= max_w:
            return s
    return fit(font, choices[-1], max_w)


def draw_centered(canvas, font, s, cx, y, color=1):
    draw(canvas, font, s, cx - width(font, s) // 2, y, color)


def draw_right(canvas, font, s, right, y, color=1):
    draw(canvas, font, s, right - width(font, s), y, color)


def wrap(font, s, max_w):
    """Split s into lines no wider than max_w (at spaces; long words cut)."""
    lines = []
    for para in s.split("\n"):
        cur = ""
        for word in para.split(" "):
            trial = word if not cur else cur + " " + word
            if width(font, trial) <= max_w:
                cur = trial
                continue
            if cur:
                lines.append(cur)
            cur = fit(font, word, max_w) if width(font, word) > max_w else word
        lines.append(cur)
    return lines


def plural(n, word):
    """ "1 action", "2 actions": a count with its word (a plain -s plural)."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")
