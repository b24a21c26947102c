# The reveal and scores (MS-6..MS-8, MS-11), running totals, and the end of
# the game with the winner and the solo record (MS-10).
from usher.games.multisala import engine
from usher.ui import icons, text
from usher.ui.games.multisala import draw
from usher.ui.history import History, end_button
from usher.ui.screen import BODY_Y, Screen

PAGES = 7  # summary, halls 1-5, players


def show_result(app):
    """After the action that scored a round: its scores; after the last
    round the end screen sits under them (a restart lands on the end)."""
    app.show_game()
    if app.state["phase"] == "over":
        app.push(Scores(app, final=True))


class Scores(Screen):
    """A scored round. UP/DOWN page through: all halls at a glance with the
    players' round and total, each hall's breakdown, the players' lines."""

    def __init__(self, app, final=False):
        Screen.__init__(self, app)
        self.page = 0
        self.final = final
        self.changed()

    def changed(self):
        self.dirty = True
        st = self.app.state
        r = "Round %d/%d" % (st["round"], st["rounds"])
        if self.page == 0:
            self.title = r + " scores"
        elif self.page <= 5:
            self.title = r + ": hall %d" % self.page
        else:
            self.title = r + ": players"

    def status(self):
        # Say which button turns the pages (PL-7: UP/DOWN move).
        return "DOWN: next page  %d/%d" % (self.page + 1, PAGES)

    def keys(self):
        if self.app.state["phase"] == "over":
            return ("History", None, "Final result")
        return ("History", None, "Next round")

    def draw_body(self, c):
        if self.page == 0:
            self._summary(c)
        elif self.page <= 5:
            self._hall(c, self.page - 1)
        else:
            self._players(c)
        # page marks: where UP/DOWN lead
        for i in range(PAGES):
            x = 262 + i * 5
            if i == self.page:
                c.fill_rect(x, 110, 4, 4, 1)
            else:
                c.rect(x, 110, 4, 4, 1)

    def _summary(self, c):
        st = self.app.state
        b = st["breakdown"]
        y = BODY_Y
        for h in range(draw.HALLS):
            x = h * draw.COL_W
            hb = b["halls"][h]
            if h:
                c.vline(x - 1, y, 50, 1)
            text.draw(c, text.SMALL, "Hall %d" % (h + 1), x + 3, y)
            draw.draw_emotion(c, st["halls"][h]["emotion"], x + 3, y + 12)
            owner = draw.player_name(hb["owner"], text.SMALL, draw.COL_W - 26) \
                if hb["owner"] is not None else "all"
            text.draw(c, text.SMALL, owner, x + 24, y + 15)
            res = hb["result"] if hb["owner"] is not None else -hb["disorder"]
            text.draw(c, text.BODY, draw.signed(res), x + 4, y + 32)
        c.hline(0, y + 52, 296, 1)
        n = st["players"]
        for p in range(n):
            x = p * draw.COL_W
            delta = draw.signed(b["delta"][p])
            room = draw.COL_W if n > 1 else 200    # solo: the whole row is free
            who = draw.player_name(p, text.SMALL, room - 12 - text.width(text.SMALL, delta))
            text.draw(c, text.SMALL, "%s  %s" % (who, delta), x + 3, y + 55)
            tot = str(st["totals"][p])
            text.draw(c, draw.number_font(tot, draw.COL_W - 5), tot, x + 3, y + 68)
        if n <= 3:
            text.draw_right(c, text.SMALL, "round, total", 294, y + 55)

    def _hall(self, c, h):
        st = self.app.state
        hb = st["breakdown"]["halls"][h]
        emo = st["halls"][h]["emotion"]
        y = BODY_Y
        draw.draw_emotion(c, emo, 3, y)
        owner = "owner " + draw.player_name(hb["owner"], text.SMALL, 60) if hb["owner"] is not None \
            else "no masks"
        text.draw(c, text.SMALL, text.fit(text.SMALL, "%s, %s" % (draw.emotion_name(st, emo), owner), 120),
                  22, y + 3)
        masks = engine.hall_view(st, h)["masks"] if hb["owner"] is not None else []
        ly = y + 20
        if masks:
            text.draw(c, text.SMALL, "Cleaning %s" % draw.signed(hb["cleaning"]), 3, ly)
            for i in range(len(masks)):
                draw.mask_chip(c, masks[i][0], masks[i][1] if st["variant"] else None,
                               80 + i * 14, ly - 1)
            ly += 24
        words = []
        if "s" in hb["personalities"]:
            words.append("sasso: one OFF counts 2")
        if hb["carta"]:
            words.append("carta +%d" % hb["carta"])
        elif "c" in hb["personalities"]:
            words.append("carta +0")
        if "f" in hb["personalities"]:
            words.append("forbice -%d disorder" % hb["forbice"])
        for w in words:
            text.draw(c, text.SMALL, w, 3, ly)
            ly += 11
        text.draw(c, text.SMALL, "Disorder -%d" % hb["disorder"], 3, y + 76)
        if hb["owner"] is not None:
            line = "%s: %s" % (draw.player_name(hb["owner"], text.BODY, 100), draw.signed(hb["result"]))
        else:
            line = "every player %s" % draw.signed(-hb["disorder"])
        text.draw(c, text.BODY, line, 3, y + 87)
        # the revealed spectators, one line each: emotion, switch, disorder
        c.vline(146, y, 100, 1)
        seen = hb["seen"]
        for i in range(len(seen)):
            sy = y + i * 24
            draw.draw_emotion(c, seen[i][0], 152, sy)
            icons.draw(c, "switch_on" if seen[i][1] else "switch_off", 174, sy)
            v = hb["spectators"][i]
            if seen[i][0] == emo:
                lab = "same: +3" if "c" in hb["personalities"] else "same: 0"
            else:
                lab = "-%d" % v
            name = text.fit(text.SMALL, draw.emotion_name(st, seen[i][0]), 62)
            text.draw(c, text.SMALL, name, 194, sy + 3)
            text.draw_right(c, text.SMALL, lab, 294, sy + 3)

    def _players(self, c):
        st = self.app.state
        b = st["breakdown"]
        y = BODY_Y
        for x, lab in ((3, "player"), (60, "halls"), (120, "hand"), (176, "round"), (236, "total")):
            text.draw(c, text.SMALL, lab, x, y)
        c.hline(0, y + 11, 296, 1)
        for p in range(st["players"]):
            ry = y + 14 + p * 14
            halls = b["delta"][p] + b["unplayed"][p]
            text.draw(c, text.BODY, draw.player_name(p, text.BODY, 55), 3, ry)
            text.draw(c, text.BODY, draw.signed(halls), 60, ry)
            text.draw(c, text.BODY, draw.signed(-b["unplayed"][p]), 120, ry)
            text.draw(c, text.BODY, draw.signed(b["delta"][p]), 176, ry)
            text.draw(c, text.BODY, str(st["totals"][p]), 236, ry)
        text.draw(c, text.SMALL, "hand: masks left in hand lose their D6", 3, y + 88)

    def button(self, b):
        app = self.app
        if b == "UP":
            self.page = (self.page - 1) % PAGES
            self.changed()
        elif b == "DOWN":
            self.page = (self.page + 1) % PAGES
            self.changed()
        elif b == "A":
            app.push(History(app))
        elif b == "C" and app.state["phase"] == "over":
            if self.final:
                app.pop()
            else:
                app.push(End(app))
        elif b == "C":
            if app.play({"type": "next_round"}):
                app.show_game()


