# The UI's canvas on CircuitPython drawn straight into the displayio.Bitmap
# that board.DISPLAY shows, with text put there by CircuitPython's own C
# code (bitmaptools.blit) instead of Python loops (issue 25, item 1).
#
# - The canvas's bytes are memoryview(bitmap): a 1-bit displayio.Bitmap
#   keeps MONO_HLSB's bit order (the first pixel in a byte's top bit, 1 =
#   ink with the display's palette) and pads each row to 32 bits, so the
#   296-pixel rows are 40 bytes apart: the canvas is pyframebuf's with a
#   stride of 320 pixels, and what it draws is exactly pyframebuf's (the App
#   reads canvas.stride for its band checks). The display
#   shows the bitmap as it is: no copy of the frame per refresh.
# - Text: BitmapText is the text kernel (services["text_kernel"]) that
#   usher.ui.text hands whole ASCII strings to, as the MicroPython images'
#   viper kernel. Each font's ASCII glyphs are put once, on first use, side
#   by side in a "sheet" (a 1-bit Bitmap HEIGHT rows tall, each glyph at a
#   whole byte so its rows are copied, not shifted). The image freezes the
#   sheets' bytes (font_sheets, tools/make_font_sheets.py): one copy into
#   the Bitmap; as files (stock CircuitPython) build_sheet lays them out at
#   the first draw, about 100 ms of the boot on the chip. A glyph is then one
#   bitmaptools.blit from the sheet, skipping its 0 pixels. White text
#   blits from the inverted sheet, skipping its 1 pixels. Anything else
#   (accented text, a tall glyph) returns -1 and the bytecode draws it.
# - Rectangles stay pyframebuf's: a row is one slice assignment there,
#   while bitmaptools.fill_region writes pixel by pixel (with a division
#   each, shared-module/displayio/Bitmap.c), slower for anything but tiny
#   boxes. Icons keep the row-wise blit of canvas.RowCanvas.
# The bytecode stays the reference: tests/cpydevice/test_cpy_bitmap_canvas.py
# draws every glyph of the three fonts in both colours at every bit offset
# and clipped at each edge, and whole UI sessions, with this canvas and with
# pyframebuf on CircuitPython's unix port (the real displayio and
# bitmaptools), and compares the pixels.
from usher.device.circuitpython.canvas import MONO_HLSB, RowCanvas


class BitmapCanvas(RowCanvas):
    """RowCanvas over a displayio.Bitmap's own bytes (rows padded to 32
    bits)."""

    def __init__(self, bitmap, width, height):
        self.bitmap = bitmap
        mv = memoryview(bitmap)
        row = len(mv) // height
        RowCanvas.__init__(self, mv, width, height, MONO_HLSB, row * 8)


NONE = 255      # x of a code with no glyph in the sheet


def build_sheet(bits, idx, ascii, h, tall):
    """One font's ASCII sheet as (width, height, bytes, None, x, w): its
    glyphs side by side, each at a whole byte, as a 1-bit Bitmap's bytes
    (rows padded to 32 bits); x is a glyph's first byte column per code
    (NONE: no glyph), w its advance. The reference for the sheets
    tools/make_font_sheets.py freezes into the image (font_sheets)."""
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


class _Sheet:
    """One font's ASCII glyphs in a Bitmap: byte column and advance per code."""

    def __init__(self, displayio, bits, made):
        width, h, data, inverted, self.x, self.w = made
        self.bits = bits
        self.h = h
        self._displayio = displayio
        self.bitmap = self._bitmap(width, data)
        self._inverted_data = inverted
        self.inverted = None

    def _bitmap(self, width, data):
        b = self._displayio.Bitmap(width, self.h, 2)
        memoryview(b)[0:len(data)] = data
        return b

    def white(self):
        """The sheet with every bit flipped (made on first use): glyph ink 0."""
        if self.inverted is None:
            data = self._inverted_data
            if data is None:
                src = memoryview(self.bitmap)
                n = len(src)
                data = (int.from_bytes(bytes(src), "big") ^ ((1 << (8 * n)) - 1)).to_bytes(n, "big")
            self.inverted = self._bitmap(self.bitmap.width, data)
        return self.inverted


class BitmapText:
    """usher.ui.text's kernel interface (draw_ascii, width_ascii) drawing on
    a BitmapCanvas with bitmaptools."""

    def __init__(self, canvas, displayio, bitmaptools, made=None):
        self.dest = canvas.bitmap
        self.width = canvas.width
        self.height = canvas.height
        self.blit = bitmaptools.blit
        self.displayio = displayio
        self.sheets = []
        # The frozen image's sheets (font_sheets.SHEETS: (bits, width,
        # height, bytes, inverted bytes, x, w) per font), or () to build
        # each at its font's first draw (files on a stock CircuitPython,
        # where those bytes would sit in RAM).
        self.made = made or ()

    def sheet(self, bits, idx, ascii, h, tall):
        for s in self.sheets:
            if s.bits is bits:
                return s
        for m in self.made:
            if m[0] is bits:
                s = _Sheet(self.displayio, bits, m[1:])
                break
        else:
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
