# Virtual-deck screens (MS-4, MS-5, MS-12): the five halls with the
# placement turns, the spectator deal shown hall by hall, and the hand of
# the player on turn to pick 1-3 masks for a hall.
from usher.games.multisala import engine
from usher.ui import icons, seats, text
from usher.ui.games.multisala import draw
from usher.ui.history import History
from usher.ui.screen import Screen
from usher.ui.widgets import Confirm


def round_title(st):
    return "Round %d/%d" % (st["round"], st["rounds"])


class Board(Screen):
    """The five halls at a glance (emotion, D4 and spectators, masks and
    owner). Deal phase: C deals the spectators (MS-4) and shows them on the
    halls, B deals and shows them hall by hall. Placement: UP/DOWN
    choose a hall, C picks masks for it, B passes (MS-5)."""

    def __init__(self, app, focus=0):
        Screen.__init__(self, app)
        self.focus = focus
        self.changed()

    def changed(self):
        # the title follows the state: a window over the halls closes back
        # to this same screen after a placement (Hand)
        self.dirty = True
        st = self.app.state
        if st["phase"] == "deal":
            self.title = round_title(st) + ": deal the spectators"
        else:
            self.title = "%s: %s to play" % (round_title(st), seats.label(st["turn"]))

    def status(self):
        st = self.app.state
        return "first " + seats.label(st["first"], text.SMALL, 60) if st["players"] > 1 \
            else "total %d" % st["totals"][0]

    def keys(self):
        if self.app.state["phase"] == "deal":
            return ("History", "Deal by hall", "Deal")
        return ("History", "Pass", "Masks")

    def draw_body(self, c):
        deal = self.app.state["phase"] == "deal"
        draw.draw_halls(c, self.app.state, None if deal else self.focus)

    def button(self, b):
        app = self.app
        st = app.state
        if b == "A":
            app.push(History(app))
        elif b in ("UP", "DOWN") and st["phase"] == "placement":
            self.focus = (self.focus + (1 if b == "DOWN" else -1)) % draw.HALLS
            self.changed()
        elif b in ("B", "C") and st["phase"] == "deal":
            # A deal the device made is seen at once on the halls (their D4
            # and spectators); B walks it hall by hall instead (MS-4).
            if app.play({"type": "deal"}):
                app.show_game()
                if b == "B":
                    app.push(DealShow(app, 0, app.top()))
        elif b == "C":
            self._masks()
        elif b == "B" and st["phase"] == "placement":
            self._pass()

    def _masks(self):
        app = self.app
        st = app.state
        p = st["turn"]
        hand = st["hands"][p]
        if not hand:
            app.show_message("No masks", "%s has no masks left: pass (B)." % seats.label(p))
            return
        # MS-5 hall ownership: the engine's own refusal, before picking masks
        msg = draw.refusal(app, {"type": "place", "player": p, "hall": self.focus, "cards": [hand[0]]})
        if msg:
            app.show_message("Not allowed", msg)
            return
        app.push(Hand(app, self.focus, self))

    def _pass(self):
        app = self.app
        st = app.state
        p = st["turn"]
        action = {"type": "pass", "player": p}
        if st["passes"] + 1 >= st["players"]:
            left = len(st["hands"][p])
            q = "%s passes. Everyone has passed: reveal and score the halls?" % seats.label(p)
            if left:
                q += " (%d mask(s) left in hand cost their D6.)" % left
            app.push(Confirm(app, "Pass", q, lambda a: _play(a, action)))
        else:
            _play(app, action)


def _play(app, action):
    if app.play(action):
        _after_play(app)


def _after_play(app):
    if app.state["phase"] in ("scored", "over"):
        from usher.ui.games.multisala import score
        score.show_result(app)
    else:
        app.show_game()


