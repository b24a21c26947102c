# Leaving a game (PL-21), the same in every game: "Main menu (game kept)"
# goes to the launcher, where "Resume" brings the game back at the same
# screen; "Abandon game" asks once, naming the game and how far it got, with
# No selected, and then forgets the game without keeping it in the history
# (usher.ui.app.App.abandon_game). Until another game starts the launcher
# offers to bring the abandoned game back. Take a Seat's game menu lists
# these two items; the other games reach them from their History (C, Leave).
from usher import games
from usher.ui.widgets import Confirm, Menu

ITEMS = (("Main menu (game kept)", "launcher"), ("Abandon game", "abandon"))


def open_menu(app):
    """The leave menu over the running game's screen."""
    app.push(Menu(app, "Leave " + games.title(app.game_id), list(ITEMS), choose))


def choose(app, value):
    """A leave item chosen (from this menu or a game's own); False for any
    other value."""
    if value == "launcher":
        app.main_menu()
    elif value == "abandon":
        app.replace(ask_abandon(app, lambda a: a.abandon_game()))
    else:
        return False
    return True


def question(app):
    """"Abandon The Theatre, Act 2 round 3? It will not be kept." (PL-21)"""
    return "Abandon %s, %s? It will not be kept." % (games.title(app.game_id), app.progress())


def ask_abandon(app, on_yes):
    """The one question before a game is abandoned, No selected."""
    return Confirm(app, "Abandon game", question(app), on_yes, careful=True)
