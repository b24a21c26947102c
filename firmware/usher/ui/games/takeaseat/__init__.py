# Take a Seat's screens: setup, the solo turn (the player's
# scratch, then the Automa's step drawn as the ticket to mark), the
# multiplayer turn tracker, end scoring and results. The App finds this
# package as usher.ui.games.takeaseat; rules are in docs/rules/takeaseat.md.
from usher import unload
from usher.core import game
from usher.games.takeaseat import panels as pn
from usher.games.takeaseat import scoring as sc
from usher.games.takeaseat import tickets as tk
from usher.ui import seats
from usher.ui.games.takeaseat import common, draw, layout
from usher.ui.widgets import ChoiceEntry, Menu, MessageBox

GAME_ID = "takeaseat"
TITLE = "Take a Seat"
OBJECTIVE_MODES = (
    ("Standard deal", "standard"),
    ("First game", "first"),
    ("Any 4 at random", "any"),
    ("Enter the 4 dealt", "entered"),
)


# --- setup -----------------------------------------------------------------------

def setup_screen(app):
    choices = [("Solo vs Automa", 1, None)]
    for n in range(2, 7):
        choices.append(("%d players" % n, n, None))
    chooser = ChoiceEntry(app, TITLE, "Who plays?", choices, _players)
    # PL-23: the owner's files (the Automa deck, the panels) are first read
    # here, so damage to them is named (and logged) now, before the choices.
    from usher.ui import owner_data
    message = owner_data.check_files(app, GAME_ID)
    if message is None:
        return chooser

    def choose(a):
        a.pop()
        a.push(chooser)
    return MessageBox(app, "Owner data", message, on_close=choose)


def _players(app, n):
    opts = {"mode": "solo"} if n == 1 else {"mode": "multi", "players": n}
    choices = [(label, key, None) for label, key in OBJECTIVE_MODES]
    # TS-14: the four objective slots A-D, dealt by the device or entered.
    app.push(ChoiceEntry(app, TITLE, "Objective cards", choices,
                         lambda a, mode: _objectives(a, opts, mode)))


def _objectives(app, opts, mode):
    opts = dict(opts)
    opts["objectives"] = mode
    if mode == "entered":
        opts["objective_ids"] = []
        _pick_objective(app, opts)
    else:
        _panels_or_start(app, opts)


def _pick_objective(app, opts):
    slot = len(opts["objective_ids"])
    items = [(name, oid) for oid, name in draw.OBJECTIVE_NAMES
             if oid not in opts["objective_ids"] and oid in sc.OBJECTIVES]
    title = "Objective %s%s" % ("ABCD"[slot], " (x2)" if slot == 0 else "")

    def chosen(a, oid):
        o = dict(opts)
        o["objective_ids"] = opts["objective_ids"] + [oid]
        if len(o["objective_ids"]) < 4:
            _pick_objective(a, o)
        else:
            _panels_or_start(a, o)
    app.push(Menu(app, title, items, chosen))


def _panels_or_start(app, opts):
    if opts["mode"] == "multi":
        layout.new_game(app, GAME_ID, opts)
        return
    # The owner's files, read once here (the panels' names, and PL-20: a solo
    # game on sample data says so under the panel choice, before its first
    # turn, with where the owner's own are entered).
    from usher.ui import owner_data
    owner, problems = owner_data.load_options(app.data_dir, GAME_ID)
    _choose_panels(app, opts, owner)
    # PL-23: damage since the setup opened is repaired by this read, so it
    # is named here (what the files hold is told when the game starts)
    message = owner_data.told(app, [p for p in problems if "was damaged" in p])
    if message:
        app.show_message("Owner data", message)


def _choose_panels(app, opts, owner):
    samples = "panels_text" not in owner
    names = pn.panel_names(owner.get("panels_text"))
    note = common.sample_note(samples, "deck_text" not in owner)
    choices = [("Random sample panels" if samples else "Random panels", -1, None)]
    for i in range(len(names)):
        choices.append((names[i], i, None))
    app.push(ChoiceEntry(app, TITLE, "Right panel (odd turns)", choices,
                         lambda a, right: _right_panel(a, opts, names, right, note), note=note))


