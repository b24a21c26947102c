# Button-only driving of the Theatre screens for the UI tests: every helper
# taps A/B/C/UP/DOWN on the App (as a player would) and records the taps, so
# a test's flow can also be written out as a session script.
from usher.games.theatre.cards import ABILITIES, PRINTS, SUITS
from usher.games.theatre import engine
from usher.ui.app import App
from usher.ui.canvas import new_canvas

DEFAULT_VALUE = 3  # the card form's starting value


class Driver:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.taps = []
        self.app = None
        self.boot()

    def boot(self):
        """A new App on the data folder (a power cycle, PL-8)."""
        _, canvas = new_canvas()
        self.app = App(canvas, self.data_dir, {"battery": lambda: 80})
        self.app.start()
        if self.taps:
            self.taps.append("restart")
        return self.app

    def tap(self, b, n=1):
        for _ in range(n):
            self.app.handle(("press", b))
            self.app.handle(("release", b))
            self.taps.append(b)

    def hold(self, b):
        self.app.handle(("press", b))
        self.app.handle(("long", b))
        self.app.handle(("release", b))
        self.taps.append(b + "~")

    def top(self):
        return self.app.top()

    def script(self):
        return ",".join(self.taps)

    # --- flows ---------------------------------------------------------------------
    def setup(self, players, decks):
        """Launcher -> The Theatre -> the setup form -> Start."""
        self.tap("DOWN")  # The Theatre (second in the launcher)
        self.tap("C")
        self.tap("UP", players - 2)
        default = engine.default_deck_size(players)
        for d in decks:
            self.tap("B")
            if d < default:
                self.tap("DOWN", default - d)
            else:
                self.tap("UP", d - default)
        self.tap("C")

    def card(self, value, suit=None, pr="paw", ability="none", remove=None):
        """From the round screen: open the card form for the player on turn,
        set the fields from their defaults, confirm. suit None keeps the
        default (this round's Desired Suit)."""
        s = self.app.state
        self.tap("C")
        if value >= DEFAULT_VALUE:
            self.tap("UP", value - DEFAULT_VALUE)
        else:
            self.tap("DOWN", DEFAULT_VALUE - value)
        self.tap("B")
        if suit is not None:
            cur = engine.desired_suit(s) or SUITS[0]
            self.tap("UP", (SUITS.index(suit) - SUITS.index(cur)) % len(SUITS))
        self.tap("B")
        self.tap("UP", PRINTS.index(pr))
        self.tap("B")
        self.tap("UP", ABILITIES.index(ability))
        if remove is not None:
            self.tap("B")
            self.tap("UP", engine.removable_boosts(s).index(remove) + 1)
        self.tap("C")
