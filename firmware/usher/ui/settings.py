# Settings and About (version, board, battery, seed of the running game,
# refresh counts). Imported when opened (see usher.ui.screens).
from usher import VERSION, games
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_Y, Screen
from usher.ui.widgets import ROW_H, ChoiceEntry, Menu, NumberEntry

SLEEP_CHOICES = (1, 2, 5, 10, 30)
REFRESH_CHOICES = ("turbo", "fast")


def settings_menu(app):
    items = [
        ("About", "about"),
        ("Clean refresh after %d updates" % app.setting("clean_after"), "clean_after"),
        ("Sleep after %d min idle" % app.setting("sleep_min"), "sleep_min"),
        ("Refresh: %s" % app.setting("refresh"), "refresh"),
        ("Players", "players"),
        ("Your components", "components"),
    ]
    m = Menu(app, "Settings", items, _setting_chosen)
    m.route = "settings"
    return m


def _setting_chosen(app, value):
    if value == "about":
        app.push(About(app))
    elif value == "players":
        from usher.ui import players
        players.open_roster(app)
    elif value == "components":
        from usher.ui import components     # PL-20
        components.open_menu(app)
    elif value == "clean_after":
        # PL-15: fast and partial updates ghost a little; a clean (flashing)
        # refresh after this many of them clears the panel.
        app.push(NumberEntry(app, "Settings", "Fast updates before a clean refresh",
                             app.setting("clean_after"), 1, 50, _set_clean_after))
    elif value == "sleep_min":
        choices = [("%d min" % m, m, None) for m in SLEEP_CHOICES]
        cur = app.setting("sleep_min")
        idx = SLEEP_CHOICES.index(cur) if cur in SLEEP_CHOICES else 0
        app.push(ChoiceEntry(app, "Settings", "Power off when idle for", choices,
                             _set_sleep, idx))
    elif value == "refresh":
        # PL-18: a changed window gets the quick turbo waveform, or the fast
        # one for a panel that ghosts under turbo.
        cur = app.setting("refresh")
        idx = REFRESH_CHOICES.index(cur) if cur in REFRESH_CHOICES else 0
        app.push(ChoiceEntry(app, "Settings", "Update a changed window with",
                             [(name, name, None) for name in REFRESH_CHOICES], _set_refresh, idx))


def _back_to_settings(app):
    app.pop()
    app.replace(settings_menu(app))


def _set_clean_after(app, value):
    app.set_setting("clean_after", value)
    _back_to_settings(app)


def _set_sleep(app, value):
    app.set_setting("sleep_min", value)
    _back_to_settings(app)


def _set_refresh(app, value):
    app.set_setting("refresh", value)
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
            # services["firmware"]: how the device runs it ("files" or
            # "image, MicroPython 1.28.0", PL-14); absent in the simulator.
            ("Version", VERSION if not app.services.get("firmware")
             else "%s, %s" % (VERSION, app.services["firmware"])),
            ("Board", app.services.get("board") or "simulator"),
            ("Battery", "USB / unknown" if b is None else "%d%%" % b),
        ]
        if app.record is not None:
            out.append(("Game", "%s, seed %d" % (games.title(app.game_id), app.record["seed"])))
            out.append(("Actions", str(len(app.record["actions"]))))
        else:
            out.append(("Game", "none running"))
        out.append(("Refreshes", "%d clean, %d fast, %d partial"
                    % (counts["clean"], counts["fast"], counts["partial"])))
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
            self.app.policy.request_clean()  # a deliberate clean refresh clears ghosting (PL-15)
            self.changed()


