# A tiny stand-in game for the UI tests ("tally": add numbers 1-9 for three
# turns), so the App's game path (new game, play, save, undo, history,
# resume) is tested before the real engines and their screens land. Engine
# and screen module follow the same interfaces as usher.games.<id>.engine and
# usher.ui.games.<id>.
from usher.core.game import GameError, apply_with, need_int
from usher.ui import text
from usher.ui.app import App
from usher.ui.history import History
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import NumberEntry

GAME_ID = "takeaseat"  # borrows a registered id so titles and the launcher work
TURNS = 3


def new_game(options, seed):
    return {"total": 0, "turns": 0, "limit": options.get("limit", 9)}


def _add(state, action):
    if state["turns"] >= TURNS:
        raise GameError("Game over")
    n = need_int(action, "n", 1, state["limit"])
    state["total"] += n
    state["turns"] += 1


HANDLERS = {"add": _add}


def apply(state, action):
    return apply_with(state, action, HANDLERS)


class _Engine:
    pass


engine = _Engine()
engine.GAME_ID = GAME_ID
engine.new_game = new_game
engine.apply = apply


class TallyScreen(Screen):
    title = "Tally"

    def keys(self):
        if self.app.state["turns"] >= TURNS:
            return ("History", None, "Finish")
        return ("History", None, "Add")

    def status(self):
        return "turn %d/%d" % (min(self.app.state["turns"] + 1, TURNS), TURNS)

    def draw_body(self, c):
        text.draw(c, text.BODY, "Total", 6, BODY_Y + 4)
        text.draw(c, text.BIG, str(self.app.state["total"]), 80, BODY_Y + 2)

    def button(self, b):
        app = self.app
        if b == "A":
            app.push(History(app))
        elif b == "C" and app.state["turns"] >= TURNS:
            app.end_game()
        elif b == "C":
            app.push(NumberEntry(app, "Tally", "Add how much?", 5, 0, 12, _added))


def _added(app, value):
    if app.play({"type": "add", "n": value}):
        app.show_game()


class _Screens:
    pass


screens = _Screens()
screens.play_screen = TallyScreen
screens.describe = lambda a: "add %d" % a["n"]


class TallyApp(App):
    """The App with the tally game plugged in as Take a Seat."""

    def load_engine(self, game_id):
        if game_id == GAME_ID:
            return engine
        return App.load_engine(self, game_id)

    def game_ui(self, game_id):
        return screens if game_id == GAME_ID else None
