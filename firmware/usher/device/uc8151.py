# UC8151 (also sold as IL0373) driver for the Badger 2040's 2.9" panel, in
# MicroPython on machine.SPI (PL-4, PL-6).
#
# Command set and panel settings follow the UC8151 datasheet as used by
# Pimoroni's driver (pimoroni/pimoroni-pico drivers/uc8151/uc8151.cpp), which
# is what the Badger ships with: panel setting 128x296, black/white, booster
# on, source shift right + gate scan down (the Badger's landscape
# orientation), data inverted (CDI 0x9C: bit 1 = white).
#
# Four refresh modes (PL-6, PL-15, PL-18): "clean" uses the panel's own OTP
# waveform (~4.5 s, flashes, clears ghosting); "fast" loads Pimoroni's fast
# waveform into the LUT registers (~0.8 s, no flashing) and sends the whole
# frame; "partial" uses the same waveform and sends only the window, whose
# y and h must be multiples of 8 (the source axis is addressed in bytes);
# "turbo" sends the window as "partial" does with Pimoroni's turbo waveform
# (26 frames, ~0.26 s at 100 Hz), which ghosts more: the device layer
# bounds how many turbo updates a window gets before a fast one (PL-18).
from usher.device.epaper import HEIGHT, WIDTH, Panel
from usher.device.uc8151_luts import LUT_BB, LUT_BW, LUT_VCOM, LUT_WB, LUT_WW, fast_luts, turbo_luts
try:
    from micropython import const
except ImportError:         # CPython (the simulator and the tests)
    def const(x):  # type: ignore[misc]
        return x

# Underscored constants are folded into the bytecode: no entry in the
# module's globals (the heap), no lookup at run time.
_PSR = const(0x00)
_PWR = const(0x01)
_POF = const(0x02)
_PFS = const(0x03)
_PON = const(0x04)
_BTST = const(0x06)
_DSLP = const(0x07)
_DSP = const(0x11)
_DRF = const(0x12)
_DTM2 = const(0x13)
# The LUT registers (0x20-0x24) and the waveforms written to them: uc8151_luts.py.
_PLL = const(0x30)
_TSE = const(0x41)
_CDI = const(0x50)
_TCON = const(0x60)
_PTL = const(0x90)
_PTIN = const(0x91)
_PTOU = const(0x92)

# Panel setting bits.
_RES_128x296 = const(0x80)
_LUT_FROM_REGISTERS = const(0x20)
_FORMAT_BW = const(0x10)
_SHIFT_RIGHT = const(0x04)
_BOOSTER_ON = const(0x02)
_NO_SOFT_RESET = const(0x01)
_PSR_OTP = const(_RES_128x296 | _FORMAT_BW | _SHIFT_RIGHT | _BOOSTER_ON | _NO_SOFT_RESET)  # 0x97
_PSR_REGISTERS = const(_PSR_OTP | _LUT_FROM_REGISTERS)  # 0xB7

POWER_SETTING = bytes((0x03, 0x00, 0x2B, 0x2B, 0x2B))   # internal VDS/VDG, VCOM=VD, 16 V, VDH/VDL/VDHR
BOOSTER = bytes((0x17, 0x17, 0x17))                     # 10 ms start, strength 3, 6.58 us off
_CDI_INVERTED = const(0x9C)      # data 1 = white, border white
_PLL_100HZ = const(0x3A)
_PLL_200HZ = const(0x39)
_DEEP_SLEEP_CHECK = const(0xA5)  # DSLP check code
_PARTIAL_SCAN_INSIDE = const(0x01)

SPEED_OTP = 0
SPEED_FAST = 2
SPEED_TURBO = 3


