# Take a Seat engine: solo game against the Automa and multiplayer turn
# tracker with scoring. Actions and state: docs/actions/takeaseat.md; rules:
# docs/rules/takeaseat.md (TS-1..TS-22).
from usher.core import game, rng
from usher.core.game import GameError
from usher.games.takeaseat import deck as dk
from usher.games.takeaseat import panels as pn
from usher.games.takeaseat import scoring as sc
from usher.games.takeaseat import tickets as tk

GAME_ID = "takeaseat"
TURNS = 14  # TS-5
OBJECTIVE_MODES = ("first", "standard", "any", "entered")
MAX_COUNT = 999  # entered numbers above this are typing mistakes
RIGHT = 0
LEFT = 1
SIDES = ("right", "left")


def panel_for_turn(turn):
    """TS-5: the player's panel (RIGHT on odd turns, LEFT on even turns)."""
    return RIGHT if turn % 2 == 1 else LEFT


def _pick(st, pool, n):
    items = list(pool)
    rng.shuffle(st, items)
    return items[:n]


def pick_objectives(st, mode, entered=None):
    """TS-14: objective ids for slots A-D."""
    if mode == "first":
        return _pick(st, sc.CATEGORY_1, 4)
    if mode == "standard":
        chosen = _pick(st, sc.CATEGORY_1, 2) + _pick(st, sc.CATEGORY_2, 1) + _pick(st, sc.CATEGORY_3, 1)
        rng.shuffle(st, chosen)
        return chosen
    if mode == "any":
        return _pick(st, sc.OBJECTIVES, 4)
    if mode == "entered":
        if type(entered) is not list or len(entered) != 4:
            raise GameError("Enter 4 objectives")
        for o in entered:
            if o not in sc.OBJECTIVES:
                raise GameError("Unknown objective: %s" % (o,))
            if entered.count(o) > 1:
                raise GameError("Objective twice: %s" % o)
        return list(entered)
    raise GameError("objectives must be one of: %s" % ", ".join(OBJECTIVE_MODES))


def _load_panels(options, choose=None):
    """[(name, tickets as cells)] of the panel set: the owner's text, or
    the samples (panels.sample_set)."""
    text = options.get("panels_text")
    if text is None:
        return pn.sample_set(choose)
    if type(text) is not str:
        raise GameError("panels_text must be text")
    panels, defects = pn.parse_panels(text, choose)
    if defects:
        raise GameError("Panels: %d defect(s): %s" % (len(defects), defects[0]))
    return pn.as_cells(panels)


def _load_deck(options):
    text = options.get("deck_text")
    if text is None:
        return dk.default_deck()
    if type(text) is not str:
        raise GameError("deck_text must be text")
    cards, defects = dk.parse_deck(text)
    if defects:
        raise GameError("Deck: %d defect(s): %s" % (len(defects), defects[0]))
    return cards


# The options a game may have (docs/actions/takeaseat.md): any other key is
# not this game's and refuses it (PL-11), as does a value of the wrong kind,
# used or not in this mode. "names" are the seats' names the screens keep in
# the record (usher.ui.seats); the engine does not use them.
OPTIONS = ("mode", "players", "objectives", "objective_ids", "panels", "panels_text",
           "deck_text", "names")


def _check_options(options, mode):
    game.check_options(options, OPTIONS)
    if mode not in ("solo", "multi"):
        raise GameError("mode must be solo or multi")
    players = options.get("players")
    if mode == "solo":
        # solo is one player against the Automa (players: multi only)
        if players is not None and (type(players) is not int or players != 1):
            raise GameError("players: 1 in a solo game")
        seats = 1
    else:
        seats = options.get("players", 2)
        if type(seats) is not int or seats < 2 or seats > 6:
            raise GameError("players must be 2 to 6")
        # the solo game's keys, which a multiplayer game does not read: of
        # the kind a solo game takes, or a damaged record
        for key in ("panels_text", "deck_text"):
            v = options.get(key)
            if v is not None and type(v) is not str:
                raise GameError("%s must be text" % key)
        v = options.get("panels")
        if v is not None and type(v) is not list:
            raise GameError("panels must be a list")
    v = options.get("objective_ids")
    if v is not None and type(v) is not list:
        raise GameError("objective_ids must be a list")
    game.need_names(options, seats)


