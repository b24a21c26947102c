# The UI's canvas on CircuitPython, which has no framebuf (APP_CONTRACT:
# 296 x 128 MONO_HLSB, 1 = black ink, the bytes in canvas.buf).
#
# Two canvases, chosen by measuring time per press on the emulated chip
# (bench/circuitpython.py, docs/performance.md):
#   "pyframebuf"  the project's pure-Python framebuf (usher.ui.pyframebuf),
#                 exactly as the simulator draws;
#   "rows"        the same class with the glyph and icon blits done a row at
#                 a time (an int shifted into two or three canvas bytes)
#                 instead of a pixel at a time. Every other drawing call is
#                 pyframebuf's own, so the pixels are the same (the portable
#                 test tests/portable/test_cpy_canvas.py compares both).
# Both draw into a plain bytearray; usher.device.circuitpython.display copies
# it into a displayio.Bitmap for board.DISPLAY.
from usher.ui import pyframebuf

MONO_HLSB = pyframebuf.MONO_HLSB


class RowCanvas(pyframebuf.FrameBuffer):
    """pyframebuf.FrameBuffer with a row-wise blit for the UI's two blit
    forms: ink in black (key 0, no palette) and ink in white (key 1, the
    palette that swaps 0 and 1). Anything else, and a source that is not
    wholly inside the canvas, goes through pyframebuf's pixel loop."""

    def blit(self, src, x, y, key=-1, palette=None):
        if type(src) is not tuple or len(src) < 5 or src[3] != MONO_HLSB:
            return pyframebuf.FrameBuffer.blit(self, src, x, y, key, palette)
        if palette is None:
            if key != 0:
                return pyframebuf.FrameBuffer.blit(self, src, x, y, key, palette)
            ink = 1
        else:
            if key != 1 or not _swaps(palette):
                return pyframebuf.FrameBuffer.blit(self, src, x, y, key, palette)
            ink = 0
        data, w, h, _fmt, sstride = src[0], src[1], src[2], src[3], src[4]
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height or w <= 0 or w > 24:
            return pyframebuf.FrameBuffer.blit(self, src, x, y, key, palette)
        buf = self.buf
        row = self.stride >> 3
        sbytes = sstride >> 3
        shift = x & 7
        n = (shift + w + 7) >> 3          # canvas bytes a glyph row touches
        up = n * 8 - shift - w            # left-align the row's w bits at x
        wmask = (1 << w) - 1
        base = y * row + (x >> 3)
        s = 0
        for _ in range(h):
            v = 0
            for i in range(sbytes):
                v = (v << 8) | data[s + i]
            v = (v >> (sbytes * 8 - w)) & wmask
            if v:
                v <<= up
                i = base + n - 1
                if ink:
                    while v:
                        buf[i] |= v & 0xFF
                        v >>= 8
                        i -= 1
                else:
                    while v:
                        buf[i] &= ~v & 0xFF
                        v >>= 8
                        i -= 1
            s += sbytes
            base += row
        return None

    def text(self, s, x, y, c=1):
        # framebuf's text() has its own 8x8 font; the device layer's error
        # screen is the only caller, so the UI's small font stands in.
        from usher.ui import text
        text.draw(self, text.SMALL, s, x, y, c)


def _swaps(palette):
    # The palette (bytes([0x80]), 2, 1, MONO_HLSB, ...): colour 0 -> 1, 1 -> 0.
    return (type(palette) is tuple and len(palette) >= 4 and palette[1] == 2
            and palette[3] == MONO_HLSB and (palette[0][0] & 0xC0) == 0x80)


class PlainCanvas(pyframebuf.FrameBuffer):
    """pyframebuf as it is, plus text() for the error screen."""

    text = RowCanvas.text


KINDS = {"rows": RowCanvas, "pyframebuf": PlainCanvas}
DEFAULT = "rows"


def new(buf, width, height, kind=DEFAULT):
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError("canvas kind %r: one of %s" % (kind, ", ".join(sorted(KINDS))))
    return cls(buf, width, height, MONO_HLSB)