class End(Screen):
    """The final totals and the winner(s); solo: the score against the
    record kept in flash (MS-10), "New record!" when it was beaten."""
    title = "Game over"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.new_record = False
        self.best = None
        self.record_problem = None
        st = app.state
        if st["players"] == 1:
            rec, self.new_record, self.record_problem = draw.finish_solo(app)
            from usher.games.multisala import records
            self.best = records.best(rec, st["variant"])
            self.record_text = draw.record_line(rec)

    def status(self):
        return "DOWN: scores" + ("  variant" if self.app.state["variant"] else "")

    def keys(self):
        # B shares the play (PL-19); the final scores moved to DOWN.
        return ("History", "Share", "Done")

    def draw_body(self, c):
        st = self.app.state
        y = BODY_Y
        if st["players"] == 1:
            text.draw(c, text.BODY, "Final score", 6, y + 4)
            text.draw(c, text.BIG, str(st["totals"][0]), 6, y + 22)
            if engine.winners(st):          # MS-14: won, the record beaten (or none yet)
                c.fill_rect(130, y + 20, 160, 28, 1)
                text.draw_centered(c, text.BODY, "Won: new record!" if self.new_record else "Won",
                                   210, y + 27, 0)
            else:
                text.draw(c, text.BODY, "Lost: record %s" % st["to_beat"], 130, y + 27)
            text.draw(c, text.SMALL, "5 rounds solo%s" % (" with the variant" if st["variant"] else ""),
                      6, y + 56)
            if self.record_problem:
                # PL-23: the damaged record file is named by the first screen
                # that reads it (repaired since: the next read is clean)
                name, what = self.record_problem.split(": ", 1)
                text.draw(c, text.SMALL, name, 6, y + 70)
                text.draw(c, text.SMALL, what, 6, y + 84)
                return
            text.draw(c, text.SMALL, self.record_text, 6, y + 70)
            return
        win = engine.winners(st)
        if len(win) == 1:
            line = "%s wins!" % draw.player_name(win[0], text.BODY, 240)
        else:
            w = 280 // len(win) - 12
            line = "Tie: " + ", ".join([draw.player_name(p, text.BODY, w) for p in win])
        c.fill_rect(0, y, 296, 18, 1)
        text.draw_centered(c, text.BODY, line, 148, y + 2, 0)
        n = st["players"]
        col = 296 // n
        for p in range(n):
            x = p * col
            if p in win:
                c.rect(x + 1, y + 22, col - 2, 64, 1)
            mark = "" if p not in win else (" wins" if len(win) == 1 else " (tie)")
            who = draw.player_name(p, text.SMALL, col - 10 - text.width(text.SMALL, mark))
            text.draw(c, text.SMALL, who + mark, x + 5, y + 26)
            tot = str(st["totals"][p])
            text.draw(c, draw.number_font(tot, col - 8), tot, x + 5, y + 42)
        text.draw(c, text.SMALL, "%d rounds played" % st["rounds"], 4, y + 90)

    def button(self, b):
        app = self.app
        if b == "DOWN":
            app.push(Scores(app, final=True))
        else:
            end_button(app, b)
