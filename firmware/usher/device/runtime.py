# The device program: boot, main loop, crash screen, idle power-off.
#
# main() is what firmware/main.py calls:
#   1. read the device settings, pick the board profile, hold the power latch;
#   2. safe mode: a front button held for SAFE_HOLD_MS at boot stops here and
#      prints instructions, so a bad build never locks the owner out;
#   3. log the boot, create canvas, panel and buttons;
#   4. App(canvas, data_dir, services).start() resumes the saved game on its
#      saved screen (PL-8), then the loop: poll buttons -> app.handle ->
#      perform the refresh the app asked for (APP_CONTRACT).
# An unhandled exception (the app, the panel's BUSY timeout, even a failed
# import of the UI) is logged with its traceback and shown on an error
# screen; a press of A, B or C restarts the app from its saved data.
# On battery, after the idle time the app draws its "sleeping" mark, the
# panel sleeps and the board switches off (PL-9); the next boot resumes.
import sys

from usher import unload
from usher.core import storage
from usher.device import clock
from usher.device.epaper import FRAME_BYTES, HEIGHT, WIDTH, BusyTimeout
from usher.device.power import NAP_MS, check_settings
from usher.device.waveform import REST_MS, Waveforms

DATA_DIR = "/data"
LOG_FOLDER = "log"
POLL_MS = 10
# While the panel is busy the loop only needs to see presses (their answer
# is drawn at once and waits for the panel) and the end of BUSY: a pass every
# 20 ms there. A turbo update's BUSY is 260 ms, a fast one's 930: the passes
# there were about 8 ms of a press's computing on the chip
# (bench/rp2_profile.py --phases, "rest"), for a press seen at most 10 ms
# later while its picture waits for the panel anyway.
BUSY_POLL_MS = 20
GC_THRESHOLD = 50 * 1024      # bytes allocated between two collections (MicroPythonBackend.tune_gc)
SAFE_HOLD_MS = 2000
RESTART_KEYS = ("A", "B", "C")
CLEAN = ("clean", 0, 0, WIDTH, HEIGHT)
FAST = ("fast", 0, 0, WIDTH, HEIGHT)
MODES = ("clean", "fast", "partial")     # the UI's requests; the panel's modes add "turbo" (PL-18)

SAFE_MODE_TEXT = """Usher safe mode: the app was not started.
A button was held at boot. The board is idle at the MicroPython prompt.
- Update or repair the firmware over USB (see hardware/README.md), e.g.
    mpremote mip install firmware/package.json
- Or delete the saved data:  mpremote rm -r :/data
- Reset (or power the board off and on) without holding a button to run Usher.
"""


def console(*parts):
    """What the board prints on its USB console (a crash's traceback, safe
    mode's instructions). The device tests replace it to keep what would be
    printed and check it, so a passing run prints no deliberate crash."""
    print(*parts)


def traceback_text(exc):
    import io
    buf = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc, buf)
    else:  # CPython, for completeness
        import traceback  # type: ignore[import-not-found]
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=buf)
    return buf.getvalue()


def summary(exc):
    """One line for the screen: type, message and the innermost location."""
    text = "%s: %s" % (type(exc).__name__, exc)
    where = ""
    for line in traceback_text(exc).split("\n"):
        line = line.strip()
        if line.startswith("File "):
            where = line
    if where:
        text += " (" + where.replace("File ", "").replace('"', "") + ")"
    return text


def merge(a, b):
    """Combine two refresh requests (PL-15): clean wins over fast, fast (the
    whole panel) over partial; partial windows join (their bounding box keeps
    y and h multiples of 8)."""
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == "clean" or b[0] == "clean":
        return CLEAN
    if a[0] == "fast" or b[0] == "fast":
        return FAST
    x0 = min(a[1], b[1])
    y0 = min(a[2], b[2])
    x1 = max(a[1] + a[3], b[1] + b[3])
    y1 = max(a[2] + a[4], b[2] + b[4])
    return ("partial", x0, y0, x1 - x0, y1 - y0)


