# What both e-ink drivers share: the SPI command/data framing, BUSY handling
# with a timeout, and the conversion of the UI canvas into the controller's
# memory layout.
#
# The canvas (APP_CONTRACT): 296 x 128 MONO_HLSB, 1 = black. Both panels are
# 128 sources x 296 gates mounted sideways, so the controller wants one
# 16-byte line per canvas column x (gate), the bits of that line running
# along canvas y (sources), and 1 = white. usher.device.pack does that in
# native code (viper), straight from the canvas into the bytes sent: the
# UC8151 streams a window in small pieces, the SSD1680 (which is sent its
# whole RAM image every time) keeps one 4.7 KB copy. The bytecode version
# this replaces (a framebuf blit into a MONO_VLSB copy, a byte loop through
# a 256-entry table, two more 4.7 KB buffers) was a third of the compute
# time of a press on the chip: 323 -> 213 ms per press on average in
# multisala_solo (bench/rp2_profile.py).
from usher.device import clock

WIDTH = 296
HEIGHT = 128
PAGES = HEIGHT // 8                    # bytes per gate line
FRAME_BYTES = WIDTH * HEIGHT // 8      # 4736


class BusyTimeout(Exception):
    """The panel's BUSY line stayed active too long: a loose cable, a wrong
    board profile or a dead panel. The main loop shows it on screen."""

    def __init__(self, panel, what, ms):
        super().__init__("%s display busy for %d ms (%s): check the panel cable and board setting"
                         % (panel, ms, what))
        self.panel = panel
        self.what = what


def check_window(x, y, w, h):
    """Clip a refresh window to the screen and check the partial-update rule
    (PL-6: y and h multiples of 8). Returns the clipped (x, y, w, h)."""
    if y % 8 or h % 8:
        raise ValueError("partial window y=%d h=%d: must be multiples of 8" % (y, h))
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    w = min(w, WIDTH - x)
    h = min(h, HEIGHT - y)
    if w <= 0 or h <= 0:
        raise ValueError("empty refresh window")
    return x, y, w, h


