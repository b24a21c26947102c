# The turn screen (who plays, actions left as pips, round, scores, the bus)
# and every entry of a turn: the action menu and its flows, and the end of
# the turn with its draws and the hand-limit reminder (SW-2).
from usher.games.seatwars import engine
from usher.ui import seats, text
from usher.ui.canvas import WIDTH
from usher.ui.games.seatwars import act
from usher.ui.games.seatwars.bus import BusPicker, draw_bus
from usher.ui.history import History
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import ChoiceEntry, Confirm, Menu, MessageBox, NumberEntry

SCORES_Y = BODY_Y + 27
BUS_Y = BODY_Y + 47
BUS_H = 52


def current_name(state):
    return seats.label(state["current"])


def draw_pips(c, left, right_x, cy):
    """Actions left as three circles, filled = still to spend."""
    for i in range(engine.ACTIONS_PER_TURN):
        cx = right_x - (engine.ACTIONS_PER_TURN - 1 - i) * 14
        for dy in range(-5, 6):
            w = _HALF[abs(dy)]  # a disc (filled) or a ring, radius 5
            if i < left:
                c.hline(cx - w, cy + dy, 2 * w + 1, 1)
            else:
                c.pixel(cx - w, cy + dy, 1)
                c.pixel(cx + w, cy + dy, 1)
        if i >= left:
            c.hline(cx - 2, cy - 5, 5, 1)
            c.hline(cx - 2, cy + 5, 5, 1)


_HALF = (5, 5, 5, 4, 3, 2)  # half-widths of a radius-5 disc by row offset


def draw_scores(c, state, y):
    """One cell per player: name and total; the current player's inverted;
    "missed" (or, in a 4-player row, "MB", its legend on the note line) =
    under Missed the Bus."""
    players = state["players"]
    n = len(players)
    w = WIDTH // n
    tag = missed_tag(n)
    for i in range(n):
        x = i * w
        p = players[i]
        fg = 1
        if i == state["current"] and state["phase"] != "over":
            c.fill_rect(x + 1, y, w - 2, 17, 1)
            fg = 0
        else:
            c.rect(x + 1, y, w - 2, 17, 1)
        mb = tag if p["missed"] else ""
        name = seats.label(i, text.SMALL, w - 30 - text.width(text.SMALL, mb)) + mb
        text.draw(c, text.SMALL, name, x + 4, y + 4, fg)
        text.draw_right(c, text.BODY, str(p["total"]), x + w - 4, y + 2, fg)


def missed_tag(n):
    """The Missed the Bus mark of a score cell among n: the word when the cell
    still leaves room for a short name, else "MB" (explained by note())."""
    if WIDTH // n - 30 - text.width(text.SMALL, MISSED) >= 24:
        return MISSED
    return " MB"


MISSED = " missed"


def note(state):
    """The one-line hint under the player's name."""
    end = state["turn_end"]
    if state["actions"] == engine.ACTIONS_PER_TURN and end and end["player"] != state["current"]:
        who = seats.label(end["player"])
        s = "%s drew %s" % (who, text.plural(end["draw"], "card") if end["draw"] else "nothing")
        if end["discard"]:
            s += ", must discard %d (limit 7)" % end["discard"]
        return s
    if state["item_ok"]:
        return "Item with it? Action > Item"
    if state["actions"] == 0:
        return "No actions left: End turn"
    if state["players"][state["current"]]["missed"]:
        return "Missed the Bus: no draws"
    if engine.scorable_ids(state):
        return "Black cards can be scored now"
    if state["last_by"] is not None:  # SW-7
        return "Last round: the game ends at %s's turn" % seats.label(state["last_by"])
    missed = [seats.label(i) for i in range(len(state["players"])) if state["players"][i]["missed"]]
    if missed and missed_tag(len(state["players"])) != MISSED:
        return "MB: %s under Missed the Bus" % ", ".join(missed)
    return ""


class TurnScreen(Screen):
    title = "Seat Wars"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.scroll = 0

    def keys(self):
        return ("History", "End turn", "Action")

    def status(self):
        st = self.app.state
        return "Round %d  Turn %d" % (st["round"], st["turn"])

    def draw_body(self, c):
        st = self.app.state
        who = seats.label(st["current"], text.BODY, 96 - text.width(text.BODY, "'s turn"))
        text.draw(c, text.BODY, who + "'s turn", 4, BODY_Y)
        if st["phase"] == "last_round":
            c.fill_rect(104, BODY_Y, 88, 14, 1)
            text.draw_centered(c, text.SMALL, "LAST ROUND", 148, BODY_Y + 2, 0)
        text.draw_right(c, text.SMALL, "actions", 250, BODY_Y + 2)
        draw_pips(c, st["actions"], 289, BODY_Y + 7)
        text.draw(c, text.SMALL, text.fit(text.SMALL, note(st), WIDTH - 8), 4, BODY_Y + 15)
        draw_scores(c, st, SCORES_Y)
        draw_bus(c, st, BUS_Y, BUS_H, None, self.scroll)

    def button(self, b):
        app = self.app
        n = len(app.state["bus"])
        if b == "A":
            app.push(History(app))
        elif b == "B":
            app.push(EndTurnScreen(app))
        elif b == "C":
            app.push(action_menu(app))
        elif b == "DOWN" and self.scroll + 9 < n:
            self.scroll += 1
            self.changed()
        elif b == "UP" and self.scroll > 0:
            self.scroll -= 1
            self.changed()