def load_settings(data_dir, problems=None):
    """device.json's settings; never raises (PL-11: nothing read from flash
    may stop the boot). What was set aside goes into problems, each line
    naming the file; the defaults stand in for it."""
    from usher.device import boards     # at its use: main() lets it go after the boot
    name = boards.DEVICE_SETTINGS
    try:
        obj, source, skipped = storage.load_checked(storage.join(data_dir, name), None, {})
    except Exception as e:
        if problems is not None:
            problems.append("%s; the defaults are used" % str(e).replace("Corrupt file ", ""))
        return {}
    settings, bad = check_settings(obj)  # usher.device.power
    if problems is not None:
        for why in skipped:
            problems.append("%s; the previous copy is used" % why)
        for why in bad:
            problems.append("%s: %s; the default is used" % (name, why))
    return settings


def make_display(profile, canvas_buffer):
    if profile["panel"] == "virtual":
        from usher.device.virtual import VirtualDisplay
        return VirtualDisplay(canvas_buffer)
    import machine
    s = profile["spi"]
    # The SPI is created before the control pins on purpose: without a MISO
    # argument the rp2 port claims its default MISO pin (GP8 for SPI1, the
    # Waveshare module's DC), and creating the Pin afterwards takes it back.
    spi = machine.SPI(s["id"], baudrate=s["baudrate"], polarity=0, phase=0,
                      sck=machine.Pin(s["sck"]), mosi=machine.Pin(s["mosi"]))
    pins = (machine.Pin(profile["cs"], machine.Pin.OUT, value=1),
            machine.Pin(profile["dc"], machine.Pin.OUT, value=0),
            machine.Pin(profile["reset"], machine.Pin.OUT, value=1),
            machine.Pin(profile["busy"], machine.Pin.IN, machine.Pin.PULL_UP))
    if profile["panel"] == "uc8151":
        from usher.device.uc8151 import UC8151 as Driver
    else:
        from usher.device.ssd1680 import SSD1680 as Driver
    return Driver(canvas_buffer, spi, pins[0], pins[1], pins[2], pins[3], profile["busy_level"])


def default_app_factory(canvas, data_dir, services):
    from usher.ui.app import App
    return App(canvas, data_dir, services)


