# The Theatre's game screens, all rebuilt from the game state (PL-8):
#   ActScreen     before an Act: who draws, reshuffles or is out (TH-11)
#   DrawsScreen   what the Act start did, this Act's Suit Card line (TH-3)
#   RoundScreen   the line with the Desired Suit, tokens, the table of cards
#                 entered in play order and per-player counts; entry, Gamble
#                 decisions and reveals start here (TH-5, TH-6, TH-9)
#   ResultScreen  every card's value breakdown and the winner or tie (TH-10)
#   EndScreen     the winner(s) (TH-12)
from usher.games.theatre import decks, engine, housedeck
from usher.ui import icons, text
from usher.ui.games.theatre import common
from usher.ui.history import History
from usher.ui.screen import BODY_Y, Screen

ROW_H = 16
EVENT_TEXT = {"drew": "drew 5", "reshuffled": "reshuffled Breakroom, drew 5",
              "eliminated": "ELIMINATED", "out": "out"}


def first_screen(app):
    """The screen a state opens on: after a round, its result first; at the
    start of an Act, what the draws did."""
    s = app.state
    phase = s["phase"]
    if phase == "over":
        return EndScreen(app)
    if phase == "act_start":
        return ResultScreen(app) if s["last"] else ActScreen(app)
    if phase == "play" and _fresh(s):
        if s["round"] == 1:
            return DrawsScreen(app)
        if s["last"]:
            return ResultScreen(app)
    return RoundScreen(app)


def after_action(app):
    app.show_game()


def _fresh(s):
    """No player has entered a card this round: the House's lead, made
    within the press that started the round (TH-15), does not count."""
    h = s.get("house")
    for e in s["play"]:
        if h is None or e["player"] != h["seat"]:
            return False
    return True


def _status(s):
    """The leader, and in a solo game the House's level (TH-17)."""
    h = s.get("house")
    t = "leader " + common.name(s, s["leader"])
    if h is None:
        return t
    level = housedeck.LEVEL_NAMES[h["level"]]
    if s["leader"] == h["seat"]:
        return "%s (%s)" % (t, level)
    return "%s, House %s" % (t, level)


class GameScreen(Screen):
    route = "game"  # rebuilt by play_screen after a restart

    def button(self, b):
        if b == "A":
            self.app.push(History(self.app))
        else:
            self.key(b)

    def key(self, b):
        pass


def _previous_key(s):
    """B's label for the result of the round played before ("Round 3
    result"): "Last round" read like "this is the last round"."""
    last = s["last"]
    return "Round %d result" % last["round"] if last else None


def _player_row(c, s, p, y, with_leader=True):
    text.draw(c, text.BODY, common.name(s, p, 44), 4, y)
    if with_leader and p == s["leader"] and s["alive"][p]:
        common.draw_leader(c, 50, y - 1)


def _table_header(c, y, first="Player"):
    text.draw(c, text.SMALL, first, 4, y)
    common.draw_count_header(c, y)
    c.hline(0, y + 11, 296, 1)


# --- before and after the Act start draws --------------------------------------------

def _predict(s, p):
    """What start_act will do to seat p (TH-11), for the Act screen."""
    if not s["alive"][p]:
        return "out"
    if s["deck"][p] >= decks.HAND_SIZE:
        return "draws 5"
    if s["deck"][p] + s["breakroom"][p] >= decks.HAND_SIZE:
        return "reshuffles, draws 5"
    return "will be eliminated"


def _names(s, ps):
    return " and ".join([common.name(s, p) for p in ps])


def act_outlook(s):
    """(headline, game ends) before the Act's draws (TH-11, TH-12): who is
    about to be eliminated and, when at most one player can draw, that the
    game ends and who wins (on deck count when nobody can draw)."""
    alive = [p for p in range(len(s["players"])) if s["alive"][p]]
    out = [p for p in alive if _predict(s, p) == "will be eliminated"]
    left = [p for p in alive if p not in out]
    act = s["act"]
    if len(left) >= 2:
        if not out:
            return "Act %d: everyone still in draws 5." % act, False
        return ("Act %d: %s cannot draw 5 and %s out; the others draw 5."
                % (act, _names(s, out), "are" if len(out) > 1 else "is")), False
    if len(left) == 1:
        return ("Act %d: only %s can draw 5, so %s wins and the game ends."
                % (act, _names(s, left), common.name(s, left[0]))), True
    # Each shuffles their Breakroom into the deck first: that is the count.
    cards = [s["deck"][p] + s["breakroom"][p] for p in range(len(s["players"]))]
    best = max([cards[p] for p in out])
    top = [p for p in out if cards[p] == best]
    if len(top) == 1:
        win = "%s wins with %d cards left in deck" % (_names(s, top), best)
    else:
        win = "%s share the win with %d cards left in deck each" % (_names(s, top), best)
    return "Nobody can draw 5 for Act %d: the game ends; %s." % (act, win), True


