"""The Badger 2040 on the desktop for the CircuitPython device layer
(usher.device.circuitpython) on CPython with Blinka's displayio
(adafruit-blinka-displayio): Blinka's Bitmap, Palette, Group, TileGrid,
FourWire and EPaperDisplay, built with the arguments of CircuitPython's
board.c for pimoroni_badger2040, on stand-ins for what has no desktop
equivalent:

- board, digitalio, analogio, keypad, microcontroller, alarm: the fakes of
  tests/cpydevice/cpyfakes.py (shared with the unix-port tests), with
  board.DISPLAY replaced by BadgerDisplay below;
- the panel: UC8151, an SPI device that takes the bytes FourWire sends and
  shows the DTM2 frame as the start sequence's PSR (scan direction) and CDI
  (data polarity) say, holding BUSY (GPIO26, low while busy) for the
  waveform's time;
- time: virtual (cpyfakes.VClock); Blinka's modules read time.monotonic and
  time.sleep, so they get VirtualTime, whose sleep runs the displays'
  background task as CircuitPython does while it waits. Blinka's own
  background thread (real time, every millisecond) is stopped.

BadgerDisplay puts back CircuitPython 10.2.1's behaviour where Blinka 2.7.1
differs (docs/circuitpython-internals.md lists them): time_to_refresh in seconds,
busy read from the BUSY pin, the end of a refresh seen when BUSY is
released, and the black bits inverted on the bus.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("firmware", os.path.join("tests", "cpydevice"), os.path.join("tests", "portable"), ""):
    _p = os.path.join(ROOT, _p)
    if _p not in sys.path:
        sys.path.insert(0, _p)

import cpyfakes  # noqa: E402

from usher.device import clock  # noqa: E402

BUSY_GPIO = 26
DC_GPIO = 20
CS_GPIO = 17
RST_GPIO = 21
VBUS_GPIO = 24
# board.c's start sequence is replaced at the first refresh by the backend's
# (update_refresh_mode); this is what the display is built with until then.
BOARD_START = bytes((0x01, 5, 0x03, 0x00, 0x2B, 0x2B, 0x2B, 0x04, 0x80, 200, 0x06, 3, 0x17, 0x17,
                     0x17, 0x00, 1, 0x9F, 0x50, 1, 0x4C, 0x30, 1, 0x3A))
STOP = bytes((0x02, 0))            # POF
DRF = 0x12
DTM1 = 0x10
DTM2 = 0x13
OTP_MS = 4500                      # the OTP waveform (Pimoroni's "full" figure), as sim/rp2/panels.mjs
PON_MS = 20


class UC8151:
    """The panel behind the SPI bus: commands (DC low) and data (DC high)
    as FourWire sends them; keeps the last refresh's picture on the glass
    across resets. Pictures: canvas layout (MONO_HLSB, 1 = black)."""

    def __init__(self, vclock):
        self.vc = vclock
        self.dc = None
        self.cmd = None
        self.data = bytearray()
        self.regs = {}
        self.busy_until = 0
        self.glass = bytes(296 * 128 // 8)
        self.refreshes = []         # (time, "otp" or "lut", picture)
        self.busy_ms = []           # per refresh: the waveform's BUSY time
        self.errors = []

    def busy(self):
        return self.vc.now < self.busy_until

    # the busio.SPI interface FourWire uses
    def try_lock(self):
        return True

    def unlock(self):
        pass

    def configure(self, baudrate=0, polarity=0, phase=0):
        pass

    def deinit(self):
        pass

    def write(self, buf):
        if not self.dc.value:
            for c in bytes(buf):
                self._end()
                self.cmd = c
                if self.busy():
                    self.errors.append("command 0x%02x while BUSY" % c)
                self._command(c)
        else:
            self.data.extend(buf)

    def _end(self):
        if self.cmd is not None:
            self.regs[self.cmd] = bytes(self.data)
        self.data = bytearray()

    def _command(self, c):
        if c == 0x04:
            self.busy_until = self.vc.now + PON_MS
        elif c == DRF:
            self._refresh()

    def _lut_ms(self):
        lut = self.regs.get(0x20, b"")
        frames = sum((lut[g + 1] + lut[g + 2] + lut[g + 3] + lut[g + 4]) * lut[g + 5]
                     for g in range(0, len(lut) - 5, 6))
        pll = self.regs.get(0x30, b"\x3a")[0]
        m, n = (pll >> 3) & 7, pll & 7
        rate = 200 * m / (7 * n) if m and n else 50
        return int(frames * 1000 / rate)

    def _refresh(self):
        psr = self.regs.get(0x00, b"\x0f")[0]
        cdi = self.regs.get(0x50, b"\x00")[0]
        ram = self.regs.get(DTM2, b"")
        if len(ram) != 296 * 16:
            self.errors.append("DTM2 of %d bytes, not a 128x296 frame" % len(ram))
            return
        up = psr & 0x08
        right = psr & 0x04
        black_is_one = not (cdi & 0x10)         # CDI DDX[0] = 0: data 1 is black
        pic = bytearray(296 * 128 // 8)
        for line in range(296):
            x = 295 - line if up else line
            for k in range(16):
                b = ram[line * 16 + k]
                if not black_is_one:
                    b ^= 0xFF
                if not b:
                    continue
                for t in range(8):
                    if b & (0x80 >> t):
                        j = k * 8 + t
                        y = j if right else 127 - j
                        pic[y * 37 + (x >> 3)] |= 0x80 >> (x & 7)
        lut = bool(psr & 0x20)
        self.glass = bytes(pic)
        self.refreshes.append((self.vc.now, "lut" if lut else "otp", self.glass))
        self.busy_ms.append(self._lut_ms() if lut else OTP_MS)
        self.busy_until = self.vc.now + self.busy_ms[-1]


class VirtualTime:
    """time for Blinka's modules: monotonic() from the virtual clock; sleep()
    moves it and runs the displays' background task every millisecond."""

    def __init__(self, vclock):
        self.vc = vclock
        self.displays = []

    def monotonic(self):
        return self.vc.now / 1000

    def sleep(self, s):
        end = self.vc.now + int(round(s * 1000))
        while self.vc.now < end:
            self.vc.now += 1
            for d in self.displays:
                d._background()