def new_game(options, seed):
    if type(seed) is not int or seed < 0:
        raise GameError("seed must be a whole number >= 0")
    mode = options.get("mode", "solo") if type(options) is dict else None
    _check_options(options, mode)
    st = rng.new_state(seed)
    s = {
        "mode": mode,
        "phase": "player",
        "turn": 1,
        "panel": panel_for_turn(1),
        "rng": st,
        "result": None,
    }
    obj_mode = options.get("objectives", "standard")
    if obj_mode not in OBJECTIVE_MODES:
        raise GameError("objectives must be one of: %s" % ", ".join(OBJECTIVE_MODES))
    s["objectives"] = pick_objectives(st, obj_mode, options.get("objective_ids"))
    if mode == "multi":
        players = options.get("players", 2)
        s["players"] = players
        s["scores"] = [None] * players
        return s
    s["players"] = 1
    picked = [options.get("panels")]

    def choose(n):
        # The two panels, drawn once the library's size is known; only they
        # are kept of the library (pn.parse_panels).
        if picked[0] is None and n >= 2:
            first = rng.below(st, n)
            second = rng.below(st, n - 1)
            picked[0] = [first, second + (1 if second >= first else 0)]
        return picked[0] if type(picked[0]) is list else ()

    library = _load_panels(options, choose)
    chosen = picked[0]
    if chosen is None:
        raise GameError("Solo needs 2 panels")
    if type(chosen) is not list or len(chosen) != 2 or chosen[0] == chosen[1] or \
            [p for p in chosen if type(p) is not int or p < 0 or p >= len(library)]:
        raise GameError("panels: 2 different numbers 0..%d" % (len(library) - 1))
    # Only the two panels in use are kept: the state stays small.
    s["panel_ids"] = chosen
    s["panel_names"] = [library[chosen[0]][0], library[chosen[1]][0]]
    # The tickets as the engine's cells (tickets.cell: one number each).
    s["tickets"] = [library[chosen[0]][1], library[chosen[1]][1]]
    s["scratches"] = [[[] for _ in tk.AREAS], [[] for _ in tk.AREAS]]  # TS-3
    cards = _load_deck(options)
    s["cards"] = cards
    order, shuffles = dk.shuffle_deck(st, cards)  # TS-8
    s["deck"] = order
    s["discard"] = []
    s["automa_last"] = None
    s["stats"] = {"x2": 0, "automa_scratches": 0, "skipped": 0, "fallbacks": 0,
                  "reshuffles": 0, "shuffles": shuffles, "doubles": 0, "passes": 0}
    return s


# The parts of a game no action changes in place (an action may put a new
# value in a part's place, as _marked does for the scratches): a move's new
# state shares them with the old one (usher.core.game.apply_with).
SHARED = ("tickets", "cards", "panel_ids", "panel_names", "objectives", "scratches",
          "automa_last")


def apply(state, action):
    return game.apply_with(state, action, HANDLERS, SHARED, ACTION_FIELDS)


def _marked(s, panel, area, marks):
    """Put marks (a list of its own) in place of the scratches of a panel's
    area: the two lists above it are new, every other list and mark stays
    shared with the state before the move (SHARED)."""
    panels = list(s["scratches"])
    areas = list(panels[panel])
    areas[area] = marks
    panels[panel] = areas
    s["scratches"] = panels


# --- helpers -----------------------------------------------------------------

def _need_phase(s, phase, mode=None):
    if mode is not None and s["mode"] != mode:
        raise GameError("Not in %s play" % mode)
    if s["phase"] != phase:
        raise GameError("Not now: game is at %s" % s["phase"])


