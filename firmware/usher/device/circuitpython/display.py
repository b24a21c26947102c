# The UI's picture on board.DISPLAY, the Badger 2040's UC8151 as
# CircuitPython's EPaperDisplay, through displayio: a 1-bit
# displayio.Bitmap (MONO_HLSB's bit order, rows padded to 32 bits) shown by
# a TileGrid with a two-colour Palette (0 white, 1 black) in a Group that is
# the display's root_group. The canvas draws into that Bitmap itself
# (bitmap_canvas.py); a bytearray canvas (canvas.py, and Blinka's Bitmap,
# which has no buffer) is copied into it row by row. CircuitPython then
# converts and sends the whole frame.
#
# The refresh policy on CircuitPython (docs/circuitpython-internals.md, docs/ui-internals.md),
# from what CircuitPython 10.2.1's EPaperDisplay allows
# (shared-module/epaperdisplay/EPaperDisplay.c):
# - The start sequence is sent again before every refresh
#   (epaperdisplay_start_refresh), and update_refresh_mode() only swaps the
#   buffer it sends and seconds_per_frame: it may carry any UC8151 command
#   with its data, the LUT registers 0x20-0x24 included, so the waveform
#   can change between any two refreshes at no cost beyond the LUT bytes
#   (no second EPaperDisplay, no release_displays()).
# - Always the whole panel: displayio sends a window only through separate
#   column and row window commands of 2 or 4 bytes each
#   (displayio_display_bus_set_region_to_update), and only when the board
#   gives it a row command (the Badger's board.c gives none). The UC8151's
#   window is one command, R90H PTL with 7 bytes, after PTIN: displayio
#   cannot send it, and a PTL in the start sequence would be followed by
#   the whole frame's data. So a window of the UI (PL-15) is a refresh of
#   the whole panel with the window's waveform; the picture is the same.
# - The waveforms are the MicroPython image's (PL-6, PL-15, PL-18), so the
#   same glass looks and ghosts the same under both runtimes: "clean" is the
#   panel's own OTP waveform (~4.5 s, flashes, clears ghosting); "fast" and
#   "partial" load Pimoroni's fast LUTs (usher.device.uc8151_luts.fast_luts,
#   93 frames, 0.93 s, no flashing); "turbo" (a window, PL-18) Pimoroni's
#   turbo LUTs (uc8151_luts.turbo_luts, 26 frames, 0.26 s). Each is
#   CircuitPython's start sequence for the board (boards/pimoroni_badger2040
#   /board.c) with the panel setting and LUTs changed. The board's own LUT
#   (1,630 frames at 100 Hz, 16 s on the emulated panel) is not used.
# - Turbo ghosts more, and here it drives the whole panel, not only the
#   window: besides the shared ghost bound (usher.device.waveform: a fast
#   update of the turbo bands after 3 s of rest, which here is a fast update
#   of the whole panel), the panel takes at most TURBO_IN_A_ROW turbo
#   refreshes in a row; the next one gets the fast waveform (PL-18).
# - seconds_per_frame: EPaperDisplay refuses a refresh sooner than that after
#   the previous one (time_to_refresh), counted from the end of the frame's
#   transfer, when DRF starts the waveform (displayio_display_core_finish_
#   refresh sets last_refresh). The board sets 2 s. Its busy flag is set
#   from that moment until the BUSY pin is released, so the panel's own BUSY
#   already keeps refreshes apart: this backend sets GAP_S = 0 for every
#   waveform, and a refresh starts as soon as the previous waveform ended.
#   refresh_time is ignored when the board gives a busy pin (the Badger's).
#   ready() is False while BUSY is held, so the shared main loop keeps
#   merging the requests of the presses in between (runtime.merge) and shows
#   only the newest picture: a burst of presses costs one refresh, never a
#   queue of stale pictures.
from usher.device import clock
from usher.device.epaper import HEIGHT, WIDTH, BusyTimeout
from usher.device.waveform import TURBO_IN_A_ROW

STRIDE = WIDTH // 8
GAP_S = 0.0
REFRESH_TIMEOUT_MS = 30000

