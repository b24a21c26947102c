# A stand-in for usher.ui.app.App that follows APP_CONTRACT exactly, for the
# device tests until the real UI is merged (then the tests import the real
# App instead: see APP in tests/device/devtest.py).
#
# Its "game" is a record of actions (event sourcing, saved with
# usher.core.storage before the screen shows the result, PL-8):
#   A press -> add 1, B press -> add 10, C press -> next page (new screen),
#   UP/DOWN press or repeat -> focus +1/-1 (drawn in the band y 16..23 and
#   refreshed as a partial window), A long -> add 100.
# CRASH_ON: an event tuple that raises, for the crash-screen tests.
from usher.core import storage

WIDTH = 296
HEIGHT = 128
FOCUS_BAND = (0, 16, WIDTH, 8)


def new_record():
    return {"game": "fake", "options": {}, "seed": 1, "actions": []}


def state_of(record):
    s = {"total": 0, "focus": 0, "page": 0}
    for a in record["actions"]:
        t = a["type"]
        if t == "add":
            s["total"] += a["n"]
        elif t == "focus":
            s["focus"] += a["d"]
        elif t == "page":
            s["page"] = (s["page"] + 1) % 3
    return s


def draw(canvas, state):
    canvas.fill(0)
    canvas.text("Page %d  total %d" % (state["page"], state["total"]), 4, 2, 1)
    canvas.text("focus %d" % state["focus"], 4 + 8 * state["page"], 16, 1)
    for i in range(state["page"] + 1):
        canvas.rect(200 + 12 * i, 40, 10, 30, 1)
    canvas.fill_rect(0, 118, WIDTH, 10, 1)
    canvas.text("+1    +10   page", 4, 119, 0)


class App:
    CRASH_ON = None

    def __init__(self, canvas, data_dir, services=None):
        self.canvas = canvas
        self.data_dir = data_dir
        self.services = services or {}
        self.path = storage.join(data_dir, "game.json")
        self.record = None
        self.screen = "game"

    def _log(self, kind, data):
        log = self.services.get("log")
        if log:
            log(kind, data)

    def start(self):
        storage.makedirs(self.data_dir)
        rec, _source = storage.load(self.path, None)
        self.record = rec if rec is not None else new_record()
        self.screen = "game"
        draw(self.canvas, state_of(self.record))
        return ("full", 0, 0, WIDTH, HEIGHT)

    def _play(self, action):
        self.record["actions"].append(action)
        storage.save(self.path, self.record)      # saved before it is shown
        self._log("action", action)
        draw(self.canvas, state_of(self.record))

    def handle(self, event):
        if self.CRASH_ON is not None and event == self.CRASH_ON:
            raise RuntimeError("fake crash on %s %s" % event)
        kind, button = event
        if self.screen != "game":
            if kind == "press":
                self.screen = "game"
                draw(self.canvas, state_of(self.record))
                return ("full", 0, 0, WIDTH, HEIGHT)
            return None
        if kind == "press" and button == "A":
            self._play({"type": "add", "n": 1})
            return ("partial", 0, 0, WIDTH, 16)
        if kind == "long" and button == "A":
            self._play({"type": "add", "n": 100})
            return ("partial", 0, 0, WIDTH, 16)
        if kind == "press" and button == "B":
            self._play({"type": "add", "n": 10})
            return ("partial", 0, 0, WIDTH, 16)
        if kind == "press" and button == "C":
            self._play({"type": "page"})
            return ("full", 0, 0, WIDTH, HEIGHT)
        if kind in ("press", "repeat") and button in ("UP", "DOWN"):
            self._play({"type": "focus", "d": 1 if button == "UP" else -1})
            x, y, w, h = FOCUS_BAND
            return ("partial", x, y, w, h)
        return None

    def sleep_screen(self):
        self.screen = "sleep"
        self.canvas.fill_rect(WIDTH - 40, 0, 40, 16, 1)
        self.canvas.text("zz", WIDTH - 32, 4, 0)
        return ("partial", WIDTH - 40, 0, 40, 16)

    def error_screen(self, text):
        self.screen = "error"
        self.canvas.fill(0)
        self.canvas.text("Error", 4, 4, 1)
        self.canvas.text(text[:36], 4, 20, 1)
        self.canvas.fill_rect(0, 118, WIDTH, 10, 1)
        self.canvas.text("Restart", 4, 119, 0)
        return ("full", 0, 0, WIDTH, HEIGHT)
