# SSD1680 driver for the Waveshare Pico-ePaper-2.9 (V2) panel, in MicroPython
# on machine.SPI (PL-5, PL-6).
#
# Sequences follow the SSD1680 datasheet and Waveshare's example for this
# board (waveshareteam/Pico_ePaper_Code python/Pico_ePaper-2.9.py, the V2
# panel): software reset, 296 gate lines, X/Y increment, full refresh with
# the OTP waveform loaded by the controller (display update control 0xF7),
# fast and partial refreshes (PL-15) with Waveshare's partial waveform
# loaded into the LUT register and "display mode 2" (0x0F) with RAM ping-pong.
#
# Landscape mapping (Waveshare's landscape class): gate line = canvas x,
# source address = 127 - canvas y, so each gate line starts at canvas y=127
# (FLIP_Y) and the bits need no reversal. The controller refreshes the whole
# panel in either mode, and every refresh sends the full RAM image, as
# Waveshare's example does, so the old/new RAM pair the waveform compares
# can never disagree outside the window (with RAM ping-pong, outside the
# window the "new" RAM holds the frame before last). The image is the
# canvas, converted piece by piece on its way out (Panel.send_window): the
# refresh window covers every band of the canvas that changed since the last
# refresh (usher.ui.refresh), so outside it the canvas is what the panel
# shows, and the driver keeps no 4.7 KB copy of the picture on the heap.
from usher.device import clock
from usher.device.epaper import HEIGHT, WIDTH, Panel

try:
    from micropython import const
except ImportError:         # CPython (the simulator and the tests)
    def const(x):  # type: ignore[misc]
        return x

# Underscored constants are folded into the bytecode: no entry in the
# module's globals (the heap), no lookup at run time.
_DRIVER_OUTPUT = const(0x01)
_GATE_VOLTAGE = const(0x03)
_SOURCE_VOLTAGE = const(0x04)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_MASTER_ACTIVATE = const(0x20)
_UPDATE_CONTROL_1 = const(0x21)
_UPDATE_CONTROL_2 = const(0x22)
_WRITE_RAM_BW = const(0x24)
_WRITE_RAM_OLD = const(0x26)
_VCOM = const(0x2C)
_WRITE_LUT = const(0x32)
_OTP_OPTIONS = const(0x37)
_BORDER = const(0x3C)
_END_OPTION = const(0x3F)
_RAM_X_RANGE = const(0x44)
_RAM_Y_RANGE = const(0x45)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

GATES = WIDTH                       # 296 gate lines = canvas x
_SEQ_FULL_OTP = const(0xF7)         # clock+analog on, load temperature and OTP LUT, display mode 1, off
_SEQ_POWER_ON = const(0xC0)         # clock + analog on only
_SEQ_FAST = const(0x0F)             # display mode 2 with the loaded LUT, then off
PING_PONG = bytes((0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00))


# Waveshare's partial-refresh waveform for the 2.9" V2 panel, byte for byte
# as WF_PARTIAL_2IN9 in waveshareteam/Pico_ePaper_Code
# python/Pico_ePaper-2.9.py (commit f6af2a8, the current MicroPython example
# for this board) and _WF_PARTIAL_2IN9 in c/lib/e-Paper/EPD_2in9_V2.c (commit
# 0dff889): 153 bytes of LUT (SSD1680 datasheet layout): five 12-byte
# voltage-select rows LUT0-4, twelve 7-byte timing groups (TPA TPB SRAB TPC
# TPD SRCD RP), six frame-rate bytes, three XON bytes; then the end option,
# gate voltage, source VSH1/VSH2/VSL and VCOM bytes of the same table.
# Group 0 repeats once (RP = 0x01, run twice) in both. The first revision of
# the MicroPython example (2021, commit 21b81ac) had RP = 0x02; Waveshare's
# later files changed it to 0x01, which is what is used here (PL-15).
WF_PARTIAL_LUT = bytes((
    0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   # LUT0 B->B
    0x80, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   # LUT1 B->W
    0x40, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   # LUT2 W->B
    0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   # LUT3 W->W
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   # LUT4
    0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,                                 # group 0
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,                                 # group 1
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,                                 # group 2
)) + bytes(7 * 9) + bytes((
    0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x00, 0x00, 0x00,                     # frame rate, XON
))
_WF_PARTIAL_END_OPTION = const(0x22)
_WF_PARTIAL_GATE_V = const(0x17)
WF_PARTIAL_SOURCE_V = bytes((0x41, 0xB0, 0x32))
_WF_PARTIAL_VCOM = const(0x36)


