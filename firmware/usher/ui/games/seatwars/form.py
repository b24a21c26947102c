# The character form: attack plus up to two equipment bonuses, drawn as
# boxes with their sum. Three uses:
#   place      a character onto an empty seat (cost shown)
#   challenge  against a bus card: the resolver shows both totals and the
#              outcome before the player confirms (SW-5, SW-6)
#   calc       the stand-alone seat-challenge calculator (nothing is saved)
# B moves to the next box, UP/DOWN change it (held: faster), C confirms.
# Placing opens as a window over the turn screen (PL-15): its boxes, sum,
# cost and note fit under the window's title bar. The challenge and the
# calculator add the seated side, the outcome banner and their note, which
# need the whole body: they stay screens of their own.
from usher.games.seatwars import challenge, engine
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.games.seatwars import act
from usher.ui.games.seatwars.bus import owner_name
from usher.ui.screen import Screen
from usher.ui.widgets import FAST_STEP, REPEAT_FAST_AFTER, NumberEntry

# rows under the top of the body
LABEL_DY = 1
BOX_DY = 12
BOX_H = 29
SUM_DY = 45
BANNER_DY = 73
NOTE_DY = 90
PLACE_NOTE_DY = 71   # placing has no banner: its note right under the sum
# (label, x, width, lo, hi) of each box; the last two only in the calculator
BOXES = (("Attack", 4, 38, 0, engine.MAX_VALUE), ("Equip", 56, 32, 0, 20),
         ("Equip", 102, 32, 0, 20), ("Seated", 170, 38, 0, engine.MAX_VALUE),
         ("Equip", 222, 32, 0, 20))
START = (5, 0, 0, 5, 0)


def _big(c, s, cx, y, color=1):
    text.draw_centered(c, text.BIG, s, cx, y, color)


def _plus(c, cx, cy):
    c.fill_rect(cx - 4, cy - 1, 9, 3, 1)
    c.fill_rect(cx - 1, cy - 4, 3, 9, 1)


def _total(c, n, cx, y):
    """'= n' centred on cx (the big font has no '=')."""
    s = str(n)
    w = text.width(text.BIG, s) + 16
    x = cx - w // 2
    c.fill_rect(x, y + 8, 10, 3, 1)
    c.fill_rect(x, y + 14, 10, 3, 1)
    text.draw(c, text.BIG, s, x + 16, y)


