# UI workload: one scripted session of tests/portable/ui_sessions.py (App,
# screens, engine, framebuffer, saving), one button event per step.
import os

import mptest
import ui_sessions

from usher.ui.canvas import new_canvas

GAMES = ("takeaseat", "theatre", "multisala", "seatwars")


def import_game_code(name):
    """Import every module the session will load (its game's engine and
    screens), so that the heap right after setup is the code and what is left
    over the session is data."""
    import usher.ui.screens  # noqa: F401
    import usher.ui.history  # noqa: F401
    for gid in GAMES:
        if not name.startswith(gid):
            continue
        __import__("usher.games.%s.engine" % gid)
        pkg = __import__("usher.ui.games.%s" % gid)
        folder = pkg.__file__.rsplit("/", 1)[0] + "/ui/games/" + gid
        try:
            names = os.listdir(folder)
        except OSError:
            names = []  # a single-module screen file
        for f in sorted(names):
            if f.endswith(".py") and f != "__init__.py":
                __import__("usher.ui.games.%s.%s" % (gid, f[:-3]))


class Workload:
    def __init__(self, name):
        self.script = dict(ui_sessions.SESSIONS)[name]
        import_game_code(name)
        self.name = name
        self.data = mptest.tmpdir()
        self.buf, self.canvas = new_canvas()
        self.app = None
        self.events = []
        for evs in ui_sessions.events(self.script):
            self.events.extend(evs)
        self.i = -1

    def _new_app(self):
        return ui_sessions.new_app(self.name, self.canvas, self.data)

    def step(self):
        if self.i == -1:
            self.app = self._new_app()
            self.app.start()
        elif self.i < len(self.events):
            ev = self.events[self.i]
            if ev == "sleep":
                self.app.sleep_screen()
            elif ev == "restart":
                # A restart is a reboot on the device: the old App is gone
                # before the new one loads the saved game.
                self.app = None
                self.app = self._new_app()
                self.app.start()
            else:
                self.app.handle(ev)
        else:
            return False
        self.i += 1
        return True
