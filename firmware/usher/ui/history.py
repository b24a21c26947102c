# The generic "history with undo" screen over the running game's record: the
# actions newest first, undo of the last one by replay (usher.core.game.undo,
# PL-8) on a long press of B (PL-7: long presses are labelled on screen).
from usher.core.game import canonical_json
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, Screen

ROW_H = text.SMALL.HEIGHT + 2


class History(Screen):
    title = "History"
    route = "history"

    def __init__(self, app):
        super().__init__(app)
        self.top = 0
        self.rows = BODY_H // ROW_H
        self.hint = False  # a short B asks to hold it (PL-7)

    def keys(self):
        return ("Back", "Undo (hold)" if self._actions() else None, None)

    def long_keys(self):
        return ("B",)

    def status(self):
        if self.hint:
            return "hold B to undo"
        return "%d actions" % len(self._actions())

    def _actions(self):
        rec = self.app.record
        return rec["actions"] if rec else []

    def draw_body(self, c):
        actions = self._actions()
        n = len(actions)
        if not n:
            text.draw(c, text.BODY, "No actions yet", 6, BODY_Y + 4)
            return
        describe = self.app.describe_action
        for r in range(self.rows):
            i = n - 1 - (self.top + r)  # newest first
            if i < 0:
                break
            y = BODY_Y + r * ROW_H
            line = "%d. %s" % (i + 1, describe(actions[i]))
            text.draw(c, text.SMALL, text.fit(text.SMALL, line, WIDTH - 8), 4, y)

    def button(self, b):
        n = len(self._actions())
        if self.hint:
            self.hint = False
            self.changed()
        if b == "B" and n:
            # The short press of the long-press key: say how to undo.
            self.hint = True
            self.changed()
        elif b == "A":
            self.app.show_game()
        elif b == "DOWN" and self.top + self.rows < n:
            self.top += 1
            self.changed()
        elif b == "UP" and self.top > 0:
            self.top -= 1
            self.changed()

    def long(self, b):
        if b == "B" and self._actions():
            self.app.undo()
            self.top = 0
            self.changed()


def default_describe(action):
    """An action as compact text when a game gives no describe()."""
    s = canonical_json(action)
    return s.replace('"', "").replace("{", "").replace("}", "").replace(",", " ")
