# The game-independent screens that are always loaded: the launcher, the
# error screen and the sleep mark. Settings/About (usher.ui.settings), the
# dice roller (usher.ui.dice) and the statistics (usher.ui.stats) are
# imported only when opened, to keep RAM for the game. Routes (names saved in
# ui.json so a restart comes back to the same screen, PL-8) map to
# constructors in build().
from usher import games
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, TITLE_H, Screen
from usher.ui.widgets import Confirm, Menu


class Launcher(Menu):
    """The four games, Resume of the running game, dice, settings."""
    route = "launcher"

    def __init__(self, app):
        items = []
        if app.record is not None:
            items.append(("Resume " + games.title(app.game_id), "resume"))
        elif app.ui.get("abandoned"):
            # PL-21: until another game starts
            items.append(("Bring back " + games.title(app.ui["abandoned"]), "bring_back"))
        for gid, title in games.GAMES:
            items.append((title, gid))
        items.append(("Statistics", "stats"))
        items.append(("Dice roller", "dice"))
        items.append(("Settings", "settings"))
        Menu.__init__(self, app, "Usher", items, _launch, keys=(None, None, "Select"))

    def focus_on(self, value):
        """Put the cursor on the item with this value (the game just played)."""
        for i, item in enumerate(self.items):
            if item[1] == value:
                self.focus = i

    def status(self):
        wrapped = self.wrap_note()
        if wrapped:
            return wrapped
        b = self.app.battery()
        return "" if b is None else "%d%%" % b

    def button(self, b):
        if b != "A":  # the launcher is the bottom of the stack: no Back
            Menu.button(self, b)


def _launch(app, value):
    if value == "resume":
        app.show_game()
    elif value == "bring_back":
        app.bring_back()
    elif value == "stats":
        from usher.ui import stats
        stats.open_menu(app)
    elif value in ("dice", "settings"):
        app.push(build(app, value))
    else:
        _new_game(app, value)


def _new_game(app, gid):
    mod = app.game_ui(gid)
    if mod is None:
        app.show_message(games.title(gid), "%s: not built yet." % games.title(gid))
        return
    if app.record is not None:
        if app.state is not None and app.state.get("phase") == "over":
            # a finished game whose end screen was left: kept, as Finish does
            def yes(a):
                a.end_game()
                _start(a, gid, mod)
            app.push(Confirm(app, "New game", "Keep the finished game of %s and start %s?"
                             % (games.title(app.game_id), games.title(gid)), yes))
            return

        def abandon(a):
            a.abandon_game()
            _start(a, gid, mod)
        from usher.ui import leave
        app.push(leave.ask_abandon(app, abandon))
        return
    _start(app, gid, mod)


def _start(app, gid, mod):
    setup = getattr(mod, "setup_screen", None)
    if setup is not None:
        app.push(setup(app))
    else:
        app.new_game(gid, {})


# --- error and sleep ---------------------------------------------------------------

class ErrorScreen(Screen):
    """A crash or an unreadable file: the message, Restart on C (PL-11)."""
    title = "Error"

    def __init__(self, app, message):
        Screen.__init__(self, app)
        # The last line of a traceback says what went wrong; show it first.
        lines = [ln.strip() for ln in message.strip().split("\n") if ln.strip()]
        summary = lines[-1] if lines else "Unknown error"
        self.lines = text.wrap(text.SMALL, summary, WIDTH - 8)
        self.lines += [ln for ln in lines[:-1] if not ln.startswith("Traceback")]

    def keys(self):
        return (None, None, "Restart")

    def draw_body(self, c):
        y = BODY_Y
        for line in self.lines[:BODY_H // (text.SMALL.HEIGHT + 1)]:
            text.draw(c, text.SMALL, text.fit(text.SMALL, line, WIDTH - 8), 4, y)
            y += text.SMALL.HEIGHT + 1

    def button(self, b):
        if b == "C":
            self.app.restart()


def draw_sleep_mark(c):
    """PL-9: over the title bar, so the rest of the picture stays readable."""
    c.fill_rect(0, 0, WIDTH, TITLE_H, 1)
    text.draw_centered(c, text.SMALL, "Asleep - press any button", WIDTH // 2, 1, 0)


# Every route name App.build rebuilds a screen from (ui.json's "routes" are
# checked against it: usher.ui.persist, PL-11).
ROUTES = ("launcher", "settings", "about", "stats", "dice", "game", "history")


def build(app, route):
    if route == "launcher":
        return Launcher(app)
    if route in ("settings", "about"):
        from usher.ui import settings
        return settings.settings_menu(app) if route == "settings" else settings.About(app)
    if route == "stats":
        from usher.ui import stats
        return stats.menu(app)
    if route == "dice":
        from usher.ui import dice
        return dice.Dice(app)
    return None


