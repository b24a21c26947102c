# Solo screens: the player's reservation on this turn's panel (TS-4, TS-5)
# and the Automa's step (TS-9..TS-11) drawn as the ticket to mark.
#
# A turn goes Automa step -> tickets -> cell -> Automa step. These are views
# inside ONE screen (SoloScreen), so moving between them is a partial refresh
# of the e-ink (PL-6: a new screen costs a ~4.5 s full refresh; three a turn
# would be slow at the table). The refresh policy still forces a full one
# after its bounded number of partials.
from usher.games.takeaseat import tickets as tk
from usher.ui import icons, text
from usher.ui.canvas import WIDTH
from usher.ui.games.takeaseat import common, draw
from usher.ui.screen import BODY_Y, KEYS_Y, Screen

COL_W = WIDTH // 4
GRID_Y = BODY_Y + 20


class View(Screen):
    """A part of SoloScreen; it also works as a screen of its own (the
    Automa step reviewed from the menu)."""
    host = None

    def changed(self):
        self.dirty = True
        if self.host is not None:
            self.host.dirty = True

    def go(self, view):
        if self.host is not None:
            self.host.show(view)
        else:
            self.app.replace(view)


class SoloScreen(Screen):
    """The solo game screen: shows one view at a time (see the header)."""

    def __init__(self, app, view):
        Screen.__init__(self, app)
        self.view = None
        self.show(view)

    def show(self, view):
        view.host = self
        self.view = view
        self.changed()

    def keys(self):
        return self.view.keys()

    def long_keys(self):
        return self.view.long_keys()

    def status(self):
        return self.view.status()

    def draw(self, c):
        self.title = self.view.title
        Screen.draw(self, c)

    def draw_body(self, c):
        self.view.draw_body(c)

    def button(self, b):
        self.view.button(b)

    def repeat(self, b):
        self.view.repeat(b)

    def long(self, b):
        self.view.long(b)


def view_for(app):
    """The view for the state: the Automa step not yet closed, the player's
    tickets, or (after an undo) the Automa's card still to draw."""
    if common.step_pending(app):
        return AutomaStep(app)
    if app.state["phase"] == "automa":
        return AutomaDraw(app)
    return TurnScreen(app)


def after_automa(app, view):
    """Play the Automa's turn; show its step in the same screen."""
    if common.automa_turn(app):
        if app.state["phase"] == "scoring" or view.host is None:
            app.show_game()
        else:
            view.go(view_for(app))


