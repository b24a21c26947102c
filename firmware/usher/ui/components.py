# "Your components" (PL-20): the owner's Take a Seat panels and Automa deck
# entered on the device, with no computer. Settings > Your components, and
# Take a Seat's solo setup points here while it plays on samples. The
# checks and the files are usher.ui.owner_edit's; these are its screens.
#
#   menu          the panels (n of 6 entered) and the deck (yours or assumed)
#   PanelSet      the six places: C opens one in the editor
#   PanelEditor   one panel: a ticket at a time on an 8x8 grid; UP/DOWN
#                 move the cursor a row, B a column right (hold: left), C
#                 marks or clears the cell, A the panel's menu (next ticket,
#                 name, save); each ticket's check is shown as it is drawn
#   DeckList      the eight Automa cards: C on a card asks its area, arrow
#                 and x2; "Save deck" checks TS-6 and writes it
#   HouseDeck     The Theatre's House deck (TH-15), 16 cards: C on a card
#                 asks its rank, value, suit, print and ability; "Save deck"
#                 checks TH-13's 2-player limits and writes it
from usher.ui import owner_edit, text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_Y, KEYS_Y, Screen
from usher.ui.widgets import ChoiceEntry, Confirm, Menu, NumberEntry

TITLE = "Your components"
CELL = 12                  # a grid cell's side in pixels: 8 cells = 96 rows
GRID_X = 4
GRID_Y = BODY_Y + 2
SIDE = 8                   # a ticket's rows and columns at most (tickets.SIDE, TS-2)
INFO_X = GRID_X + SIDE * CELL + 8
AREAS = ("authorities", "celebrities", "press", "public")     # tickets.AREAS (TS-1)
ARROWS = ("RD", "RU", "LD", "LU", "DR", "DL", "UR", "UL")    # tickets.ARROWS (TS-7)


def menu_items(app):
    panels, _problem = owner_edit.load_set(app.data_dir)
    n = owner_edit.entered_count(panels)
    _cards, own = owner_edit.load_deck(app.data_dir)
    p = ("Take a Seat panels: all 6 yours" if n == owner_edit.PANEL_COUNT
         else "Take a Seat panels: %d of 6 in" % n)
    d = "Take a Seat Automa deck: %s" % ("yours" if own else "sample")
    _cards, own = owner_edit.load_house(app.data_dir)
    h = "The Theatre House deck: %s" % ("yours" if own else "assumed")
    return [(p, "panels"), (d, "deck"), (h, "house")]


def open_menu(app):
    app.push(Menu(app, TITLE, menu_items(app), _chosen))


def _chosen(app, value):
    if value == "panels":
        panels, problem = owner_edit.load_set(app.data_dir)
        app.push(PanelSet(app, panels))
        if problem:
            app.show_message("Panels", problem)
    elif value == "deck":
        cards, own = owner_edit.load_deck(app.data_dir)
        app.push(DeckList(app, cards, own))
    elif value == "house":
        cards, own = owner_edit.load_house(app.data_dir)
        app.push(HouseDeck(app, cards, own))


def _refresh_menu(app):
    """The components menu under the top screen, its counts made again."""
    for i in range(len(app.stack)):
        s = app.stack[i]
        if isinstance(s, Menu) and s.title == TITLE:
            s.items = menu_items(app)
            s.changed()


# --- the panels ---------------------------------------------------------------------------

def _set_items(panels):
    items = []
    for i in range(len(panels)):
        p = panels[i]
        items.append(("%d. %s" % (i + 1, p["name"] if p else "not entered yet"), i))
    return items


class PanelSet(Menu):
    """The six panels' places; C opens one in the editor."""

    def __init__(self, app, panels, focus=0):
        self.panels = panels
        Menu.__init__(self, app, "Take a Seat panels", _set_items(panels), self._open, focus=focus)

    def status(self):
        return "%d of 6" % owner_edit.entered_count(self.panels)

    def _open(self, app, i):
        app.push(PanelEditor(app, self, i))

    def saved(self, i, complete):
        """A panel was saved at place i: the list shows it."""
        self.items = _set_items(self.panels)
        self.focus = i
        self.changed()
        _refresh_menu(self.app)
        if complete:
            self.app.show_message("Panels", "All six panels are entered: new games of Take a Seat "
                                  "use them instead of the samples.")


