# UI workload: one scripted session of tests/portable/ui_sessions.py (App,
# screens, engine, framebuffer, saving), one button event per step.
import mptest
import ui_sessions

from usher.ui.canvas import new_canvas


class Workload:
    def __init__(self, name):
        self.script = dict(ui_sessions.SESSIONS)[name]
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
                self.app = self._new_app()
                self.app.start()
            else:
                self.app.handle(ev)
        else:
            return False
        self.i += 1
        return True
