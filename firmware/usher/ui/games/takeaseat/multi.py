# Multiplayer Take a Seat: the turn tracker (TS-5), who has entered their
# numbers (TS-22, each on results.ScoreForm) and the result with every
# player's breakdown and the winners (TS-19, TS-20).
from usher.ui import seats, text
from usher.ui.canvas import WIDTH
from usher.ui.games.takeaseat import common, draw
from usher.ui.games.takeaseat.results import ScoreForm
from usher.ui.history import History, end_button
from usher.ui.screen import BODY_Y, KEYS_Y, Screen
from usher.ui.widgets import MessageBox

ROW_H = 16


class Tracker(Screen):
    """Multiplayer turn tracker (TS-5): the turn, which panel, objectives."""
    title = "Take a Seat"

    def status(self):
        return "%d players" % self.app.state["players"]

    def keys(self):
        last = self.app.state["turn"] >= 14
        return ("Menu", "History", "End game" if last else "Next turn")

    def draw_body(self, c):
        s = self.app.state
        text.draw(c, text.BODY, "Turn", 6, BODY_Y + 2)
        text.draw(c, text.BIG, "%d/14" % s["turn"], 6, BODY_Y + 18)
        # The sheet's two panels; the one to scratch this turn is black.
        for side in (1, 0):
            x = 120 if side == 1 else 200
            if side == s["panel"]:
                c.fill_rect(x, BODY_Y + 2, 74, 40, 1)
                text.draw_centered(c, text.BODY, draw.SIDES[side].upper(), x + 37, BODY_Y + 8, 0)
                text.draw_centered(c, text.SMALL, "scratch here", x + 37, BODY_Y + 26, 0)
            else:
                c.rect(x, BODY_Y + 2, 74, 40, 1)
                text.draw_centered(c, text.BODY, draw.SIDES[side], x + 37, BODY_Y + 8)
        y = BODY_Y + 50
        c.hline(0, y - 3, WIDTH, 1)
        for k in range(4):
            x = 4 + (k % 2) * 146
            yy = y + (k // 2) * 12
            text.draw(c, text.SMALL, draw.objective_label(text.SMALL, s["objectives"], k, 140), x, yy)
        text.draw(c, text.SMALL, "Objectives: count them at the end.", 4, y + 28)

    def button(self, b):
        app = self.app
        if b == "A":
            common.open_menu(app)
        elif b == "B":
            app.push(History(app))
        elif b == "C":
            # The same screen shows the next turn: a partial refresh (PL-6).
            if app.play({"type": "next_turn"}):
                if app.state["phase"] == "player":
                    self.changed()
                else:
                    app.show_game()


class Players(Screen):
    """Multiplayer scoring: who has entered their numbers (TS-22)."""
    title = "Final scoring"

    def __init__(self, app):
        Screen.__init__(self, app)
        scores = app.state["scores"]
        todo = [i for i in range(len(scores)) if scores[i] is None]
        self.focus = todo[0] if todo else 0

    def status(self):
        scores = self.app.state["scores"]
        return "%d of %d entered" % (len([x for x in scores if x is not None]), len(scores))

    def keys(self):
        done = self.app.state["scores"][self.focus] is not None
        return ("Menu", None, "Details" if done else "Enter")

    def draw_body(self, c):
        scores = self.app.state["scores"]
        for i in range(len(scores)):
            y = BODY_Y + i * ROW_H
            fg = 1
            if i == self.focus:
                c.fill_rect(0, y, WIDTH, ROW_H, 1)
                fg = 0
            text.draw(c, text.BODY, seats.label(i, text.BODY, 170), 6, y + 1, fg)
            sc_ = scores[i]
            right = "to enter" if sc_ is None else "total %d" % sc_["total"]
            text.draw_right(c, text.BODY, right, WIDTH - 6, y + 1, fg)

    def button(self, b):
        app = self.app
        n = self.app.state["players"]
        if b in ("UP", "DOWN"):
            self.focus = (self.focus + (1 if b == "DOWN" else n - 1)) % n
            self.changed()
        elif b == "A":
            common.open_menu(app)
        elif b == "C":
            x = app.state["scores"][self.focus]
            if x is None:
                app.push(ScoreForm(app, self.focus))
            else:
                app.push(MessageBox(app, seats.label(self.focus), breakdown(x)))


def breakdown(x):
    circles = " ".join([str(n) for n in x["circles"]])
    return ("Objectives %d (A x2)\nMajorities %d (circles %s)\nUsher bonus %d\nTotal %d"
            % (x["objective_total"], x["majority_points"], circles, x["usher_bonus"], x["total"]))


def tie_note(state):
    """TS-20: how the winner was decided."""
    totals = state["result"]["totals"]
    winners = state["result"]["winners"]
    best = max(totals)
    tied = [i for i in range(len(totals)) if totals[i] == best]
    names = ", ".join([seats.label(w, text.SMALL, 60) for w in winners])
    if len(winners) > 1:
        return "Shared victory: %s (same total and bonus)" % names
    if len(tied) > 1:
        return "Winner %s: tie on %d, more usher bonus" % (names, best)
    return "Winner: " + seats.label(winners[0])


class MultiResult(Screen):
    """TS-19/TS-20: every player's breakdown, the winners marked."""
    title = "Result"

    def status(self):
        return "%d players" % self.app.state["players"]

    def keys(self):
        return ("History", "Share", "Finish")

    def draw_body(self, c):
        s = self.app.state
        S = text.SMALL
        cols = (("Obj", 130), ("Maj", 172), ("Bonus", 220), ("Total", 268))
        for name, x in cols:
            text.draw_right(c, S, name, x, BODY_Y)
        winners = s["result"]["winners"]
        for i in range(s["players"]):
            x = s["scores"][i]
            y = BODY_Y + 12 + i * 12
            fg = 1
            if i in winners:
                c.fill_rect(0, y - 1, WIDTH, 12, 1)
                fg = 0
            text.draw(c, S, seats.label(i, S, 96), 4, y, fg)
            vals = (x["objective_total"], x["majority_points"], x["usher_bonus"], x["total"])
            for k in range(4):
                text.draw_right(c, S, str(vals[k]), cols[k][1], y, fg)
            if i in winners:
                text.draw_right(c, S, "WIN", WIDTH - 3, y, fg)
        y = KEYS_Y - 14
        c.hline(0, y - 2, WIDTH, 1)
        text.draw(c, text.SMALL, text.fit(S, tie_note(s), WIDTH - 8), 4, y + 1)

    def button(self, b):
        end_button(self.app, b)
