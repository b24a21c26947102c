# The browser's board: the device's own main loop (usher.device.runtime.Runtime:
# merged refresh requests, crash screen, idle power-off and wake) driven by
# the page, with
#   - the five on-page buttons fed through the device's own ButtonLogic
#     (debounce, long press, auto-repeat with the device's timings, PL-7);
#   - a display that hands each refresh (mode, x, y, w, h) and the frame to
#     the page instead of an e-ink panel;
#   - a power stub that behaves like a board on battery (the idle power-off
#     draws the sleep mark, PL-9; a press wakes it and the App resumes from
#     its saved data, PL-8);
#   - the device's FlashLog in the data folder (PL-10).
#
# Runs on MicroPython's WebAssembly port in the page (web/main.js): the page
# copies the data folder in from the browser's storage before boot() and
# back after every step that changed it, sets button levels with level(),
# and calls step() every few milliseconds while a button is down. Every
# function the page calls returns JSON text.
#
# Owner data (PL-11): webowner.check_owner() (its own module so the desktop
# tests can run it on CPython).
import binascii
import json
import sys
import time

from usher import VERSION
from usher.core import storage
from usher.device import runtime
from usher.device.buttons import DEBOUNCE_MS, LONG_MS, NAMES, REPEAT_DELAY_MS, REPEAT_MS, ButtonLogic
from usher.device.log import FlashLog
from usher.ui import owner_data
from usher.ui.canvas import new_canvas
from webowner import KINDS, check_owner  # noqa: F401  (the page calls webdevice.check_owner)

DATA_DIR = "/data"
BOARD = "browser"


def ticks():
    return time.ticks_ms()


class PageButtons:
    """The interface of usher.device.buttons.Buttons (held(), poll(now)) with
    the levels set by the page instead of read from pins."""

    def __init__(self, now):
        self.levels = {}
        for n in NAMES:
            self.levels[n] = False
        self.logic = ButtonLogic(NAMES, (), now)
        self.injected = []
        self.seen = []           # events of the last poll, for the page

    def set(self, name, down):
        self.levels[name] = bool(down)

    def inject(self, events):
        self.injected.extend(events)

    def held(self):
        return [n for n in NAMES if self.levels[n]]

    def poll(self, now):
        out = self.injected
        self.injected = []
        for n in NAMES:
            self.logic.update(n, self.levels[n], now, out)
        self.seen = out
        return out

    def settled(self):
        """True when no button is down, raw or debounced."""
        for n in NAMES:
            s = self.logic.states[n]
            if self.levels[n] or s.stable or s.raw:
                return False
        return not self.injected


class PageDisplay:
    """The display interface of usher.device.epaper.Panel for the page: a
    refresh is instant and recorded for the page to draw."""

    def __init__(self, buf):
        self.buf = buf
        self.asleep = False
        self.shown = []          # refreshes since the page last asked
        self.counts = {"clean": 0, "fast": 0, "partial": 0, "turbo": 0}   # PL-15's kinds, PL-18's turbo

    def init(self):
        self.asleep = False

    def ready(self):
        return True

    def start(self, mode, x=0, y=0, w=296, h=128):
        self.shown.append([mode, x, y, w, h])
        self.counts[mode] += 1

    show = start

    def sleep(self):
        self.asleep = True


class PagePower:
    """The interface of usher.device.power.Power, as a board on battery with
    no battery gauge."""

    def __init__(self):
        self.idle_ms = 5 * 60 * 1000
        self.idle_fixed = False

    def hold(self):
        pass

    def on_usb(self):
        return False

    def can_switch_off(self):
        return True

    def battery_percent(self):
        return None

    def power_off(self):
        pass  # a page cannot switch off: the loop waits for a press, as on USB


class Device:
    def __init__(self, fixed_seeds=False):
        storage.makedirs(DATA_DIR)
        log_dir = storage.join(DATA_DIR, runtime.LOG_FOLDER)
        storage.makedirs(log_dir)
        self.log = FlashLog(log_dir)
        self.buf, self.canvas = new_canvas()
        self.display = PageDisplay(self.buf)
        self.buttons = PageButtons(ticks())
        self.power = PagePower()
        services = {"battery": self.power.battery_percent, "log": self.log, "board": BOARD,
                    "version": VERSION}
        if not fixed_seeds:
            # Each new game gets its own seed, as on the device; without it
            # the seeds are the simulator's (1, 2, ...) so a scripted session
            # is the simulator's frame for frame (tests/host/test_web_page.py).
            services["ticks_ms"] = ticks
            # PL-19: each browser's data its own device id (MicroPython's
            # random is seeded anew at each page load on this port)
            import random
            services["random32"] = lambda: random.getrandbits(32)
        self.rt = runtime.Runtime(runtime.default_app_factory, self.canvas, self.display,
                                  self.buttons, self.power, self.log, DATA_DIR, services)
        self.events = 0

    def boot(self):
        self.log.write("boot", {"board": BOARD, "version": VERSION, "usb": False})
        self.rt.start_app()
        return self.step()

    def _report(self, events):
        shown = self.display.shown
        self.display.shown = []
        out = {"events": [list(e) for e in events], "shown": shown,
               "counts": self.display.counts,
               "settled": self.buttons.settled() and self.rt.pending is None,
               "asleep": self.rt.asleep, "crashed": self.rt.crashed,
               "down": [n for n in NAMES if self.buttons.logic.states[n].stable]}
        if shown:
            out["frame"] = binascii.hexlify(self.buf).decode()
        out["share"] = self.share_link()
        return json.dumps(out)

    def share_link(self):
        """The BG Stats link of the share screen on top (PL-19), else None:
        the page shows it beside the code the screen draws."""
        app = self.rt.app
        top = app.top() if app is not None and app.stack else None
        return getattr(top, "link", None) if getattr(top, "code", None) is not None else None

    def step(self):
        """One pass of the device's main loop now; JSON: the button events it
        handled, the refreshes shown (with the frame when there were any),
        refresh counts, and whether the page may stop polling fast."""
        self.buttons.seen = []
        self.rt.step(ticks())
        seen = self.buttons.seen
        self.events += len(seen)
        return self._report(seen)

    def level(self, name, down):
        if name in NAMES:
            self.buttons.set(name, down)

    def long_press(self, name):
        """Shift+A/B/C: a whole long press at once, as in the simulator."""
        if name in NAMES:
            self.buttons.inject([("press", name), ("long", name), ("release", name)])

    def sleep_now(self):
        """The simulator's z: the idle power-off now (sleep mark, PL-9)."""
        self.rt.go_to_sleep()
        return self._report([])

    def power_cycle(self):
        """The simulator's r: a fresh App on the same data folder (PL-8)."""
        self.rt.asleep = False
        self.rt.start_app()
        return self.step()


def info():
    return json.dumps({"version": VERSION, "micropython": sys.version, "board": BOARD,
                       "max_bytes": owner_data.MAX_BYTES, "poll_ms": runtime.POLL_MS,
                       "kinds": [list(k) for k in KINDS],
                       "timings": {"debounce": DEBOUNCE_MS, "long": LONG_MS,
                                   "repeat_delay": REPEAT_DELAY_MS, "repeat": REPEAT_MS}})