class Panel:
    """SPI framing, BUSY and canvas conversion for one panel.

    Subclasses set NAME, REVERSE_BITS (the most significant bit of a byte is
    the smallest canvas y), FLIP_Y (the line runs from canvas y = 127 down)
    and implement init(), the refresh steps _clean(), _fast() and
    _partial() (and _turbo() where the panel has a faster waveform), each
    of which sends the canvas (convert() or send_window()), and sleep().
    The modes (PL-15, PL-18): "clean" the panel's own slow, flashing
    waveform; "fast" the whole panel with the maker's fast waveform;
    "partial" a window with the fast waveform; "turbo" a window with the
    panel's quickest waveform (the UC8151's turbo LUTs; where a panel has
    none, as the SSD1680 whose partial waveform is already its quickest,
    the same as "partial"). Public use:
        panel.init()
        panel.start(mode, x, y, w, h)   # send and trigger; returns at once
        panel.busy() / panel.check_timeout() / panel.wait_idle(what)
        panel.show(mode, x, y, w, h)    # start + wait
        panel.sleep()
    """

    NAME = "panel"
    REVERSE_BITS = False
    FLIP_Y = False
    REFRESH_TIMEOUT_MS = 12000   # the slowest full refresh is ~4.5 s (PL-6)
    COMMAND_TIMEOUT_MS = 2000

    def __init__(self, canvas_buffer, spi, cs, dc, reset, busy, busy_level):
        if len(canvas_buffer) != FRAME_BYTES:
            raise ValueError("canvas must be %d bytes" % FRAME_BYTES)
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = reset
        self.busy_pin = busy
        self.busy_level = busy_level
        # Imported here, not at the top: the runtime imports this module on
        # every port (WebAssembly too), a panel only exists where viper does.
        from usher.device.pack import pack
        self._pack = pack
        self._canvas = canvas_buffer
        self._one = bytearray(1)
        # Both controllers take the canvas converted on its way out
        # (send_window), 48 gate lines at a time through this buffer: no
        # driver holds a 4.7 KB copy of the picture on the heap.
        self._piece = bytearray(48 * PAGES)
        self._started = None                     # ticks when the running refresh began
        self._started_what = ""
        self._busy_since = None
        self.refresh_count = 0
        cs.value(1)

    # --- SPI framing -------------------------------------------------------
    def command(self, cmd, data=None):
        self._one[0] = cmd
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(self._one)
        if data:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def data(self, buf):
        self.cs.value(0)
        self.dc.value(1)
        self.spi.write(buf)
        self.cs.value(1)

    # --- BUSY ----------------------------------------------------------------
    def busy(self):
        return self.busy_pin.value() == self.busy_level

    # --- per controller: send the converted frame or window and trigger ------
    def _clean(self):
        raise NotImplementedError

    def _fast(self):
        raise NotImplementedError

    def _partial(self, x, y, w, h):
        raise NotImplementedError

    def _turbo(self, x, y, w, h):
        self._partial(x, y, w, h)

    def prepare(self, turbo):
        """For the main loop while the panel rests: set the controller up now
        for the next update (a window, with turbo when turbo() says it is
        allowed: called only when there is work) if that would
        otherwise cost the next press a set-up. Returns True when it did.
        Nothing to do here; the UC8151 after a clean refresh has work."""
        return False

    def wait_idle(self, what, timeout_ms=None):
        """Wait for BUSY to clear; raise BusyTimeout instead of hanging."""
        if timeout_ms is None:
            timeout_ms = self.REFRESH_TIMEOUT_MS if self._started is not None else self.COMMAND_TIMEOUT_MS
        t0 = clock.ticks_ms() if self._started is None else self._started
        while self.busy():
            waited = clock.ticks_diff(clock.ticks_ms(), t0)
            if waited > timeout_ms:
                self._started = None
                raise BusyTimeout(self.NAME, self._started_what or what, waited)
            clock.sleep_ms(5)
        self._started = None

    def ready(self):
        """For the main loop: True when a refresh can start now, False while
        the panel works; raises BusyTimeout when BUSY has been active longer
        than a refresh (or, with no refresh running, a command) may take."""
        if not self.busy():
            self._started = None
            self._busy_since = None
            return True
        if self._started is not None:
            t0, limit, what = self._started, self.REFRESH_TIMEOUT_MS, self._started_what
        else:
            if self._busy_since is None:
                self._busy_since = clock.ticks_ms()
            t0, limit, what = self._busy_since, self.COMMAND_TIMEOUT_MS, "idle"
        waited = clock.ticks_diff(clock.ticks_ms(), t0)
        if waited > limit:
            self._started = None
            self._busy_since = None
            raise BusyTimeout(self.NAME, what, waited)
        return False

    def check_timeout(self):
        self.ready()

    def _triggered(self, what):
        self._started = clock.ticks_ms()
        self._started_what = what
        self.refresh_count += 1

    def hard_reset(self, low_ms, high_ms):
        self.rst.value(1)
        clock.sleep_ms(high_ms)
        self.rst.value(0)
        clock.sleep_ms(low_ms)
        self.rst.value(1)
        clock.sleep_ms(high_ms)

    # --- canvas conversion -----------------------------------------------------
    def send_window(self, cmd, x, y, w, h):
        """Send command cmd with the window's bytes as its data, converted
        from the canvas one piece of columns at a time into self._piece:
        gate line x first, each line's h // 8 bytes in the order of
        line_bytes(). No frame-sized buffer is needed; CS stays low over the
        whole transfer."""
        piece = self._piece
        n = self.line_bytes(y, h)[1]
        p0 = y // 8
        cols = len(piece) // n
        if self.FLIP_Y:
            k0, kstep = n - 1, -1
        else:
            k0, kstep = 0, 1
        rev = 0 if self.REVERSE_BITS else 1
        mv = memoryview(piece)
        self._one[0] = cmd
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(self._one)
        self.dc.value(1)
        cx = x
        x1 = x + w
        while cx < x1:
            # Pieces end on a multiple of 8 columns (cols >= 8), so each 8 x 8
            # block of the canvas is transposed once.
            end = min(x1, (cx + cols) & ~7)
            self._pack(self._canvas, piece, cx, end, p0, p0 + n, cx, n, k0, kstep, rev)
            self.spi.write(mv[:(end - cx) * n])
            cx = end
        self.cs.value(1)

    def line_bytes(self, y, h):
        """(first byte, count) of the window's part of one gate line."""
        p0 = y // 8
        n = h // 8
        if self.FLIP_Y:
            p0 = PAGES - p0 - n
        return p0, n

    # --- refresh -----------------------------------------------------------------
    def start(self, mode, x=0, y=0, w=WIDTH, h=HEIGHT):
        """Send the canvas (or a window of it) and trigger the refresh; do not
        wait for it. Waits first for a refresh still running, so the mode
        never changes while the panel is busy (PL-6)."""
        self.wait_idle("previous refresh")
        if mode == "clean":
            self._clean()
            self._triggered("clean refresh")
        elif mode == "fast":
            self._fast()
            self._triggered("fast refresh")
        elif mode == "partial":
            x, y, w, h = check_window(x, y, w, h)
            self._partial(x, y, w, h)
            self._triggered("partial refresh")
        elif mode == "turbo":
            x, y, w, h = check_window(x, y, w, h)
            self._turbo(x, y, w, h)
            self._triggered("turbo refresh")
        else:
            raise ValueError("refresh mode %r" % (mode,))

    def show(self, mode, x=0, y=0, w=WIDTH, h=HEIGHT):
        self.start(mode, x, y, w, h)
        self.wait_idle("refresh")