class Runtime:
    """The main loop's state; step() is one pass, so tests can drive it."""

    def __init__(self, app_factory, canvas, display, buttons, power, log, data_dir, services):
        self.app_factory = app_factory
        self.canvas = canvas
        self.display = display
        self.buttons = buttons
        self.power = power
        self.log = log
        self.data_dir = data_dir
        self.services = services
        self.app = None
        self.pending = None
        self.crashed = False
        self.asleep = False
        self.last_activity = clock.ticks_ms()
        self.on_shown = None          # diagnostics hook: called with each refresh started
        self.waveforms = Waveforms()  # the waveform per request and the ghost bound (PL-18)
        self.trace = None             # a Trace when device.json asks for one
        # The panel's set-up between presses (epaper.Panel.prepare); displays
        # without one (the virtual display, CircuitPython's) have none.
        self.prepare = getattr(display, "prepare", None)
        self.refreshed = False        # a refresh started since the last prepare
        # littlefs's janitorial work (MicroPythonBackend.flash_janitor), or None
        self.janitor = None
        self.idle_limit = None        # idle_ms(), kept between presses
        # The last_activity whose rest the App was asked about (rest_refresh):
        # once per rest, not on every pass of the idle loop.
        self.rest_asked = None
        # The same for the App's rest work (App.rest_work), and the last pass
        # that found the panel busy: that work waits for the panel's rest too.
        self.work_asked = None
        self.busy_at = self.last_activity
        # The App's folders are made once per boot, with its first picture
        # (boot_folders).
        self.folders_due = True
        # The last pass found nothing to do: no refresh due or running, every
        # button up and settled (run() may then nap, Power.nap).
        self.idle = False

    # --- app ------------------------------------------------------------------
    def start_app(self):
        try:
            self.crashed = False
            self.pending = None
            self.idle_limit = None
            self.app = self.app_factory(self.canvas, self.data_dir, self.services)
            self.request(self.app.start())
        except Exception as e:
            self.crash(e)

    def request(self, r):
        if r is None:
            return
        if type(r) is not tuple or len(r) != 5 or r[0] not in MODES:
            raise ValueError("bad refresh request %r" % (r,))
        self.pending = merge(self.pending, r)

    # --- errors -----------------------------------------------------------------
    def crash(self, exc):
        text = traceback_text(exc)
        console(text)
        self.log.write("error", text)
        self.crashed = True
        self.pending = None
        short = summary(exc)
        if isinstance(exc, BusyTimeout):
            try:
                self.display.init()
            except Exception as e:
                self.log.write("error", traceback_text(e))
        r = None
        if self.app is not None:
            try:
                r = self.app.error_screen(short)
            except Exception as e:
                self.log.write("error", traceback_text(e))
                r = None
        if r is None:
            r = self.fallback_error_screen(short)
        try:
            r = self.waveforms.choose(r)
            self.display.show(r[0], r[1], r[2], r[3], r[4])
            self._shown(r)
        except Exception as e:
            # The panel itself failed: the console and the log still say why.
            console("display failed:", e)
            self.log.write("error", traceback_text(e))

    def fallback_error_screen(self, text):
        """Error screen drawn by the device layer when the app cannot draw
        one (it failed to import or to start)."""
        c = self.canvas
        c.fill(0)
        c.text("Usher error", 4, 4, 1)
        row = 20
        while text and row <= 96:
            c.text(text[:36], 4, row, 1)
            text = text[36:]
            row += 10
        c.fill_rect(0, 116, WIDTH, 12, 1)
        c.text("A B C: restart", 4, 118, 0)
        return CLEAN

    # --- power ------------------------------------------------------------------
    def go_to_sleep(self):
        self.log.release()
        self.log.write("info", "idle power-off")
        r = None
        try:
            r = self.app.sleep_screen() if self.app is not None else None
        except Exception as e:
            self.log.write("error", traceback_text(e))
        if r is not None:
            # The sleep mark's window as the UI asked ("partial": the fast
            # waveform, not turbo): it stays on the glass while the board is
            # off (PL-18).
            self.display.show(r[0], r[1], r[2], r[3], r[4])
            self._shown(r)
        self.display.sleep()
        self.power.power_off()
        # Still running: USB power (or no latch). Wait for a button, then
        # resume as a fresh boot would.
        self.asleep = True

    def wake(self):
        self.asleep = False
        self.log.hold()         # released once the first picture is under way, as at boot
        self.log.write("info", "wake")
        self.display.init()
        self.start_app()

    def idle_ms(self):
        """Idle time before power-off (PL-9): the App's "Sleep after N min"
        setting, unless device.json fixes "idle_s"."""
        if not self.power.idle_fixed and self.app is not None:
            try:
                minutes = self.app.setting("sleep_min")
                if type(minutes) is int and minutes > 0:
                    return minutes * 60000
            except Exception:
                pass
        return self.power.idle_ms

    def turbo_setting(self):
        """The App's "Refresh" setting (PL-18): turbo unless it says "fast"
        or the display has no turbo waveform (TURBO = False)."""
        if getattr(self.display, "TURBO", True) is False:
            return False
        if self.app is None:
            return True
        try:
            return self.app.setting("refresh") != "fast"
        except Exception:
            return True

    def refresh(self, r):
        """Start the UI's request r on the panel with the waveform PL-18 picks."""
        w = self.waveforms
        w.turbo = self.turbo_setting()
        r = w.choose(r)
        self.display.start(r[0], r[1], r[2], r[3], r[4])
        self.refreshed = True
        return r

    def boot_folders(self):
        """The App's folders (App.make_folders: the history's), made while
        the panel shows the boot's first picture, off the boot's path and
        off the press that keeps the first play (a folder costs an erase on
        a fresh littlefs). Never raises: a filesystem that refuses now
        (CircuitPython's drive while a computer writes to it) is tried again
        by the first keep, which says why."""
        self.folders_due = False
        make = getattr(self.app, "make_folders", None)
        if make is None:
            return
        try:
            make()
        except OSError:
            pass

    def tidy_flash(self):
        janitor = self.janitor
        if janitor is None:
            return
        try:
            janitor()
        except OSError as e:
            # The upkeep is optional; a filesystem that fails it is reported
            # by the next save, which the App shows (PL-11). Once in the log.
            self.janitor = None
            self.log.write("error", "flash upkeep: %s" % e)

    # --- loop -------------------------------------------------------------------
    def _shown(self, r):
        if self.on_shown is not None:
            self.on_shown(r)

    def step(self, now):
        """One pass of the main loop at time now (ms); the ms to wait before
        the next, or None for POLL_MS."""
        self.idle = False
        try:
            events = self.buttons.poll(now)
            if events:
                self.last_activity = now
                self.idle_limit = None      # a press may change the sleep setting
            trace = self.trace
            for ev in events:
                if self.asleep:
                    if ev[0] == "press":
                        self.wake()
                    continue
                if self.crashed:
                    if ev[0] == "press" and ev[1] in RESTART_KEYS:
                        self.log.write("info", "restart after error")
                        self.display.init()
                        self.start_app()
                    continue
                if trace is None:
                    self.request(self.app.handle(ev))
                else:
                    t0 = trace.us()
                    self.request(self.app.handle(ev))
                    trace.add(0, t0)
            if self.asleep:
                return
            if self.crashed:
                # Already on the error path: a panel that stays stuck is not
                # reported again every few seconds.
                try:
                    ready = self.display.ready()
                except BusyTimeout:
                    return
            else:
                ready = self.display.ready()
            if not ready:
                self.busy_at = now
                # Every branch below needs the panel: the next pass can come
                # later (run() waits BUSY_POLL_MS, on battery in light sleep:
                # the panel refreshes on its own, and its BUSY is read at the
                # wake as at the end of a plain wait; bench/energy.py).
                self.idle = not self.crashed and self.buttons_settled()
                return BUSY_POLL_MS
            if self.pending is not None:
                r = self.pending
                self.pending = None
                t0 = trace.us() if trace is not None else 0
                r = self.refresh(r)
                if trace is not None:
                    trace.add(4, t0)
                self._shown(r)
                # The boot's (or a wake's) held log lines go to flash now, while
                # the panel is busy with the picture (FlashLog.hold).
                self.log.release()
                if self.folders_due:
                    self.boot_folders()
                # So does the filesystem's upkeep, once the press's saves are
                # durable (PL-8): a compaction waits for no later press.
                self.tidy_flash()
            elif self.refreshed and self.pending is None and not self.crashed:
                # Once per refresh, when it has ended: the panel's set-up for
                # the next update, off the next press's path (epaper.Panel.prepare).
                self.refreshed = False
                if self.prepare is not None:
                    self.prepare(self.turbo_setting)
            elif self.pending is None:
                # Most passes of the loop end here, every 10 ms while the
                # player reads (and during each press's BUSY and tap): the
                # time since the last button comes first, and the idle limit
                # is read from the settings once per press, not per pass
                # (the pass cost 0.23 ms, a quarter of a press's compute,
                # bench/rp2_profile.py --idle).
                idle_for = clock.ticks_diff(now, self.last_activity)
                rest = idle_for >= REST_MS and not self.crashed
                if rest and self.rest_asked != self.last_activity and self.app is not None:
                    # The buttons rest: a clean refresh soon due is done now,
                    # while the player reads, not in a press (PL-15, the App
                    # decides); it clears turbo's ghosting too.
                    self.rest_asked = self.last_activity
                    r = self.app.rest_refresh()
                    if r is not None:
                        self._shown(self.refresh(r))
                        return
                if rest and self.waveforms.ghosted():
                    # The windows turbo touched get their fast update now,
                    # while the player reads (PL-18).
                    r = self.waveforms.rest_request()
                    self.display.start(r[0], r[1], r[2], r[3], r[4])
                    self._shown(r)
                elif rest and self.work_asked != self.last_activity and self.app is not None and \
                        clock.ticks_diff(now, self.busy_at) >= REST_MS:
                    # Flash work no press should wait for (the history's
                    # rewrite, App.rest_work, about 1.5 s): once the buttons
                    # and the panel have both rested 3 s (after the rest's
                    # own refreshes above), not at the end of a long refresh,
                    # when the player looks and presses.
                    self.work_asked = self.last_activity
                    self.app.rest_work()
                else:
                    limit = self.idle_limit
                    if limit is None:
                        limit = self.idle_limit = self.idle_ms()
                    if idle_for > limit and self.power.can_switch_off():
                        self.go_to_sleep()
                    else:
                        self.idle = not self.crashed and self.buttons_settled()
        except Exception as e:
            self.crash(e)

    def buttons_settled(self):
        """Every button read up at the last poll and debounced up: no press,
        release, repeat or long press can come before the next change of a
        pin, which a nap's end reads (usher.device.buttons)."""
        logic = getattr(self.buttons, "logic", None)
        if logic is None:
            return False
        for s in logic.states.values():
            if s.raw or s.stable:
                return False
        return True

    def run(self, should_stop=None):
        # Between presses on battery, and while the panel refreshes with the
        # buttons at rest, the wait is the chip's light sleep in slices of
        # NAP_MS (BUSY_POLL_MS during a refresh; Power.nap: why that slice);
        # otherwise, and on USB power, POLL_MS or BUSY_POLL_MS as before.
        nap = getattr(self.power, "nap", None)
        while should_stop is None or not should_stop():
            wait = self.step(clock.ticks_ms())
            if self.idle and nap is not None and nap(wait or NAP_MS):
                continue
            clock.sleep_ms(wait or POLL_MS)


