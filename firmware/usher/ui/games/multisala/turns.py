# Virtual-deck screens (MS-4, MS-5, MS-12): the five halls with the
# placement turns, the spectator deal shown hall by hall, and the hand of
# the player on turn to pick 1-3 masks for a hall.
from usher.games.multisala import engine
from usher.ui import icons, seats, text
from usher.ui.games.multisala import draw
from usher.ui.history import History
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import Confirm


def round_title(st):
    return "Round %d/%d" % (st["round"], st["rounds"])


class Board(Screen):
    """The five halls at a glance (emotion, D4 and spectators, masks and
    owner). Deal phase: C deals the spectators (MS-4). Placement: UP/DOWN
    choose a hall, C picks masks for it, B passes (MS-5)."""

    def __init__(self, app, focus=0):
        super().__init__(app)
        self.focus = focus
        st = app.state
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
            return ("History", None, "Deal")
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
        elif b == "C" and st["phase"] == "deal":
            if app.play({"type": "deal"}):
                app.show_game()
                app.push(DealShow(app, 0))
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
        app.push(Hand(app, self.focus))

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
        if app.state["phase"] in ("scored", "over"):
            from usher.ui.games.multisala import score
            score.show_result(app)
        else:
            app.show_game()


class DealShow(Screen):
    """MS-4, the spectator deal hall by hall: the hall's emotion, its D4 and
    the face-down spectators it got. UP/DOWN or C step through the halls."""

    def __init__(self, app, hall):
        super().__init__(app)
        self.hall = hall
        self.changed()

    def changed(self):
        self.dirty = True
        self.title = "Spectator deal: hall %d of 5" % (self.hall + 1)

    def status(self):
        return round_title(self.app.state)

    def keys(self):
        return ("Halls", None, "Next hall" if self.hall < 4 else "Place masks")

    def draw_body(self, c):
        st = self.app.state
        v = engine.hall_view(st, self.hall)
        y = BODY_Y + 4
        draw.draw_emotion(c, v["emotion"], 8, y)
        name = draw.emotion_name(st, v["emotion"])
        text.draw(c, text.BODY, "Hall %d: %s" % (self.hall + 1, name), 30, y + 1)
        icons.draw(c, draw.d4_icon(v["d4"]), 8, y + 26)
        face = "bilico = 2" if v["d4"] == "b" else v["d4"]
        text.draw(c, text.BODY, "D4 %s:  %d spectators" % (face, v["spectators"]), 30, y + 27)
        for i in range(v["spectators"]):
            x = 30 + i * 22
            c.fill_rect(x, y + 50, 16, 24, 1)
            c.rect(x + 3, y + 53, 10, 18, 0)
        # the other halls, small, with the current one marked
        for h in range(draw.HALLS):
            x = 200 + (h % 3) * 32
            yy = y + 44 + (h // 3) * 28
            draw.draw_emotion(c, engine.hall_view(st, h)["emotion"], x, yy)
            text.draw(c, text.SMALL, str(engine.hall_view(st, h)["spectators"]), x + 18, yy + 4)
            if h == self.hall:
                c.rect(x - 2, yy - 2, 29, 20, 1)

    def button(self, b):
        if b == "A" or (b == "C" and self.hall == 4):
            self.app.pop()
        elif b in ("C", "DOWN") and self.hall < 4:
            self.hall += 1
            self.changed()
        elif b == "UP" and self.hall > 0:
            self.hall -= 1
            self.changed()


class Hand(Screen):
    """The hand of the player on turn (MS-5): each mask's D6 and Morra sign;
    B picks or drops the focused mask, C places the picked ones on the hall."""

    def __init__(self, app, hall):
        super().__init__(app)
        self.hall = hall
        self.focus = 0
        self.picked = []
        st = app.state
        self.player = st["turn"]
        self.title = "%s: masks for hall %d" % (seats.label(self.player), hall + 1)

    def status(self):
        return "%d picked" % len(self.picked)

    def keys(self):
        hand = self.app.state["hands"][self.player]
        pick = "Drop" if hand and hand[self.focus] in self.picked else "Pick"
        return ("Back", pick, "Place")

    def draw_body(self, c):
        st = self.app.state
        v = engine.hall_view(st, self.hall)
        y = BODY_Y + 2
        draw.draw_emotion(c, v["emotion"], 4, y)
        text.draw(c, text.SMALL, text.fit(text.SMALL, draw.emotion_name(st, v["emotion"]), 78), 24, y + 3)
        text.draw(c, text.SMALL, "%d spectators" % v["spectators"], 4, y + 20)
        ms = v["masks"]
        text.draw(c, text.SMALL, "masks: %d" % len(ms), 4, y + 34)
        for i in range(len(ms)):
            draw.mask_chip(c, ms[i][0], ms[i][1], 4 + i * 14, y + 48)
        text.draw(c, text.SMALL, "total %d" % st["totals"][self.player], 4, y + 88)
        c.vline(104, BODY_Y, 100, 1)
        hand = engine.hand_view(st, self.player)
        for i in range(len(hand)):
            _, face, sign = hand[i]
            ry = BODY_Y + 1 + i * 24
            fg = 1
            if i == self.focus:
                c.fill_rect(106, ry - 1, 190, 22, 1)
                fg = 0
            c.rect(110, ry + 5, 10, 10, fg)
            if hand[i][0] in self.picked:
                c.fill_rect(112, ry + 7, 6, 6, fg)
            icons.draw(c, draw.d6_icon(face), 126, ry + 2, fg)
            label = "D6 %s  %s" % ("bilico (3)" if face == "b" else face, draw.MORRA_WORDS[sign])
            text.draw(c, text.BODY, label, 148, ry + 3, fg)

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
            # a refusal (more than 3) shows the engine's message
            _play(app, {"type": "place", "player": self.player, "hall": self.hall,
                        "cards": sorted(self.picked)})
