# The game-independent screens: launcher, settings, about, dice roller,
# error and the sleep mark. Routes (names saved in ui.json so a restart comes
# back to the same screen, PL-8) map to constructors in build().
from usher import VERSION, games
from usher.core import rng
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, TITLE_H, Screen
from usher.ui.widgets import ROW_H, ChoiceEntry, Confirm, Menu, NumberEntry

SLEEP_CHOICES = (1, 2, 5, 10, 30)


class Launcher(Menu):
    """The four games, Resume of the running game, dice, settings."""
    route = "launcher"

    def __init__(self, app):
        items = []
        if app.record is not None:
            items.append(("Resume " + games.title(app.game_id), "resume"))
        for gid, title in games.GAMES:
            items.append((title, gid))
        items.append(("Dice roller", "dice"))
        items.append(("Settings", "settings"))
        super().__init__(app, "Usher", items, _launch, keys=(None, None, "Select"))

    def status(self):
        b = self.app.battery()
        return "" if b is None else "%d%%" % b

    def button(self, b):
        if b != "A":  # the launcher is the bottom of the stack: no Back
            Menu.button(self, b)


def _launch(app, value):
    if value == "resume":
        app.show_game()
    elif value == "dice":
        app.push(Dice(app))
    elif value == "settings":
        app.push(settings_menu(app))
    else:
        _new_game(app, value)


def _new_game(app, gid):
    mod = app.game_ui(gid)
    if mod is None:
        app.show_message(games.title(gid), "%s: not built yet." % games.title(gid))
        return
    if app.record is not None:
        def yes(a):
            a.end_game()
            _start(a, gid, mod)
        app.push(Confirm(app, "New game", "Abandon the running game of %s?"
                         % games.title(app.game_id), yes))
        return
    _start(app, gid, mod)


def _start(app, gid, mod):
    setup = getattr(mod, "setup_screen", None)
    if setup is not None:
        app.push(setup(app))
    else:
        app.new_game(gid, {})


# --- settings -------------------------------------------------------------------

def settings_menu(app):
    items = [
        ("About", "about"),
        ("Full refresh after %d partials" % app.setting("max_partials"), "max_partials"),
        ("Sleep after %d min idle" % app.setting("sleep_min"), "sleep_min"),
    ]
    m = Menu(app, "Settings", items, _setting_chosen)
    m.route = "settings"
    return m


def _setting_chosen(app, value):
    if value == "about":
        app.push(About(app))
    elif value == "max_partials":
        app.push(NumberEntry(app, "Settings", "Partial refreshes before a full one",
                             app.setting("max_partials"), 1, 30, _set_partials))
    elif value == "sleep_min":
        choices = [("%d min" % m, m, None) for m in SLEEP_CHOICES]
        cur = app.setting("sleep_min")
        idx = SLEEP_CHOICES.index(cur) if cur in SLEEP_CHOICES else 0
        app.push(ChoiceEntry(app, "Settings", "Power off when idle for", choices,
                             _set_sleep, idx))


def _back_to_settings(app):
    app.pop()
    app.replace(settings_menu(app))


def _set_partials(app, value):
    app.set_setting("max_partials", value)
    _back_to_settings(app)


def _set_sleep(app, value):
    app.set_setting("sleep_min", value)
    _back_to_settings(app)


class About(Screen):
    title = "About"
    route = "about"

    def keys(self):
        return ("Back", None, "Clean")

    def lines(self):
        app = self.app
        b = app.battery()
        counts = app.policy.counts()
        out = [
            ("Version", VERSION),
            ("Board", app.services.get("board") or "simulator"),
            ("Battery", "USB / unknown" if b is None else "%d%%" % b),
        ]
        if app.record is not None:
            out.append(("Game", "%s, seed %d" % (games.title(app.game_id), app.record["seed"])))
            out.append(("Actions", str(len(app.record["actions"]))))
        else:
            out.append(("Game", "none running"))
        out.append(("Refreshes", "%d full, %d partial" % (counts["full"], counts["partial"])))
        return out

    def draw_body(self, c):
        y = BODY_Y
        for label, value in self.lines():
            text.draw(c, text.SMALL, label, 4, y + 3)
            text.draw(c, text.BODY, text.fit(text.BODY, value, WIDTH - 80), 72, y + 1)
            y += ROW_H

    def button(self, b):
        if b == "A":
            self.app.pop()
        elif b == "C":
            self.app._shown = None  # a deliberate full refresh clears ghosting (PL-6)
            self.changed()


# --- dice roller: a small game-independent flow (number entry, persistence) ----

class Dice(Screen):
    """Rolls N six-sided dice and one D4 with usher.core.rng; the generator
    state lives in ui.json so rolls continue after a restart."""
    title = "Dice roller"
    route = "dice"

    def __init__(self, app):
        super().__init__(app)
        d = app.ui.get("dice")
        if not d:
            d = {"n": 2, "rng": rng.new_state(app.new_seed()), "last": []}
            app.ui["dice"] = d
        self.d = d

    def keys(self):
        return ("Back", "Dice: %d" % self.d["n"], "Roll")

    def status(self):
        last = self.d["last"]
        return "total %d" % sum(last) if last else ""

    def draw_body(self, c):
        last = self.d["last"]
        if not last:
            text.draw_centered(c, text.BODY, "Press Roll", WIDTH // 2, BODY_Y + 40)
            return
        n = len(last) - 1
        size = 40
        x = 8
        y = BODY_Y + (BODY_H - size) // 2
        for i in range(n):
            draw_d6(c, x, y, size, last[i])
            x += size + 8
        draw_d4(c, WIDTH - size - 16, y, size + 4, last[-1])

    def button(self, b):
        if b == "A":
            self.app.pop()
        elif b == "C":
            st = self.d["rng"]
            self.d["last"] = [rng.randint(st, 1, 6) for _ in range(self.d["n"])] + [rng.randint(st, 1, 4)]
            self.app.save_ui()
            self.changed()
        elif b == "B":
            self.app.push(NumberEntry(self.app, "Dice roller", "How many six-sided dice",
                                      self.d["n"], 1, 5, _set_dice))


def _set_dice(app, value):
    app.ui["dice"]["n"] = value
    app.ui["dice"]["last"] = []
    app.pop()


_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
         4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
         6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def draw_d6(c, x, y, size, n):
    c.rect(x, y, size, size, 1)
    c.rect(x + 1, y + 1, size - 2, size - 2, 1)
    cell = size // 4
    p = size // 8
    for gx, gy in _PIPS[n]:
        px = x + cell * (gx + 1) - p // 2
        py = y + cell * (gy + 1) - p // 2
        c.fill_rect(px, py, p + 1, p + 1, 1)


def draw_d4(c, x, y, size, n):
    c.line(x + size // 2, y, x + size - 1, y + size - 1, 1)
    c.line(x + size // 2, y, x, y + size - 1, 1)
    c.hline(x, y + size - 1, size, 1)
    text.draw_centered(c, text.BIG, str(n), x + size // 2, y + size - text.BIG.HEIGHT - 3)


# --- error and sleep ---------------------------------------------------------------

class ErrorScreen(Screen):
    """A crash or an unreadable file: the message, Restart on C (PL-11)."""
    title = "Error"

    def __init__(self, app, message):
        super().__init__(app)
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


def build(app, route):
    if route == "launcher":
        return Launcher(app)
    if route == "settings":
        return settings_menu(app)
    if route == "about":
        return About(app)
    if route == "dice":
        return Dice(app)
    return None