def _blinka(vtime):
    import displayio
    displayio._stop_background()
    import epaperdisplay
    import fourwire
    from displayio import _displaycore
    for m in (epaperdisplay, fourwire, _displaycore):
        m.time = vtime
    return displayio, epaperdisplay, fourwire


def badger_display(panel, vtime):
    """board.DISPLAY as board.c builds it, on Blinka's EPaperDisplay."""
    displayio, epaperdisplay, fourwire = _blinka(vtime)
    from displayio._constants import DISPLAY_COMMAND, NO_COMMAND

    class BadgerDisplay(epaperdisplay.EPaperDisplay):
        def __init__(self, bus):
            # black_bits_inverted=True raises in Blinka (it stores ~word in
            # a memoryview of unsigned ints): the inversion is done on the
            # way to the bus instead (_send_inverting).
            super().__init__(
                bus, BOARD_START, STOP, width=296, height=128, ram_width=160, ram_height=296,
                rotation=270, set_column_window_command=NO_COMMAND,
                set_row_window_command=NO_COMMAND, set_current_column_command=NO_COMMAND,
                set_current_row_command=NO_COMMAND, write_black_ram_command=DTM2,
                black_bits_inverted=False, write_color_ram_command=DTM1,
                refresh_display_command=bytes((DRF, 0)), refresh_time=1.0,
                busy_pin=getattr(cpyfakes.pin, "GPIO%d" % BUSY_GPIO), busy_state=False,
                seconds_per_frame=2.0)
            self._bus_send = self._core._send
            self._core._send = self._send_inverting
            self._in_black = False

        def _send_inverting(self, data_type, chip_select, data):
            if data_type == DISPLAY_COMMAND:
                self._in_black = bytes(data)[:1] == bytes((DTM2,))
            elif self._in_black:
                data = bytes(b ^ 0xFF for b in data)
            self._bus_send(data_type, chip_select, data)

        def _background(self):
            # CircuitPython: the refresh is over when BUSY is no longer at
            # busy_state (Blinka 2.7.1 tests the opposite).
            if self._refreshing and self._busy.value != self._busy_state:
                self._refreshing = False
                self._send_command_sequence(False, self._stop_sequence)

        @property
        def busy(self):
            self._background()
            return self._refreshing

        @property
        def time_to_refresh(self):
            # CircuitPython: seconds, non-zero values rounded up by 100 ms
            # (Blinka 2.7.1 returns milliseconds).
            if self._core.last_refresh == 0:
                return 0
            left = self._milliseconds_per_frame - (vtime.monotonic() * 1000 - self._core.last_refresh)
            return 0 if left <= 0 else (left + 100) / 1000

    bus = fourwire.FourWire(panel, command=cpyfakes.pin.GPIO20, chip_select=cpyfakes.pin.GPIO17,
                            reset=cpyfakes.pin.GPIO21, baudrate=1200000)
    panel.dc = bus._dc
    display = BadgerDisplay(bus)
    vtime.displays[:] = [display]
    return display


def install(panel, vclock):
    """Fresh stand-ins in sys.modules (a power cycle: the panel's glass
    stays); returns the board."""
    import displayio
    clock.ticks_ms = vclock.ticks_ms
    clock.ticks_diff = vclock.ticks_diff
    clock.sleep_ms = vclock.sleep_ms
    displayio.release_displays()        # the last boot's (it waits for its BUSY)
    board = cpyfakes.install()
    vtime = VirtualTime(vclock)
    cpyfakes.LEVELS[BUSY_GPIO] = lambda now: not panel.busy()
    cpyfakes.LEVELS[VBUS_GPIO] = True
    board.DISPLAY = badger_display(panel, vtime)
    return board