def _right_panel(app, opts, names, right, note):
    if right < 0:
        layout.new_game(app, GAME_ID, opts)
        return
    choices = [(names[i], i, None) for i in range(len(names)) if i != right]

    def left(a, i):
        o = dict(opts)
        o["panels"] = [right, i]
        layout.new_game(a, GAME_ID, o)
    app.push(ChoiceEntry(app, TITLE, "Left panel (even turns)", choices, left, note=note))


def review_step(app):
    """The last Automa step again (the game menu's "Last Automa step")."""
    from usher.ui.games.takeaseat import solo
    return solo.AutomaStep(app, review=True)


# --- the screen for the current state ------------------------------------------------

def progress(state):
    """How far the game got, for the question before abandoning it (PL-21):
    the turns played (the state's turn is the next one once the Automa
    answered, while its step of the turn before may still be on screen)."""
    from usher.games.takeaseat import engine
    played = engine.TURNS if state["phase"] in ("scoring", "over") else state["turn"] - 1
    return "%d of %d turns played" % (played, engine.TURNS)


def play_screen(app):
    s = app.state
    if layout.pending(app):
        return layout.LayOut(app)
    if s["mode"] == "solo":
        if s["phase"] in ("player", "automa") or common.step_pending(app):
            from usher.ui.games.takeaseat import solo
            return solo.SoloScreen(app, solo.view_for(app))
    if s["mode"] == "solo":
        # The turns are over: their screens leave RAM while the score is
        # entered (the heap; an undo loads them again). No screen of them
        # is left: the stack is rebuilt with this one (App.show_game).
        if app.services.get("unload_games"):
            unload("usher.ui.games.takeaseat.solo")
        from usher.ui.games.takeaseat import results
        if s["phase"] == "scoring":
            return results.ScoreForm(app)
        return results.SoloResult(app)
    from usher.ui.games.takeaseat import multi
    if s["phase"] == "player":
        return multi.Tracker(app)
    if s["phase"] == "scoring":
        return multi.Players(app)
    return multi.MultiResult(app)


def history_lines(app):
    """One History line per action with what the action alone does not say
    (TS-5, TS-10; docs/ui.md): the turn and panel of a scratch, and what the
    Automa's card made it scratch, fall back to or skip, found by replaying
    the record."""
    rec = app.record
    state = app.engine.new_game(rec["options"], rec["seed"])
    lines = []
    for a in rec["actions"]:
        t = a.get("type")
        where = "T%d %s: " % (state["turn"], draw.SIDES[state["panel"]].lower())
        state = game.apply_owned(app.engine, state, a)
        if t == "automa":
            lines.append(automa_line(state["automa_last"]))
        elif t in ("reserve", "pass"):
            lines.append(where + describe(a))
        elif t == "next_turn":
            lines.append("Turn %d done" % (state["turn"] - 1 if state["phase"] == "player"
                                            else state["turn"]))
        else:
            lines.append(describe(a))
    return lines


def automa_line(step):
    """The Automa's turn in one line: its panel, card area, x2, and each
    scratch (cell, or the areas it fell back past, TS-10) or skip."""
    out = []
    for e in step["scratches"]:
        cell = draw.cell_name(tk.cell_of(e["cell"]))
        if e["area"] == step["area"]:
            out.append(cell)
        else:
            out.append("%s %s (%s no valid cell)" % (
                e["area"], cell, ", ".join(draw.skipped_areas(step["area"], e["area"]))))
    for sk in step["skipped"]:
        out.append("scratch %d skipped" % sk["scratch"])
    return "T%d Automa %s: %s card%s -> %s" % (
        step["turn"], draw.SIDES[step["panel"]].lower(), step["area"],
        " x2" if step["x2"] else "", ", ".join(out))


def describe(action):
    t = action.get("type")
    if t == "reserve":
        cells = action.get("cells") or []
        names = "+".join([draw.cell_name(tk.cell_of(c)) for c in cells])
        return "%s %s %s" % ("Double" if len(cells) == 2 else "Scratch", action.get("area"), names)
    if t == "pass":
        return "Pass (no valid scratch)"
    if t == "automa":
        return "Automa draws a card"
    if t == "next_turn":
        return "Next turn"
    if t == "score":
        who = seats.label(action["player"]) + " " if "player" in action else ""
        counts = ",".join([str(n) for n in action.get("counts", [])])
        return "%sScore A-D %s, bonus %s" % (who, counts, action.get("usher_bonus"))
    return str(t)
