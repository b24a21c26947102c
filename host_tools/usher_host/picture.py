"""Canvas buffers to PNG (Pillow): the one PNG writer of the project, used
by `usher replay --png` and by the simulator (sim/frames.py re-exports it),
so host_tools never reaches up into sim/ (docs/architecture.md)."""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher.ui.canvas import HEIGHT, WIDTH  # noqa: E402


def to_image(buf, scale=1, width=WIDTH, height=HEIGHT):
    """A Pillow image of a MONO_HLSB buffer (1 = black), scaled up."""
    from PIL import Image
    # Pillow's "1" mode raw packing is MSB-first with 1 = white: invert.
    img = Image.frombytes("1", (width, height), bytes(b ^ 0xFF for b in buf))
    if scale != 1:
        img = img.resize((width * scale, height * scale), Image.NEAREST)
    return img


def save_png(buf, path, scale=1):
    to_image(buf, scale).save(path)
