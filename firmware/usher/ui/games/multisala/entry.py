# Physical-deck screens (MS-12): the players type in what is on the table.
# Deal: each hall's emotion and D4. Placement: masks (owner, D6, Morra with
# the variant) hall by hall, hall ownership checked by the engine (MS-5).
# Reveal: each hall's spectators (emotion, switch) and each player's kept
# masks (MS-8), then the score.
from usher.games.multisala import cards, engine
from usher.ui import seats, text
from usher.ui.games.multisala import draw
from usher.ui.games.multisala.turns import round_title
from usher.ui.history import History
from usher.ui.screen import Screen
from usher.ui.widgets import ChoiceEntry, Confirm, Menu


def _emotion_choices(st):
    out = []
    for i in range(len(st["emotions"])):
        out.append(("%d %s" % (i + 1, st["emotions"][i]), i, draw.emotion_icon(i)))
    return out


D4_CHOICES = [("D4 1", "1", "d4_1"), ("D4 2", "2", "d4_2"), ("D4 3", "3", "d4_3"),
              ("D4 4", "4", "d4_4"), ("bilico (2)", "b", "bilico")]
D6_CHOICES = [("D6 1", "1", "d6_1"), ("D6 2", "2", "d6_2"), ("D6 3", "3", "d6_3"),
              ("D6 4", "4", "d6_4"), ("D6 5", "5", "d6_5"), ("D6 6", "6", "d6_6"),
              ("bilico (3)", "b", "bilico")]
MORRA_CHOICES = [("sasso", "s", None), ("carta", "c", None), ("forbice", "f", None)]
SWITCH_CHOICES = [("ON (1 disorder)", True, "switch_on"), ("OFF (2 disorder)", False, "switch_off")]


def _index(choices, value):
    for i in range(len(choices)):
        if choices[i][1] == value:
            return i
    return 0


def _back(app, focus):
    """Back to the game's screen with the same line or hall in focus."""
    app.show_game()
    top = app.top()
    if hasattr(top, "focus"):
        top.focus = focus
        top.changed()


def _ask(app, first, title, prompt, choices, index, then, focus):
    s = ChoiceEntry(app, title, prompt, choices, lambda a, v: then(v), index,
                    on_cancel=lambda a: _back(a, focus))
    if first:
        app.push(s)
    else:
        app.replace(s)


def _play(app, action, focus):
    if app.play(action):
        _back(app, focus)
        return True
    return False


