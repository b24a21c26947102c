# SSD1680 driver for the Waveshare Pico-ePaper-2.9 (V2) panel, in MicroPython
# on machine.SPI (PL-5, PL-6).
#
# Sequences follow the SSD1680 datasheet and Waveshare's example for this
# board (waveshareteam/Pico_ePaper_Code python/Pico_ePaper-2.9.py, the V2
# panel): software reset, 296 gate lines, X/Y increment, full refresh with
# the OTP waveform loaded by the controller (display update control 0xF7),
# fast refresh with Waveshare's differential waveform loaded into the LUT
# register and "display mode 2" (0x0F) with RAM ping-pong.
#
# Landscape mapping (Waveshare's landscape class): gate line = canvas x,
# source address = 127 - canvas y, so each gate line starts at canvas y=127
# (FLIP_Y) and the bits need no reversal. The controller refreshes the whole
# panel in either mode; for a partial refresh only the window's bytes are
# converted (the rest of the RAM image is what the panel already shows) and
# the full RAM image is sent, as Waveshare's example does, so the old/new
# RAM pair the waveform compares can never disagree outside the window.
from usher.device import clock
from usher.device.epaper import WIDTH, Panel

DRIVER_OUTPUT = 0x01
GATE_VOLTAGE = 0x03
SOURCE_VOLTAGE = 0x04
DEEP_SLEEP = 0x10
DATA_ENTRY = 0x11
SW_RESET = 0x12
TEMP_SENSOR = 0x18
MASTER_ACTIVATE = 0x20
UPDATE_CONTROL_1 = 0x21
UPDATE_CONTROL_2 = 0x22
WRITE_RAM_BW = 0x24
WRITE_RAM_OLD = 0x26
VCOM = 0x2C
WRITE_LUT = 0x32
OTP_OPTIONS = 0x37
BORDER = 0x3C
END_OPTION = 0x3F
RAM_X_RANGE = 0x44
RAM_Y_RANGE = 0x45
RAM_X_COUNTER = 0x4E
RAM_Y_COUNTER = 0x4F

GATES = WIDTH                       # 296 gate lines = canvas x
SEQ_FULL_OTP = 0xF7                 # clock+analog on, load temperature and OTP LUT, display mode 1, off
SEQ_POWER_ON = 0xC0                 # clock + analog on only
SEQ_FAST = 0x0F                     # display mode 2 with the loaded LUT, then off
PING_PONG = bytes((0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00))


def fast_waveform():
    """Waveshare's partial-refresh waveform for the 2.9" V2 panel as
    (153-byte LUT, end option, gate V, source VSH1/VSH2/VSL, VCOM).
    LUT layout (SSD1680 datasheet): five 12-byte voltage-select rows (LUT0-4),
    twelve 7-byte timing groups (TPA TPB SRAB TPC TPD SRCD RP), six frame-rate
    bytes, three XON bytes."""
    lut = bytearray(153)
    lut[1] = 0x40                   # LUT0 (black -> black)
    lut[12] = 0x80                  # LUT1 (black -> white)
    lut[13] = 0x80
    lut[24] = 0x40                  # LUT2 (white -> black)
    lut[25] = 0x40
    lut[37] = 0x80                  # LUT3 (white -> white)
    lut[60] = 0x0A                  # group 0: TPA = 10 frames
    lut[66] = 0x01                  #          repeat once
    lut[67] = 0x01                  # group 1: TPA = 1 frame
    lut[74] = 0x01                  # group 2: TPA = 1 frame
    for i in range(144, 150):
        lut[i] = 0x22               # frame rate
    return bytes(lut), 0x22, 0x17, bytes((0x41, 0xB0, 0x32)), 0x36


class SSD1680(Panel):
    NAME = "SSD1680"
    REVERSE_BITS = False
    FLIP_Y = True

    def __init__(self, *args):
        super().__init__(*args)
        self.mode = None
        self._wave = None

    def init(self):
        self._started = None
        self.hard_reset(2, 50)
        self.wait_idle("reset")
        self.command(SW_RESET)
        self.wait_idle("software reset")
        self.command(DRIVER_OUTPUT, bytes(((GATES - 1) & 0xFF, (GATES - 1) >> 8, 0x00)))
        self.command(DATA_ENTRY, b"\x03")            # X then Y, both increasing
        self._whole_ram()
        self.command(UPDATE_CONTROL_1, b"\x00\x80")
        self.command(TEMP_SENSOR, b"\x80")           # internal sensor picks the OTP waveform
        self.wait_idle("init")
        self.mode = "full"

    def _whole_ram(self):
        self.command(RAM_X_RANGE, bytes((0x00, 0x0F)))                      # bytes 0..15 = 128 sources
        self.command(RAM_Y_RANGE, bytes((0, 0, (GATES - 1) & 0xFF, (GATES - 1) >> 8)))
        self.command(RAM_X_COUNTER, b"\x00")
        self.command(RAM_Y_COUNTER, b"\x00\x00")

    def _full(self):
        if self.mode != "full":
            self.init()
        self._whole_ram()
        self.command(WRITE_RAM_BW, self.ram)
        self.command(WRITE_RAM_OLD, self.ram)        # old = new: the next fast refresh compares against it
        self.command(UPDATE_CONTROL_2, bytes((SEQ_FULL_OTP,)))
        self.command(MASTER_ACTIVATE)

    def _partial(self, x, y, w, h):
        if self.mode is None:
            self.init()             # after deep sleep: full set-up first
        if self._wave is None:
            self._wave = fast_waveform()
        lut, end_opt, vgh, vsrc, vcom = self._wave
        # Waveshare's fast sequence: a short reset pulse, load the waveform,
        # enable RAM ping-pong, border hold, power on.
        self.rst.value(0)
        clock.sleep_ms(2)
        self.rst.value(1)
        clock.sleep_ms(2)
        self.command(WRITE_LUT, lut)
        self.wait_idle("load waveform")
        self.command(END_OPTION, bytes((end_opt,)))
        self.command(GATE_VOLTAGE, bytes((vgh,)))
        self.command(SOURCE_VOLTAGE, vsrc)
        self.command(VCOM, bytes((vcom,)))
        self.command(OTP_OPTIONS, PING_PONG)
        self.command(BORDER, b"\x80")
        self.command(UPDATE_CONTROL_2, bytes((SEQ_POWER_ON,)))
        self.command(MASTER_ACTIVATE)
        self.wait_idle("power on")
        self._whole_ram()
        self.command(WRITE_RAM_BW, self.ram)
        self.command(UPDATE_CONTROL_2, bytes((SEQ_FAST,)))
        self.command(MASTER_ACTIVATE)
        self.mode = "partial"

    def sleep(self):
        self.wait_idle("refresh before sleep")
        self.command(DEEP_SLEEP, b"\x01")
        self.mode = None            # deep sleep needs a hardware reset to wake
