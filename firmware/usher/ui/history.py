# The generic "history with undo" screen over the running game's record: the
# actions newest first, undo of the last one by replay (usher.core.game.undo,
# PL-8) on a long press of B (PL-7: long presses are labelled on screen).
# A game's screens module may give history_lines(app): one line per action
# with what only a replay knows (the turn, the panel, what the Automa
# scratched); else each action is its describe() line. After an undo the
# first row says what was removed until the next press. C (Leave) opens the
# leave menu while the game runs (usher.ui.leave, PL-21).
from usher.core.game import canonical_json
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, Screen

ROW_H = text.SMALL.HEIGHT + 2


def end_button(app, b):
    """A game's end screen's buttons: A its history, B a QR code of the play
    (PL-19), C the game's end (the play kept, usher.ui.app.end_game, the
    last thing the game's code does). False for any other button."""
    if b == "A":
        app.push(History(app))
    elif b == "B":
        from usher.ui import share_screen   # PL-19
        share_screen.share_running_game(app)
    elif b == "C":
        app.end_game()
    else:
        return False
    return True


class History(Screen):
    title = "History"
    route = "history"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.top = 0
        self.rows = BODY_H // ROW_H
        self.hint = False  # a short B asks to hold it (PL-7)
        self.undone = None  # the line of the action the last undo removed
        self._lines = None  # (action count, lines) of the last history_lines()
        self.shown = self.rows   # actions the last drawing showed (a long one takes two rows)

    def keys(self):
        return ("Back", "Undo (hold)" if self._actions() else None, "Leave" if self._leaves() else None)

    def _leaves(self):
        """C leaves the game (PL-21: the main menu or abandon) while it runs."""
        st = self.app.state
        return st is not None and st.get("phase") != "over"

    def long_keys(self):
        return ("B",)

    def status(self):
        if self.hint:
            return "hold B to undo"
        return text.plural(len(self._actions()), "action")

    def _actions(self):
        rec = self.app.record
        return rec["actions"] if rec else []

    def line(self, i):
        """Action i's line ("3. ..."), from the game's history_lines() when
        it has one."""
        actions = self._actions()
        if self._lines is None or self._lines[0] != len(actions):
            self._lines = None      # the old lines go before the replay makes new ones (heap)
            app = self.app
            mod = app.game_ui(app.game_id) if app.game_id else None
            fn = getattr(mod, "history_lines", None) if mod else None
            self._lines = (len(actions), fn(app) if fn else None)
        lines = self._lines[1]
        return "%d. %s" % (i + 1, lines[i] if lines else self.app.describe_action(actions[i]))

    def draw_body(self, c):
        actions = self._actions()
        n = len(actions)
        y = BODY_Y
        rows = self.rows
        if self.undone:
            c.fill_rect(0, y, WIDTH, ROW_H, 1)
            text.draw(c, text.SMALL, text.fit(text.SMALL, "Undone: " + self.undone, WIDTH - 8),
                      4, y, 0)
            y += ROW_H
            rows -= 1
        if not n:
            text.draw(c, text.BODY, "No actions yet", 6, y + 4)
            return
        # Newest first; a line too long for the row goes on in a second,
        # indented one (nothing cut: "press r1c3 (aut.." said too little).
        left = rows
        i = n - 1 - self.top
        self.shown = 0
        while left > 0 and i >= 0:
            parts = text.wrap(text.SMALL, self.line(i), WIDTH - 8)
            if len(parts) > 1:
                rest = text.wrap(text.SMALL, " ".join(parts[1:]), WIDTH - 20)
                parts = [parts[0], text.fit(text.SMALL, " ".join(rest), WIDTH - 20)]
            if len(parts) > left and self.shown:
                break
            for k in range(min(len(parts), left)):
                text.draw(c, text.SMALL, parts[k], 4 if k == 0 else 16, y)
                y += ROW_H
            left -= len(parts)
            self.shown += 1
            i -= 1

    def button(self, b):
        n = len(self._actions())
        if self.hint or self.undone:
            self.hint = False
            self.undone = None
            self.changed()
        if b == "B" and n:
            # The short press of the long-press key: say how to undo.
            self.hint = True
            self.changed()
        elif b == "A":
            self.app.show_game()
        elif b == "C" and self._leaves():
            from usher.ui import leave
            leave.open_menu(self.app)
        elif b == "DOWN" and self.top + self.shown < n:
            self.top += 1
            self.changed()
        elif b == "UP" and self.top > 0:
            self.top -= 1
            self.changed()

    def long(self, b):
        if b == "B" and self._actions():
            n = len(self._actions())
            removed = self.line(n - 1)
            if self.app.undo():
                self.undone = removed
                # An action's line depends only on the actions up to it: the
                # lines before the undone one stay, and no second replay
                # makes them again (the undo was a late Take a Seat game's
                # slowest press and its heap's peak).
                if self._lines is not None and self._lines[0] == n:
                    lines = self._lines[1]
                    if lines:
                        lines.pop()
                    self._lines = (n - 1, lines)
            self.top = 0
            self.changed()


def default_describe(action):
    """An action as compact text when a game gives no describe()."""
    s = canonical_json(action)
    return s.replace('"', "").replace("{", "").replace("}", "").replace(",", " ")
