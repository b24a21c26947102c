# The image's text kernel on the bitmap canvas (bitmap_canvas.py): each
# ASCII glyph of the three fonts is frozen into the image as its rows, one
# byte a pixel, and again with 0 at ink for white text (font_sheets.py,
# made by tools/make_font_sheets.py from sheet_text.build_glyphs), and
# bitmaptools.arrayblit puts it into the canvas's Bitmap straight from
# flash, skipping its background. No font sheet sits on the heap (the
# sheets and their white copies were about 7.7 KB of the free heap at
# boot, docs/performance.md). A glyph's bytes are its rows, so a top edge
# only skips some of them, while a string that would cross the canvas's left or right
# edge goes to the bytecode, as accented text and tall glyphs do (-1).

NONE = 255      # glyph number of a code with no glyph (and x in a sheet)
SPACE = 254     # glyph number of the space: only its advance


class GlyphText:
    """usher.ui.text's kernel interface on a BitmapCanvas from the image's
    frozen glyphs (font_sheets.GLYPHS: (bits, advance per code, glyph
    number per code, ink glyphs, white glyphs) per font, build_glyphs),
    each put by bitmaptools.arrayblit straight from flash."""

    def __init__(self, canvas, bitmaptools, fonts):
        self.dest = canvas.bitmap
        self.width = canvas.width
        self.height = canvas.height
        self.arrayblit = bitmaptools.arrayblit
        self.fonts = fonts

    def width_ascii(self, s, n, idx, ascii):
        return -1

    def draw_ascii(self, dst, stride, height, s, n, bits, idx, ascii, h, tall, x, y, color):
        """As BitmapText.draw_ascii; -1 with nothing drawn also when the
        text would cross the left or right edge."""
        b = memoryview(s)
        if len(b) != n:
            return -1
        for f in self.fonts:
            if f[0] is bits:
                break
        else:
            return -1
        ws = f[1]
        ks = f[2]
        total = 0
        for c in b:
            if ks[c] == NONE:
                return -1
            total += ws[c]
        if y >= self.height or y + h <= 0:
            return total
        if x < 0 or x + total > self.width:
            return -1
        if color:
            glyphs = f[3]
            skip = 0
        else:
            glyphs = f[4]
            skip = 1
        top = 0
        y1 = y
        if y < 0:
            top = -y
            y1 = 0
        y2 = y + h
        if y2 > self.height:
            y2 = self.height
        put = self.arrayblit
        dest = self.dest
        for c in b:
            w = ws[c]
            k = ks[c]
            if k != SPACE:
                g = glyphs[k]
                if top:
                    g = memoryview(g)[top * w:]
                put(dest, g, x, y1, x + w, y2, skip_index=skip)
            x += w
        return total