class UC8151(Panel):
    NAME = "UC8151"
    REVERSE_BITS = True     # MSB of each byte = smallest canvas y
    FLIP_Y = False

    def __init__(self, *args):
        Panel.__init__(self, *args)
        self.speed = None
        self._ptl = bytearray(7)
        # The controller keeps its own RAM: a refresh sends only its window
        # (Panel.send_window).

    def init(self, speed=SPEED_OTP):
        """Reset the controller and set it up for one update speed."""
        self._started = None
        self.hard_reset(10, 10)
        self.wait_idle("reset")
        self.command(_PSR, bytes((_PSR_OTP if speed == SPEED_OTP else _PSR_REGISTERS,)))
        if speed != SPEED_OTP:
            self.load_luts(speed)
            self.command(_PLL, bytes((_PLL_200HZ,)))
        self.command(_PWR, POWER_SETTING)
        self.command(_PON)
        self.wait_idle("power on")
        self.command(_BTST, BOOSTER)
        self.command(_PFS, b"\x00")
        self.command(_TSE, b"\x00")
        self.command(_TCON, b"\x22")
        self.command(_CDI, bytes((_CDI_INVERTED,)))
        self.command(_PLL, bytes((_PLL_100HZ,)))
        self.command(_POF)
        self.wait_idle("power off")
        self.speed = speed

    def prepare(self, turbo):
        # A clean refresh runs the OTP waveform, and the next fast or turbo
        # update needs the controller reset and set up again (init: about
        # 60 ms of resets and power waits). Done here, once the clean refresh
        # has ended and no press waits, it is off the next press's path.
        if self.busy():
            return False
        if self.speed == SPEED_OTP:
            self.init(SPEED_TURBO if turbo() else SPEED_FAST)     # ends with the power off
            return True
        if self.speed is not None:
            # Any other update leaves the booster on: it goes off now, until
            # the next update's own PON (as Pimoroni's driver does after each
            # update), so between presses the panel draws its standby
            # current (bench/energy.py, panel_idle). Not waited for: BUSY
            # lasts PFS's frames, and a press's refresh waits for ready().
            self.command(_POF)
        return False

    def load_luts(self, speed):
        """Write one waveform into the five LUT registers. Switching between
        fast and turbo needs only this (PSR already reads the registers), not
        the reset and power cycle of init(), so a turbo update costs no more
        set-up than a fast one."""
        luts = turbo_luts() if speed == SPEED_TURBO else fast_luts()
        for reg in (LUT_VCOM, LUT_WW, LUT_BW, LUT_WB, LUT_BB):
            self.command(reg, luts[reg])
        self.speed = speed

    def _clean(self):
        self._whole(SPEED_OTP)

    def _fast(self):
        self._whole(SPEED_FAST)

    def _whole(self, speed):
        # Pimoroni's update(): partial mode off, the whole frame, refresh.
        if self.speed == SPEED_TURBO and speed == SPEED_FAST:
            self.load_luts(speed)
        elif self.speed != speed:
            self.init(speed)
        self.command(_PON)
        self.command(_PTOU)
        self.send_window(_DTM2, 0, 0, WIDTH, HEIGHT)
        self.command(_DSP)
        self.command(_DRF)

    def _partial(self, x, y, w, h):
        self._window(SPEED_FAST, x, y, w, h)

    def _turbo(self, x, y, w, h):
        self._window(SPEED_TURBO, x, y, w, h)

    def _window(self, speed, x, y, w, h):
        if self.speed == SPEED_OTP or self.speed is None:
            self.init(speed)
        elif self.speed != speed:
            self.load_luts(speed)
        x_end = x + w - 1
        p = self._ptl
        p[0] = y                 # source (canvas y) start, a multiple of 8
        p[1] = y + h - 1         # source end, low 3 bits all ones
        p[2] = x >> 8            # gate (canvas x) start, 9 bits
        p[3] = x & 0xFF
        p[4] = x_end >> 8
        p[5] = x_end & 0xFF
        p[6] = _PARTIAL_SCAN_INSIDE
        self.command(_PON)
        self.command(_PTIN)
        self.command(_PTL, p)
        self.send_window(_DTM2, x, y, w, h)
        self.command(_DSP)
        self.command(_DRF)

    def sleep(self):
        """Power the panel down before the board powers off (PL-6)."""
        self.wait_idle("refresh before sleep")
        self.command(_POF)
        self.wait_idle("power off")
        self.command(_DSLP, bytes((_DEEP_SLEEP_CHECK,)))
        self.speed = None       # deep sleep needs a hardware reset to wake


__all__ = ["UC8151", "HEIGHT", "WIDTH"]
