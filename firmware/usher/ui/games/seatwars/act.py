# Playing entries from the Seat Wars screens. `allowed` asks the engine before
# the player types the rest of an entry (engine.apply is pure: it works on a
# copy), so a refusal shows the engine's own message at once and nothing
# changes.
from usher.core.game import GameError
from usher.ui import seats


def allowed(app, action):
    try:
        app.engine.apply(app.state, action)
    except GameError as e:
        app.show_message("Not allowed", seats.in_words(e.message))
        return False
    return True


def play(app, action):
    """Play, save and show the game screen; on a refusal the engine's message
    is shown over the current screen and the game is unchanged."""
    if app.play(action):
        app.show_game()
        return True
    return False
