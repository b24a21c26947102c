# CircuitPython's parts for the shared boot and main loop
# (usher.device.runtime.main(backend=...)), and main() for code.py.
#
# Differences from MicroPython, all inside this backend:
# - drawing: no framebuf; the canvas is the project's pure-Python framebuf
#   drawn into the very displayio.Bitmap that board.DISPLAY shows, with
#   text blitted by bitmaptools ("bitmap", bitmap_canvas.py), or, where
#   displayio's Bitmap has no buffer (Blinka on the desktop) or there is no
#   bitmaptools, in a bytearray copied into the Bitmap per refresh
#   (canvas.py, "rows"); the picture goes to board.DISPLAY through displayio
#   (display.py: refresh policy);
# - buttons through keypad; no `wakeup` module, so the button that powered
#   the board on is not known (it is held at boot and ignored until released,
#   as on MicroPython);
# - the drive: CIRCUITPY is writable for the firmware only when boot.py has
#   remounted it (USB editing mode otherwise: editing_text(), docs/circuitpython.md);
# - idle sleep (PL-9): on battery the latch is dropped as on MicroPython,
#   which takes no current at all, better than any of alarm's sleep modes;
#   on USB the board stays on and never sleeps (PL-9). alarm fits one case:
#   the board still powered after the latch was dropped (the main loop's
#   "asleep" state): instead of polling the buttons every 10 ms it waits in
#   alarm.light_sleep_until_alarms() for a button (a PinAlarm on each of the
#   five pins), holds the latch again and resumes as a wake.
import gc
import os

from usher.device import clock
from usher.device.circuitpython import canvas as cpcanvas
from usher.device.epaper import HEIGHT, WIDTH
from usher.device.runtime import DATA_DIR, POLL_MS

WAKE_POLL_MS = 500
# The canvas kinds: "bitmap" (the default) and canvas.KINDS (device.json
# "canvas" chooses one for a measurement, bench/circuitpython.py --canvas).
BITMAP = "bitmap"
CANVAS_KINDS = (BITMAP,) + tuple(sorted(cpcanvas.KINDS))

SAFE_MODE_TEXT = """Usher safe mode: the app was not started.
A button was held at boot. The board is idle at the CircuitPython prompt.
- Edit or replace the files on the CIRCUITPY drive: reset while holding UP
  (USB editing mode, see boot.py), or delete /data to forget the saved data.
- Reset (or power the board off and on) without holding a button to run Usher.
"""

EDITING_TEXT = """Usher: USB editing mode.
The CIRCUITPY drive is writable from the computer and read-only to Usher,
so Usher does not start (it could not save). Copy or edit files, eject the
drive, then reset the board without holding UP to play.
"""


def version():
    try:
        return os.uname().release
    except Exception:
        return "?"


def frozen():
    """True when the usher package is frozen into the CircuitPython image."""
    try:
        import usher_image  # noqa: F401  (the image's marker module, if any)
        return True
    except ImportError:
        pass
    import usher
    return "frozen" in getattr(usher, "__file__", "")


def firmware_label(is_frozen, release):
    """The About screen's text: "CircuitPython 10.2.1, image" or ", files"."""
    return "CircuitPython %s, %s" % (release, "image" if is_frozen else "files")


