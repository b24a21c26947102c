# The dice roller: a small game-independent flow (number entry, persisted
# generator state). Imported when opened (see usher.ui.screens).
from usher.core import rng
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, Screen
from usher.ui.widgets import NumberEntry


class Dice(Screen):
    """Rolls N six-sided dice and one D4 with usher.core.rng; the generator
    state lives in ui.json so rolls continue after a restart."""
    title = "Dice roller"
    route = "dice"

    def __init__(self, app):
        Screen.__init__(self, app)
        d = app.ui.get("dice")
        if not d:
            d = {"n": 2, "rng": rng.new_state(app.new_seed()), "last": []}
            app.ui["dice"] = d
        self.d = d

    def keys(self):
        return ("Back", "Dice: %d" % self.d["n"], "Roll")

    def status(self):
        last = self.d["last"]
        return "total %d" % sum(last) if last else ""

    def draw_body(self, c):
        last = self.d["last"]
        if not last:
            text.draw_centered(c, text.BODY, "Press Roll", WIDTH // 2, BODY_Y + 40)
            return
        n = len(last) - 1
        size = 40
        x = 8
        y = BODY_Y + (BODY_H - size) // 2
        for i in range(n):
            draw_d6(c, x, y, size, last[i])
            x += size + 8
        draw_d4(c, WIDTH - size - 16, y, size + 4, last[-1])

    def button(self, b):
        if b == "A":
            self.app.pop()
        elif b == "C":
            st = self.d["rng"]
            self.d["last"] = [rng.randint(st, 1, 6) for _ in range(self.d["n"])] + [rng.randint(st, 1, 4)]
            self.app.save_ui()
            self.changed()
        elif b == "B":
            self.app.push(NumberEntry(self.app, "Dice roller", "How many six-sided dice",
                                      self.d["n"], 1, 5, _set_dice))


def _set_dice(app, value):
    app.ui["dice"]["n"] = value
    app.ui["dice"]["last"] = []
    app.pop()


_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
         4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
         6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def draw_d6(c, x, y, size, n):
    c.rect(x, y, size, size, 1)
    c.rect(x + 1, y + 1, size - 2, size - 2, 1)
    cell = size // 4
    p = size // 8
    for gx, gy in _PIPS[n]:
        px = x + cell * (gx + 1) - p // 2
        py = y + cell * (gy + 1) - p // 2
        c.fill_rect(px, py, p + 1, p + 1, 1)


def draw_d4(c, x, y, size, n):
    c.line(x + size // 2, y, x + size - 1, y + size - 1, 1)
    c.line(x + size // 2, y, x, y + size - 1, 1)
    c.hline(x, y + size - 1, size, 1)
    text.draw_centered(c, text.BIG, str(n), x + size // 2, y + size - text.BIG.HEIGHT - 3)