class _NoLog:
    """Stands in for the flash log when it cannot be opened at all."""

    def write(self, kind, data=None):
        return False

    def __call__(self, kind, data=None):
        return False

    def hold(self):
        pass

    def release(self):
        pass


def held_for(buttons, hold_ms):
    """True when some button stays held for hold_ms from now."""
    t0 = clock.ticks_ms()
    while buttons.held():
        if clock.ticks_diff(clock.ticks_ms(), t0) >= hold_ms:
            return True
        clock.sleep_ms(20)
    return False


class MicroPythonBackend:
    """What main() takes from the runtime it runs on: MicroPython's
    framebuf, machine pins and the project's image. A second runtime
    (usher.device.circuitpython) passes its own object with the same
    methods; the boot sequence and the main loop stay shared."""

    name = "micropython"

    def tune_gc(self, gc):
        # Collect after every quarter of the free heap is allocated instead of
        # only when an allocation fails: the imports then reuse the space their
        # compiler garbage left, the modules stay packed at the start of the heap
        # and the 4.7 KB frame buffers still find a free run (docs/ui-internals.md, Memory).
        # A constant, a quarter of the RP2040's heap as this runs (about 200 KB
        # free): gc.mem_free() and gc.mem_alloc() each scan the heap's whole
        # table, 17 ms of the boot on the chip together.
        gc.threshold(GC_THRESHOLD)

    def power(self, profile, settings):
        from usher.device.power import Power
        return Power(profile, settings)

    def wake_button(self, profile):
        from usher.device.buttons import wake_button
        return wake_button(profile)

    def buttons(self, profile, now):
        from usher.device.buttons import Buttons
        return Buttons(profile, now)

    def canvas(self, buf):
        import framebuf
        return framebuf.FrameBuffer(buf, WIDTH, HEIGHT, framebuf.MONO_HLSB)

    def display(self, profile, buf):
        return make_display(profile, buf)

    def firmware(self):
        """(image name or None, the About screen's label)."""
        from usher.device import boards     # at its use (load_settings)
        image = boards.firmware()
        return (image["image"] if image else None), boards.firmware_label(image)

    def safe_mode_text(self):
        return SAFE_MODE_TEXT

    def qr_kernels(self):
        """services["qr_kernels"]: the QR encoder's hot loops in native code,
        imported when a share screen first asks (PL-19, bench/qr.py)."""
        return load_qr_kernels

    def game_copy(self):
        """None: on littlefs a file written and closed is replaced whole
        (PL-17), so the save needs no second copy."""
        return None

    def flash_janitor(self):
        """The root filesystem's gc() (littlefs's janitorial work, the
        project's image: tools/lfs_janitor.py), or None (stock MicroPython,
        a desktop folder). Runtime.step calls it while the panel shows a
        press's picture: a directory's compaction, a 4 KB erase, then falls
        there and not inside a later press's save."""
        try:
            import vfs
            for fs, path in vfs.mount():
                if path == "/":
                    return getattr(fs, "gc", None)
        except Exception:       # no vfs module, or mount() without listing
            pass
        return None

    def text_kernel(self):
        """services["text_kernel"]: ASCII text drawn in native code
        (usher.device.text_kernel), or None."""
        return _native("text_kernel")