def draw_grid(c, cells, row, col, y0, first, last):
    """Grid rows first..last-1 of a ticket being drawn, from y0: a marked
    cell solid, an empty one a dot, the cursor a double frame (inverted in
    a marked cell). One function the simulator's text mode draws as
    characters too (sim/textgrid.py)."""
    for r in range(first, last):
        y = y0 + (r - first) * CELL
        for k in range(SIDE):
            x = GRID_X + k * CELL
            if [r, k] in cells:
                c.fill_rect(x + 1, y + 1, CELL - 1, CELL - 1, 1)
            else:
                c.pixel(x + CELL // 2, y + CELL // 2, 1)
            if r == row and k == col:
                on = 0 if [r, k] in cells else 1
                c.rect(x + 2, y + 2, CELL - 3, CELL - 3, on)
                c.rect(x + 3, y + 3, CELL - 5, CELL - 5, on)


class PanelEditor(Screen):
    """One panel, a ticket (area) at a time, on an 8x8 grid (TS-2)."""

    def __init__(self, app, owner, index):
        Screen.__init__(self, app)
        self.owner = owner
        self.index = index
        p = owner.panels[index]
        self.name = p["name"] if p else "Panel %d" % (index + 1)
        self.tickets = [[list(c) for c in t] for t in p["tickets"]] if p else [[], [], [], []]
        self.area = 0
        self.row = 0
        self.col = 0
        self.edited = False
        self.title = "Panel %d: %s" % (index + 1, self.name)

    def keys(self):
        return ("Menu", "Right (hold: left)", "Clear" if self._marked() else "Mark")

    def long_keys(self):
        return ("B",)

    def status(self):
        return "ticket %d/4" % (self.area + 1)

    def _marked(self):
        return [self.row, self.col] in self.tickets[self.area]

    def cell_name(self):
        """The cursor's cell in words (r1c1 is the top left), as the
        Automa's steps name them."""
        return "r%dc%d" % (self.row + 1, self.col + 1)

    def problem(self):
        return owner_edit.ticket_problem(self.tickets[self.area])

    def draw_body(self, c):
        cells = self.tickets[self.area]
        draw_grid(c, cells, self.row, self.col, GRID_Y, 0, SIDE)
        c.rect(GRID_X, GRID_Y, SIDE * CELL + 1, SIDE * CELL + 1, 1)
        y = BODY_Y + 1
        text.draw(c, text.BODY, AREAS[self.area], INFO_X, y)
        y += text.BODY.HEIGHT + 2
        n = len(cells)
        text.draw(c, text.SMALL, "%s, %s" % (text.plural(n, "cell"), self.cell_name()), INFO_X, y)
        y += text.SMALL.HEIGHT + 3
        bad = self.problem()
        lines = text.wrap(text.SMALL, "OK" if bad is None else bad, WIDTH - INFO_X - 2)
        for line in lines[:3]:
            text.draw(c, text.SMALL, line, INFO_X, y)
            y += text.SMALL.HEIGHT + 1
        todo = [AREAS[a] for a in range(len(AREAS))
                if owner_edit.ticket_problem(self.tickets[a]) is not None]
        say = ("Still to draw: " + ", ".join(todo)) if todo else "All four OK: Menu > Save panel"
        lines = text.wrap(text.SMALL, say, WIDTH - INFO_X - 2)[:2]
        y = KEYS_Y - 3 - len(lines) * (text.SMALL.HEIGHT + 1)
        for line in lines:
            text.draw(c, text.SMALL, line, INFO_X, y)
            y += text.SMALL.HEIGHT + 1

    def button(self, b):
        if b == "UP":
            self.row = (self.row - 1) % SIDE
        elif b == "DOWN":
            self.row = (self.row + 1) % SIDE
        elif b == "B":
            self.col = (self.col + 1) % SIDE
        elif b == "C":
            cells = self.tickets[self.area]
            rc = [self.row, self.col]
            if rc in cells:
                cells.remove(rc)
            else:
                cells.append(rc)
            self.edited = True
        elif b == "A":
            self._menu()
            return
        self.changed()

    def long(self, b):
        if b == "B":
            self.col = (self.col - 1) % SIDE
            self.changed()

    def _menu(self):
        a = self.area
        items = [("Next ticket: " + AREAS[(a + 1) % 4], "next"),
                 ("Previous ticket: " + AREAS[(a - 1) % 4], "prev"),
                 ("Name: " + self.name, "name"),
                 ("Save panel", "save"),
                 ("Clear this ticket", "clear"),
                 ("Leave without saving", "leave")]
        self.app.push(Menu(self.app, self.title, items, self._menu_chosen))

    def _menu_chosen(self, app, value):
        app.pop()     # the menu
        if value in ("next", "prev"):
            self.area = (self.area + (1 if value == "next" else -1)) % 4
            self.row = self.col = 0
        elif value == "clear":
            self.tickets[self.area] = []
            self.edited = True
        elif value == "name":
            from usher.ui import players
            app.push(players.LetterPicker(app, "Panel name", self._named, self.name))
            return
        elif value == "save":
            self.save()
            return
        elif value == "leave":
            if self.edited:
                app.push(Confirm(app, self.title, "Leave this panel? What was drawn since it was saved "
                                 "is not kept.", lambda a: self._leave(), careful=True))
                return
            self._leave()
            return
        self.changed()

    def _named(self, app, name):
        app.pop()     # the letter picker
        self.name = name
        self.title = "Panel %d: %s" % (self.index + 1, name)
        self.edited = True
        self.changed()

    def _leave(self):
        del self.app.stack[self.app.stack.index(self):]
        self.app.stack[-1].changed()
        self.app.save_ui()

    def save(self):
        """The panel saved (its tickets checked, TS-2); else the reason,
        nothing written."""
        problem, complete = owner_edit.save_panel(self.app.data_dir, self.owner.panels, self.index,
                                                  {"name": self.name, "tickets": self.tickets})
        if problem:
            self.app.show_message("Not saved", problem)
            return
        self._leave()
        self.owner.saved(self.index, complete)


# --- the Automa deck --------------------------------------------------------------------------

def _card_text(card):
    return "%s %s%s" % (card["area"], card["arrow"], "  x2" if card["x2"] else "")


class DeckList(Menu):
    """The eight Automa cards (TS-6): C on a card asks its area, arrow and
    x2; the last row saves the deck, checked."""

    def __init__(self, app, cards, own=False, focus=0):
        self.cards = [dict(c) for c in cards]
        self.own = own
        self.edited = False
        Menu.__init__(self, app, "Automa deck", self._items(), self._chosen, on_back=self._back,
                      focus=focus)

    def _items(self):
        items = [("%d. %s" % (i + 1, _card_text(self.cards[i])), i) for i in range(len(self.cards))]
        items.append(("Save deck", "save"))
        return items

    def status(self):
        return "edited" if self.edited else ("yours" if self.own else "assumed sample")

    def _chosen(self, app, value):
        if value == "save":
            problem = owner_edit.save_deck(app.data_dir, self.cards)
            if problem:
                app.show_message("Not saved", problem)
                return
            app.pop()
            _refresh_menu(app)
            app.show_message("Automa deck", "Saved: new solo games of Take a Seat draw from your deck.")
            return
        self._ask_area(app, value)

    def _ask_area(self, app, i):
        card = self.cards[i]
        choices = [(a, a, "area_" + a) for a in AREAS]
        idx = AREAS.index(card["area"]) if card["area"] in AREAS else 0
        app.push(ChoiceEntry(app, "Card %d of 8" % (i + 1), "Area (the card's front)", choices,
                             lambda a, area: self._ask_arrow(a, i, area), idx))

    def _ask_arrow(self, app, i, area):
        card = self.cards[i]
        choices = [(arrow, arrow, "arrow_" + arrow) for arrow in ARROWS]
        idx = ARROWS.index(card["arrow"]) if card["arrow"] in ARROWS else 0
        app.replace(ChoiceEntry(app, "Card %d of 8" % (i + 1), "Arrow (the card's back)",
                                choices, lambda a, arrow: self._ask_x2(a, i, area, arrow), idx))

    def _ask_x2(self, app, i, area, arrow):
        choices = [("no x2", False, None), ("x2", True, None)]
        app.replace(ChoiceEntry(app, "Card %d of 8" % (i + 1), "Does its back show x2?", choices,
                                lambda a, x2: self._set(a, i, area, arrow, x2),
                                1 if self.cards[i]["x2"] else 0))

    def _set(self, app, i, area, arrow, x2):
        app.pop()
        self.cards[i] = {"area": area, "arrow": arrow, "x2": x2}
        self.edited = True
        self.items = self._items()
        self.focus = i + 1 if i + 1 < len(self.items) else i
        self.changed()

    def _back(self, app):
        if self.edited:
            app.push(Confirm(app, "Automa deck", "Leave without saving? The changes are not kept.",
                             lambda a: (a.pop(), a.pop()), careful=True))
            return
        app.pop()


# --- The Theatre's House deck (TH-15) ------------------------------------------------------

def _house_card_text(c):
    t = "r%d %d %s %s" % (c["rank"], c["value"], c["suit"], c["print"])
    return t if c["ability"] == "none" else t + " " + c["ability"]


class HouseDeck(Menu):
    """The House's 16 cards: C on a card asks its rank, value, suit, print
    and ability; the last row saves the deck, checked (TH-13's 2-player
    limits, 16 cards) with the reason on screen."""

    def __init__(self, app, cards, own=False, focus=0):
        self.cards = [dict(c) for c in cards]
        self.own = own
        self.edited = False
        Menu.__init__(self, app, "House deck", self._items(), self._chosen, on_back=self._back,
                      focus=focus)

    def _items(self):
        items = [("%d. %s" % (i + 1, _house_card_text(self.cards[i])), i)
                 for i in range(len(self.cards))]
        items.append(("Save deck", "save"))
        return items

    def status(self):
        return "edited" if self.edited else ("yours" if self.own else "assumed")

    def _chosen(self, app, value):
        if value == "save":
            problem = owner_edit.save_house(app.data_dir, self.cards)
            if problem:
                app.show_message("Not saved", problem)
                return
            app.pop()
            _refresh_menu(app)
            app.show_message("House deck", "Saved: new solo games of The Theatre give the House "
                                           "your deck.")
            return
        # TH-1, TH-2: the game's own vocabulary, imported here (a module
        # holding the game's package would keep it in RAM after a game)
        from usher.games.theatre.cards import ABILITIES, PRINTS, SUITS
        card = dict(self.cards[value])
        title = "House card %d of %d" % (value + 1, len(self.cards))
        steps = [
            lambda a: a.push(ChoiceEntry(a, title, "Rank", [("rank %d" % r, r, None) for r in (1, 2, 3, 4)],
                                         lambda a2, v: nxt(a2, "rank", v), card["rank"] - 1)),
            lambda a: a.replace(NumberEntry(a, title, "Base value", card["value"], 0, 99,
                                            lambda a2, v: nxt(a2, "value", v))),
            lambda a: a.replace(ChoiceEntry(a, title, "Suit", [(x, x, "suit_" + x) for x in SUITS],
                                            lambda a2, v: nxt(a2, "suit", v), SUITS.index(card["suit"]))),
            lambda a: a.replace(ChoiceEntry(a, title, "Print", [(x, x, None) for x in PRINTS],
                                            lambda a2, v: nxt(a2, "print", v), PRINTS.index(card["print"]))),
            lambda a: a.replace(ChoiceEntry(a, title, "Ability", [(x, x, None) for x in ABILITIES],
                                            lambda a2, v: nxt(a2, "ability", v),
                                            ABILITIES.index(card["ability"]))),
        ]
        order = ("rank", "value", "suit", "print", "ability")

        def nxt(a, key, v):
            card[key] = v
            k = order.index(key) + 1
            if k < len(steps):
                steps[k](a)
                return
            a.pop()
            self.cards[value] = card
            self.edited = True
            self.items = self._items()
            self.focus = value + 1 if value + 1 < len(self.items) else value
            self.changed()
        steps[0](app)

    def _back(self, app):
        if self.edited:
            app.push(Confirm(app, "House deck", "Leave without saving? The changes are not kept.",
                             lambda a: (a.pop(), a.pop()), careful=True))
            return
        app.pop()
