# The UI's canvas on CircuitPython drawn straight into the displayio.Bitmap
# that board.DISPLAY shows (docs/performance.md, CircuitPython canvases).
#
# - The canvas's bytes are memoryview(bitmap): a 1-bit displayio.Bitmap
#   keeps MONO_HLSB's bit order (the first pixel in a byte's top bit, 1 =
#   ink with the display's palette) and pads each row to 32 bits, so the
#   296-pixel rows are 40 bytes apart: the canvas is pyframebuf's with a
#   stride of 320 pixels, and what it draws is exactly pyframebuf's (the App
#   reads canvas.stride for its band checks). The display
#   shows the bitmap as it is: no copy of the frame per refresh.
# - Text is put there by CircuitPython's own C code, by the text kernel
#   (services["text_kernel"]) that usher.ui.text hands whole ASCII strings
#   to, as the MicroPython images' viper kernel: glyph_text.GlyphText on the
#   image (glyphs frozen in flash, bitmaptools.arrayblit), sheet_text.
#   BitmapText with the firmware as files (font sheets built on the heap,
#   bitmaptools.blit).
# - Rectangles stay pyframebuf's: a row is one slice assignment there,
#   while bitmaptools.fill_region writes pixel by pixel (with a division
#   each, shared-module/displayio/Bitmap.c), slower for anything but tiny
#   boxes. Icons keep the row-wise blit of canvas.RowCanvas.
# The bytecode stays the reference: tests/cpydevice/test_cpy_bitmap_canvas.py
# draws every glyph of the three fonts in both colours at every bit offset
# and clipped at each edge, and whole UI sessions, with this canvas and both
# kernels and with pyframebuf on CircuitPython's unix port (the real
# displayio and bitmaptools), and compares the pixels.
from usher.device.circuitpython.canvas import MONO_HLSB, RowCanvas


class BitmapCanvas(RowCanvas):
    """RowCanvas over a displayio.Bitmap's own bytes (rows padded to 32
    bits)."""

    def __init__(self, bitmap, width, height):
        self.bitmap = bitmap
        mv = memoryview(bitmap)
        row = len(mv) // height
        RowCanvas.__init__(self, mv, width, height, MONO_HLSB, row * 8)