def _need_cell(value):
    if type(value) is not list or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        raise GameError("cell must be [row, col]")
    return value


def _next_turn(s):
    if s["turn"] >= TURNS:
        s["phase"] = "scoring"
        return
    s["turn"] += 1
    s["panel"] = panel_for_turn(s["turn"])
    s["phase"] = "player"


def _need_counts(action):
    counts = action.get("counts")
    if type(counts) is not list or len(counts) != 4:
        raise GameError("counts: 4 numbers (A-D)")
    for i in range(4):
        c = counts[i]
        if type(c) is not int:
            raise GameError("count %s must be a whole number" % sc.SLOTS[i])
        if c < 0:
            raise GameError("count %s cannot be negative" % sc.SLOTS[i])  # TS-15
        if c > MAX_COUNT:
            raise GameError("count %s is too big" % sc.SLOTS[i])
    return counts


# --- solo --------------------------------------------------------------------

def _reserve(s, a):
    """The player's reservation: one scratch, or two on the same ticket with
    the double-reservation ability (TS-4), on this turn's panel (TS-5)."""
    _need_phase(s, "player", "solo")
    area = tk.area_index(a.get("area"))
    if area < 0:
        raise GameError("area must be one of: %s" % ", ".join(tk.AREAS))
    cells = a.get("cells")
    if type(cells) is not list or len(cells) not in (1, 2):
        raise GameError("cells: 1 or 2 cells")
    panel = s["panel"]
    ticket = s["tickets"][panel][area]
    marks = list(s["scratches"][panel][area])
    for value in cells:
        _need_cell(value)
        x = tk.cell_of(value)   # -1 off every ticket: never a valid scratch
        if x < 0 or not tk.is_valid_scratch(ticket, marks, x):
            raise GameError("Invalid scratch %d,%d on %s" % (value[0], value[1], tk.AREAS[area]))
        marks.append(tk.mark(x, tk.PLAYER))
    _marked(s, panel, area, marks)
    if len(cells) == 2:
        s["stats"]["doubles"] += 1
    s["phase"] = "automa"


def _pass(s, a):
    """Only when this turn's panel has no valid scratch at all."""
    _need_phase(s, "player", "solo")
    panel = s["panel"]
    if tk.panel_has_valid_scratch(s["tickets"][panel], s["scratches"][panel]):
        raise GameError("A scratch is still possible")
    s["stats"]["passes"] += 1
    s["phase"] = "automa"


def _automa(s, a):
    """TS-9..TS-11: one Automa turn on the panel the player did not use."""
    _need_phase(s, "automa", "solo")
    deck = s["deck"]
    cards = s["cards"]
    stats = s["stats"]
    revealed = deck.pop(0)
    top = deck[0]
    area = tk.area_index(cards[revealed]["area"])
    arrow = cards[top]["arrow"]
    x2 = cards[top]["x2"]
    panel = 1 - s["panel"]
    step = {"turn": s["turn"], "panel": panel, "card": revealed, "arrow_card": top,
            "area": tk.AREAS[area], "arrow": arrow, "x2": x2,
            "scratches": [], "skipped": [], "reshuffled": False}
    if x2:
        stats["x2"] += 1
    for k in range(2 if x2 else 1):
        t, x = tk.automa_panel_choice(s["tickets"][panel], s["scratches"][panel], area, arrow)
        if x is None:
            # TS-10: no ticket of the panel has a valid cell.
            step["skipped"].append({"scratch": k + 1, "reason": "no valid cell on panel"})
            stats["skipped"] += 1
            continue
        _marked(s, panel, t, s["scratches"][panel][t] + [tk.mark(x, tk.AUTOMA)])
        entry = {"area": tk.AREAS[t], "cell": tk.row_col(x), "fallback": None}
        if t != area:
            entry["fallback"] = "%s has no valid cell" % tk.AREAS[area]
            stats["fallbacks"] += 1
        step["scratches"].append(entry)
        stats["automa_scratches"] += 1
    s["discard"].append(revealed)  # TS-11
    if len(deck) == 1:
        order, shuffles = dk.shuffle_deck(s["rng"], cards)
        s["deck"] = order
        s["discard"] = []
        step["reshuffled"] = True
        stats["reshuffles"] += 1
        stats["shuffles"] += shuffles
    s["automa_last"] = step
    _next_turn(s)