class TurnScreen(View):
    """This turn's panel: the four tickets with their scratches; UP/DOWN
    choose a ticket that still has a valid scratch, C opens it."""
    title = "Your turn"

    def __init__(self, app, focus=None):
        View.__init__(self, app)
        s = app.state
        self.tickets = s["tickets"][s["panel"]]
        self.marks = s["scratches"][s["panel"]]
        # Each ticket's valid cells, found once for the screen (its state
        # does not change under it: a play shows another screen).
        self.valid = [tk.valid_scratches(self.tickets[a], self.marks[a]) for a in range(4)]
        self.open = [a for a in range(4) if self.valid[a]]
        self.focus = self.open[0] if self.open else -1
        if focus in self.open:
            self.focus = focus

    def status(self):
        return draw.turn_status(self.app.state)

    def keys(self):
        # Pass only when the engine takes it: no valid scratch on the panel.
        return ("Menu", None if self.open else "Pass", "Choose" if self.open else None)

    def draw_body(self, c):
        for a in range(4):
            x0 = a * COL_W
            fg = 1
            if a == self.focus:
                c.fill_rect(x0 + 1, BODY_Y - 1, COL_W - 2, 18, 1)
                c.rect(x0 + 1, BODY_Y - 1, COL_W - 2, KEYS_Y - BODY_Y, 1)
                c.rect(x0 + 2, BODY_Y, COL_W - 4, KEYS_Y - BODY_Y - 2, 1)
                fg = 0
            icons.draw(c, icons.area(tk.AREAS[a]), x0 + 1, BODY_Y, fg)
            # The area's whole name beside its icon (the longest just fits).
            name = text.fit(text.SMALL, tk.AREAS[a], COL_W - 21)
            text.draw(c, text.SMALL, name, x0 + 19, BODY_Y + 4, fg)
            ticket = self.tickets[a]
            cell = draw.cell_size(ticket, COL_W - 10, KEYS_Y - GRID_Y - 6, 14)
            w, h = draw.ticket_size(ticket, cell)
            valid = self.valid[a]
            draw.draw_ticket(c, ticket, self.marks[a], x0 + (COL_W - w) // 2,
                             GRID_Y + (KEYS_Y - GRID_Y - 4 - h) // 2, cell, valid)
            if not valid:
                # TS-4: the last unscratched cell always stays (it is the
                # reservation), so "full" would be wrong: nothing is valid.
                text.draw_centered(c, text.SMALL, "no valid cell", x0 + COL_W // 2, KEYS_Y - 13)

    def button(self, b):
        app = self.app
        if b in ("UP", "DOWN") and len(self.open) > 1:
            i = self.open.index(self.focus)
            i = (i + (1 if b == "DOWN" else -1)) % len(self.open)
            self.focus = self.open[i]
            self.changed()
        elif b == "A":
            common.open_menu(app)
        elif b == "B" and not self.open:
            if app.play({"type": "pass"}):
                after_automa(app, self)
        elif b == "C" and self.open:
            self.go(CellScreen(app, self.focus))


class CellScreen(View):
    """One ticket drawn large; UP/DOWN walk its valid cells (TS-4), C
    scratches; B starts a double reservation (two cells on this ticket)."""

    def __init__(self, app, area):
        View.__init__(self, app)
        s = app.state
        self.area = area
        self.ticket = s["tickets"][s["panel"]][area]
        self.marks = s["scratches"][s["panel"]][area]
        self.title = "Scratch: " + tk.AREAS[area]
        self.first = None
        self.valid = tk.valid_scratches(self.ticket, self.marks)
        self.index = 0

    def status(self):
        return draw.turn_status(self.app.state)

    def keys(self):
        if self.first is None:
            return ("Back", "Double", "Scratch")
        return ("Single", None, "Scratch 2")

    def draw_body(self, c):
        marks = list(self.marks)
        focus = self.valid[self.index]
        if self.first is not None:
            marks.append(tk.mark(self.first, tk.PLAYER))
        marks.append(tk.mark(focus, tk.PLAYER))
        cell = draw.cell_size(self.ticket, 160, KEYS_Y - BODY_Y - 8, 26)
        w, h = draw.ticket_size(self.ticket, cell)
        ring = [focus] if self.first is None else [self.first, focus]
        draw.draw_ticket(c, self.ticket, marks, 8 + (160 - w) // 2,
                         BODY_Y + (KEYS_Y - BODY_Y - 2 - h) // 2, cell, self.valid, ring)
        x = 182
        icons.draw(c, icons.area(tk.AREAS[self.area]), x, BODY_Y + 2)
        text.draw(c, text.BODY, tk.AREAS[self.area], x + 20, BODY_Y + 3)
        y = BODY_Y + 26
        if self.first is not None:
            text.draw(c, text.SMALL, "Double: 1st " + draw.cell_name(self.first), x, y)
            y += 12
            text.draw(c, text.SMALL, "choose the 2nd", x, y)
            y += 14
        text.draw(c, text.BODY, "Cell " + draw.cell_name(focus), x, y)
        text.draw(c, text.SMALL, "%d of %d valid" % (self.index + 1, len(self.valid)), x, y + 17)
        text.draw(c, text.SMALL, "UP/DOWN: other cell", x, KEYS_Y - 13)

    def button(self, b):
        app = self.app
        n = len(self.valid)
        if b in ("UP", "DOWN"):
            self.index = (self.index + (1 if b == "DOWN" else n - 1)) % n
            self.changed()
        elif b == "A":
            if self.first is None:
                self.go(TurnScreen(app, self.area))
            else:
                self._single()
        elif b == "B" and self.first is None:
            cell = self.valid[self.index]
            seconds = tk.valid_double_scratches(self.ticket, self.marks, cell)
            if not seconds:
                app.show_message("Double", "No valid second cell after %s on this ticket."
                                 % draw.cell_name(cell))
                return
            self.first = cell
            self.valid = seconds
            self.index = 0
            self.changed()
        elif b == "C":
            cells = [tk.row_col(self.valid[self.index])]
            if self.first is not None:
                cells = [tk.row_col(self.first)] + cells
            if app.play({"type": "reserve", "area": tk.AREAS[self.area], "cells": cells}):
                after_automa(app, self)

    def _single(self):
        first = self.first
        self.first = None
        self.valid = tk.valid_scratches(self.ticket, self.marks)
        self.index = self.valid.index(first)
        self.changed()


class AutomaDraw(View):
    """Phase automa (after an undo): the Automa's card is still to draw."""
    title = "Automa's turn"

    def status(self):
        return draw.turn_status(self.app.state)

    def keys(self):
        return ("Menu", None, "Draw card")

    def draw_body(self, c):
        side = draw.SIDES[1 - self.app.state["panel"]]
        c.rect(16, BODY_Y + 8, 52, 80, 1)
        c.rect(19, BODY_Y + 11, 46, 74, 1)
        text.draw_centered(c, text.BIG, "?", 42, BODY_Y + 36)
        text.draw(c, text.BODY, "The Automa scratches on", 86, BODY_Y + 18)
        text.draw(c, text.BODY, "the %s panel." % side.upper(), 86, BODY_Y + 36)
        text.draw(c, text.SMALL, "Draw its card to see where.", 86, BODY_Y + 62)

    def button(self, b):
        if b == "A":
            common.open_menu(self.app)
        elif b == "C":
            after_automa(self.app, self)


class AutomaStep(View):
    """The Automa's last turn: the ticket(s) with the new cell(s) ringed
    (numbered when there are two), the card's area, the arrow and x2, and
    any fallback (TS-10) or skip with its reason."""
    title = "Automa step"

    def __init__(self, app, review=False):
        View.__init__(self, app)
        self.review = review

    def status(self):
        step = self.app.state["automa_last"]
        return "Turn %d/14  Automa: %s panel" % (step["turn"], draw.SIDES[step["panel"]])

    def keys(self):
        if self.review:
            return (None, None, "Back")
        if self.app.state["phase"] == "scoring":
            return ("Menu", None, "Scoring")
        return ("Menu", None, "My turn")

    def draw_body(self, c):
        s = self.app.state
        step = s["automa_last"]
        marks = s["scratches"][step["panel"]]
        tickets = s["tickets"][step["panel"]]
        areas = []
        for e in step["scratches"]:
            a = tk.area_index(e["area"])
            if a not in areas:
                areas.append(a)
        if not areas:
            areas = [tk.area_index(step["area"])]
        numbered = len(step["scratches"]) > 1
        span = 176 // len(areas)
        for k in range(len(areas)):
            a = areas[k]
            x0 = k * span
            icons.draw(c, icons.area(tk.AREAS[a]), x0 + 4, BODY_Y)
            text.draw(c, text.SMALL, tk.AREAS[a], x0 + 22, BODY_Y + 4)
            ring = []
            nums = []
            for i in range(len(step["scratches"])):
                e = step["scratches"][i]
                if e["area"] == tk.AREAS[a]:
                    x = tk.cell_of(e["cell"])
                    ring.append(x)
                    if numbered:
                        nums.append((x, i + 1))
            ticket = tickets[a]
            cell = draw.cell_size(ticket, span - 12, KEYS_Y - GRID_Y - 18, 20)
            w, h = draw.ticket_size(ticket, cell)
            draw.draw_ticket(c, ticket, marks[a], x0 + (span - w) // 2,
                             GRID_Y + 1 + (KEYS_Y - GRID_Y - 16 - h) // 2, cell, (), ring, nums)
        # The card: drawn area, arrow and x2 (TS-9).
        x = 184
        c.vline(x - 6, BODY_Y, KEYS_Y - BODY_Y - 15, 1)
        text.draw(c, text.SMALL, "Card", x, BODY_Y)
        icons.draw(c, icons.area(step["area"]), x, BODY_Y + 12)
        text.draw(c, text.BODY, step["area"], x + 20, BODY_Y + 13)
        icons.draw(c, icons.arrow(step["arrow"]), x, BODY_Y + 34)
        text.draw(c, text.BODY, step["arrow"], x + 20, BODY_Y + 35)
        if step["x2"]:
            c.fill_rect(x + 56, BODY_Y + 32, 50, 26, 1)
            text.draw_centered(c, text.BIG, "x2", x + 81, BODY_Y + 34, 0)
        # The arrow's letters in words (TS-7): travel, then the wrap.
        text.draw(c, text.SMALL, draw.arrow_words(step["arrow"]), x, BODY_Y + 58)
        # the cells in words too, as the History names them ("r3c3")
        cells = [draw.cell_name(tk.cell_of(e["cell"])) for e in step["scratches"]]
        said = ("Scratch " if len(cells) == 1 else "Scratches ") + ", ".join(cells) if cells else "No scratch"
        text.draw(c, text.SMALL, text.fit(text.SMALL, said, WIDTH - x - 2), x, BODY_Y + 70)
        notes = self.notes(step)
        y = KEYS_Y - 13
        c.hline(0, y - 2, WIDTH, 1)
        text.draw(c, text.SMALL, text.fit(text.SMALL, notes, WIDTH - 8), 4, y)

    def notes(self, step):
        out = []
        for i in range(len(step["scratches"])):
            e = step["scratches"][i]
            if e["fallback"]:
                out.append(draw.fallback_words(step["area"], e["area"]))
        for sk in step["skipped"]:
            out.append("scratch %d skipped: %s" % (sk["scratch"], sk["reason"]))
        if step["reshuffled"]:
            out.append("deck reshuffled")
        if not out:
            return "Mark the ringed cell%s for the Automa on the %s panel." % (
                "s" if len(step["scratches"]) > 1 else "", draw.SIDES[step["panel"]].lower())
        return "; ".join(out)

    def button(self, b):
        app = self.app
        if self.review:
            if b == "C":
                app.pop()
        elif b == "A":
            common.open_menu(app)
        elif b == "C":
            common.close_step(app)
            if app.state["phase"] == "scoring" or self.host is None:
                app.show_game()
            else:
                self.go(TurnScreen(app))
