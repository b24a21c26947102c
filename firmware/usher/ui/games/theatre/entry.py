# Entry forms: the game setup (players, declared deck sizes) and a played or
# revealed card (base value, suit, print, ability, and a Sap's choice to
# remove a Boost instead, TH-6). One window per form, over the screen it was
# opened from (PL-15: opening and closing it updates only the window), so a
# card takes a few presses: UP/DOWN change the focused field, B moves to the
# next field, A to the previous one (Cancel on the first), C confirms from any
# field.
from usher.core.game import GameError
from usher.games.theatre import engine, housedeck, rounds
from usher.games.theatre.cards import ABILITIES, PRINTS, SUITS
from usher.ui import icons, text
from usher.ui.games.theatre import common
from usher.ui.screen import KEYS_Y, Screen

ROW_H = 16  # five fields fit the window under its title bar
FORM_W = 188
REPEAT_FAST_AFTER = 5
FAST_STEP = 5


class Form(Screen):
    """Fields in rows with a focus bar. Subclasses give fields() (keys),
    label(key), draw_value(c, key, x, y, fg), step(key, delta) and ok()."""
    ok_label = "OK"
    dialog = True
    form = True

    def __init__(self, app):
        Screen.__init__(self, app)
        self.focus = 0
        self.repeats = 0

    def fields(self):
        return []

    def keys(self):
        return ("Cancel" if self.focus == 0 else "< Prev", "Next >", self.ok_label)

    def draw_fields(self, c):
        keys = self.fields()
        top = self.body_y()
        for i in range(len(keys)):
            y = top + 1 + i * ROW_H
            fg = 1
            if i == self.focus:
                c.fill_rect(0, y - 1, FORM_W, ROW_H, 1)
                fg = 0
                # up/down marks: UP/DOWN change this field
                ax = FORM_W - 10
                c.line(ax - 3, y + 5, ax, y + 2, 0)
                c.line(ax, y + 2, ax + 3, y + 5, 0)
                c.line(ax - 3, y + 10, ax, y + 13, 0)
                c.line(ax, y + 13, ax + 3, y + 10, 0)
            text.draw(c, text.SMALL, self.label(keys[i]), 4, y + 3, fg)
            self.draw_value(c, keys[i], 56, y, fg)

    def button(self, b):
        n = len(self.fields())
        if b in ("UP", "DOWN"):
            self.repeats = 0
            self._step(b, 1)
        elif b == "B":
            self.focus = (self.focus + 1) % n
            self.changed()
        elif b == "A":
            if self.focus == 0:
                self.app.pop()
            else:
                self.focus -= 1
                self.changed()
        elif b == "C":
            self.ok()

    def repeat(self, b):
        if b in ("UP", "DOWN"):
            self.repeats += 1
            self._step(b, FAST_STEP if self.repeats > REPEAT_FAST_AFTER else 1)

    def _step(self, b, n):
        keys = self.fields()
        if keys:
            self.step(keys[self.focus], n if b == "UP" else -n)
            self.focus = min(self.focus, len(self.fields()) - 1)
            self.changed()

    def label(self, key):
        return key

    def draw_value(self, c, key, x, y, fg):
        pass

    def step(self, key, delta):
        pass

    def ok(self):
        pass


def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def _cycle(items, current, delta):
    return items[(items.index(current) + (1 if delta > 0 else -1)) % len(items)]


# --- setup ----------------------------------------------------------------------

# The form lets a deck go below the engine's minimum on purpose: the engine
# says what is allowed (PL-11) rather than the form silently stopping.
DECK_LO = 1


class Setup(Form):
    title = "The Theatre - new game"
    ok_label = "Start"

    def __init__(self, app):
        Form.__init__(self, app)
        self.players = 2
        self.decks = [engine.default_deck_size(2)] * 2
        self.level = "normal"

    def fields(self):
        if self.players == 1:
            return ["players", "level", "deck0"]
        return ["players"] + ["deck%d" % i for i in range(self.players)]

    def label(self, key):
        if key == "players":
            return "Players"
        if key == "level":
            return "House"
        return "Deck" if self.players == 1 else "Deck P%d" % (int(key[4:]) + 1)

    def draw_value(self, c, key, x, y, fg):
        if key == "players":
            s = "Solo vs House" if self.players == 1 else str(self.players)
        elif key == "level":
            s = housedeck.LEVEL_NAMES[self.level]
        else:
            s = "%d cards" % self.decks[int(key[4:])]
        text.draw(c, text.BODY, s, x, y + 1, fg)

    def draw_body(self, c):
        self.draw_fields(c)
        x = FORM_W + 8
        if self.players == 1:
            # TH-15: what the House is and that its deck is an assumption
            lines = ("You against the", "House: it plays 16", "virtual cards on", "the screen. Its",
                     "deck is assumed", "(docs/house.md).")
        else:
            lines = ("Declared deck", "sizes: 16 for 2", "players, 20 for", "3-4 (5 to 200).",
                     "First leader is", "drawn at random.")
        for i, line in enumerate(lines):
            text.draw(c, text.SMALL, line, x, self.body_y() + 2 + i * 12)

    def step(self, key, delta):
        if key == "players":
            # 1 is the solo game against the House (TH-15)
            n = _clamp(self.players + (1 if delta > 0 else -1), 1, engine.MAX_PLAYERS)
            if n != self.players:
                self.players = n
                self.decks = [engine.default_deck_size(max(n, 2))] * n
        elif key == "level":
            self.level = _cycle(housedeck.LEVELS, self.level, delta)
        else:
            i = int(key[4:])
            self.decks[i] = _clamp(self.decks[i] + delta, DECK_LO, engine.MAX_DECK)

    def ok(self):
        decks = self.decks[0] if self.decks == [self.decks[0]] * self.players else list(self.decks)
        options = {"players": self.players, "decks": decks}
        if self.players == 1:
            options["house"] = self.level
        try:
            engine.new_game(options, 0)  # the engine's own checks, before anything is saved
        except GameError as e:
            self.app.show_message("Not allowed", e.message)
            return
        self.app.new_game("theatre", options)


