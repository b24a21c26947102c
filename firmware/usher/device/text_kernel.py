# Text drawing's hot loop in native code (viper), handed to usher.ui.text by
# the device (services["text_kernel"], APP_CONTRACT) so that the UI stays
# portable and knows nothing of the device.
#
# Why: every screen's redraw draws its text a glyph at a time, and in
# bytecode each glyph costs a slice of the font's bits, a tuple for
# framebuf.blit and the call: on the emulated RP2040 the drawing was about
# a quarter of a press's computing and its garbage a good part of the
# collector's work (bench/rp2_profile.py --phases). Here a whole string
# of ASCII characters is drawn in one call, straight into the canvas's
# bytes, with nothing allocated.
#
# The bytecode reference is usher.ui.text.draw and width themselves (with
# framebuf.blit): tests/device/test_dev_text_kernel.py compares the two on
# the unix port's native emitter for every glyph of every font at every
# bit offset, clipped at each edge, in both colours; on the emulated chip
# every picture of the four scripted sessions is compared with the
# simulator's, drawn by CPython's pyframebuf (bench/rp2.py --sessions,
# tests/rp2).
#
# The canvas is usher.ui.canvas's: MONO_HLSB, 1 = ink, rows of `stride`
# bytes, as wide as stride * 8 pixels (296 = 37 * 8: no padding bits, so a
# glyph's bytes never land past the right edge). A font is usher.ui.fonts'
# generated module: INDEX (width, offset low, offset high per glyph), ASCII
# (code -> glyph, 255 = missing), BITS (rows padded to whole bytes with
# zero bits). Glyphs from index `tall` on (accented capitals) are taller
# than the box; no ASCII character is one, and a string that would need
# one, or has any byte from 128 up, is left to the bytecode (the kernel
# returns -1 before drawing anything).
#
# Only ports with a native emitter import this module (the RP2040 images and
# the unix port of the device tests); CircuitPython and the WebAssembly port
# draw with the bytecode.
import micropython


@micropython.viper
def width_ascii(s: ptr8, n: int, idx: ptr8, ascii: ptr8) -> int:  # type: ignore[name-defined]  # noqa: F821
    """The width of the n-byte text s (usher.ui.text.width), or -1 when a
    byte is not ASCII."""
    w = 0
    i = 0
    while i < n:
        c = int(s[i])
        if c >= 128:
            return -1
        j = int(ascii[c])
        if j == 255:
            j = int(ascii[63])      # '?'
        w += int(idx[j * 3])
        i += 1
    return w


@micropython.viper
def draw_ascii(dst: ptr8, stride: int, height: int, s: ptr8, n: int, bits: ptr8,  # type: ignore[name-defined]  # noqa: F821
               idx: ptr8, ascii: ptr8, h: int, tall: int, x: int, y: int,  # type: ignore[name-defined]  # noqa: F821
               color: int) -> int:
    """Draw the n-byte text s with its top left at x, y in the font
    (bits, idx, ascii, h rows tall): ink set (color 1) or cleared (color 0)
    where a glyph has a 1, clipped to the canvas. Returns the width drawn,
    or -1, with nothing drawn, when a byte is not ASCII or a glyph is tall."""
    # The glyph lookup of width_ascii again, inline: this pass must refuse
    # before anything is drawn, and checks tall glyphs, which width need not.
    i = 0
    while i < n:
        c = int(s[i])
        if c >= 128:
            return -1
        j = int(ascii[c])
        if j == 255:
            j = int(ascii[63])
        if j >= tall:
            return -1
        i += 1
    x0 = x
    i = 0
    while i < n:
        c = int(s[i])
        j = int(ascii[c])
        if j == 255:
            j = int(ascii[63])
        j *= 3
        w = int(idx[j])
        if c != 32:
            src = int(idx[j + 1]) | (int(idx[j + 2]) << 8)
            sb = (w + 7) >> 3           # bytes per glyph row
            sh = x & 7                  # the glyph's bit offset in the canvas byte
            col = x >> 3                # its first canvas byte (floor: x may be < 0)
            row = y
            r = 0
            while r < h:
                if row >= 0 and row < height:
                    d = row * stride
                    b = 0
                    while b < sb:
                        v = int(bits[src + b])
                        if v:
                            k = col + b
                            hi = v >> sh
                            lo = (v << (8 - sh)) & 0xFF
                            if k >= 0 and k < stride:
                                if color:
                                    dst[d + k] = dst[d + k] | hi
                                else:
                                    dst[d + k] = dst[d + k] & (0xFF ^ hi)
                            k += 1
                            if lo and k >= 0 and k < stride:
                                if color:
                                    dst[d + k] = dst[d + k] | lo
                                else:
                                    dst[d + k] = dst[d + k] & (0xFF ^ lo)
                        b += 1
                row += 1
                src += sb
                r += 1
        x += w
        i += 1
    return x - x0
