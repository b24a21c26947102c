# Setup's last step (the rulebook's setup, step 5): which 4 objective cards to
# lay out under the identifier cards A-D (TS-14), shown once before turn 1,
# in solo and multiplayer (docs/ui.md). That it was seen is kept with the App's
# settings (ui.json) as the game's seed, so a restart on this screen shows it
# again and a restart after it does not.
from usher.ui import text
from usher.ui.canvas import WIDTH
from usher.ui.games.takeaseat import common, draw
from usher.ui.screen import BODY_Y, Screen

LAID_OUT = "takeaseat_laid_out"
ROW_Y = BODY_Y + 17
ROW_H = 17


def pending(app):
    """True while the dealt objectives are still to be shown: the game has
    no entry yet and this screen was not closed for it."""
    return not app.record["actions"] and app.setting(LAID_OUT) != app.record.get("seed")


def new_game(app, game_id, opts):
    """Start the game with its objectives still to be shown."""
    app.set_setting(LAID_OUT, None)
    app.new_game(game_id, opts)


class LayOut(Screen):
    """The four dealt objectives, A (scores double) to D, then turn 1."""
    title = "Take a Seat: setup"

    def status(self):
        s = self.app.state
        return "solo" if s["mode"] == "solo" else "%d players" % s["players"]

    def keys(self):
        return ("Menu", None, "Turn 1")

    def draw_body(self, c):
        objectives = self.app.state["objectives"]
        text.draw(c, text.BODY, "Lay out these objective cards:", 4, BODY_Y)
        for k in range(4):
            y = ROW_Y + k * ROW_H
            # The identifier card's letter in a black box, as on the table.
            c.fill_rect(4, y, 18, 15, 1)
            text.draw_centered(c, text.BODY, "ABCD"[k], 13, y + 1, 0)
            name = draw.objective_name(objectives[k]) + (" (scores x2)" if k == 0 else "")
            text.draw(c, text.BODY, text.fit(text.BODY, name, WIDTH - 34), 28, y + 1)
        # PL-20: before turn 1, a solo game on samples says so
        note = common.game_sample_note(self.app.state, self.app.record["options"])
        text.draw(c, text.SMALL, note or "Menu > Objectives shows them again later", 4, ROW_Y + 4 * ROW_H + 1)

    def button(self, b):
        app = self.app
        if b == "A":
            common.open_menu(app)
        elif b == "C":
            app.set_setting(LAID_OUT, app.record.get("seed"))
            app.show_game()
