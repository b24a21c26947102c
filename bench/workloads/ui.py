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
        # One token of the script is expanded into its events at a time: the
        # whole session's event list would be counted as the App's data.
        self.pos = 0
        self.pending = []
        self.started = False

    def _new_app(self):
        app = ui_sessions.new_app(self.name, self.canvas, self.data)
        # As on the device (usher.device.runtime): modules used once (the
        # load checks, the seat pickers, the history writer, a finished
        # game's code) leave RAM after use.
        app.services["unload_games"] = True
        return app

    def _next_event(self):
        if not self.pending:
            if self.pos >= len(self.script):
                return None
            end = self.script.find(",", self.pos)
            if end < 0:
                end = len(self.script)
            self.pending = ui_sessions.events(self.script[self.pos:end])[0]
            self.pos = end + 1
        return self.pending.pop(0)

    def step(self):
        if not self.started:
            self.started = True
            self.app = self._new_app()
            self.app.start()
            return True
        ev = self._next_event()
        if ev is None:
            return False
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
        return True
