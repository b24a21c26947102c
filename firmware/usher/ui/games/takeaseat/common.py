# Pieces every Take a Seat screen uses: the game menu (history, the last
# Automa step, objectives, back to the launcher) and the "Automa step seen"
# mark that lets a restart land on the same screen (PL-8).
from usher.ui.games.takeaseat import draw
from usher.ui.history import History
from usher.ui.widgets import Menu, MessageBox

# The action count at which the player closed the last Automa step. Kept with
# the App's settings (they are saved in ui.json), so after a restart the step
# screen shows again only if it had not been closed.
STEP_SEEN = "takeaseat_step_seen"


def step_pending(app):
    s = app.state
    return (s["mode"] == "solo" and s.get("automa_last") is not None
            and s["phase"] in ("player", "scoring")
            and app.setting(STEP_SEEN) != len(app.record["actions"]))


def close_step(app):
    app.set_setting(STEP_SEEN, len(app.record["actions"]))


def automa_turn(app):
    """Play the Automa's turn (TS-9..TS-11); its step is then to be shown."""
    if app.play({"type": "automa"}):
        # The mark is a count of actions: below the count now it can never
        # be reached again but by undoing back to a step that was seen, so it
        # stays (ui.json is not rewritten on every turn: on CircuitPython
        # that is 5 flash erases). A mark at or above this count
        # is from an undone future or another game and could hide a new
        # step: cleared.
        seen = app.setting(STEP_SEEN)
        if seen is not None and seen >= len(app.record["actions"]):
            app.set_setting(STEP_SEEN, None)
        return True
    return False


def objectives_text(state):
    lines = []
    for i in range(4):
        tag = " (x2)" if i == 0 else ""
        lines.append("%s%s: %s" % ("ABCD"[i], tag, draw.objective_name(state["objectives"][i])))
    return "\n".join(lines)


def open_menu(app):
    items = [("History and undo", "history")]
    if app.state.get("automa_last"):
        items.append(("Last Automa step", "step"))
    items.append(("Objectives", "objectives"))
    from usher.ui import leave
    items.extend(leave.ITEMS)     # PL-21
    app.push(Menu(app, "Take a Seat", items, _menu_choice))


def _menu_choice(app, value):
    if value == "history":
        app.replace(History(app))
    elif value == "step":
        # Through the game's UI package, which sits above solo and this module.
        app.replace(app.game_ui(app.game_id).review_step(app))
    elif value == "objectives":
        app.replace(MessageBox(app, "Objectives", objectives_text(app.state)))
    else:
        from usher.ui import leave
        leave.choose(app, value)


def sample_note(sample_panels, sample_deck, short=False):
    """What a screen says while a solo game plays on samples (PL-20): two
    lines, or one (short) where a screen has room for one; None when the
    owner's own are in use."""
    if not sample_panels and not sample_deck:
        return None
    if short:
        return ("Invented samples" if sample_panels else "Assumed deck") + \
            ". Yours: Settings > Your components"
    if sample_panels:
        what = "Samples: invented panel shapes%s." % (", assumed Automa deck" if sample_deck else "")
    else:
        what = "Sample: an assumed Automa deck."
    return what + "\nEnter yours: Settings > Your components."


def game_sample_note(state, options):
    """sample_note (short) for the running solo game, from its record."""
    if state["mode"] != "solo":
        return None
    return sample_note("panels_text" not in options, "deck_text" not in options, True)
