# The drawing surface every screen draws on: 296 x 128, 1 bit per pixel,
# MONO_HLSB (row stride 37 bytes, 1 = black ink). On MicroPython it is the
# real framebuf (C, fast); on CPython the pixel-identical pure-Python
# pyframebuf. See docs/ui-internals.md and APP_CONTRACT.md.
try:
    import framebuf
except ImportError:
    from usher.ui import pyframebuf as framebuf  # type: ignore[no-redef]

WIDTH = 296
HEIGHT = 128
STRIDE = WIDTH // 8
MONO_HLSB = framebuf.MONO_HLSB
BLACK = 1
WHITE = 0


def new_canvas(width=WIDTH, height=HEIGHT):
    """(buffer, canvas): a zeroed bytearray and a FrameBuffer over it."""
    buf = bytearray(((width + 7) // 8) * height)
    return buf, framebuf.FrameBuffer(buf, width, height, MONO_HLSB)


def native():
    """True when drawing goes through MicroPython's own framebuf."""
    return framebuf.__name__ == "framebuf"
