# The end of the game: characters left on the bus score their minimum for
# their owners (SW-7), then the winner with the tie-breaks (SW-8) and each
# player's breakdown.
from usher.games.seatwars import engine, scoring
from usher.ui import icons, seats, text
from usher.ui.canvas import WIDTH
from usher.ui.games.seatwars import act
from usher.ui.games.seatwars.bus import describe_card, draw_bus
from usher.ui.history import History, end_button
from usher.ui.screen import BODY_Y, Screen, step_focus
from usher.ui.widgets import NumberEntry


class FinalScoringScreen(Screen):
    """One leftover character at a time (UP/DOWN to pick another), C enters
    its minimum value."""
    title = "Final scoring"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.index = 0

    def ids(self):
        return engine.leftovers(self.app.state)

    def focus_id(self):
        ids = self.ids()
        return ids[min(self.index, len(ids) - 1)]

    def keys(self):
        return ("History", None, "Enter min")

    def status(self):
        return "%d left" % len(self.ids())

    def draw_body(self, c):
        st = self.app.state
        text.draw(c, text.SMALL, "Left on the bus: each scores its minimum", 4, BODY_Y)
        card = engine.find(st, self.focus_id())
        if card is not None:
            text.draw(c, text.BODY, text.fit(text.BODY, describe_card(st, card), WIDTH - 8),
                      4, BODY_Y + 12)
        draw_bus(c, st, BODY_Y + 36, 50, self.focus_id())
        text.draw_centered(c, text.SMALL, "UP/DOWN: another card", WIDTH // 2, BODY_Y + 90)

    def button(self, b):
        n = len(self.ids())
        app = self.app
        if b in ("UP", "DOWN"):
            self.index = step_focus(self.index, n, b)
            self.changed()
        elif b == "A":
            app.push(History(app))
        elif b == "C":
            target = self.focus_id()
            card = engine.find(app.state, target)
            who = seats.label(card["owner"]) if card else "?"

            def done(app, value):
                act.play(app, {"type": "final_score", "target": target, "value": value})
            app.push(NumberEntry(app, "Final scoring", "%s's character: minimum value" % who,
                                 2, 0, engine.MAX_VALUE, done))


def breakdown(player):
    """(max, min, destination bonus, items, end of game) points of a player."""
    mx = mn = dest = items = end = 0
    for e in player["scored"]:
        if e["what"] == "item":
            items += e["points"]
        elif e["via"] == "end":
            end += e["points"]
        elif e["mode"] == "max":
            mx += e["points"]
        else:
            mn += e["points"] - e["bonus"]
            dest += e["bonus"]
    return mx, mn, dest, items, end


COLUMNS = (("Total", 104), ("Max", 136), ("Min", 166), ("Dest", 196), ("Items", 230),
           ("Final", 258), ("Chars", 288))  # (header, right edge)
# What the short headers stand for, under the table.
LEGEND = "Dest: Reached Your Destination +4.  Final: final scoring."
# Four rows leave one line: every header, Chars included (the tie line under
# three rows names Chars itself, see tie_note).
LEGEND_ALL = ("Dest: destination +4, Final: at the end, Chars: characters",)


class EndScreen(Screen):
    """The winner (a crown; several = shared win, SW-8) and every player's
    points by source, best first."""
    title = "Game over"

    def keys(self):
        return ("History", "Share", "Finish")

    def status(self):
        return "%d turns" % self.app.state["turn"]

    def draw_body(self, c):
        st = self.app.state
        players = st["players"]
        wins = st["winners"]
        names = [seats.label(i, text.BODY, (WIDTH - 130) // len(wins)) for i in wins]
        if len(wins) == 1:
            banner = "%s wins!" % names[0]
        else:
            banner = "Shared win: " + ", ".join(names)
        c.fill_rect(0, BODY_Y, WIDTH, 16, 1)
        icons.draw(c, "area_authorities", 4, BODY_Y, 0)
        text.draw(c, text.BODY, text.fit(text.BODY, banner, WIDTH - 30), 26, BODY_Y + 1, 0)
        y = BODY_Y + 19
        for head, right in COLUMNS:
            text.draw_right(c, text.SMALL, head, right, y)
        c.hline(0, y + 11, WIDTH, 1)
        y += 13
        order = scoring.standings(players)
        for i in order:
            p = players[i]
            if i in wins:
                icons.draw(c, "area_authorities", 2, y - 2)
            text.draw(c, text.BODY, seats.label(i, text.BODY, 56), 22, y)
            vals = (p["total"],) + breakdown(p) + (scoring.scored_characters(p),)
            for k in range(len(COLUMNS)):
                font = text.BODY if k == 0 else text.SMALL
                text.draw_right(c, font, str(vals[k]), COLUMNS[k][1], y + (0 if k == 0 else 2))
            y += 14
        note = tie_note(players, wins)
        if len(players) <= 3:
            text.draw(c, text.SMALL, LEGEND, 4, BODY_Y + 78)
        elif len(wins) == 1 and note == CHARS_NOTE:
            # Four rows leave one line: the legend, Chars included.
            note = text.fit_choices(text.SMALL, LEGEND_ALL, WIDTH - 8)
        text.draw(c, text.SMALL, note, 4, BODY_Y + 90)

    def button(self, b):
        end_button(self.app, b)


def tie_note(players, wins):
    """Why the winner won when the points were tied (SW-8)."""
    best = players[wins[0]]["total"]
    tied = [i for i in range(len(players)) if players[i]["total"] == best]
    if len(wins) > 1:
        return "Same points and characters (Chars): shared win"
    if len(tied) > 1:
        return "Tie on %d points: most characters scored (Chars) wins" % best
    return CHARS_NOTE


CHARS_NOTE = "Chars = characters scored (tie-break)"
