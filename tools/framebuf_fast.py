"""Byte-wise fills and 1-bit blits for MicroPython 1.28's framebuf, added to
the project's images (MICROPY_FRAMEBUF_MONO_FAST, set by the boards and the
frozen unix32 build; stock builds leave it off).

framebuf draws MONO_HLSB one pixel at a time: fill_rect walks every pixel of
the rectangle, blit calls getpixel and setpixel through function pointers
for every pixel of the source. On the emulated RP2040 that was a tenth of a
button press (bench/rp2_profile.py: mono_horiz_fill_rect 4.9%, framebuf_blit
with getpixel and setpixel 6%), every screen clearing the canvas and drawing
its text glyph by glyph. With the macro on:
  fill_rect on MONO_HLSB  a row's first and last bytes masked, the whole
                          bytes between set with memset;
  blit MONO_HLSB -> MONO_HLSB (both strides whole bytes, any key, a palette
                          of at least two entries or none)  the source row's
                          bits are shifted into the destination's bytes and
                          each of the two source values is drawn as 0, as 1
                          or skipped, as the key and palette make it; a
                          destination pixel ends as the per-pixel loop leaves
                          it.
Every other case keeps MicroPython's own code. tests/portable/
test_ui_framebuf_fast.py compares both against usher.ui.pyframebuf (pure
Python, the reading of framebuf the simulator already draws with) on the
frozen unix32 build, where the patch is on; the emulated boards' pictures
equal the simulator's (make test-rp2).
"""
import os

FILE = os.path.join("extmod", "modframebuf.c")
MARK = "usher: byte-wise MONO_HLSB"

FILL = ("static void mono_horiz_fill_rect(const mp_obj_framebuf_t *fb, unsigned int x, unsigned int y, "
        "unsigned int w, unsigned int h, uint32_t col) {\n"
        "    unsigned int reverse = fb->format == FRAMEBUF_MHMSB;\n"
        "    unsigned int advance = fb->stride >> 3;\n")
FILL_FAST = FILL + (
    "    #if MICROPY_FRAMEBUF_MONO_FAST  // " + MARK + " fill\n"
    "    if (!reverse && (fb->stride & 7) == 0) {\n"
    "        if (w == 0 || h == 0) {\n"
    "            return;\n"
    "        }\n"
    "        unsigned int b0 = x >> 3, b1 = (x + w - 1) >> 3;\n"
    "        uint8_t m0 = 0xff >> (x & 7);\n"
    "        uint8_t m1 = (uint8_t)(0xff << (7 - ((x + w - 1) & 7)));\n"
    "        uint8_t v = col ? 0xff : 0;\n"
    "        uint8_t *row = (uint8_t *)fb->buf + y * advance;\n"
    "        if (b0 == b1) {\n"
    "            m0 &= m1;\n"
    "        }\n"
    "        for (; h; --h, row += advance) {\n"
    "            row[b0] = (row[b0] & ~m0) | (v & m0);\n"
    "            if (b1 > b0) {\n"
    "                if (b1 > b0 + 1) {\n"
    "                    memset(row + b0 + 1, v, b1 - b0 - 1);\n"
    "                }\n"
    "                row[b1] = (row[b1] & ~m1) | (v & m1);\n"
    "            }\n"
    "        }\n"
    "        return;\n"
    "    }\n"
    "    #endif\n")

BLIT = ("    int x0end = MIN(self->width, x + source.width);\n"
        "    int y0end = MIN(self->height, y + source.height);\n"
        "\n")
BLIT_FAST = BLIT + (
    "    #if MICROPY_FRAMEBUF_MONO_FAST  // " + MARK + " blit\n"
    "    if (self->format == FRAMEBUF_MHLSB && source.format == FRAMEBUF_MHLSB\n"
    "        && (self->stride & 7) == 0 && (source.stride & 7) == 0\n"
    "        && (palette.buf == NULL || palette.width >= 2) && x0 < x0end) {\n"
    "        // what each source value does: 0 skip, 1 draw 0, 2 draw 1\n"
    "        uint32_t p0 = palette.buf ? getpixel(&palette, 0, 0) : 0;\n"
    "        uint32_t p1 = palette.buf ? getpixel(&palette, 1, 0) : 1;\n"
    "        int a0 = p0 == (uint32_t)key ? 0 : (p0 != 0 ? 2 : 1);\n"
    "        int a1 = p1 == (uint32_t)key ? 0 : (p1 != 0 ? 2 : 1);\n"
    "        unsigned int dadv = self->stride >> 3, sadv = source.stride >> 3;\n"
    "        unsigned int db0 = (unsigned int)x0 >> 3, db1 = (unsigned int)(x0end - 1) >> 3;\n"
    "        for (; y0 < y0end; ++y0, ++y1) {\n"
    "            uint8_t *drow = (uint8_t *)self->buf + y0 * dadv;\n"
    "            const uint8_t *srow = (const uint8_t *)source.buf + y1 * sadv;\n"
    "            for (unsigned int db = db0; db <= db1; ++db) {\n"
    "                int lo = MAX((int)(db * 8), x0), hi = MIN((int)(db * 8 + 8), x0end);\n"
    "                uint8_t m = (uint8_t)((0xff >> (lo & 7)) & (0xff << (8 - (hi - (int)(db * 8)))));\n"
    "                int q = x1 + (int)(db * 8) - x0;   // source bit under the byte's first pixel\n"
    "                unsigned int s;\n"
    "                if (q < 0) {\n"
    "                    s = srow[0] >> -q;\n"
    "                } else {\n"
    "                    unsigned int i = (unsigned int)q >> 3, sh = q & 7;\n"
    "                    s = (unsigned int)(srow[i] << sh);\n"
    "                    if (sh && i + 1 < sadv) {\n"
    "                        s |= srow[i + 1] >> (8 - sh);\n"
    "                    }\n"
    "                }\n"
    "                uint8_t one = (uint8_t)s & m, zero = (uint8_t)~s & m;\n"
    "                uint8_t d = drow[db];\n"
    "                d = a1 == 2 ? (d | one) : (a1 == 1 ? (d & ~one) : d);\n"
    "                d = a0 == 2 ? (d | zero) : (a0 == 1 ? (d & ~zero) : d);\n"
    "                drow[db] = d;\n"
    "            }\n"
    "        }\n"
    "        return mp_const_none;\n"
    "    }\n"
    "    #endif\n")

DEFAULT = "#ifndef MICROPY_FRAMEBUF_MONO_FAST\n#define MICROPY_FRAMEBUF_MONO_FAST (0)\n#endif\n"
INCLUDE = "#include \"py/runtime.h\"\n"


def patch(src, say, error):
    """Add the fast paths to src's extmod/modframebuf.c once; True when the
    file was changed now. A modframebuf.c without 1.28's two anchors is
    refused (error, the build's exception class, with the reason)."""
    path = os.path.join(src, FILE)
    with open(path) as f:
        text = f.read()
    if MARK in text:
        return False
    if text.count(FILL) != 1 or text.count(BLIT) != 1 or text.count(INCLUDE) != 1:
        raise error("%s: fill_rect or blit is not the one of MicroPython 1.28 "
                         "(see FILL and BLIT in tools/framebuf_fast.py)" % path)
    say("%s: byte-wise MONO_HLSB fill_rect and blit where MICROPY_FRAMEBUF_MONO_FAST" % path)
    text = text.replace(FILL, FILL_FAST).replace(BLIT, BLIT_FAST)
    text = text.replace(INCLUDE, INCLUDE + "#include <string.h>\n" + DEFAULT)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
    return True
