# The Theatre's screens: setup, Act start draws, rounds with the
# Suit Card line and card entry, Gamble decisions and reveals, round results
# with value breakdowns, end of game. Entry points for the App: setup_screen,
# play_screen, describe (see usher/ui/games/__init__.py).
from usher.games.theatre.cards import card_text
from usher.ui import seats


def setup_screen(app):
    from usher.ui.games.theatre.entry import Setup
    return Setup(app)


def progress(state):
    """How far the game got, for the question before abandoning it (PL-21)."""
    if not state["round"]:
        return "Act %d" % state["act"]
    return "Act %d round %d" % (state["act"], state["round"])


def device_move(state):
    """The House's move when it is its turn (TH-15, TH-16), else None."""
    from usher.games.theatre import engine
    if not engine.house_turn(state):
        return None
    from usher.games.theatre import house
    return house.choose(state)


def play_screen(app):
    from usher.ui.games.theatre.screens import first_screen
    return first_screen(app)


def describe(action):
    t = action.get("type")
    if t == "start_act":
        return "Act start: everyone draws 5"
    who = seats.label(action.get("player", 0))
    if t == "gamble":
        return "%s gamble: %s" % (who, "draw" if action.get("draw") else "stand")
    try:
        s = "%s %s %s" % (who, "plays" if t == "play" else "reveals", card_text(action))
    except (KeyError, TypeError):
        # the House's card goes by its number (TH-15): the line says which
        s = "%s %s" % (who, "plays a card" if t == "play" else "reveals the drawn card")
    if action.get("remove"):
        s += ", removes %s Boost" % action["remove"]
    return s