class ActScreen(GameScreen):
    def __init__(self, app):
        GameScreen.__init__(self, app)
        self.title = "The Theatre - Act %d" % app.state["act"]

    def status(self):
        return _status(self.app.state)

    def keys(self):
        ends = act_outlook(self.app.state)[1]
        return ("History", _previous_key(self.app.state), "End game" if ends else "Draw 5")

    def draw_body(self, c):
        s = self.app.state
        headline = act_outlook(s)[0]
        if text.width(text.BODY, headline) <= 288:
            text.draw(c, text.BODY, headline, 4, BODY_Y + 1)
        else:  # two lines of the small font in the same space
            lines = text.wrap(text.SMALL, headline, 288)
            for i in range(min(2, len(lines))):
                text.draw(c, text.SMALL, lines[i], 4, BODY_Y - 1 + i * 10)
        _table_header(c, BODY_Y + 20)
        for i in range(len(s["players"])):
            y = BODY_Y + 34 + i * ROW_H
            _player_row(c, s, i, y)
            text.draw(c, text.SMALL, text.fit(text.SMALL, _predict(s, i), 112), 70, y + 2)
            common.draw_counts(c, s, i, y + 2)

    def key(self, b):
        app = self.app
        if b == "B" and app.state["last"]:
            app.push(ResultScreen(app, pushed=True))
        elif b == "C" and app.play({"type": "start_act"}):
            after_action(app)


class DrawsScreen(GameScreen):
    def __init__(self, app):
        GameScreen.__init__(self, app)
        self.title = "Act %d - cards drawn" % app.state["act"]

    def status(self):
        return _status(self.app.state)

    def keys(self):
        return ("History", None, "Round 1")

    def draw_body(self, c):
        s = self.app.state
        common.draw_suit_line(c, s, 4, BODY_Y + 3)
        text.draw(c, text.SMALL, "Suit Cards of this Act,", 108, BODY_Y + 1)
        text.draw(c, text.SMALL, "one per round, in this order", 108, BODY_Y + 11)
        _table_header(c, BODY_Y + 24)
        log = s["act_log"]
        for i in range(len(s["players"])):
            y = BODY_Y + 38 + i * ROW_H
            _player_row(c, s, i, y)
            ev = EVENT_TEXT.get(log[i], log[i]) if i < len(log) else ""
            text.draw(c, text.SMALL, text.fit(text.SMALL, ev, 112), 70, y + 2)
            common.draw_counts(c, s, i, y + 2)

    def key(self, b):
        if b == "C":
            self.app.replace(RoundScreen(self.app))


# --- a round ------------------------------------------------------------------------------

def _entry(s, p):
    for e in s["play"]:
        if e["player"] == p:
            return e
    return None