# UC8151 commands of the start sequence (CircuitPython's display_start_sequence:
# command, data length (0x80 = a delay in ms follows), data, [delay]).
_PWR = 0x01
_PON = 0x04
_BTST = 0x06
_PSR = 0x00
_PFS = 0x03
_TSE = 0x41
_TCON = 0x60
_CDI = 0x50
_PLL = 0x30
_LUTS = (0x20, 0x21, 0x22, 0x23, 0x24)

# board.c: LUT_REG | FORMAT_BW | SCAN_UP | SHIFT_RIGHT | BOOSTER_ON | RESET_NONE, 128x296;
# the same without LUT_REG: the panel's OTP waveform.
_PSR_BOARD = 0xBF
_PSR_OTP = 0x9F
_CDI_BOARD = 0x4C
_PLL_100HZ = 0x3A


def start_sequence(luts=None):
    """The board's start sequence (CircuitPython's pimoroni_badger2040
    board.c: power, booster, panel setting, CDI, PLL) with the given LUT
    registers; with luts None the panel setting selects the panel's own OTP
    waveform and no LUT is sent."""
    out = bytearray()

    def cmd(c, data=b"", delay=None):
        out.append(c)
        out.append(len(data) | (0x80 if delay is not None else 0))
        out.extend(data)
        if delay is not None:
            out.append(delay)

    cmd(_PWR, bytes((0x03, 0x00, 0x2B, 0x2B, 0x2B)))
    # board.c waits a fixed 200 ms after PON; EPaperDisplay already waits for
    # BUSY after every command of the start sequence, which is what the
    # UC8151 asks (and what the MicroPython driver does), so the fixed delay
    # is left out: 200 ms less per refresh.
    cmd(_PON)
    cmd(_BTST, bytes((0x17, 0x17, 0x17)))
    cmd(_PSR, bytes((_PSR_BOARD if luts is not None else _PSR_OTP,)))
    cmd(_PFS, b"\x00")
    cmd(_TSE, b"\x00")
    cmd(_TCON, b"\x22")
    cmd(_CDI, bytes((_CDI_BOARD,)))
    cmd(_PLL, bytes((_PLL_100HZ,)))
    if luts is not None:
        for reg in _LUTS:
            cmd(reg, luts[reg])
    return bytes(out)


def copy_rows(src, dst, dst_row, width_bytes=STRIDE, height=HEIGHT):
    """Copy a MONO_HLSB canvas (rows of width_bytes) into a buffer with rows
    of dst_row bytes (a 1-bit displayio.Bitmap: the same bit order, rows
    padded to 32 bits)."""
    s = 0
    d = 0
    for _ in range(height):
        dst[d:d + width_bytes] = src[s:s + width_bytes]
        s += width_bytes
        d += dst_row


def copy_changed(src, shadow, bitmap, width_bytes=STRIDE):
    """Copy a MONO_HLSB canvas into a displayio.Bitmap that is not a buffer
    (Blinka's displayio on CPython, the desktop tests) through its public
    bitmap[x, y] = value, only the pixels that differ from shadow (the
    canvas as last copied), which is then brought up to date."""
    for i in range(len(src)):
        b = src[i]
        d = b ^ shadow[i]
        if d:
            y = i // width_bytes
            x = (i - y * width_bytes) * 8
            for k in range(8):
                m = 0x80 >> k
                if d & m:
                    bitmap[x + k, y] = 1 if b & m else 0
            shadow[i] = b