class DealShow(Screen):
    """MS-4, the spectator deal hall by hall: a window over the halls (whose
    D4 and spectators stay in view above it) with one hall's emotion, D4
    and face-down spectators; that hall's column is the one marked above.
    UP/DOWN or C step through the halls. A window, so stepping, opening and
    closing it update only the rows that change, not the whole panel
    (PL-15, PL-18)."""
    dialog = True

    def __init__(self, app, hall, board=None):
        Screen.__init__(self, app)
        self.hall = hall
        self.board = board  # the halls' screen below, which marks the hall
        self.changed()

    def place(self, lines=None):
        # two lines of text: the window starts under the halls' D4 rows
        Screen.place(self, 2)

    def changed(self):
        self.dirty = True
        self.title = "Spectator deal: hall %d of 5" % (self.hall + 1)
        self._mark(self.hall)

    def _mark(self, hall):
        if self.board is not None:
            self.board.focus = hall
            self.board.dirty = True  # drawn again under the window (App._draw)

    def status(self):
        return round_title(self.app.state)

    def keys(self):
        return ("Halls", None, "Next hall" if self.hall < 4 else "Place masks")

    def draw_body(self, c):
        st = self.app.state
        v = engine.hall_view(st, self.hall)
        y = self.body_y()
        draw.draw_emotion(c, v["emotion"], 4, y)
        name = draw.emotion_name(st, v["emotion"])
        text.draw(c, text.BODY, text.fit(text.BODY, "Hall %d: %s" % (self.hall + 1, name), 170), 24, y + 1)
        icons.draw(c, draw.d4_icon(v["d4"]), 4, y + 17)
        face = "bilico = 2" if v["d4"] == "b" else v["d4"]
        text.draw(c, text.BODY, "D4 %s:  %d spectators" % (face, v["spectators"]), 24, y + 18)
        for i in range(v["spectators"]):
            x = 200 + i * 22
            c.fill_rect(x, y + 4, 16, 24, 1)
            c.rect(x + 3, y + 7, 10, 18, 0)

    def button(self, b):
        if b == "A" or (b == "C" and self.hall == 4):
            self._mark(0)  # placement starts on hall 1
            self.app.pop()
        elif b in ("C", "DOWN") and self.hall < 4:
            self.hall += 1
            self.changed()
        elif b == "UP" and self.hall > 0:
            self.hall -= 1
            self.changed()


class Hand(Screen):
    """The hand of the player on turn (MS-5), a window over the halls (the
    hall's column is the one marked above it): each mask's D6 and Morra
    sign, two to a row; B picks or drops the focused mask, C places the
    picked ones on the hall. A window, so moving, picking, opening and
    placing update only the rows that change (PL-15, PL-18)."""
    dialog = True
    CELL_W = 148
    CELL_H = 17

    def __init__(self, app, hall, board=None):
        Screen.__init__(self, app)
        self.hall = hall
        self.board = board  # the halls' screen below
        self.focus = 0
        self.picked = []
        st = app.state
        self.player = st["turn"]
        self.title = "%s: masks for hall %d" % (seats.label(self.player), hall + 1)

    def place(self, lines=None):
        # a hand holds at most 4 masks (MS-3): two rows of two
        Screen.place(self, 2)

    def status(self):
        return "%d picked" % len(self.picked)

    def keys(self):
        hand = self.app.state["hands"][self.player]
        pick = "Drop" if hand and hand[self.focus] in self.picked else "Pick"
        return ("Back", pick, "Place")

    def draw_body(self, c):
        st = self.app.state
        top = self.body_y()
        hand = engine.hand_view(st, self.player)
        for i in range(len(hand)):
            cid, face, sign = hand[i]
            x = (i % 2) * self.CELL_W
            y = top + (i // 2) * self.CELL_H
            fg = 1
            if i == self.focus:
                c.fill_rect(x, y, self.CELL_W, self.CELL_H, 1)
                fg = 0
            c.rect(x + 4, y + 4, 10, 10, fg)
            if cid in self.picked:
                c.fill_rect(x + 6, y + 6, 6, 6, fg)
            icons.draw(c, draw.d6_icon(face), x + 18, y + 1, fg)
            label = "%s %s" % ("bilico (3)" if face == "b" else face, draw.MORRA_WORDS[sign])
            text.draw(c, text.BODY, label, x + 38, y + 2, fg)

    def button(self, b):
        app = self.app
        hand = app.state["hands"][self.player]
        n = len(hand)
        if b == "UP" and n:
            self.focus = (self.focus - 1) % n
            self.changed()
        elif b == "DOWN" and n:
            self.focus = (self.focus + 1) % n
            self.changed()
        elif b == "B" and n:
            cid = hand[self.focus]
            if cid in self.picked:
                self.picked.remove(cid)
            else:
                self.picked.append(cid)
            self.changed()
        elif b == "A":
            app.pop()
        elif b == "C" and not self.picked:
            app.show_message("Place masks", "Nothing picked yet. B picks the focused mask "
                             "(1 to 3 of them), then C places them on hall %d." % (self.hall + 1))
        elif b == "C":
            # a refusal (more than 3) shows the engine's message over the hand
            action = {"type": "place", "player": self.player, "hall": self.hall,
                      "cards": sorted(self.picked)}
            if app.play(action):
                if app.state["phase"] == "placement":
                    # back to the halls below, focus on hall 1 for the next
                    # turn as before: closing the window updates its rows
                    # and the hall's column, not the whole panel
                    if self.board is not None:
                        self.board.focus = 0
                    app.pop()
                else:
                    _after_play(app)