class RoundScreen(GameScreen):
    def __init__(self, app):
        GameScreen.__init__(self, app)
        s = app.state
        self.title = "Act %d - Round %d" % (s["act"], s["round"])
        if s["phase"] == "gamble":
            # TH-9: the question the keys answer, where it cannot be missed
            self.title = "Round %d: %s played a Gamble. Draw?" % (s["round"], common.name(s, s["turn"]))

    def status(self):
        return _status(self.app.state)

    def keys(self):
        s = self.app.state
        who = common.name(s, s["turn"])
        if engine.house_turn(s):
            return ("History", _previous_key(s), "House plays")
        if s["phase"] == "gamble":
            return ("History", "Stand", "Draw")
        last = _previous_key(s)
        if s["phase"] == "reveal":
            return ("History", last, "Reveal " + who)
        return ("History", last, "Card " + who)

    def draw_body(self, c):
        s = self.app.state
        common.draw_suit_line(c, s, 4, BODY_Y + 3)
        want = engine.desired_suit(s)
        text.draw(c, text.SMALL, "wants " + want if want else "no Suit Card", 108, BODY_Y + 1)
        toks = common.tokens_text(s["tokens"])
        text.draw(c, text.SMALL, text.fit(text.SMALL, "tokens " + (toks or "none"), 186), 108, BODY_Y + 11)
        _table_header(c, BODY_Y + 22, "Play order")
        seats = common.seats_for_table(s)
        for i in range(len(seats)):
            self._row(c, s, seats[i], BODY_Y + 35 + i * ROW_H)

    def _row(self, c, s, p, y):
        if p == s["turn"]:
            c.fill_rect(0, y - 1, 186, ROW_H, 1)
        fg = 0 if p == s["turn"] else 1
        text.draw(c, text.BODY, common.name(s, p, 44), 4, y, fg)
        if p == s["leader"] and s["alive"][p]:
            common.draw_leader(c, 50, y - 1, fg)
        e = _entry(s, p)
        x = 70
        if not s["alive"][p]:
            text.draw(c, text.SMALL, "eliminated", x, y + 2, fg)
        elif e is None:
            msg = "enter the card played" if p == s["turn"] else "-"
            text.draw(c, text.SMALL, msg, x, y + 2, fg)
        else:
            card = e.get("drawn", e["card"])
            icons.draw(c, icons.suit(card["suit"]), x, y - 1, fg)
            label = common.card_label(card)
            if "drawn" in e:
                label += " (drawn)"
            elif p == s["turn"] and s["phase"] == "gamble":
                label += "?"
            elif p == s["turn"] and s["phase"] == "reveal":
                label = "enter drawn card"
            elif "gamble" in e:
                label += {"draw": ": drew", "stand": ": stands", "ignored": ": ignored"}[e["gamble"]]
            if e.get("removed") or e.get("drawn_removed"):
                # TH-17: a token a card removed is said where the card is
                label += " x+" + (e.get("drawn_removed") or e["removed"])
            text.draw(c, text.SMALL, text.fit(text.SMALL, label, 94), x + 19, y + 2, fg)
        common.draw_counts(c, s, p, y + 2)

    def key(self, b):
        app = self.app
        s = app.state
        phase = s["phase"]
        if b == "C" and engine.house_turn(s):
            # a game saved before the House's reply (its moves are made in
            # the press of the move before them, App.device_moves)
            app.device_moves()
            after_action(app)
        elif phase == "gamble" and b in ("B", "C"):
            # TH-9: the decision of the Gamble player whose turn it is
            if app.play({"type": "gamble", "player": s["turn"], "draw": b == "C"}):
                after_action(app)
        elif b == "B" and s["last"]:
            app.push(ResultScreen(app, pushed=True))
        elif b == "C":
            from usher.ui.games.theatre.entry import CardEntry
            app.push(CardEntry(app, "reveal" if phase == "reveal" else "play"))


# --- results -------------------------------------------------------------------------------