class DisplayioPanel:
    """The display interface of usher.device.epaper.Panel (init, ready,
    start, show, sleep, refresh_count) on a CircuitPython EPaperDisplay."""

    NAME = "EPaperDisplay"
    TURBO = True        # turbo waveform for windows, over the whole panel (PL-18)

    def __init__(self, canvas_buffer, display=None, displayio=None, bitmap=None):
        if displayio is None:
            displayio = __import__("displayio")
        if display is None:
            import board
            display = getattr(board, "DISPLAY", None)
            if display is None:
                raise RuntimeError("this CircuitPython board has no board.DISPLAY: "
                                   "Usher on CircuitPython supports the Badger 2040")
        self.display = display
        # bitmap: the canvas draws into it (bitmap_canvas.BitmapCanvas), so
        # there is nothing to copy; otherwise the canvas bytes are copied in.
        self.shared = bitmap is not None
        self.buf = None if self.shared else canvas_buffer
        self.bitmap = bitmap if bitmap is not None else displayio.Bitmap(WIDTH, HEIGHT, 2)
        palette = displayio.Palette(2)
        palette[0] = 0xFFFFFF
        palette[1] = 0x000000
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.pixels = None
        self.shadow = None
        if not self.shared:
            try:
                self.pixels = memoryview(self.bitmap)
                self.row_bytes = len(self.pixels) // HEIGHT
            except TypeError:
                # Blinka's Bitmap (CPython) has no buffer protocol: copy_changed.
                self.shadow = bytearray(len(canvas_buffer))
        self.modes = {"clean": (start_sequence(None), GAP_S)}
        from usher.device.uc8151_luts import fast_luts, turbo_luts
        self.modes["fast"] = (start_sequence(fast_luts()), GAP_S)
        self.modes["turbo"] = (start_sequence(turbo_luts()), GAP_S)
        self.mode = None
        self.turbo_run = 0      # turbo refreshes since the last fast or clean one
        self.refresh_count = 0
        self.counts = {"clean": 0, "fast": 0, "partial": 0, "turbo": 0}
        self._started = None

    def init(self):
        self.display.root_group = self.group

    def _busy(self):
        return self.display.busy

    def ready(self):
        """True when a refresh can start now: BUSY clear and the minimum time
        since the last refresh over (time_to_refresh)."""
        if self._busy():
            if self._started is not None:
                waited = clock.ticks_diff(clock.ticks_ms(), self._started)
                if waited > REFRESH_TIMEOUT_MS:
                    self._started = None
                    raise BusyTimeout(self.NAME, "refresh", waited)
            return False
        return self.display.time_to_refresh <= 0

    def start(self, mode, x=0, y=0, w=WIDTH, h=HEIGHT):
        """Show the whole canvas ("partial" and "turbo" too: see the policy
        above)."""
        if mode not in self.counts:
            raise ValueError("refresh mode %r" % (mode,))
        self.wait_idle()
        kind = self.waveform(mode)
        if kind != self.mode:
            seq, gap = self.modes[kind]
            self.display.update_refresh_mode(seq, gap)
            self.mode = kind
        if self.pixels is not None:
            copy_rows(self.buf, self.pixels, self.row_bytes)
        elif self.shadow is not None:
            copy_changed(self.buf, self.shadow, self.bitmap)
        self.bitmap.dirty()
        t = self.display.time_to_refresh
        if t > 0:
            clock.sleep_ms(int(t * 1000) + 1)
        self.display.refresh()
        self._started = clock.ticks_ms()
        self.refresh_count += 1
        self.counts[mode] += 1

    def waveform(self, mode):
        """The waveform of a refresh in mode: "clean", "fast" ("partial"
        too), or "turbo" unless the panel already had TURBO_IN_A_ROW turbo
        refreshes in a row (PL-18)."""
        if mode == "turbo":
            if self.turbo_run < TURBO_IN_A_ROW:
                self.turbo_run += 1
                return "turbo"
            mode = "fast"
        self.turbo_run = 0
        return "clean" if mode == "clean" else "fast"

    def wait_idle(self, what="refresh"):
        t0 = clock.ticks_ms()
        while self._busy():
            waited = clock.ticks_diff(clock.ticks_ms(), t0)
            if waited > REFRESH_TIMEOUT_MS:
                raise BusyTimeout(self.NAME, what, waited)
            clock.sleep_ms(5)

    def show(self, mode, x=0, y=0, w=WIDTH, h=HEIGHT):
        self.start(mode, x, y, w, h)
        self.wait_idle()

    def sleep(self):
        # EPaperDisplay sends the board's stop sequence (POF) after every
        # refresh: the panel is already powered down once BUSY clears.
        self.wait_idle("refresh before sleep")
