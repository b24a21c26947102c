# Finished games at their end screens, for the share tests (PL-19): each
# game played to the end by its bot with the given seat names, the end
# screen on top (the play not yet kept: Share keeps it).
import ui_sessions

from usher.ui.app import App
from usher.ui.canvas import new_canvas

# (game, options, seats): every game, 2 to 5 players, the solo forms
SETUPS = (
    ("takeaseat", {"mode": "solo"}, 1),
    ("takeaseat", {"mode": "multi", "players": 2}, 2),
    ("takeaseat", {"mode": "multi", "players": 4}, 4),
    ("theatre", {"players": 3, "decks": 6}, 3),
    ("theatre", {"players": 4, "decks": 6}, 4),
    ("multisala", {"players": 1}, 1),
    ("multisala", {"players": 5, "variant": True}, 5),
    ("seatwars", {"players": 2}, 2),
    ("seatwars", {"players": 4}, 4),
)
LONG = ["WWWWWWWWWW", "MMMMMMMMMM", "Maximilian", "Wolfgang-W", "Anna-Maria"]
DATE = (2026, 12, 1, 21, 5, 9)


def finished(data_dir, gid, options, n, seed, names=None, date=DATE):
    """(app, buf): an App whose game gid was played to its end screen."""
    buf, canvas = new_canvas()
    services = {"board": "test"}
    if date:
        services["date"] = lambda: date
    app = App(canvas, data_dir, services)
    app.start()
    ui_sessions.bot_plays(app, gid, options, (names or LONG)[:n], seed)
    app.show_game()
    app._render()
    return app, buf