class ResultScreen(GameScreen):
    """The last resolved round: one row per card in play order with its
    breakdown (TH-4..TH-8) and value; the winner's row inverted (TH-10)."""

    def __init__(self, app, pushed=False):
        GameScreen.__init__(self, app)
        self.pushed = pushed
        if pushed:
            self.route = None  # a look back: after a restart the game screen is enough
        last = app.state["last"]
        self.title = "Act %d - Round %d result" % (last["act"], last["round"])

    def status(self):
        d = self.app.state["last"]["desired"]
        return "wanted " + d if d else "no Suit Card"

    def keys(self):
        return ("History", None, "Back" if self.pushed else "Next")

    def draw_body(self, c):
        s = self.app.state
        last = s["last"]
        w = last["winner"]
        if w is None:
            head = "Tie at %d: nobody wins, all Dismissed" % last["top"]
        else:
            head = "%s wins with %d and leads" % (common.name(s, w), last["top"])
        text.draw(c, text.BODY, text.fit(text.BODY, head, 288), 4, BODY_Y + 1)
        c.hline(0, BODY_Y + 16, 296, 1)
        cards = last["cards"]
        for i in range(len(cards)):
            r = cards[i]
            y = BODY_Y + 19 + i * 17
            fg = 1
            if r["player"] == w:
                c.fill_rect(0, y - 1, 296, 17, 1)
                fg = 0
            icons.draw(c, icons.suit(r["card"]["suit"]), 2, y, fg)
            text.draw(c, text.BODY, common.name(s, r["player"], 40), 21, y + 1, fg)
            bd = common.parts_text(r["parts"])
            card = common.card_label(r["card"])
            if "gamble_card" in r:
                card = "drawn " + card
            elif r.get("gamble") == "stand":
                card += " stood"
            elif r.get("gamble") == "ignored":
                card += " (no draw)"
            text.draw(c, text.SMALL, text.fit(text.SMALL, card, 96), 64, y + 3, fg)
            text.draw(c, text.SMALL, text.fit(text.SMALL, "= " + bd, 100), 162, y + 3, fg)
            text.draw_right(c, text.BODY, str(r["value"]), 292, y + 1, fg)
        y = BODY_Y + 21 + len(cards) * 17
        if y < BODY_Y + 90:
            if w is None:
                note = "Every card played goes to its owner's Dismissed pile."
            else:
                note = "%s's cards to the Breakroom, the others Dismissed." % common.name(s, w)
            text.draw(c, text.SMALL, text.fit(text.SMALL, note, 288), 4, y)
            toks = common.tokens_text(s["tokens"]) if s["phase"] != "act_start" else ""
            text.draw(c, text.SMALL, "Tokens in play: " + (toks or "none"), 4, y + 11)

    def key(self, b):
        app = self.app
        if b != "C":
            return
        if self.pushed:
            app.pop()
        elif app.state["phase"] == "act_start":
            app.replace(ActScreen(app))
        else:
            app.replace(RoundScreen(app))


class EndScreen(GameScreen):
    title = "The Theatre - game over"

    def keys(self):
        # B shares the play (PL-19); the last round moved to DOWN.
        return ("History", "Share", "Finish")

    def status(self):
        return "DOWN: last round" if self.app.state["last"] else ""

    def draw_body(self, c):
        s = self.app.state
        ws = s["winners"]
        h = s.get("house")
        if h is not None:
            # TH-17: the House with its level
            vs = "House (%s)" % housedeck.LEVEL_NAMES[h["level"]]
            if len(ws) > 1:
                head = "Shared win with the " + vs
            elif ws[0] == h["seat"]:
                head = vs + " wins!"
            else:
                head = "%s beats the %s!" % (common.name(s, ws[0], 60), vs)
        elif len(ws) == 1:
            head = "%s wins!" % common.name(s, ws[0], 250 - text.width(text.BODY, " wins!"))
        else:
            # Every winner's name is seen, each cut to its share of the bar
            # (seats' truncation rule) rather than the headline's end cut.
            room = (250 - text.width(text.BODY, "Shared win: ") - (len(ws) - 1) *
                    text.width(text.BODY, " & ")) // len(ws)
            head = "Shared win: " + " & ".join([common.name(s, p, room) for p in ws])
        c.fill_rect(0, BODY_Y, 296, 18, 1)
        common.draw_leader(c, 4, BODY_Y + 1, 0)
        text.draw(c, text.BODY, text.fit(text.BODY, head, 250), 24, BODY_Y + 2, 0)
        st = s["stats"]
        text.draw(c, text.SMALL, "Acts played %d   rounds %d   ties %d   gambles %d" % (
            s["act"] - 1, st["rounds"], st["ties"], st["gambles"]), 4, BODY_Y + 21)
        _table_header(c, BODY_Y + 34)
        log = s["act_log"]
        for i in range(len(s["players"])):
            y = BODY_Y + 48 + i * ROW_H
            text.draw(c, text.BODY, common.name(s, i, 44), 4, y)
            ev = log[i] if i < len(log) else ""
            if i in ws:
                # TH-12: the last one in, or the most cards in deck among those out together
                ev = "winner (most in deck)" if ev == "eliminated" else "winner (last one in)"
            else:
                ev = "out earlier" if ev == "out" else EVENT_TEXT.get(ev, ev)
            text.draw(c, text.SMALL, text.fit(text.SMALL, ev, 112), 70, y + 2)
            common.draw_counts(c, s, i, y + 2)

    def key(self, b):
        app = self.app
        if b == "DOWN" and app.state["last"]:
            app.push(ResultScreen(app, pushed=True))
        elif b == "B":
            from usher.ui import share_screen   # PL-19
            share_screen.share_running_game(app)
        elif b == "C":
            app.end_game()