def _native(name):
    """usher.device.<name> (viper code), or None on a port without a native
    emitter (the bytecode it stands in for is then used: the same results,
    slower)."""
    try:
        package = __import__("usher.device." + name)
    except (ImportError, SyntaxError, ValueError):   # ValueError: a .mpy of another arch
        return None
    return getattr(package.device, name)


def load_qr_kernels():
    """usher.device.qr_kernels, or None (the encoder's bytecode is used)."""
    return _native("qr_kernels")


def main(app_factory=None, data_dir=DATA_DIR, should_stop=None, on_runtime=None, backend=None):
    """Boot and run. Returns "safe" in safe mode; otherwise runs until
    should_stop() (never, on the device). backend: the runtime's own parts
    (MicroPythonBackend unless given)."""
    import gc

    if backend is None:
        backend = MicroPythonBackend()
    backend.tune_gc(gc)

    from usher import VERSION
    from usher.device.log import FlashLog
    from usher.device import wallclock

    # Nothing read from flash may stop the boot before the safe-mode check
    # and the error screen (PL-11): device.json is checked entry by entry
    # and the log reader skips what it cannot read; what was set aside is
    # named in the log.
    problems = []
    settings = load_settings(data_dir, problems)
    from usher.device import boards     # for the boot only: let go below
    try:
        profile = boards.select(settings)
        power = backend.power(profile, settings)
    except Exception as e:      # whatever got past the checks: the defaults
        problems.append("device.json: %s; the defaults are used" % e)
        profile = boards.select({})
        power = backend.power(profile, {})
    power.hold()
    wake = backend.wake_button(profile)
    if profile["panel"] == "virtual":
        from usher.device.virtual import Console, VirtualButtons
        buttons = VirtualButtons(console=Console(), now=clock.ticks_ms())
    else:
        buttons = backend.buttons(profile, clock.ticks_ms())
    # The log's folder is made by its first append (FlashLog._append), after
    # the first picture: not on the boot's path.
    try:
        log = FlashLog(storage.join(data_dir, LOG_FOLDER))
    except Exception as e:      # FlashLog never raises; if it did, boot without a log
        problems.append("log: %s" % e)
        log = _NoLog()
    for why in problems:
        log.write("error", why)
    # The boot's lines wait in RAM until the first picture is under way
    # (FlashLog.hold: an append costs an erase on littlefs).
    log.hold()
    if buttons.held() and held_for(buttons, SAFE_HOLD_MS):
        log.write("boot", {"board": profile["name"], "version": VERSION, "safe_mode": True})
        log.release()
        console(backend.safe_mode_text())
        return "safe"
    image, label = backend.firmware()
    # The boot has read what it needs of the board profiles: the profile
    # chosen stays (profile), the others and the tables leave RAM with the
    # module, about 0.8 KB of heap. A later import loads it again.
    boards = None
    unload("usher.device.boards")
    log.write("boot", {"board": profile["name"], "version": VERSION, "wake": wake,
                       "usb": power.on_usb(), "image": image, "runtime": backend.name})
    buf = bytearray(FRAME_BYTES)
    canvas = backend.canvas(buf)
    display = backend.display(profile, buf)
    # A canvas may keep its own bytes (CircuitPython's Bitmap): then nothing
    # holds buf past this point and its 4.7 KB go back to the heap.
    buf = None
    services = {"battery": power.battery_percent, "log": log, "board": profile["name"],
                "version": VERSION, "firmware": label,
                "ticks_ms": clock.ticks_ms, "date": wallclock.now,
                "unload_games": True,  # a finished game's code leaves RAM (docs/ui-internals.md, Memory)
                "qr_kernels": backend.qr_kernels(), "text_kernel": backend.text_kernel()}
    # The log derives the running game's actions from its save on both
    # filesystems unless device.json asks for a line per action (PL-17,
    # docs/log-format.md).
    services["log_actions"] = settings.get("log_actions") is True
    # CircuitPython keeps each save of the running game a second time outside
    # its FAT drive (usher.device.circuitpython.game_copy, PL-8).
    services["game_copy"] = backend.game_copy()
    rt = Runtime(app_factory or default_app_factory, canvas, display, buttons, power, log,
                 data_dir, services)
    rt.janitor = backend.flash_janitor()
    if settings.get("trace") is True:
        from usher.device.trace import Trace, heap_trace
        try:
            rt.trace = Trace()
            rt.trace.install(log)
        except Exception as e:      # diagnostics never stop the boot
            log.write("error", "trace: %s" % e)
            rt.trace = None
        heap_trace(rt, log)
    if on_runtime is not None:
        on_runtime(rt)
    try:
        display.init()
    except Exception as e:
        rt.crash(e)
    if not rt.crashed:
        rt.start_app()
    run = getattr(backend, "run", None)
    if run is not None:
        run(rt, should_stop)
    else:
        rt.run(should_stop)
    return "stopped"
