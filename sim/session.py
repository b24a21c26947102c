"""One simulated device: a canvas, the firmware's App and a refresh log.

Scripts are comma-separated button tokens:
  A, B, C, UP, DOWN   a tap (press then release)
  A~                  a long press (press, long, release) — same for any button
  UP*5                hold UP: press, 5 auto-repeats, release
  sleep               the idle power-off mark (App.sleep_screen)
  restart             power cycle: a new App on the same data folder (PL-8)
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher import VERSION  # noqa: E402
from usher.device.log import FlashLog  # noqa: E402
from usher.ui.app import BUTTONS, App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402


def parse_script(script):
    """Script text -> list of (token, [events]) where events are App events
    or the strings "sleep" / "restart"."""
    out = []
    for raw in script.replace("\n", ",").split(","):
        tok = raw.strip()
        if not tok:
            continue
        low = tok.lower()
        if low in ("sleep", "restart"):
            out.append((tok, [low]))
            continue
        name, long_press, repeats = tok.upper(), False, 0
        if name.endswith("~"):
            name, long_press = name[:-1], True
        if "*" in name:
            name, _, n = name.partition("*")
            repeats = int(n)
        if name not in BUTTONS:
            raise ValueError("unknown button in script: %r" % tok)
        events = [("press", name)]
        events += [("repeat", name)] * repeats
        if long_press:
            events.append(("long", name))
        events.append(("release", name))
        out.append((tok, events))
    return out


class Session:
    """log_dir: the folder of the device log (docs/log-format.md), written by
    the device's own FlashLog: a "boot" entry at every start and power cycle,
    then the App's entries. None: no log (scripted sessions, tests)."""

    def __init__(self, data_dir, battery=None, live_seeds=False, log_dir=None):
        self.data_dir = data_dir
        self.buf, self.canvas = new_canvas()
        self.battery = battery
        self.log_dir = log_dir
        self.log = None
        self.services = {"battery": (lambda: battery), "board": "simulator",
                         "version": VERSION, "log": self._log}
        if live_seeds:
            self.services["ticks_ms"] = lambda: int(time.time() * 1000) & 0x3FFFFFFF
            # PL-19: each data folder its own device id
            self.services["random32"] = lambda: int.from_bytes(os.urandom(4), "big")
            # The desktop knows the date: plays kept in the history are dated
            # (scripted sessions stay undated, so their pictures never change).
            self.services["date"] = lambda: tuple(time.localtime()[:6])
        self.refreshes = []  # every refresh request, in order
        self.counts = {"clean": 0, "fast": 0, "partial": 0}  # by kind (PL-15)
        self.presses = 0
        self.app = None

    def _log(self, kind, data=None):
        if self.log is not None:
            self.log.write(kind, data)

    def _boot_log(self):
        # A new FlashLog per boot, as on the device: the next boot number.
        os.makedirs(self.log_dir, exist_ok=True)
        self.log = FlashLog(self.log_dir)
        self.log.write("boot", {"board": "simulator", "version": VERSION, "wake": None,
                                "usb": self.battery is None, "image": None, "runtime": "cpython"})

    def _count(self, req):
        if req is not None:
            self.refreshes.append(req)
            self.counts[req[0]] += 1
        return req

    def start(self):
        if self.log_dir:
            self._boot_log()
        self.app = App(self.canvas, self.data_dir, self.services)
        return self._count(self.app.start())

    def event(self, ev):
        """One App event, "sleep" or "restart" -> the refresh request."""
        if ev == "sleep":
            return self._count(self.app.sleep_screen())
        if ev == "restart":
            return self.start()
        if ev[0] == "press":
            self.presses += 1
        return self._count(self.app.handle(ev))

    def step(self, events):
        """All events of one script token; returns the requests (None dropped)."""
        reqs = []
        for ev in events:
            r = self.event(ev)
            if r is not None:
                reqs.append(r)
        return reqs

    def counts_line(self):
        c = self.counts
        return ("refreshes: %d clean, %d fast full, %d partial (%d total) for %d presses"
                % (c["clean"], c["fast"], c["partial"], c["clean"] + c["fast"] + c["partial"],
                   self.presses))
