# Pulisci il Multisala's screens: setup, the spectator deal, the
# five halls, placement turns, physical-deck entries, per-hall scores, end
# of game with the solo record (MS-3..MS-12). The module the launcher loads;
# the screens live in turns.py, entry.py and score.py.
from usher.games.multisala import engine
from usher.ui import seats, text
from usher.ui.games.multisala import draw
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import ROW_H

GAME_ID = "multisala"


class Setup(Screen):
    """Players 1-5 (MS-3), virtual or physical deck (MS-12), variant (MS-11).
    UP/DOWN pick a line, B changes it, C starts."""
    title = "Pulisci il Multisala"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.options = {"players": 1, "mode": "virtual", "variant": False}
        self.focus = 0
        rec, problem = draw.load_record_checked(app)
        # A damaged record file is named here, once: a fresh (or the
        # previous) record is then in place (PL-11).
        self.record_text = draw.record_line(rec)
        self.record_problem = problem

    def keys(self):
        return ("Back", "Change", "Start")

    def status(self):
        return "Setup"

    def lines(self):
        o = self.options
        return (("Players", "solo" if o["players"] == 1 else str(o["players"])),
                ("Deck", "device (virtual)" if o["mode"] == "virtual" else "own cards (physical)"),
                ("Variant", "personalities ON" if o["variant"] else "OFF"))

    def draw_body(self, c):
        rows = self.lines()
        for i in range(len(rows)):
            y = BODY_Y + 2 + i * (ROW_H + 2)
            fg = 1
            if i == self.focus:
                c.fill_rect(0, y - 1, 296, ROW_H + 1, 1)
                fg = 0
            text.draw(c, text.BODY, rows[i][0], 6, y, fg)
            text.draw(c, text.BODY, rows[i][1], 90, y, fg)
        if self.record_problem:
            name, what = self.record_problem.split(": ", 1)
            text.draw(c, text.SMALL, name, 6, BODY_Y + 72)
            text.draw(c, text.SMALL, what, 6, BODY_Y + 86)
            return
        text.draw(c, text.SMALL, self.record_text, 6, BODY_Y + 72)
        text.draw(c, text.SMALL, "Solo: 5 rounds, try to beat the record", 6, BODY_Y + 86)

    def button(self, b):
        o = self.options
        if b == "UP":
            self.focus = (self.focus - 1) % 3
        elif b == "DOWN":
            self.focus = (self.focus + 1) % 3
        elif b == "B":
            if self.focus == 0:
                o["players"] = o["players"] % engine.MAX_PLAYERS + 1
            elif self.focus == 1:
                o["mode"] = "physical" if o["mode"] == "virtual" else "virtual"
            else:
                o["variant"] = not o["variant"]
        elif b == "A":
            self.app.pop()
            return
        elif b == "C":
            opts = dict(self.options)
            if opts["players"] == 1:
                # MS-14: the record this game is played against, as it stands now
                from usher.games.multisala import records
                from usher.ui.games.multisala import draw
                opts["to_beat"] = records.best(draw.load_record(self.app), opts["variant"])
            self.app.new_game(GAME_ID, opts)
            return
        self.changed()


def setup_screen(app):
    return Setup(app)


def progress(state):
    """How far the game got, for the question before abandoning it (PL-21)."""
    return "round %d of %d" % (state["round"], state["rounds"])


def play_screen(app):
    """The screen for app.state alone, so a restart lands on the same one."""
    st = app.state
    phase = st["phase"]
    if phase in ("scored", "over"):
        from usher.ui.games.multisala import score
        return score.End(app) if phase == "over" else score.Scores(app)
    if st["mode"] == "physical":
        from usher.ui.games.multisala import entry
        if phase == "reveal":
            return entry.Reveal(app)
        return entry.Board(app)
    from usher.ui.games.multisala import turns
    return turns.Board(app)


def _faces(lst):
    return ",".join(lst) if lst else "none"


def describe(a):
    t = a.get("type")
    if t == "place":
        return "%s: %d mask(s) on hall %d" % (seats.label(a["player"]), len(a["cards"]), a["hall"] + 1)
    if t == "pass":
        return "%s passes" % seats.label(a["player"])
    if t == "deal":
        return "Spectators dealt"
    if t == "next_round":
        return "Next round"
    if t == "hall":
        return "Hall %d: emotion %d, D4 %s" % (a["hall"] + 1, a["emotion"] + 1, a["d4"])
    if t == "mask":
        sign = a.get("morra")
        return "%s mask D6 %s%s on hall %d" % (seats.label(a["player"]), a["d6"],
                                                 " " + draw.MORRA_WORDS[sign] if sign else "",
                                                 a["hall"] + 1)
    if t == "reveal":
        return "Placement over: reveal"
    if t == "spectator":
        return "Hall %d spectator: emotion %d %s" % (a["hall"] + 1, a["emotion"] + 1,
                                                    "ON" if a["on"] else "OFF")
    if t == "unplayed":
        return "%s kept D6 %s" % (seats.label(a["player"]), _faces(a["d6"]))
    if t == "score":
        return "Round scored"
    return t
