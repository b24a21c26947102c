# The UC8151's waveforms that the firmware loads into its LUT registers
# (PL-15, PL-18), apart from the driver (uc8151.py): CircuitPython's
# displayio start sequence (usher.device.circuitpython.display) needs only
# these tables, and importing the MicroPython driver with them would keep
# its class and command names on the heap for nothing (the free heap at
# boot: docs/performance.md, CircuitPython: heap and size). The tables are
# bytes literals, so frozen into an image they stay in flash.

# The LUT registers (UC8151 datasheet; Pimoroni's uc8151.hpp).
LUT_VCOM = 0x20
LUT_WW = 0x21
LUT_BW = 0x22
LUT_WB = 0x23
LUT_BB = 0x24


# Pimoroni's fast waveform, byte for byte as UC8151::fast_luts() in
# pimoroni/pimoroni-pico drivers/uc8151/uc8151.cpp ("fast ~0.8 s",
# update_time() 800 ms). Each 6-byte group: level selects of phases A-D,
# the four phase lengths in frames, the repeat count; three groups used.
# LUT_VCOM (0x20), 44 bytes; source: uc8151.cpp fast_luts(), LUT_VCOM.
FAST_LUT_VCOM = (
    b'\x00\x04\x04\x07\x00\x01'
    b'\x00\x0c\x0c\x00\x00\x02'
    b'\x00\x04\x04\x07\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00')
# LUT_WW (0x21) and LUT_BW (0x22), 42 bytes each: the same table in
# uc8151.cpp fast_luts(), LUT_WW and LUT_BW.
FAST_LUT_TO_WHITE = (
    b'\x54\x04\x04\x07\x00\x01'
    b'\x60\x0c\x0c\x00\x00\x02'
    b'\xa8\x04\x04\x07\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00')
# LUT_WB (0x23) and LUT_BB (0x24), 42 bytes each: uc8151.cpp fast_luts(),
# LUT_WB and LUT_BB.
FAST_LUT_TO_BLACK = (
    b'\xa8\x04\x04\x07\x00\x01'
    b'\x60\x0c\x0c\x00\x00\x02'
    b'\x54\x04\x04\x07\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00')


# Pimoroni's turbo waveform, byte for byte as UC8151::turbo_luts() in
# pimoroni/pimoroni-pico drivers/uc8151/uc8151.cpp (commit 018e32d,
# update_time() 250 ms for update speed 3): the fast waveform's shape with
# shorter phases. Its VCOM groups last (1+1+2)*1 + (2+2)*2 + (2+2+3)*2 = 26
# frames, 0.26 s at the 100 Hz that setup() leaves in R30H PLL (PL-18).
# LUT_VCOM (0x20), 44 bytes; source: uc8151.cpp turbo_luts(), LUT_VCOM.
TURBO_LUT_VCOM = (
    b'\x00\x01\x01\x02\x00\x01'
    b'\x00\x02\x02\x00\x00\x02'
    b'\x00\x02\x02\x03\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00')
# LUT_WW (0x21) and LUT_BW (0x22): uc8151.cpp turbo_luts(), LUT_WW and LUT_BW.
TURBO_LUT_TO_WHITE = (
    b'\x54\x01\x01\x02\x00\x01'
    b'\x60\x02\x02\x00\x00\x02'
    b'\xa8\x02\x02\x03\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00')
# LUT_WB (0x23) and LUT_BB (0x24): uc8151.cpp turbo_luts(), LUT_WB and LUT_BB.
TURBO_LUT_TO_BLACK = (
    b'\xa8\x01\x01\x02\x00\x01'
    b'\x60\x02\x02\x00\x00\x02'
    b'\x54\x02\x02\x03\x00\x02'
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
    b'\x00\x00\x00\x00\x00\x00\x00\x00')


def _luts(vcom, to_white, to_black):
    return {
        LUT_VCOM: vcom,
        LUT_WW: to_white,
        LUT_BW: to_white,
        LUT_WB: to_black,
        LUT_BB: to_black,
    }


def fast_luts():
    """The five LUT registers of Pimoroni's fast waveform (PL-6, PL-15)."""
    return _luts(FAST_LUT_VCOM, FAST_LUT_TO_WHITE, FAST_LUT_TO_BLACK)


def turbo_luts():
    """The five LUT registers of Pimoroni's turbo waveform (PL-18)."""
    return _luts(TURBO_LUT_VCOM, TURBO_LUT_TO_WHITE, TURBO_LUT_TO_BLACK)
