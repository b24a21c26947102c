# Drawing helpers shared by Multisala's screens: emotion faces, the five hall
# columns, mask chips, signed numbers, and the solo record file (MS-10).
from usher.core import storage
from usher.core.game import GameError
from usher.games.multisala import record as record_file
from usher.games.multisala import records
from usher.ui import icons, seats, text
from usher.ui.screen import BODY_Y

HALLS = 5
COL_W = 59           # five hall columns across the 296-pixel screen
MORRA_WORDS = {"s": "sasso", "c": "carta", "f": "forbice"}
RECORD_FILE = "multisala_record.json"


def emotion_icon(i):
    """The generic face for an engine emotion index: the icon set has six
    faces (emotion_0..5); a transcribed deck may have up to ten emotions, so
    indexes 6-9 reuse the faces and draw_emotion adds the number."""
    return icons.emotion(i % 6)


def draw_emotion(c, i, x, y, color=1):
    """Emotion i's face at x, y (16x16); "?" when not entered yet."""
    if i is None:
        c.rect(x, y, 16, 16, color)
        text.draw_centered(c, text.SMALL, "?", x + 8, y + 3, color)
        return
    icons.draw(c, emotion_icon(i), x, y, color)
    if i >= 6:
        text.draw(c, text.SMALL, str(i + 1), x + 16, y + 6, color)


def emotion_name(state, i):
    return state["emotions"][i] if i is not None else "?"


def signed(n):
    return "+%d" % n if n > 0 else str(n)


def number_font(s, max_w):
    """The big digits when s fits in max_w pixels, else the body font."""
    return text.BIG if text.width(text.BIG, s) <= max_w else text.BODY


def player_name(p, font=None, max_w=None):
    """Seat p's label (usher.ui.seats: the one player label helper)."""
    return seats.label(p, font or text.SMALL, max_w)


def mask_chip(c, face, sign, x, y, color=1):
    """A mask: its D6 face in a 12x12 box, its Morra letter under it."""
    c.rect(x, y, 12, 12, color)
    text.draw_centered(c, text.SMALL, face, x + 6, y + 1, color)
    if sign:
        text.draw_centered(c, text.SMALL, sign, x + 6, y + 12, color)


def spectator_backs(c, n, x, y, color=1):
    """n face-down spectators as little card backs."""
    for i in range(n):
        c.fill_rect(x + i * 7, y, 5, 9, color)


def hall_column(c, state, h, view, x, focused=False, seen=None):
    """One hall as a column: number and owner, emotion face and name, D4 face
    with its spectators as card backs, masks placed."""
    y = BODY_Y
    fg = 1
    if focused:
        c.fill_rect(x, y - 1, COL_W - 1, 12, 1)
        c.rect(x, y - 1, COL_W - 1, 101, 1)
        fg = 0
    hx = text.draw(c, text.SMALL, "Hall %d" % (h + 1), x + 3, y, fg)
    if view["owner"] is not None:
        text.draw_right(c, text.SMALL, player_name(view["owner"], text.SMALL, x + COL_W - 4 - hx - 3),
                        x + COL_W - 4, y, fg)
    name = emotion_name(state, view["emotion"])
    if text.width(text.SMALL, name) <= COL_W - 26:
        draw_emotion(c, view["emotion"], x + 4, y + 14)
        text.draw(c, text.SMALL, name, x + 22, y + 17)
    else:
        # A longer name gets the whole row instead of its face, so it is
        # never cut short when the column can hold it.
        text.draw(c, text.SMALL, text.fit(text.SMALL, name, COL_W - 6), x + 4, y + 17)
    if view["d4"] is None:
        text.draw(c, text.SMALL, "D4 ?", x + 4, y + 36)
    else:
        icons.draw(c, icons.d4(int(view["d4"]) if view["d4"] != "b" else 0), x + 4, y + 33)
        spectator_backs(c, view["spectators"], x + 24, y + 36)
    masks = view["masks"]
    for i in range(len(masks)):
        mx = x + 4 + (i % 4) * 13
        my = y + 56 + (i // 4) * 24
        mask_chip(c, masks[i][0], masks[i][1], mx, my)


def draw_halls(c, state, focus=None):
    for h in range(HALLS):
        hall_column(c, state, h, _view(state, h), h * COL_W, focus == h)
        if h and focus != h and focus != h - 1:
            c.vline(h * COL_W - 1, BODY_Y, 100, 1)


def _view(state, h):
    from usher.games.multisala import engine
    return engine.hall_view(state, h)


def refusal(app, action):
    """The engine's message if it would refuse action now, else None (the
    state is not touched: apply works on a copy)."""
    try:
        app.engine.apply(app.state, action)
    except GameError as e:
        return seats.in_words(e.message)
    return None


# --- the solo record (MS-10) ------------------------------------------------

def record_path(app):
    return storage.join(app.data_dir, RECORD_FILE)


def load_record(app):
    return load_record_checked(app)[0]


def load_record_checked(app):
    """(record, problem or None); a damaged record file is logged by name."""
    rec, problem, detail = record_file.load_checked(record_path(app))
    if problem:
        app.log("error", "%s (%s)" % (problem, detail))
    return rec, problem


def record_line(rec):
    base = records.best(rec, False)
    var = records.best(rec, True)
    return "Solo record: %s, variant %s" % ("-" if base is None else base,
                                              "-" if var is None else var)


def finish_solo(app):
    """Called whenever a finished solo game is shown: updates the record file
    (a tie does not beat it, so showing the end again writes nothing) and
    remembers which game beat it, so "New record!" survives a restart.
    Returns (record dict, this game set the record, problem or None: a
    damaged record file, logged; PL-23: the end screen reading it first
    names it)."""
    st = app.state
    path = record_path(app)
    rec, problem = load_record_checked(app)
    rec, beaten = record_file.finish_game(path, st, rec)
    seed = app.record["seed"]
    if beaten:
        rec["set_by"] = seed
        record_file.save(path, rec)
    new = rec.get("set_by") == seed and records.best(rec, st["variant"]) == st["totals"][0]
    return rec, new, problem


def d4_icon(face):
    return icons.d4(int(face) if face != "b" else 0)


def d6_icon(face):
    return icons.d6(int(face) if face != "b" else 0)
