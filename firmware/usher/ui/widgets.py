# Reusable screens: list/menu, number entry, choice entry, message box,
# confirmation dialog. Each takes plain callbacks so game screens compose
# them without subclassing; a callback receives the app and the value.
from usher.ui import icons, text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, ROW_H, Screen, step_focus

REPEAT_FAST_AFTER = 5   # auto-repeats at step 1 before the number entry speeds up
FAST_STEP = 5


class Menu(Screen):
    """A list with a focus bar. items: list of (label, value) or
    (label, value, icon_name) or (label, value, icon_name, why_not). UP/DOWN
    move the focus (wrapping); C chooses. An item with a why_not text is not
    possible now: it keeps its place, struck through, and C on it shows why
    (so a list whose entries come and go never moves the others).
    on_choose(app, value); on_back(app) for A (default: pop). window=True:
    pushed over a screen it is a window over it, as tall as its rows need
    (an action list: opening and closing it updates only that window,
    PL-15, PL-18)."""

    def __init__(self, app, title, items, on_choose, on_back=None, focus=0,
                 keys=("Back", None, "Select"), window=False):
        Screen.__init__(self, app)
        self.dialog = window
        self.title = title
        self.items = items
        self.on_choose = on_choose
        self.on_back = on_back
        self.focus = focus if 0 <= focus < len(items) else 0
        self._keys = keys
        self.rows = BODY_H // ROW_H
        self.wrapped = None   # what the last UP/DOWN did at the list's end, if it went round

    def keys(self):
        if self.items and why_not(self.items[self.focus]) and self._keys[2]:
            return (self._keys[0], self._keys[1], "Why not?")
        return self._keys

    def status(self):
        wrapped = self.wrap_note()
        if wrapped:
            return wrapped
        return "%d/%d" % (self.focus + 1, len(self.items)) if len(self.items) > self.rows else ""

    def wrap_note(self):
        """Said in the title bar right after UP/DOWN went round the list's
        end: a press that only wrapped would look lost."""
        return self.wrapped

    def place(self, lines=None):
        self.rows = Screen.place(self, len(self.items))

    def draw_body(self, c):
        top = 0
        if self.focus >= self.rows:
            top = self.focus - self.rows + 1
        body_y = self.body_y()
        for r in range(self.rows):
            i = top + r
            if i >= len(self.items):
                break
            item = self.items[i]
            y = body_y + r * ROW_H
            fg = 1
            if i == self.focus:
                c.fill_rect(0, y, WIDTH, ROW_H, 1)
                fg = 0
            x = 4
            if len(item) > 2 and item[2]:
                icons.draw(c, item[2], x, y, fg)
                x += 20
            label = text.fit(text.BODY, item[0], WIDTH - x - 4)
            text.draw(c, text.BODY, label, x, y + 1, fg)
            if why_not(item):
                c.hline(x, y + ROW_H // 2, text.width(text.BODY, label), fg)
        # More rows than fit: a small arrow at the right edge says which way
        # the list goes on (the launcher's Settings row is below the fold).
        if top > 0:
            _arrow(c, body_y + 3, -1, 0 if self.focus == top else 1)
        if top + self.rows < len(self.items):
            last = top + self.rows - 1
            _arrow(c, body_y + self.rows * ROW_H - 4, 1, 0 if self.focus == last else 1)

    def button(self, b):
        n = len(self.items)
        self.wrapped = None
        if b in ("UP", "DOWN") and n:
            new = step_focus(self.focus, n, b)
            if n > 1 and b == "DOWN" and new < self.focus:
                self.wrapped = "back to the top"
            elif n > 1 and b == "UP" and new > self.focus:
                self.wrapped = "round to the end"
            self.focus = new
            self.changed()
        elif b == "A":
            if self.on_back:
                self.on_back(self.app)
            else:
                self.app.pop()
        elif b == "C" and n:
            item = self.items[self.focus]
            if why_not(item):
                self.app.show_message(item[0], why_not(item))
            else:
                self.on_choose(self.app, item[1])


def why_not(item):
    """The reason a menu item is not possible now, or "" when it is."""
    return item[3] if len(item) > 3 and item[3] else ""


def _arrow(c, y, way, colour):
    """A 7-pixel-wide triangle at the right edge, its point at row y, up
    (way -1) or down (way 1)."""
    for i in range(4):
        c.hline(WIDTH - 8 - i, y - way * i, 2 * i + 1, colour)


class NumberEntry(Screen):
    """A number in the big font. UP/DOWN +-1 (held: auto-repeat, +-5 after a
    few repeats), B back to the start value, C OK, A cancel.
    on_done(app, value). Pushed over a screen it is a window (PL-15)."""
    dialog = True
    form = True

    def __init__(self, app, title, prompt, value, lo, hi, on_done, on_cancel=None):
        Screen.__init__(self, app)
        self.title = title
        self.prompt = prompt
        self.start = value
        self.value = value
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.repeats = 0

    def keys(self):
        return ("Cancel", "Reset", "OK")

    def draw_body(self, c):
        top = self.body_y()
        text.draw(c, text.BODY, text.fit(text.BODY, self.prompt, WIDTH - 8), 4, top + 2)
        s = str(self.value)
        y = top + (22 if self.over else 26)
        text.draw_centered(c, text.BIG, s, WIDTH // 2, y)
        w = text.width(text.BIG, s)
        # Up/down marks either side say which buttons change the value.
        cx = WIDTH // 2 + w // 2 + 14
        if self.value < self.hi:
            c.line(cx - 5, y + 8, cx, y + 3, 1)
            c.line(cx, y + 3, cx + 5, y + 8, 1)
        if self.value > self.lo:
            c.line(cx - 5, y + 14, cx, y + 19, 1)
            c.line(cx, y + 19, cx + 5, y + 14, 1)
        lim = "%d..%d" % (self.lo, self.hi)
        text.draw_centered(c, text.SMALL, lim, WIDTH // 2, y + text.BIG.HEIGHT + 6)

    def _step(self, b, step):
        v = self.value + (step if b == "UP" else -step)
        v = max(self.lo, min(self.hi, v))
        if v != self.value:
            self.value = v
            self.changed()

    def button(self, b):
        if b in ("UP", "DOWN"):
            self.repeats = 0
            self._step(b, 1)
        elif b == "B":
            if self.value != self.start:
                self.value = self.start
                self.changed()
        elif b == "A":
            if self.on_cancel:
                self.on_cancel(self.app)
            else:
                self.app.pop()
        elif b == "C":
            self.on_done(self.app, self.value)

    def repeat(self, b):
        if b in ("UP", "DOWN"):
            self.repeats += 1
            self._step(b, FAST_STEP if self.repeats > REPEAT_FAST_AFTER else 1)


class ChoiceEntry(Screen):
    """One value out of a few, shown large with its icon. choices: list of
    (label, value, icon_name or None). UP/DOWN cycle, C OK, A cancel.
    on_done(app, value). Pushed over a screen it is a window (PL-15)."""
    dialog = True
    form = True

    def __init__(self, app, title, prompt, choices, on_done, index=0, on_cancel=None, note=None):
        Screen.__init__(self, app)
        self.title = title
        self.prompt = prompt
        self.choices = choices
        self.index = index
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.note = note        # one or two lines ("\n") under the choice, small font

    def keys(self):
        return ("Cancel", None, "OK")

    def draw_body(self, c):
        top = self.body_y()
        text.draw(c, text.BODY, text.fit(text.BODY, self.prompt, WIDTH - 8), 4, top + 2)
        label, _, icon = self.choices[self.index]
        w = text.width(text.BODY, label) + (22 if icon else 0)
        x = (WIDTH - w) // 2
        y = top + (32 if self.over else 36)
        c.rect(x - 8, y - 6, w + 16, 28, 1)
        if icon:
            icons.draw(c, icon, x, y)
            x += 22
        text.draw(c, text.BODY, label, x, y + 1)
        cx = WIDTH // 2
        c.line(cx - 5, y - 9, cx, y - 14, 1)
        c.line(cx, y - 14, cx + 5, y - 9, 1)
        c.line(cx - 5, y + 25, cx, y + 30, 1)
        c.line(cx, y + 30, cx + 5, y + 25, 1)
        # Which choice of how many, beside the box (not in the title bar,
        # where "1/6" read like a step of the setup).
        where = "%d of %d" % (self.index + 1, len(self.choices))
        if (WIDTH + w) // 2 + 14 + text.width(text.SMALL, where) <= WIDTH - 2:
            text.draw(c, text.SMALL, where, (WIDTH + w) // 2 + 14, y + 4)
        if self.note:
            # at most two lines ("\n" between them) under the down mark
            ny = y + 31
            for line in self.note.split("\n")[:2]:
                text.draw(c, text.SMALL, text.fit(text.SMALL, line, WIDTH - 8), 4, ny)
                ny += text.SMALL.HEIGHT - 1

    def button(self, b):
        n = len(self.choices)
        if b in ("UP", "DOWN"):
            self.index = step_focus(self.index, n, b)
            self.changed()
        elif b == "A":
            if self.on_cancel:
                self.on_cancel(self.app)
            else:
                self.app.pop()
        elif b == "C":
            self.on_done(self.app, self.choices[self.index][1])


class MessageBox(Screen):
    """A message (info or error) with OK on C; on_close(app) (default: pop).
    Long texts are wrapped; UP/DOWN scroll when they do not fit. Pushed over
    another screen it is a window over it (PL-15)."""
    dialog = True

    def __init__(self, app, title, message, on_close=None, ok="OK"):
        Screen.__init__(self, app)
        self.title = title
        self.lines = text.wrap(text.BODY, message, WIDTH - 12)
        self.on_close = on_close
        self.ok = ok
        self.top = 0
        self.rows = BODY_H // ROW_H

    def keys(self):
        return (None, None, self.ok)

    def place(self, lines=None):
        self.rows = Screen.place(self, len(self.lines))
        return self.rows

    def draw_body(self, c):
        y0 = self.body_y() + (0 if self.over else 2)
        for r in range(self.rows):
            i = self.top + r
            if i >= len(self.lines):
                break
            text.draw(c, text.BODY, self.lines[i], 6, y0 + r * ROW_H)

    def button(self, b):
        if b == "C":
            if self.on_close:
                self.on_close(self.app)
            else:
                self.app.pop()
        elif b == "DOWN" and self.top + self.rows < len(self.lines):
            self.top += 1
            self.changed()
        elif b == "UP" and self.top > 0:
            self.top -= 1
            self.changed()


class Confirm(Screen):
    """A yes/no question: A No, C Yes. on_yes(app); on_no(app) (default: pop).
    careful=True (a question that loses something, PL-21): the answers are
    a row under the question with No selected; UP/DOWN move the selection,
    C takes it, A is No, so a C pressed twice never says Yes.
    Pushed over another screen it is a window over it (PL-15)."""
    dialog = True

    def __init__(self, app, title, question, on_yes, on_no=None, yes="Yes", no="No", careful=False):
        Screen.__init__(self, app)
        self.title = title
        self.lines = text.wrap(text.BODY, question, WIDTH - 12)
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = yes
        self.no = no
        self.careful = careful
        self.choice_yes = False   # careful: the answer selected

    def keys(self):
        if self.careful:
            return (self.no, None, "OK")
        return (self.no, None, self.yes)

    def place(self, lines=None):
        return Screen.place(self, len(self.lines) + (1 if self.careful else 0))

    def draw_body(self, c):
        y = self.body_y() + (0 if self.over else 4)
        last = (BODY_Y + BODY_H - y) // ROW_H - (1 if self.careful else 0)
        for line in self.lines[:last]:
            text.draw(c, text.BODY, line, 6, y)
            y += ROW_H
        if self.careful:
            x = 6
            for label, on in ((self.no, not self.choice_yes), (self.yes, self.choice_yes)):
                w = text.width(text.BODY, label) + 12
                if on:
                    c.fill_rect(x, y, w, ROW_H, 1)
                else:
                    c.rect(x, y, w, ROW_H, 1)
                text.draw(c, text.BODY, label, x + 6, y + 1, 0 if on else 1)
                x += w + 12

    def button(self, b):
        if self.careful and b in ("UP", "DOWN"):
            self.choice_yes = not self.choice_yes
            self.changed()
        elif b == "C" and (self.choice_yes or not self.careful):
            self.on_yes(self.app)
        elif b == "A" or b == "C":
            if self.on_no:
                self.on_no(self.app)
            else:
                self.app.pop()
