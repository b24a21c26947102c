"""Canvas buffers to terminal text (braille, half blocks); PNG files come
from usher_host.picture, re-exported here for the simulator's callers."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher.ui.canvas import HEIGHT, WIDTH  # noqa: E402
from usher_host.picture import save_png, to_image  # noqa: E402,F401


def pixel(buf, x, y, width=WIDTH):
    return (buf[(x + y * ((width + 7) & ~7)) >> 3] >> (7 - (x & 7))) & 1


def to_halfblocks(buf, width=WIDTH, height=HEIGHT):
    """The exact pixels as text, two pixel rows per character (upper/lower
    half blocks); black ink is drawn as the block."""
    chars = (" ", "\u2584", "\u2580", "\u2588")
    lines = []
    for y in range(0, height, 2):
        row = []
        for x in range(width):
            top = pixel(buf, x, y, width)
            bottom = pixel(buf, x, y + 1, width) if y + 1 < height else 0
            row.append(chars[top * 2 + bottom])
        lines.append("".join(row))
    return lines


def to_braille(buf, width=WIDTH, height=HEIGHT):
    """The exact pixels as braille, 2x4 pixels per character (fits 80x32
    terminals at 148 columns x 32 rows)."""
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
            (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
    lines = []
    for y in range(0, height, 4):
        row = []
        for x in range(0, width, 2):
            code = 0
            for dx, dy, bit in dots:
                if x + dx < width and y + dy < height and pixel(buf, x + dx, y + dy, width):
                    code |= bit
            row.append(chr(0x2800 + code))
        lines.append("".join(row))
    return lines
