# End of game: entering the numbers (objective counts per slot TS-15/TS-16,
# usher bonus, multiplayer ticket outcomes TS-22) and the solo result with
# its breakdown and winner (TS-19, TS-21). The multiplayer screens are in
# multi.py: a solo game does not hold their classes on the heap.
from usher.games.takeaseat import scoring as sc
from usher.games.takeaseat import tickets as tk
from usher.ui import icons, seats, text
from usher.ui.canvas import WIDTH
from usher.ui.games.takeaseat import common, draw
from usher.ui.history import end_button
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import FAST_STEP, REPEAT_FAST_AFTER, Confirm, MessageBox

FORM_ROW_H = 14   # the score form: six rows in view, then what the focused row counts
FORM_ROWS = 6
MAX_ENTRY = 99
OUTCOME_LABELS = (("more", "more", "2 circles"), ("equal", "tie", "1 circle"),
                  ("fewer", "fewer", "0"), ("none", "both 0", "0"))


# What to count on the sheet for each objective (TS-15, in the rulebook's
# words: the annex "Objective Cards"); one line of the small font. Here,
# not in draw.py, so a solo game holds them only at its scoring.
COUNT_WORDS = (
    ("audience_authorities", "Empty slots left in the authorities area (red)"),
    ("audience_celebrities", "Empty slots left in the celebrities area (pink)"),
    ("audience_press", "Empty slots left in the press area (green)"),
    ("audience_public", "Empty slots left in the public area (orange)"),
    ("columns", "Complete columns (marked at their end)"),
    ("rows", "Complete rows (marked at their end)"),
    ("vip_fans", "Empty VIP fan slots left"),
    ("pillar_visibility", "Empty slots left behind the pillars"),
    ("relevant_people", "Large relevant-people icons with all 4 slots"),
    ("pillars_area", "Pillars with all 4 slots around them marked"),
    ("aisle_seats", "Empty aisle seats left (diagonal stripes)"),
    ("largest_square", "Side of your largest complete square (3x3 = 3)"),
    ("lowest_occupancy", "Circles in the area with the fewest circles"),
    ("empty_areas", "Areas of adjacent empty slots (no diagonals)"),
)
SOLD_OUT = "; 0 = sold out"  # added for the "empty slots" ladder (TS-15)


def count_words(oid):
    """What the player counts for objective oid, as the score form says it."""
    for key, words in COUNT_WORDS:
        if key == oid:
            return words + (SOLD_OUT if oid in sc.EMPTY_SLOT_LADDER else "")
    raise ValueError("unknown objective %r" % oid)


def _outcome_label(o):
    for key, label, circles in OUTCOME_LABELS:
        if key == o:
            return label, circles
    return o, ""


