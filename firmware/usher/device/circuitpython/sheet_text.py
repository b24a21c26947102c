# The text kernel on the bitmap canvas (bitmap_canvas.py) with the firmware
# as files (a stock CircuitPython), where frozen glyphs would sit in RAM:
# each font's ASCII glyphs are put once, at the font's first draw, side by
# side in a "sheet" (a 1-bit Bitmap HEIGHT rows tall, each glyph at a whole
# byte so its rows are copied, not shifted; about 100 ms of the boot on the
# chip). A glyph is then one bitmaptools.blit from the sheet, skipping its 0
# pixels; white text blits from the inverted sheet, skipping its 1 pixels.
# Anything else (accented text, a tall glyph) returns -1 and the bytecode
# draws it. build_glyphs turns a sheet into the glyphs the image freezes
# (glyph_text.py).
from usher.device.circuitpython.glyph_text import NONE, SPACE


def build_sheet(bits, idx, ascii, h, tall):
    """One font's ASCII sheet as (width, height, bytes, None, x, w): its
    glyphs side by side, each at a whole byte, as a 1-bit Bitmap's bytes
    (rows padded to 32 bits); x is a glyph's first byte column per code
    (NONE: no glyph), w its advance. The reference for the glyphs
    tools/make_font_sheets.py freezes into the image (build_glyphs)."""
    xs = bytearray(b"\xff" * 128)
    ws = bytearray(128)
    where = {}
    total = 0
    for c in range(32, 127):
        j = ascii[c]
        if j == 255:
            j = ascii[63]      # '?', as usher.ui.text draws a missing character
        if j >= tall:
            continue           # never for ASCII; left to the bytecode
        ws[c] = idx[j * 3]
        if c == 32:
            xs[c] = 0          # a space is only its advance
            continue
        if j not in where:
            where[j] = total
            total += (idx[j * 3] + 7) & ~7
        xs[c] = where[j] >> 3
    width = max(total, 8)
    row = (width + 31) // 32 * 4
    data = bytearray(row * h)
    src = memoryview(bits)
    for j, x0 in where.items():
        sb = (idx[j * 3] + 7) >> 3
        off = idx[j * 3 + 1] | (idx[j * 3 + 2] << 8)
        d = x0 >> 3
        for _ in range(h):
            data[d:d + sb] = src[off:off + sb]
            off += sb
            d += row
    return width, h, data, None, xs, ws


def build_glyphs(bits, idx, ascii, h, tall):
    """One font's ASCII glyphs as (advance per code, glyph number per code
    (NONE: none, SPACE), ink (one bytes of w x h per glyph, 1 at ink),
    white (the same, 0 at ink)): what tools/make_font_sheets.py freezes
    for GlyphText. The pixels are build_sheet's."""
    width, h, data, _, xs, ws = build_sheet(bits, idx, ascii, h, tall)
    row = len(data) // h
    ks = bytearray(b"\xff" * 128)
    ink, white, at = [], [], {}
    for c in range(32, 127):
        if xs[c] == NONE:
            continue
        if c == 32:
            ks[c] = SPACE
            continue
        key = (xs[c], ws[c])
        if key not in at:
            at[key] = len(ink)
            px = bytearray(ws[c] * h)
            i = 0
            for r in range(h):
                for col in range(xs[c] * 8, xs[c] * 8 + ws[c]):
                    px[i] = (data[r * row + (col >> 3)] >> (7 - (col & 7))) & 1
                    i += 1
            ink.append(bytes(px))
            white.append(bytes([1 - v for v in px]))
        ks[c] = at[key]
    return bytes(ws), bytes(ks), tuple(ink), tuple(white)


class _Sheet:
    """One font's ASCII glyphs in a Bitmap: byte column and advance per code."""

    def __init__(self, displayio, bits, made):
        width, h, data, _none, self.x, self.w = made
        self.bits = bits
        self.h = h
        self._displayio = displayio
        self.bitmap = self._bitmap(width, data)
        self.inverted = None

    def _bitmap(self, width, data):
        b = self._displayio.Bitmap(width, self.h, 2)
        memoryview(b)[0:len(data)] = data
        return b

    def white(self):
        """The sheet with every bit flipped (made on first use): glyph ink 0."""
        if self.inverted is None:
            src = memoryview(self.bitmap)
            n = len(src)
            data = (int.from_bytes(bytes(src), "big") ^ ((1 << (8 * n)) - 1)).to_bytes(n, "big")
            self.inverted = self._bitmap(self.bitmap.width, data)
        return self.inverted


class BitmapText:
    """usher.ui.text's kernel interface (draw_ascii, width_ascii) drawing on
    a BitmapCanvas with bitmaptools."""

    def __init__(self, canvas, displayio, bitmaptools):
        self.dest = canvas.bitmap
        self.width = canvas.width
        self.height = canvas.height
        self.blit = bitmaptools.blit
        self.displayio = displayio
        self.sheets = []

    def sheet(self, bits, idx, ascii, h, tall):
        for s in self.sheets:
            if s.bits is bits:
                return s
        s = _Sheet(self.displayio, bits, build_sheet(bits, idx, ascii, h, tall))
        self.sheets.append(s)
        return s

    def width_ascii(self, s, n, idx, ascii):
        # The bytecode's width() is as fast here: nothing to gain.
        return -1

    def draw_ascii(self, dst, stride, height, s, n, bits, idx, ascii, h, tall, x, y, color):
        """Draw the n-character text s at x, y (usher.ui.text.draw); the
        width drawn, or -1 with nothing drawn when s is not all ASCII."""
        b = memoryview(s)
        if len(b) != n:
            return -1              # a character of 2 bytes or more
        sh = self.sheet(bits, idx, ascii, h, tall)
        xs = sh.x
        ws = sh.w
        for c in b:
            if xs[c] == NONE:
                return -1          # a control character or a tall glyph
        if color:
            src = sh.bitmap
            skip = 0
        else:
            src = sh.white()
            skip = 1
        x0 = x
        if y >= self.height or y + h <= 0:
            for c in b:
                x += ws[c]
            return x - x0
        # bitmaptools.blit clips at the right and bottom edges but refuses
        # a place left of or above the bitmap: those glyphs start inside
        # the sheet instead.
        top = 0
        if y < 0:
            top = -y
            y = 0
        blit = self.blit
        dest = self.dest
        right = self.width
        for c in b:
            w = ws[c]
            if c != 32 and x < right:
                g = xs[c] << 3
                if x >= 0:
                    blit(dest, src, x, y, x1=g, y1=top, x2=g + w, y2=h, skip_source_index=skip)
                elif x + w > 0:
                    blit(dest, src, 0, y, x1=g - x, y1=top, x2=g + w, y2=h,
                         skip_source_index=skip)
            x += w
        return x - x0