class Board(Screen):
    """The five halls. Deal phase: C enters the focused hall's card. Placement:
    C adds a mask on the focused hall, B ends the placement (reveal)."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.focus = 0
        st = app.state
        if st["phase"] == "deal":
            self.title = round_title(st) + ": enter the halls"
        else:
            self.title = round_title(st) + ": masks on the halls"

    def status(self):
        return "first " + seats.label(self.app.state["first"], text.SMALL, 60)

    def keys(self):
        if self.app.state["phase"] == "deal":
            return ("History", None, "Enter hall")
        return ("History", "Reveal", "Add mask")

    def draw_body(self, c):
        draw.draw_halls(c, self.app.state, self.focus)

    def button(self, b):
        app = self.app
        deal = app.state["phase"] == "deal"
        if b == "A":
            app.push(History(app))
        elif b in ("UP", "DOWN"):
            self.focus = (self.focus + (1 if b == "DOWN" else -1)) % draw.HALLS
            self.changed()
        elif b == "C" and deal:
            self._hall()
        elif b == "C":
            if app.state["players"] == 1:
                self._mask_owner(0, True)
            else:
                _ask(app, True, "Mask on hall %d" % (self.focus + 1), "Whose mask?",
                     [(seats.label(p), p, None) for p in range(app.state["players"])], 0,
                     lambda p: self._mask_owner(p, False), self.focus)
        elif b == "B" and not deal:
            app.push(Confirm(app, "Reveal", "Placement over? Then turn the spectators "
                             "face up and enter them.", lambda a: _play(a, {"type": "reveal"}, 0)))

    def _hall(self):
        app = self.app
        st = app.state
        h = self.focus
        hall = st["halls"][h]
        title = "Hall %d card" % (h + 1)

        def d4(emo):
            _ask(app, False, title, "Hall %d: its D4 face" % (h + 1), D4_CHOICES,
                 _index(D4_CHOICES, hall["d4"]),
                 lambda face: _play(app, {"type": "hall", "hall": h, "emotion": emo, "d4": face},
                                    (h + 1) % draw.HALLS), h)

        _ask(app, True, title, "Hall %d: the film's emotion" % (h + 1), _emotion_choices(st),
             hall["emotion"] or 0, d4, h)

    def _mask_owner(self, p, first):
        app = self.app
        h = self.focus
        # MS-5 and the hand size: the engine's own refusal, before the faces
        msg = draw.refusal(app, {"type": "mask", "player": p, "hall": h, "d6": "1", "morra": "s"})
        if msg:
            if not first:
                app.pop()
            app.show_message("Not allowed", msg)
            return
        title = "%s mask on hall %d" % (seats.label(p), h + 1)

        def morra(face):
            if not app.state["variant"]:
                _play(app, {"type": "mask", "player": p, "hall": h, "d6": face}, h)
                return
            _ask(app, False, title, "Its Morra sign (personality)", MORRA_CHOICES, 0,
                 lambda sign: _play(app, {"type": "mask", "player": p, "hall": h, "d6": face,
                                          "morra": sign}, h), h)

        _ask(app, first, title, "The mask's D6 face", D6_CHOICES, 0, morra, h)


def Reveal(app):
    """Reveal phase: a line per hall (spectators entered / its D4 value), a
    line per player (masks kept in hand), then Score."""
    st = app.state
    items = []
    for h in range(draw.HALLS):
        hall = st["halls"][h]
        n = cards.d4_value(hall["d4"])
        items.append(("Hall %d %s: %d/%d spectators" % (h + 1, st["emotions"][hall["emotion"]],
                                                        len(hall["spectators"]), n),
                      ("hall", h), draw.emotion_icon(hall["emotion"])))
    size = engine.hand_size(st)
    for p in range(st["players"]):
        left = size - engine.played_count(st, p)
        kept = st["unplayed"][p]
        shown = "?" if kept is None else (",".join(kept) if kept else "none")
        items.append(("%s kept %d mask(s): D6 %s" % (seats.label(p, text.BODY, 90), left, shown),
                      ("player", p), None))
    items.append(("Score the round", ("score", 0), None))
    m = Menu(app, round_title(st) + ": reveal", items, _reveal_choose,
             on_back=lambda a: a.push(History(a)), keys=("History", None, "Enter"))
    return m


def _reveal_choose(app, value):
    kind, i = value
    st = app.state
    focus = app.top().focus
    if kind == "score":
        if app.play({"type": "score"}):
            from usher.ui.games.multisala import score
            score.show_result(app)
    elif kind == "hall":
        msg = draw.refusal(app, {"type": "spectator", "hall": i, "emotion": 0, "on": True})
        if msg:
            app.show_message("Not allowed", msg)
            return
        _spectator(app, i, focus, True)
    else:
        left = engine.hand_size(st) - engine.played_count(st, i)
        _kept(app, i, left, [], focus, True)


def _spectator(app, h, focus, first):
    st = app.state
    hall = st["halls"][h]
    n = cards.d4_value(hall["d4"])
    k = len(hall["spectators"]) + 1
    title = "Hall %d spectator %d of %d" % (h + 1, k, n)

    def switch(emo):
        def done(on):
            if app.play({"type": "spectator", "hall": h, "emotion": emo, "on": on}):
                if k < n:
                    _spectator(app, h, focus, False)  # straight on to the next one
                else:
                    _back(app, focus)

        _ask(app, False, title, "Its switch", SWITCH_CHOICES, 0, done, focus)

    _ask(app, first, title, "Spectator's emotion (hall: %s)" % st["emotions"][hall["emotion"]],
         _emotion_choices(st), 0, switch, focus)


def _kept(app, p, left, faces, focus, first):
    if len(faces) == left:
        _play(app, {"type": "unplayed", "player": p, "d6": faces}, focus)
        return
    title = "%s: masks kept in hand" % seats.label(p)
    _ask(app, first, title, "Kept mask %d of %d: its D6" % (len(faces) + 1, left), D6_CHOICES, 0,
         lambda face: _kept(app, p, left, faces + [face], focus, False), focus)