# --- a card ------------------------------------------------------------------------

ADD_TOKEN = "add"


class CardEntry(Form):
    """The card seat p plays (kind "play") or reveals after a gamble
    ("reveal"). Defaults: value 3, this round's Desired Suit, first print,
    no ability; a Sap adds its token unless a Boost is chosen for removal."""

    def __init__(self, app, kind):
        Form.__init__(self, app)
        s = app.state
        self.kind = kind
        self.player = s["turn"]
        self.ok_label = "Play" if kind == "play" else "Reveal"
        self.value = 3
        self.suit = engine.desired_suit(s) or SUITS[0]
        self.print = PRINTS[0]
        self.ability = "none"
        self.remove = ADD_TOKEN
        self.title = "%s %s: %s" % (common.name(s, self.player),
                                    "plays" if kind == "play" else "reveals the drawn card",
                                    "Act %d round %d" % (s["act"], s["round"]))

    def fields(self):
        f = ["value", "suit", "print", "ability"]
        if self.ability == "sap" and engine.removable_boosts(self.app.state):
            f.append("sap")
        return f

    def label(self, key):
        return {"value": "Value", "suit": "Suit", "print": "Print", "ability": "Ability",
                "sap": "Sap"}[key]

    def draw_value(self, c, key, x, y, fg):
        if key == "value":
            s = str(self.value)
        elif key == "suit":
            icons.draw(c, icons.suit(self.suit), x, y, fg)
            x += 20
            s = self.suit
        elif key == "print":
            s = self.print
        elif key == "ability":
            s = self.ability
        else:
            s = "add Sap token" if self.remove == ADD_TOKEN else "remove +%s" % self.remove
        text.draw(c, text.BODY, s, x, y + 1, fg)

    def step(self, key, delta):
        if key == "value":
            self.value = _clamp(self.value + delta, 0, 99)
        elif key == "suit":
            self.suit = _cycle(SUITS, self.suit, delta)
        elif key == "print":
            self.print = _cycle(PRINTS, self.print, delta)
        elif key == "ability":
            self.ability = _cycle(ABILITIES, self.ability, delta)
            self.remove = ADD_TOKEN
        else:
            self.remove = _cycle([ADD_TOKEN] + engine.removable_boosts(self.app.state), self.remove, delta)

    def card(self):
        return {"value": self.value, "suit": self.suit, "print": self.print, "ability": self.ability}

    def action(self):
        a = {"type": self.kind, "player": self.player}
        a.update(self.card())
        if self.ability == "sap" and self.remove != ADD_TOKEN:
            a["remove"] = self.remove
        return a

    def preview(self):
        """(parts, total) of this card if the round ended now (TH-5: values
        are final only at the end of the round)."""
        s = self.app.state
        tokens = [list(t) for t in s["tokens"]]
        a = self.action()
        try:
            rounds.enter_tokens(tokens, self.card(), a.get("remove"))
        except GameError:
            pass
        return rounds.card_value(self.card(), engine.desired_suit(s), tokens,
                                 s["combo"][self.player], s["round"] - 1)

    def draw_body(self, c):
        self.draw_fields(c)
        s = self.app.state
        x = FORM_W + 7
        top = self.body_y()
        common.draw_suit_line(c, s, x + 2, top + 1)
        parts, total = self.preview()
        cx = (FORM_W + 296) // 2
        text.draw(c, text.SMALL, "value now", x, top + 19)
        text.draw_centered(c, text.BIG, str(total), cx, top + 28)
        lines = text.wrap(text.SMALL, common.parts_text(parts), 296 - x - 2)
        for i in range(min(3, len(lines))):
            text.draw(c, text.SMALL, lines[i], x, top + 51 + i * 10)
        c.vline(FORM_W + 3, top - 1, KEYS_Y - top, 1)

    def ok(self):
        app = self.app
        if app.play(self.action()):
            app.show_game()   # as screens.after_action, without importing the screens above