# --- the action menu -------------------------------------------------------------------

BUS_CAUGHT = " caught the bus: ends Missed the Bus"


def action_menu(app):
    """Every entry in one fixed order whatever the state (PL-7; docs/ui.md):
    what is not possible now stays in its place, struck through, and says
    why, so the same presses always reach the same entry."""
    st = app.state
    spent = "No action left this turn." if st["actions"] == 0 else ""
    # What the bus rules out is struck through too (docs/playing.md), with
    # the same words C on it gave before
    others = spent or ("" if engine.targets(st) else "No card of another player on the bus.")
    own = [c for c in st["bus"] if c["kind"] == "char" and c["owner"] == st["current"]]
    scorable = spent or ("" if own else "None of your characters is on the bus.")
    items = [("Place a character", "place", None, spent),
             ("Challenge a seat", "challenge", None, others),
             ("Score a character", "score", None, scorable),
             ("Seymour: remove a card", "seymour", None, others),
             ("Event card", "event", None, spent),
             ("Item next to it (free)", "item", None,
              "" if st["item_ok"] else "Only right after a character took a seat.")]
    missed = _missed(st)
    if len(missed) == 1:
        w = WIDTH - 8 - text.width(text.BODY, BUS_CAUGHT)
        items.append((seats.label(missed[0], text.BODY, w) + BUS_CAUGHT, "bus", None, ""))
    else:
        items.append(("Caught the bus: ends Missed the Bus", "bus", None,
                      "" if missed else "Nobody is under Missed the Bus."))
    items.append(("Last card drawn", "last", None,
                  "" if st["last_by"] is None else "The last round has already started."))
    items.append(("Seat calculator", "calc"))
    return Menu(app, current_name(st) + ": action", items, _chosen, window=True)


def _missed(st):
    return [i for i in range(len(st["players"])) if st["players"][i]["missed"]]


def _chosen(app, what):
    st = app.state
    if what == "bus":
        missed = _missed(st)
        if len(missed) == 1:
            _caught(app, missed[0])
        else:
            choices = [(seats.label(i), i, None) for i in missed]
            app.replace(ChoiceEntry(app, "Caught the bus", "Who caught the bus?", choices,
                                    _caught))
    elif what == "item":
        app.replace(NumberEntry(app, "Item", "Shield of the item", 3, 0, engine.MAX_VALUE,
                                lambda app, v: act.play(app, {"type": "item", "shield": v})))
    elif what == "place":
        if act.allowed(app, {"type": "place", "attack": 0}):
            _form(app, "place")
    elif what in ("challenge", "seymour"):
        ids = engine.targets(st)
        if not ids:
            app.show_message("Challenge", "No card of another player on the bus.")
        elif what == "challenge" and act.allowed(app, {"type": "challenge", "target": ids[0],
                                                       "attack": 0, "points": 0}):
            app.replace(BusPicker(app, "Challenge", "Which card to challenge?", ids,
                                  lambda app, t: _form(app, "challenge", t)))
        elif what == "seymour" and act.allowed(app, {"type": "challenge", "target": ids[0],
                                                     "seymour": True, "value": 0}):
            app.replace(BusPicker(app, "Seymour", "Seymour removes which card?", ids, _seymour))
    elif what == "score":
        own = [c["id"] for c in st["bus"] if c["kind"] == "char" and c["owner"] == st["current"]]
        if not own:
            app.show_message("Score", "None of your characters is on the bus.")
        else:
            app.replace(BusPicker(app, "Score", "Score which character?", own, _score_mode))
    elif what == "event" and act.allowed(app, {"type": "event"}):
        choices = [("Other event", -1, None)]
        for i in range(len(st["players"])):
            choices.append(("Missed the Bus: " + seats.label(i), i, None))
        app.replace(ChoiceEntry(app, "Event card", "Which event card?", choices, _event))
    elif what == "last":
        app.replace(Confirm(app, "Last card", "%s drew the last card of the main deck? "
                            "The last round starts." % current_name(st),
                            lambda app: act.play(app, {"type": "last_card"})))
    elif what == "calc":
        _form(app, "calc")


def _caught(app, who):
    act.play(app, {"type": "caught_bus", "player": who})


def _form(app, mode, target=None):
    from usher.ui.games.seatwars.form import CharacterForm  # loaded when needed
    app.replace(CharacterForm(app, mode, target))