class ScoreForm(Screen):
    """Counts for slots A-D, the usher bonus and (multiplayer) the eight
    ticket outcomes; UP/DOWN move, C changes the focused row, the last row
    saves. player is None in solo. Numbers are edited in place (C, then
    UP/DOWN, C again): a separate entry screen would cost two full e-ink
    refreshes per number (PL-6).

    Nothing is taken as entered by default (TS-15, TS-22; docs/ui.md): a
    number row counts once it was confirmed with OK (even at 0, which scores
    the most on the "empty slots" ladder), a ticket outcome once the focus
    was on it; the line under the rows says what the focused row counts;
    Save refuses while a row is missing and otherwise asks once, showing the
    total."""

    def __init__(self, app, player=None):
        Screen.__init__(self, app)
        self.player = player
        self.title = "Final score" if player is None else "Score: " + seats.label(player)
        self.counts = [0, 0, 0, 0]
        self.bonus = 0
        self.outcomes = None if player is None else ["none"] * 8
        self.rows = ["c0", "c1", "c2", "c3", "maj", "bonus"]
        if player is not None:
            self.rows += ["o%d" % i for i in range(8)]
        self.rows.append("save")
        self.entered = {"maj": True, "save": True}  # rows taken as entered
        self.focus = 0
        self.top = 0
        self.editing = None  # the value before the edit, while editing
        self.repeats = 0

    def missing(self):
        """The rows not entered yet, in form order."""
        return [r for r in self.rows if r not in self.entered]

    def status(self):
        n = len(self.missing())
        return "%d to enter" % n if n else "all entered"

    def keys(self):
        if self.editing is not None:
            return ("Cancel", None, "OK")
        back = "Menu" if self.player is None else "Back"
        return (back, None, "Save" if self.rows[self.focus] == "save" else "Change")

    def majorities(self):
        s = self.app.state
        if self.player is None:
            circles = sc.solo_circles(s["scratches"])[0]
        else:
            circles = sc.circles_from_outcomes(self.outcomes)
        return sc.majority_points(circles)

    def objectives(self):
        return sc.objectives_score(self.app.state["objectives"], self.counts)[1]

    def total(self):
        return sc.total_score(self.objectives(), self.majorities(), self.bonus)

    def hint(self, row):
        """What the focused row asks for, in the rulebook's words."""
        if row[0] == "c":
            return count_words(self.app.state["objectives"][int(row[1])])
        if row == "bonus":
            return "Usher bonus: the victory points you circled"
        if row[0] == "o":
            return "Your scratches on this ticket vs your neighbour's (C)"
        n = len(self.missing())
        if n:
            return text.plural(n, "row") + " to enter first"
        return "Save asks once, showing the total"

    def draw_body(self, c):
        s = self.app.state
        for r in range(FORM_ROWS):
            i = self.top + r
            if i >= len(self.rows):
                break
            y = BODY_Y + r * FORM_ROW_H
            fg = 1
            if i == self.focus:
                c.fill_rect(0, y, WIDTH, FORM_ROW_H, 1)
                fg = 0
            row = self.rows[i]
            done = row in self.entered or (i == self.focus and self.editing is not None)
            value = ""
            extra = ""
            x = 4
            if row[0] == "c":
                k = int(row[1])
                label = draw.objective_label(text.BODY, s["objectives"], k, 196 - x)
                value = str(self.counts[k]) if done else "?"
                if done:
                    pts = sc.objective_points(s["objectives"][k], self.counts[k]) * (2 if k == 0 else 1)
                    extra = "%d pts" % pts
            elif row == "maj":
                # Not entered: the majorities come from the scratches (solo)
                # or the ticket outcomes below (TS-17, TS-18).
                label = "Majorities" + (" (scratches)" if self.player is None else "")
                extra = "%d pts" % self.majorities()
            elif row == "bonus":
                label = "Usher bonus"
                value = str(self.bonus) if done else "?"
            elif row[0] == "o":
                k = int(row[1])
                icons.draw(c, icons.area(tk.AREAS[k % 4]), x, y, fg)
                x += 20
                label = "%s panel %s" % (draw.SIDES[k // 4], tk.AREAS[k % 4])
                value, extra = _outcome_label(self.outcomes[k]) if done else ("?", "")
            else:
                n = len(self.missing())
                label = "Save: total %d" % self.total() if not n else "Save (%d to enter)" % n
            text.draw(c, text.BODY, text.fit(text.BODY, label, 196 - x), x, y + 1, fg)
            if i == self.focus and self.editing is not None:
                # The value being edited: black on a white box, UP/DOWN marks.
                c.fill_rect(200, y + 1, 50, FORM_ROW_H - 2, 0)
                c.line(204, y + 5, 207, y + 2, 1)
                c.line(207, y + 2, 210, y + 5, 1)
                c.line(204, y + 9, 207, y + 12, 1)
                c.line(207, y + 12, 210, y + 9, 1)
                fg = 1
            if value:
                text.draw_right(c, text.BODY, value, 246, y + 1, fg)
            fg = 0 if i == self.focus else 1
            if extra:
                text.draw_right(c, text.SMALL, extra, WIDTH - 3, y + 3, fg)
        y = BODY_Y + FORM_ROWS * FORM_ROW_H + 1
        c.hline(0, y, WIDTH, 1)
        hint = self.hint(self.rows[self.focus])
        text.draw(c, text.SMALL, text.fit(text.SMALL, hint, WIDTH - 8), 4, y + 2)

    def _value(self):
        row = self.rows[self.focus]
        return self.bonus if row == "bonus" else self.counts[int(row[1])]

    def _set(self, v):
        row = self.rows[self.focus]
        v = max(0, min(MAX_ENTRY, v))
        if row == "bonus":
            self.bonus = v
        else:
            self.counts[int(row[1])] = v
        self.changed()

    def _edit(self, b):
        if b in ("UP", "DOWN"):
            self.repeats = 0
            self._set(self._value() + (1 if b == "UP" else -1))
        elif b == "A":
            self._set(self.editing)
            self.editing = None
        elif b == "C":
            self.editing = None
            self.entered[self.rows[self.focus]] = True
            self.button("DOWN")

    def repeat(self, b):
        if self.editing is not None and b in ("UP", "DOWN"):
            self.repeats += 1
            step = FAST_STEP if self.repeats > REPEAT_FAST_AFTER else 1
            self._set(self._value() + (step if b == "UP" else -step))
        else:
            self.button(b)

    def _move_to(self, i):
        self.focus = i
        if self.rows[i][0] == "o":  # seen with its value: taken as entered
            self.entered[self.rows[i]] = True
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + FORM_ROWS:
            self.top = self.focus - FORM_ROWS + 1
        self.changed()

    def button(self, b):
        app = self.app
        n = len(self.rows)
        if self.editing is not None:
            self._edit(b)
        elif b in ("UP", "DOWN"):
            # A form, not a list: the focus stops at its first and last row
            # (Save), so a press too many never opens a row at the other end.
            step = 1 if b == "DOWN" else -1
            i = self.focus + step
            if 0 <= i < n and self.rows[i] == "maj":   # shown, not entered: skip it
                i += step
            if 0 <= i < n:
                self._move_to(i)
        elif b == "A":
            if self.player is None:
                common.open_menu(app)
            else:
                app.pop()
        elif b == "C":
            row = self.rows[self.focus]
            if row[0] == "c" or row == "bonus":
                self.editing = self._value()
                self.changed()
            elif row[0] == "o":
                k = int(row[1])
                order = sc.OUTCOMES
                self.outcomes[k] = order[(order.index(self.outcomes[k]) + 1) % len(order)]
                self.changed()
            else:
                self._ask_save()

    def _ask_save(self):
        app = self.app
        missing = self.missing()
        if missing:
            # The focus stays on Save: the rows are named, in the form's words.
            app.push(MessageBox(app, "Not entered yet", "Still to enter: %s. Change each (C), "
                                "then OK, even for 0." % ", ".join([self._row_name(r) for r in missing])))
            return
        # Five lines: the window then covers the form from under its title
        # bar, no cut row of the form shows above it.
        app.push(Confirm(app, "Save the score?" if self.player is None else
                         "Save %s's score?" % seats.label(self.player, text.SMALL, 150),
                         "Objectives %d (A doubled)\nMajorities %d\nUsher bonus %d\nTotal %d\n"
                         "Save it? Back to change a row."
                         % (self.objectives(), self.majorities(), self.bonus, self.total()),
                         self._save, yes="Save", no="Back"))

    def _row_name(self, row):
        if row[0] == "c":
            return "objective " + "ABCD"[int(row[1])]
        if row == "bonus":
            return "usher bonus"
        return "%s %s" % (draw.SIDES[int(row[1]) // 4].lower(), tk.AREAS[int(row[1]) % 4])

    def _save(self, app):
        action = {"type": "score", "counts": list(self.counts), "usher_bonus": self.bonus}
        if self.player is not None:
            action["player"] = self.player
            action["majorities"] = list(self.outcomes)
        app.pop()  # the question
        if app.play(action):
            app.show_game()


class SoloResult(Screen):
    """TS-19/TS-21: objectives per slot, majorities per area for both
    sides (the Automa's x4), bonus, totals and the winner."""
    title = "Result"

    def keys(self):
        return ("History", "Share", "Finish")

    def status(self):
        return "solo, 14 turns"

    def draw_body(self, c):
        res = self.app.state["result"]
        p = res["player"]
        a = res["automa"]
        objectives = self.app.state["objectives"]
        S = text.SMALL
        text.draw(c, S, "Objectives", 4, BODY_Y)
        for k in range(4):
            y = BODY_Y + 12 + k * 11
            pts = p["objective_points"][k] * (2 if k == 0 else 1)
            text.draw(c, S, draw.objective_label(S, objectives, k, 142 - 8 - text.width(S, str(pts))),
                      4, y)
            text.draw_right(c, S, str(pts), 142, y)
        y = BODY_Y + 56
        text.draw(c, S, "Usher bonus", 4, y)
        text.draw_right(c, S, str(p["usher_bonus"]), 142, y)
        c.vline(148, BODY_Y, 68, 1)
        text.draw(c, S, "Majorities (circles)", 154, BODY_Y)
        for i in range(4):
            icons.draw(c, icons.area(tk.AREAS[i]), 196 + i * 18, BODY_Y + 12)
        text.draw_right(c, S, "pts", WIDTH - 3, BODY_Y + 16)
        for row in range(2):
            side = p if row == 0 else a
            y = BODY_Y + 32 + row * 12
            text.draw(c, S, seats.label(0, S, 40, "You") if row == 0 else "Automa", 154, y)
            for i in range(4):
                text.draw_centered(c, S, str(side["circles"][i]), 204 + i * 18, y)
            text.draw_right(c, S, str(side["majority_points"]), WIDTH - 3, y)
        text.draw(c, S, "Automa: %d x%d = %d" % (a["majority_points"], a["multiplier"], a["total"]),
                  154, BODY_Y + 57)
        y = BODY_Y + 70
        c.hline(0, y, WIDTH, 1)
        if res["winner"] == "player":
            verdict = "You win!" if seats.names_in_use() is None else \
                seats.label(0, text.BODY, 60) + " wins!"
        elif p["total"] == a["total"]:
            verdict = "Tie: Automa wins"
        else:
            verdict = "Automa wins"
        # Laid out from the right so a long name never runs into the totals:
        # verdict, the Automa's total and label, then the player's name cut
        # to what is left (usher.ui.seats) and total.
        vx = WIDTH - text.width(text.BODY, verdict) - 7
        a_tot = str(a["total"])
        ax = vx - 6 - text.width(text.BIG, a_tot)
        lx = ax - 3 - text.width(text.BODY, "Automa")
        p_tot = str(p["total"])
        room = lx - 8 - text.width(text.BIG, p_tot) - 3 - 4
        x = text.draw(c, text.BODY, seats.label(0, text.BODY, room, "You"), 4, y + 10)
        text.draw(c, text.BIG, p_tot, x + 3, y + 5)
        text.draw(c, text.BODY, "Automa", lx, y + 10)
        text.draw(c, text.BIG, a_tot, ax, y + 5)
        draw.inverted(c, text.BODY, verdict, vx, y + 9, 3)

    def button(self, b):
        end_button(self.app, b)