class CharacterForm(Screen):
    form = True   # when it is a window: placing (dialog below)

    def __init__(self, app, mode, target_id=None):
        Screen.__init__(self, app)
        self.mode = mode
        self.target_id = target_id
        self.values = list(START)
        self.field = 0
        self.repeats = 0
        self.title = {"place": "Place a character", "challenge": "Challenge",
                      "calc": "Seat challenge calculator"}[mode]
        self.dialog = mode == "place"

    # --- what the boxes say ----------------------------------------------------------
    def fields(self):
        return 5 if self.mode == "calc" else 3

    def equip(self):
        return [v for v in self.values[1:3] if v]

    def target(self):
        return engine.find(self.app.state, self.target_id) if self.target_id is not None else None

    def defence(self):
        """(label, total) of the seated side, or None when placing."""
        if self.mode == "calc":
            return "Seated", challenge.strength(self.values[3], [self.values[4]])
        card = self.target()
        if card is None:
            return None
        if card["kind"] == "item":
            return "Item shield", card["shield"]
        return owner_name(self.app.state, card), card["attack"] + card["equip"]

    def outcome(self):
        """(won, text) of the challenge as entered (SW-5, SW-6)."""
        a, eq = self.values[0], self.equip()
        card = self.target()
        if card is not None and card["kind"] == "item":
            if challenge.item_taken(a, eq, card["shield"]):
                return True, "Item taken: score it"
            return False, "Shield holds: challenger out"
        if self.mode == "calc":
            r = challenge.resolve(a, eq, self.values[3], [self.values[4]])
        elif card is not None:
            r = challenge.resolve(a, eq, card["attack"], [card["equip"]])
        else:
            return False, ""
        if r["won"]:
            return True, "Seat taken: seated card out"
        if r["attack"] == r["defence"]:
            return False, "Equal: the seat is held"
        return False, "Seat held: challenger out"

    def cost(self):
        return 1 + len(self.equip())

    # --- screen ---------------------------------------------------------------------------
    def keys(self):
        ok = {"place": "Place", "challenge": "Challenge", "calc": None}[self.mode]
        return ("Back" if self.mode == "calc" else "Cancel", "Next box", ok)

    def status(self):
        if self.mode == "calc":
            return ""
        return text.plural(self.app.state["actions"], "action") + " left"

    def draw_body(self, c):
        top = self.body_y()
        label_y, box_y, sum_y = top + LABEL_DY, top + BOX_DY, top + SUM_DY
        banner_y, note_y = top + BANNER_DY, top + NOTE_DY
        n = self.fields()
        for i in range(n):
            label, x, w = BOXES[i][0], BOXES[i][1], BOXES[i][2]
            v = self.values[i]
            text.draw_centered(c, text.SMALL, label, x + w // 2, label_y)
            fg = 1
            if i == self.field:
                c.fill_rect(x, box_y, w, BOX_H, 1)
                fg = 0
            else:
                c.rect(x, box_y, w, BOX_H, 1)
            s = "-" if (i in (1, 2, 4) and not v) else str(v)
            _big(c, s, x + w // 2, box_y + 3, fg)
            if i in (1, 2, 4):
                _plus(c, x - 7, box_y + BOX_H // 2)
        total = challenge.strength(self.values[0], self.equip())
        _total(c, total, 69, sum_y)
        if self.mode == "place":
            left = self.app.state["actions"] - self.cost()
            msg = "Costs " + text.plural(self.cost(), "action")
            text.draw(c, text.BODY, msg, 160, box_y + 2)
            text.draw(c, text.SMALL, "%d left after" % max(left, 0), 160, box_y + 18)
            text.draw(c, text.SMALL, "Equipment: one action each, 0 = none", 4, top + PLACE_NOTE_DY)
            return
        d = self.defence()
        if d is None:
            return
        text.draw_centered(c, text.BODY, "vs", 152, box_y + 8)
        if self.mode == "challenge":
            card = self.target()
            text.draw_centered(c, text.SMALL, d[0], 230, label_y)
            c.rect(172, box_y, 116, BOX_H, 1)
            s = str(d[1])
            if card is not None and card["kind"] == "char" and card["equip"]:
                s = "%d+%d" % (card["attack"], card["equip"])
            _big(c, s, 230, box_y + 3)
        _total(c, d[1], 212 if self.mode == "calc" else 230, sum_y)
        won, msg = self.outcome()
        c.fill_rect(0, banner_y, WIDTH, 16, 1)
        text.draw_centered(c, text.BODY, ("WINS  " if won else "LOSES  ") + msg,
                           WIDTH // 2, banner_y + 1, 0)
        if self.mode == "challenge":
            card = self.target()
            rule = "beat the shield" if card and card["kind"] == "item" else "equal keeps the seat"
            text.draw(c, text.SMALL, "Costs %s; %s" % (text.plural(self.cost(), "action"), rule),
                      4, note_y)
        else:
            text.draw(c, text.SMALL, "The challenger must beat the seated total", 4, note_y)

    def _step(self, b, step):
        lo, hi = BOXES[self.field][3], BOXES[self.field][4]
        v = self.values[self.field] + (step if b == "UP" else -step)
        v = max(lo, min(hi, v))
        if v != self.values[self.field]:
            self.values[self.field] = v
            self.changed()

    def button(self, b):
        if b in ("UP", "DOWN"):
            self.repeats = 0
            self._step(b, 1)
        elif b == "B":
            self.field = (self.field + 1) % self.fields()
            self.changed()
        elif b == "A":
            self.app.pop()
        elif b == "C" and self.mode != "calc":
            self.confirm()

    def repeat(self, b):
        if b in ("UP", "DOWN"):
            self.repeats += 1
            self._step(b, FAST_STEP if self.repeats > REPEAT_FAST_AFTER else 1)

    def confirm(self):
        app = self.app
        if self.mode == "place":
            act.play(app, {"type": "place", "attack": self.values[0], "equip": self.equip()})
            return
        action = {"type": "challenge", "target": self.target_id, "attack": self.values[0],
                  "equip": self.equip()}
        card = self.target()
        if card is not None and card["kind"] == "item":
            # SW-5: the item's points are entered only when it is taken
            action["points"] = 0
            if self.outcome()[0] and act.allowed(app, action):
                def done(app, points):
                    action["points"] = points
                    act.play(app, action)
                app.push(NumberEntry(app, "Item taken", "Points printed on the item", 2,
                                     0, engine.MAX_VALUE, done))
                return
        act.play(app, action)
