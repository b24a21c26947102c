# Screens, nano-gui style: a screen is a class that draws itself whole into
# the canvas (draw) and reacts to buttons (button / long). Changing anything
# sets `dirty`; the App redraws dirty screens once per button press and the
# refresh policy turns the changed rows into one panel update (PL-6).
#
# Soft keys (PL-7): keys() returns the labels of A, B, C (None = unused),
# drawn on the bottom line of every screen. A button whose long press does
# something is listed by long_keys(); its label must say so (e.g. "Undo
# (hold)"). Such a button's short action fires on release, its long action
# on the "long" event, so the two never both happen.
from usher.ui import text
from usher.ui.canvas import HEIGHT, WIDTH

TITLE_H = 12          # title bar: rows 0..11
KEYS_Y = HEIGHT - 12  # soft-key bar: rows 116..127
BODY_Y = TITLE_H + 2
BODY_H = KEYS_Y - 1 - BODY_Y
ROW_H = text.BODY.HEIGHT + 2  # one list row (usher.ui.widgets.Menu and dialogs)
KEY_CENTRES = (49, 148, 247)  # under buttons A, B, C
STRIP_MIN = text.BODY.HEIGHT + 2  # rows of the screen below worth leaving in view
FORM_Y = 16           # a form's window over a screen (Screen.form)


class Screen:
    title = ""
    route = None  # a name the App can rebuild this screen from after a restart
    # A dialog (MessageBox, Confirm) pushed over another screen is drawn as a
    # window over it (rows window_y..127, a multiple of 8), so opening and
    # closing it updates only that window (PL-15). App.push sets `over`.
    dialog = False
    # A form (an entry over a screen, PL-15) is a window from row FORM_Y
    # down whatever its rows: the title bar of the screen below stays in view.
    form = False
    over = False
    window_y = 0

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def body_y(self):
        """Top of the body: under the title bar, or under the window's."""
        return self.window_y + BODY_Y + 2 if self.over else BODY_Y

    def place(self, lines=None):
        """Over another screen: the window's top for `lines` body rows of
        row_h pixels, a multiple of 8, leaving at least the title bar below
        visible (a form's: FORM_Y). Returns how many rows fit."""
        y = FORM_Y if self.form else KEYS_Y - 1 - BODY_Y - 2 - lines * ROW_H
        y = max(16, y - y % 8)
        self.window_y = y
        self.over = True
        return (KEYS_Y - 1 - self.body_y()) // ROW_H

    def changed(self):
        self.dirty = True

    # --- to override ----------------------------------------------------------
    def keys(self):
        return (None, None, None)

    def long_keys(self):
        """Buttons with a long-press action (e.g. ("C",))."""
        return ()

    def status(self):
        """Short text at the right of the title bar."""
        return ""

    def draw_body(self, c):
        pass

    def button(self, b):
        """A press (or auto-repeat) of b in "A", "B", "C", "UP", "DOWN"."""

    def repeat(self, b):
        self.button(b)

    def long(self, b):
        pass

    # --- the one drawing path -----------------------------------------------------
    def draw(self, c):
        if self.over:
            # The screen below is already in the canvas: only the window.
            y = self.window_y
            # Old rows left between the title bar below and the window that
            # are thinner than a line of text would show as a cut strip of
            # the screen below: the window clears them.
            top = TITLE_H if y - TITLE_H < STRIP_MIN else y
            c.fill_rect(0, top, WIDTH, HEIGHT - top, 0)
            c.hline(0, y, WIDTH, 1)
            title_bar(c, self.title, self.status(), y + 2)
        else:
            c.fill(0)
            title_bar(c, self.title, self.status())
        self.draw_body(c)
        softkey_bar(c, self.keys())


def step_focus(index, n, b):
    """The focus after UP or DOWN over n items, wrapping around (PL-7); any
    other button leaves it where it is."""
    if n and b == "UP":
        return (index - 1) % n
    if n and b == "DOWN":
        return (index + 1) % n
    return index


def title_bar(c, title, right="", y=0):
    c.fill_rect(0, y, WIDTH, TITLE_H, 1)
    rw = text.width(text.SMALL, right) if right else 0
    text.draw(c, text.SMALL, text.fit(text.SMALL, title, WIDTH - rw - 10), 3, y + 1, 0)
    if right:
        text.draw_right(c, text.SMALL, right, WIDTH - 3, y + 1, 0)


def softkey_bar(c, labels):
    c.hline(0, KEYS_Y - 1, WIDTH, 1)
    for i in range(3):
        label = labels[i] if i < len(labels) else None
        if label:
            label = text.fit(text.SMALL, label, 96)
            text.draw_centered(c, text.SMALL, label, KEY_CENTRES[i], KEYS_Y + 1)
        if i:
            c.vline(KEY_CENTRES[i] - 50, KEYS_Y, HEIGHT - KEYS_Y, 1)