def _seymour(app, target):
    def done(app, value):
        act.play(app, {"type": "challenge", "target": target, "seymour": True, "value": value})
    app.replace(NumberEntry(app, "Seymour", "Seymour scores his minimum value", 2, 0,
                            engine.MAX_VALUE, done))


def _score_mode(app, target):
    if not act.allowed(app, {"type": "score", "target": target, "mode": "max", "value": 0}):
        return
    choices = [("Maximum", "max", None), ("Minimum", "min", None),
               ("Min + Destination +4", "dest", None)]

    def mode_chosen(app, mode):
        action = {"type": "score", "target": target, "mode": "min" if mode == "dest" else mode,
                  "value": 0}
        if mode == "dest":
            action["destination"] = True  # SW-4: 2 actions, +4 added to the minimum
            if not act.allowed(app, action):
                return
        prompt = {"max": "Maximum value", "min": "Minimum value",
                  "dest": "Minimum value (+4 is added)"}[mode]

        def done(app, value):
            action["value"] = value
            act.play(app, action)
        app.replace(NumberEntry(app, "Score", prompt, 5 if mode == "max" else 2, 0,
                                engine.MAX_VALUE, done))
    app.replace(ChoiceEntry(app, "Score", "Score it for which value?", choices, mode_chosen))


def _event(app, who):
    action = {"type": "event"}  # type: dict
    if who >= 0:
        action["missed"] = who
    act.play(app, action)


# --- end of the turn (SW-2, SW-7) ------------------------------------------------------

class EndTurnScreen(Screen):
    """Cards to draw for the unspent actions, the hand size for the hand-limit
    reminder (optional, UP/DOWN) and whether the draw took the last card. A
    window over the turn screen (PL-15)."""
    dialog = True
    form = True

    def __init__(self, app):
        Screen.__init__(self, app)
        self.title = "End turn: " + current_name(app.state)
        self.hand = -1  # -1 = not counted
        self.last = False

    def can_mark_last(self):
        return engine.draws_if_ended(self.app.state) > 0 and self.app.state["last_by"] is None

    def keys(self):
        return ("Cancel", ("Not last card" if self.last else "Last card") if self.can_mark_last()
                else None, "End turn")

    def draw_body(self, c):
        st = self.app.state
        top = self.body_y() - 2
        draw = engine.draws_if_ended(st)
        for i in range(draw):  # the cards to draw, as card backs
            x = 6 + i * 10
            c.fill_rect(x, top + 2, 22, 30, 0)
            c.rect(x, top + 2, 22, 30, 1)
            c.rect(x + 3, top + 5, 16, 24, 1)
        x = 16 + max(draw, 1) * 10 + 14
        if draw:
            text.draw(c, text.BODY, "Draw " + text.plural(draw, "card"), x, top + 2)
            text.draw(c, text.SMALL, "one per unspent action", x, top + 18)
        else:
            if st["players"][st["current"]]["missed"]:
                why = "Missed the Bus"
            elif st["last_by"] is not None:
                why = "the deck is empty"
            else:
                why = "no action left"
            text.draw(c, text.BODY, "No cards to draw", 6, top + 2)
            text.draw(c, text.SMALL, why, 6, top + 18)
        y = top + 36
        text.draw(c, text.BODY, "Cards in hand now:", 6, y)
        text.draw(c, text.BODY, "-" if self.hand < 0 else str(self.hand), 150, y)
        text.draw(c, text.SMALL, "UP/DOWN", 180, y + 2)
        y += 17
        if self.hand >= 0:
            after = self.hand + draw
            if after > engine.HAND_LIMIT:
                c.fill_rect(0, y - 1, WIDTH, 15, 1)
                text.draw(c, text.BODY, "%d after drawing: discard %d to 7"
                          % (after, after - engine.HAND_LIMIT), 6, y, 0)
            else:
                text.draw(c, text.BODY, "%d after drawing: hand is fine" % after, 6, y)
        else:
            text.draw(c, text.SMALL, "Count the hand for the 7-card reminder", 6, y + 2)
        y += 17
        if self.last:
            text.draw(c, text.BODY, "Took the last card: last round", 6, y)

    def button(self, b):
        if b == "UP" and self.hand < engine.MAX_VALUE:
            self.hand += 1
            self.changed()
        elif b == "DOWN" and self.hand >= 0:
            self.hand -= 1
            self.changed()
        elif b == "B" and self.can_mark_last():
            self.last = not self.last
            self.changed()
        elif b == "A":
            self.app.pop()
        elif b == "C":
            action = {"type": "end_turn"}  # type: dict
            if self.hand >= 0:
                action["hand"] = self.hand
            if self.last:
                action["last_card"] = True
            app = self.app
            if act.play(app, action):
                end = app.state["turn_end"]
                if end["discard"]:
                    who = seats.label(end["player"])
                    app.push(MessageBox(app, "Hand limit", "%s: discard %s to get down to 7."
                                        % (who, text.plural(end["discard"], "card"))))
