# Play screens for the real engines whose own screens (usher/ui/games/<id>.py)
# are not in the firmware yet, so the tests that need the real App to play a
# real game through buttons (device boot-resume, log replay) have something
# to press: C plays the game's bot move, A opens the real History (undo on a
# long B), B goes back to the launcher. A game that has its own screens uses those (BotPlayApp.game_ui),
# so these tests play the real screens as soon as they land.
from usher import games
from usher.core import rng
from usher.ui import text
from usher.ui.app import App
from usher.ui.history import History
from usher.ui.screen import BODY_Y, Screen


def bot_action(app):
    """The bot's move for the running game: deterministic from the record,
    so a replay of the same presses makes the same moves."""
    rec = app.record
    st = rng.new_state(rec["seed"] * 31 + len(rec["actions"]) + 1)
    return games.bot(app.game_id).next_action(app.state, st)


class BotPlayScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.title = games.title(app.game_id)
        self.over = bot_action(app) is None

    def keys(self):
        return ("History", "Menu", "End" if self.over else "Bot move")

    def status(self):
        return "%d actions" % len(self.app.record["actions"])

    def draw_body(self, c):
        acts = self.app.record["actions"]
        text.draw(c, text.BODY, "Actions: %d" % len(acts), 6, BODY_Y + 4)
        if acts:
            line = self.app.describe_action(acts[-1])
            text.draw(c, text.SMALL, text.fit(text.SMALL, line, 284), 6, BODY_Y + 30)

    def button(self, b):
        app = self.app
        if b == "A":
            app.push(History(app))
        elif b == "B":
            app.pop()  # the launcher; "Resume" comes back here
        elif b == "C" and self.over:
            app.end_game()
        elif b == "C":
            if app.play(bot_action(app)):
                app.show_game()


class _Screens:
    pass


bot_screens = _Screens()
bot_screens.play_screen = BotPlayScreen


class BotPlayApp(App):
    """The real App; a game without its own screens gets BotPlayScreen."""

    def game_ui(self, game_id):
        mod = App.game_ui(self, game_id)
        return mod if mod is not None else bot_screens