def fast_waveform():
    """Waveshare's partial-refresh waveform (above) as (153-byte LUT, end
    option, gate V, source VSH1/VSH2/VSL, VCOM)."""
    return (WF_PARTIAL_LUT, _WF_PARTIAL_END_OPTION, _WF_PARTIAL_GATE_V, WF_PARTIAL_SOURCE_V,
            _WF_PARTIAL_VCOM)


class SSD1680(Panel):
    NAME = "SSD1680"
    REVERSE_BITS = False
    FLIP_Y = True

    def __init__(self, *args):
        Panel.__init__(self, *args)
        self.mode = None
        self._wave = None

    def init(self):
        self._started = None
        # RST low 10 ms, then 10 ms before BUSY is read, as TFT_eSPI's
        # SSD1680_Init.h does; the BUSY wait after it and after the software
        # reset is what the controller itself asks for. Waveshare's sample
        # code waits 50 ms around a 2 ms pulse: 72 ms more of the boot.
        self.hard_reset(10, 10)
        self.wait_idle("reset")
        self.command(_SW_RESET)
        self.wait_idle("software reset")
        self.command(_DRIVER_OUTPUT, bytes(((GATES - 1) & 0xFF, (GATES - 1) >> 8, 0x00)))
        self.command(_DATA_ENTRY, b"\x03")            # X then Y, both increasing
        self._whole_ram()
        self.command(_UPDATE_CONTROL_1, b"\x00\x80")
        self.command(_TEMP_SENSOR, b"\x80")           # internal sensor picks the OTP waveform
        self.wait_idle("init")
        self.mode = "clean"

    def _whole_ram(self):
        self.command(_RAM_X_RANGE, bytes((0x00, 0x0F)))                      # bytes 0..15 = 128 sources
        self.command(_RAM_Y_RANGE, bytes((0, 0, (GATES - 1) & 0xFF, (GATES - 1) >> 8)))
        self.command(_RAM_X_COUNTER, b"\x00")
        self.command(_RAM_Y_COUNTER, b"\x00\x00")

    def _clean(self):
        if self.mode != "clean":
            self.init()
        self._whole_ram()
        self.send_window(_WRITE_RAM_BW, 0, 0, WIDTH, HEIGHT)
        # old = new: the next fast refresh compares against it
        self.send_window(_WRITE_RAM_OLD, 0, 0, WIDTH, HEIGHT)
        self.command(_UPDATE_CONTROL_2, bytes((_SEQ_FULL_OTP,)))
        self.command(_MASTER_ACTIVATE)

    def _fast(self):
        self._partial(0, 0, WIDTH, 128)

    def _partial(self, x, y, w, h):
        # "fast" and "partial" run the same sequence: the controller updates
        # the whole panel in display mode 2 and compares against the old RAM,
        # so only what changed (the window, for a partial) moves.
        if self.mode is None:
            self.init()             # after deep sleep: full set-up first
        if self.mode != "fast":
            self._load_fast_waveform()
        # Power on, then the RAM and display mode 2. After a fast or partial
        # update the waveform, its voltages and the ping-pong setting are
        # still in the controller's registers (nothing reset them and the
        # 0x0F sequence loads no LUT), so a press in a row skips their reload
        # and Waveshare's reset pulse before it: 4 ms of waiting and 170
        # bytes less per press on the Pico.
        self.command(_UPDATE_CONTROL_2, bytes((_SEQ_POWER_ON,)))
        self.command(_MASTER_ACTIVATE)
        self.wait_idle("power on")
        self._whole_ram()
        self.send_window(_WRITE_RAM_BW, 0, 0, WIDTH, HEIGHT)
        self.command(_UPDATE_CONTROL_2, bytes((_SEQ_FAST,)))
        self.command(_MASTER_ACTIVATE)
        self.mode = "fast"

    def _load_fast_waveform(self):
        # Waveshare's fast sequence: a short reset pulse, load the waveform,
        # enable RAM ping-pong, border hold.
        if self._wave is None:
            self._wave = fast_waveform()
        lut, end_opt, vgh, vsrc, vcom = self._wave
        self.rst.value(0)
        clock.sleep_ms(2)
        self.rst.value(1)
        clock.sleep_ms(2)
        self.command(_WRITE_LUT, lut)
        self.wait_idle("load waveform")
        self.command(_END_OPTION, bytes((end_opt,)))
        self.command(_GATE_VOLTAGE, bytes((vgh,)))
        self.command(_SOURCE_VOLTAGE, vsrc)
        self.command(_VCOM, bytes((vcom,)))
        self.command(_OTP_OPTIONS, PING_PONG)
        self.command(_BORDER, b"\x80")

    def sleep(self):
        self.wait_idle("refresh before sleep")
        self.command(_DEEP_SLEEP, b"\x01")
        self.mode = None            # deep sleep needs a hardware reset to wake
