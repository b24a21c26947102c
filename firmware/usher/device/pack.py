# The canvas-to-panel conversion in native code (viper): the hot loop of every
# refresh. Measured on the emulated RP2040 (bench/rp2_profile.py), the
# bytecode version (a framebuf blit into a MONO_VLSB copy, then a byte loop
# with a lookup table) took about 110 ms of a press and needed two more
# 4.7 KB buffers; this one converts straight from the canvas into the bytes
# sent, in about 6 ms per refresh.
#
# Only the panel drivers import this module (uc8151, ssd1680, through
# epaper.Panel.__init__), and only on MicroPython ports with a native
# emitter: the RP2040 images and stock rp2 builds (MICROPY_EMIT_THUMB) and
# the unix port the device tests run on (x64, x86). The WebAssembly port
# and CPython, which import the device layer's runtime but never a panel,
# have no viper.
#
# The canvas (APP_CONTRACT) is 296 x 128 MONO_HLSB, 1 = black: byte
# y * 37 + x // 8, the most significant bit the leftmost pixel. A panel line
# is one canvas column x (a gate) of 16 bytes along y (the sources), 1 =
# white. Each 8 x 8 block of pixels (8 rows of one canvas byte column) is one
# bit-matrix transpose (Hacker's Delight, 7-3 "transpose8"): row r of the
# block, read as a byte, becomes bit 7 - r of the 8 output bytes, output
# byte c holding column 8 * xb + c. With `rev` the rows are taken bottom up,
# which puts the smallest y in bit 0 instead of bit 7.
#
# Viper ints are machine words, signed: on the 32-bit chip a row shifted
# into the top byte makes the word negative and >> brings in ones. Every
# right shift is masked to bits the sign cannot reach, and no constant
# needs more than 30 bits (~0x0F0F0F0F instead of 0xF0F0F0F0), so the same
# code gives the same bytes on 32 and 64 bits.
#
# On the RP2040 (armv6m: no movw/movt) each constant over 16 bits is a word
# in the code, loaded pc-relative, and only found where the code expects it
# when the function starts on a 4-byte boundary. Code loaded from a .mpy
# file always does; frozen code does because the image build gives armv6m
# native code 4-byte alignment and checks every image for it
# (tools/firmware_image.py fix_mpy_tool; tests/rp2/test_rp2_pack.py runs this
# function on the emulated chip against a bytecode reference).
import micropython

ROW = 37          # canvas bytes per row (296 / 8)


@micropython.viper
def pack(src: ptr8, dst: ptr8, x0: int, x1: int, p0: int, p1: int,  # type: ignore[name-defined]  # noqa: F821
         col0: int, stride: int, k0: int, kstep: int, rev: int):
    """Convert canvas columns x0..x1-1, pages (8-row bands) p0..p1-1 of src
    into dst: the byte of column x and page p goes to
    dst[(x - col0) * stride + k0 + kstep * (p - p0)], inverted (1 = white),
    the smallest y in bit 7 (rev = 0) or bit 0 (rev = 1)."""
    xb = x0 >> 3
    xb_end = (x1 + 7) >> 3
    while xb < xb_end:
        p = p0
        while p < p1:
            a = p * 8 * 37 + xb
            if rev:
                r0 = int(src[a + 259])
                r1 = int(src[a + 222])
                r2 = int(src[a + 185])
                r3 = int(src[a + 148])
                r4 = int(src[a + 111])
                r5 = int(src[a + 74])
                r6 = int(src[a + 37])
                r7 = int(src[a])
            else:
                r0 = int(src[a])
                r1 = int(src[a + 37])
                r2 = int(src[a + 74])
                r3 = int(src[a + 111])
                r4 = int(src[a + 148])
                r5 = int(src[a + 185])
                r6 = int(src[a + 222])
                r7 = int(src[a + 259])
            x = (r0 << 24) | (r1 << 16) | (r2 << 8) | r3
            y = (r4 << 24) | (r5 << 16) | (r6 << 8) | r7
            t = (x ^ (x >> 7)) & 0x00AA00AA
            x = x ^ t ^ (t << 7)
            t = (y ^ (y >> 7)) & 0x00AA00AA
            y = y ^ t ^ (t << 7)
            t = (x ^ (x >> 14)) & 0x0000CCCC
            x = x ^ t ^ (t << 14)
            t = (y ^ (y >> 14)) & 0x0000CCCC
            y = y ^ t ^ (t << 14)
            t = (x & ~0x0F0F0F0F) | ((y >> 4) & 0x0F0F0F0F)
            y = ((x << 4) & ~0x0F0F0F0F) | (y & 0x0F0F0F0F)
            x = t
            k = k0 + kstep * (p - p0)
            c = 0
            while c < 8:
                cx = xb * 8 + c
                if cx >= x0 and cx < x1:
                    if c < 4:
                        v = x >> (24 - 8 * c)
                    else:
                        v = y >> (56 - 8 * c)
                    dst[(cx - col0) * stride + k] = (v & 0xFF) ^ 0xFF
                c += 1
            p += 1
        xb += 1