def _score_solo(s, a):
    """TS-19, TS-21, TS-22: the player enters objective counts and usher
    bonus; majorities come from the tracked scratches."""
    counts = _need_counts(a)
    bonus = game.need_int(a, "usher_bonus", 0, MAX_COUNT)
    pts, obj_total = sc.objectives_score(s["objectives"], counts)
    p_circles, a_circles = sc.solo_circles(s["scratches"])
    p_major = sc.majority_points(p_circles)
    a_major = sc.majority_points(a_circles)
    total = sc.total_score(obj_total, p_major, bonus)
    automa_total = a_major * sc.AUTOMA_MULTIPLIER
    s["result"] = {
        "player": {"counts": counts, "objective_points": pts, "objective_total": obj_total,
                   "circles": p_circles, "majority_points": p_major, "usher_bonus": bonus,
                   "total": total},
        "automa": {"circles": a_circles, "majority_points": a_major,
                   "multiplier": sc.AUTOMA_MULTIPLIER, "total": automa_total},
        "winner": sc.solo_winner(total, automa_total),
    }
    s["phase"] = "over"


# --- multiplayer ---------------------------------------------------------------

def _next_turn_multi(s, a):
    """TS-5: the table finished this turn."""
    _need_phase(s, "player", "multi")
    _next_turn(s)


def _score_multi(s, a):
    """TS-19, TS-20, TS-22: one player's entered counts, ticket outcomes and
    usher bonus; when every player is in, the winners."""
    who = game.need_int(a, "player", 0, s["players"] - 1)
    if s["scores"][who] is not None:
        raise GameError("Player %d already scored" % (who + 1))
    counts = _need_counts(a)
    bonus = game.need_int(a, "usher_bonus", 0, MAX_COUNT)
    outcomes = a.get("majorities")
    if type(outcomes) is not list or len(outcomes) != 8:
        raise GameError("majorities: 8 outcomes")
    for o in outcomes:
        if o not in sc.OUTCOMES:
            raise GameError("outcome must be one of: %s" % ", ".join(sc.OUTCOMES))
    pts, obj_total = sc.objectives_score(s["objectives"], counts)
    circles = sc.circles_from_outcomes(outcomes)
    major = sc.majority_points(circles)
    s["scores"][who] = {"counts": counts, "majorities": outcomes, "objective_points": pts,
                        "objective_total": obj_total, "circles": circles, "majority_points": major,
                        "usher_bonus": bonus, "total": sc.total_score(obj_total, major, bonus)}
    if [x for x in s["scores"] if x is None]:
        return
    totals = [x["total"] for x in s["scores"]]
    bonuses = [x["usher_bonus"] for x in s["scores"]]
    s["result"] = {"totals": totals, "winners": sc.multiplayer_winners(totals, bonuses)}
    s["phase"] = "over"


def _score(s, a):
    _need_phase(s, "scoring")
    if s["mode"] == "solo":
        _score_solo(s, a)
    else:
        _score_multi(s, a)


HANDLERS = {
    "reserve": _reserve,
    "pass": _pass,
    "automa": _automa,
    "next_turn": _next_turn_multi,
    "score": _score,
}
# Each action's fields besides "type" (docs/actions/takeaseat.md): an action
# with another field is refused, on play and on replay (usher.core.game
# apply_with, apply_owned; PL-11).
ACTION_FIELDS = {
    "reserve": ("area", "cells"),
    "score": ("counts", "usher_bonus", "player", "majorities"),
}
