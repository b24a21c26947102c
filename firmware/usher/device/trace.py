# Diagnostics for the benches, off by default (device.json "trace": true):
# the main loop's phase counters and the free heap in the log. Imported only
# when a board asks for them, so an ordinary boot keeps this code off the
# heap.
from usher.core import storage


class Trace:
    """The microseconds the main loop spends per phase since boot, added
    up in one array whose first two words are a marker that the emulated
    board finds in RAM (bench/rp2_profile.py --phases). Nothing is printed or written to
    flash, so tracing adds only the timer reads. Phases: handle (the App's
    whole answer to a button event), draw (the screens' drawing, inside
    handle), save (storage.save, inside handle), log (a log line), refresh
    (display.start: the conversion of the canvas and the SPI transfer)."""

    MARK = (0x1A2B3C4D, 0x2C3D4E5F)     # below 2**30: stored as plain words
    PHASES = ("handle", "draw", "save", "log", "refresh")

    def __init__(self):
        import array
        import time
        self.us = time.ticks_us
        self.diff = time.ticks_diff
        self.t = array.array("i", self.MARK + (0,) * len(self.PHASES))

    def add(self, phase, t0):
        self.t[2 + phase] += self.diff(self.us(), t0)

    def wrap(self, phase, fn):
        def timed(*args, **kw):
            t0 = self.us()
            try:
                return fn(*args, **kw)
            finally:
                self.add(phase, t0)
        return timed

    def install(self, log):
        """Time the saves, the log lines and the App's drawing."""
        from usher.ui import app as ui_app
        self.saved = (storage.save, storage.save_json, ui_app.App._draw)
        storage.save = self.wrap(2, storage.save)
        storage.save_json = self.wrap(2, storage.save_json)
        log.write = self.wrap(3, log.write)
        ui_app.App._draw = self.wrap(1, ui_app.App._draw)

    def uninstall(self):
        """Put storage.save and App._draw back (tests run many boots in one
        process; the log is the boot's own)."""
        from usher.ui import app as ui_app
        storage.save, storage.save_json, ui_app.App._draw = self.saved


def heap_free():
    import gc
    gc.collect()
    return gc.mem_free()


def heap_trace(rt, log):
    """device.json's "trace": true (for the benches, on both runtimes): the
    free heap after a collection goes into the log as an "info" entry
    {"heap_free", "at"} when the first picture after boot is sent ("boot")
    and right after each game's "end" entry ("end")."""
    first = [True]

    def shown(r):
        if first[0]:
            first[0] = False
            log.write("info", {"heap_free": heap_free(), "at": "boot"})

    def app_log(kind, data=None):
        log.write(kind, data)
        if kind == "end":
            log.write("info", {"heap_free": heap_free(), "at": "end"})

    rt.on_shown = shown
    rt.services["log"] = app_log