class CircuitPythonBackend:
    name = "circuitpython"

    def __init__(self, canvas_kind=BITMAP, light_sleep=True, displayio=None, bitmaptools=None,
                 nvm=None):
        self.canvas_kind = canvas_kind
        self.nvm = nvm                  # the tests' stand-in for microcontroller.nvm
        self.displayio = displayio      # the tests' stand-in (the unix port has no Group)
        self.bitmaptools = bitmaptools
        self.light_sleep = light_sleep
        self.buttons_obj = None
        self.display_obj = None
        self.canvas_obj = None
        self.bitmap_modules = None      # (displayio, bitmaptools) of the bitmap canvas
        self.sleeps = 0

    def tune_gc(self, gc_module):
        # No gc.threshold on CircuitPython (MICROPY_GC_ALLOC_THRESHOLD is 0):
        # collect once before the frame buffers are allocated.
        gc_module.collect()

    def power(self, profile, settings):
        # device.json's "canvas" picks the canvas for a measurement
        # (bench/circuitpython.py --canvas); unknown names keep the default.
        kind = settings.get("canvas") if type(settings) is dict else None
        if kind in CANVAS_KINDS:
            self.canvas_kind = kind
        from usher.device.circuitpython.power import CircuitPythonPower
        return CircuitPythonPower(profile, settings)

    def wake_button(self, profile):
        return None

    def buttons(self, profile, now):
        from usher.device.circuitpython.buttons import KeypadButtons
        self.buttons_obj = KeypadButtons(profile, now)
        return self.buttons_obj

    def _modules(self):
        """(displayio, bitmaptools) for the bitmap canvas, or None when this
        CircuitPython cannot draw into a Bitmap's bytes with them."""
        try:
            dio = self.displayio if self.displayio is not None else __import__("displayio")
            bt = self.bitmaptools if self.bitmaptools is not None else __import__("bitmaptools")
            memoryview(dio.Bitmap(8, 1, 2))
        except (ImportError, TypeError, AttributeError):
            return None
        return dio, bt

    def canvas(self, buf):
        if self.canvas_kind == BITMAP:
            mods = self._modules()
            if mods is not None:
                from usher.device.circuitpython.bitmap_canvas import BitmapCanvas
                self.bitmap_modules = mods
                self.canvas_obj = BitmapCanvas(mods[0].Bitmap(WIDTH, HEIGHT, 2), WIDTH, HEIGHT)
                return self.canvas_obj
            self.canvas_kind = cpcanvas.DEFAULT
        self.canvas_obj = cpcanvas.new(buf, WIDTH, HEIGHT, self.canvas_kind)
        return self.canvas_obj

    def display(self, profile, buf):
        if profile["panel"] != "uc8151":
            raise RuntimeError("Usher on CircuitPython drives board.DISPLAY of the Badger 2040; "
                               "board %r is not supported" % profile["name"])
        from usher.device.circuitpython.display import DisplayioPanel
        # The bitmap canvas is the picture itself: the panel shows its Bitmap.
        shown = getattr(self.canvas_obj, "bitmap", None)
        self.display_obj = DisplayioPanel(buf, displayio=self.displayio, bitmap=shown)
        return self.display_obj

    def firmware(self):
        f = frozen()
        return ("circuitpython" if f else None), firmware_label(f, version())

    def safe_mode_text(self):
        return SAFE_MODE_TEXT

    def qr_kernels(self):
        # CircuitPython's images have no native emitter (viper): the share
        # screen uses the QR encoder's bytecode (PL-19).
        return None

    def flash_janitor(self):
        """None: the drive is FAT, whose sectors the project's image writes
        back itself (flash_cache.c); littlefs's upkeep is MicroPython's
        (MicroPythonBackend.flash_janitor)."""
        return None

    def game_copy(self):
        """Each save of the running game also goes to microcontroller.nvm,
        outside the FAT drive (game_copy: a cut inside the erase of /data's
        directory sector loses every file there, PL-8); None where there is
        no nvm (Blinka on the desktop)."""
        nvm = self.nvm
        if nvm is None:
            try:
                import microcontroller
                nvm = microcontroller.nvm
            except Exception:       # no such module, or Blinka's, which has no nvm
                return None
        if nvm is None:
            return None
        from usher.device.circuitpython.game_copy import GameCopy
        return GameCopy(nvm)

    def text_kernel(self):
        # No viper either: on the bitmap canvas text is blitted by
        # bitmaptools (glyph_text, sheet_text); otherwise usher.ui.text's
        # bytecode draws it.
        mods = self.bitmap_modules
        if mods is None:
            return None
        if frozen() and hasattr(mods[1], "arrayblit"):
            # In flash on the image: glyphs put from there, no sheet on the
            # heap. As files those bytes would be RAM: sheets instead.
            from usher.device.circuitpython.glyph_text import GlyphText
            from usher.device.circuitpython.font_sheets import GLYPHS
            return GlyphText(self.canvas_obj, mods[1], GLYPHS)
        from usher.device.circuitpython.sheet_text import BitmapText
        return BitmapText(self.canvas_obj, mods[0], mods[1])

    def run(self, rt, should_stop=None):
        """The shared loop (Runtime.step), with the idle wait on USB in light
        sleep instead of polling."""
        woke = None
        while should_stop is None or not should_stop():
            now = clock.ticks_ms()
            wait = rt.step(now)
            # After a wake from light sleep the loop polls for WAKE_POLL_MS, so
            # the debounced press that woke it reaches the shared loop.
            if (rt.asleep and self.light_sleep and self.buttons_obj is not None
                    and (woke is None or clock.ticks_diff(now, woke) > WAKE_POLL_MS)):
                self.sleep_until_button(rt)
                woke = clock.ticks_ms()
            else:
                clock.sleep_ms(wait or POLL_MS)

    def sleep_until_button(self, rt):
        try:
            import alarm
        except ImportError:
            self.light_sleep = False
            return
        from usher.device.circuitpython.buttons import pin
        b = self.buttons_obj
        b.close()
        try:
            alarms = [alarm.pin.PinAlarm(pin(g), value=(a == 1), pull=True)
                      for _n, g, a, _p in b.profile["buttons"]]
            alarm.light_sleep_until_alarms(*alarms)
            self.sleeps += 1
            rt.power.hold()
        except Exception as e:
            # Light sleep is a power saving, not a function: poll instead.
            rt.log.write("error", "light sleep: %s" % e)
            self.light_sleep = False
        b.open()


def usb_editing():
    """True when CIRCUITPY is read-only to the firmware (boot.py left it to
    the computer)."""
    try:
        import storage
        return storage.getmount("/").readonly
    except Exception:
        return False


def show_text(text):
    """Draw a console text on the panel (USB editing mode) and print it."""
    print(text)
    try:
        from usher.device.circuitpython.display import DisplayioPanel
        from usher.ui import text as uitext
        buf = bytearray(WIDTH * HEIGHT // 8)
        c = cpcanvas.new(buf, WIDTH, HEIGHT)
        y = 2
        for line in text.split("\n"):
            while line and y <= HEIGHT - 10:
                n = len(line)
                while n > 1 and uitext.width(uitext.SMALL, line[:n]) > WIDTH - 4:
                    n -= 1
                uitext.draw(c, uitext.SMALL, line[:n], 2, y, 1)
                line = line[n:].lstrip()
                y += 10
        panel = DisplayioPanel(buf)
        panel.init()
        panel.show("clean")
    except Exception as e:
        print("display:", e)


def main(data_dir=DATA_DIR, canvas_kind=BITMAP, should_stop=None, on_runtime=None,
         backend=None, app_factory=None):
    """code.py's entry."""
    from usher.device.circuitpython import clock as cpclock
    cpclock.install()
    if usb_editing():
        show_text(EDITING_TEXT)
        return "editing"
    from usher.device import runtime
    gc.collect()
    if backend is None:
        backend = CircuitPythonBackend(canvas_kind)
    return runtime.main(app_factory=app_factory, data_dir=data_dir, should_stop=should_stop,
                        on_runtime=on_runtime, backend=backend)


__all__ = ["CircuitPythonBackend", "main"]
