# The bus as a picture: one small card per bus entry, in placing order, so
# the table can match the screen to the cards in front of them. A character
# shows its owner, attack and equipment bonus; black = the current player may
# score it now (SW-3), "wait" = theirs but not yet a full round on the bus.
# An item shows its shield. BusPicker reuses the strip to choose a card, in a
# window over the turn screen (PL-15).
from usher.games.seatwars import engine
from usher.ui import seats, text
from usher.ui.canvas import WIDTH
from usher.ui.screen import Screen, step_focus

CARD_W = 28
CARD_STEP = 30
CARDS_SHOWN = 9   # 9 x 30 = 270 px, arrows either side when the bus is longer
STRIP_X = (WIDTH - CARDS_SHOWN * CARD_STEP) // 2 + 1


def owner_name(state, card, max_w=None):
    """The card owner's label (usher.ui.seats, the one player label helper)."""
    return seats.label(card["owner"], text.SMALL, max_w)


def describe_card(state, card):
    """One line for a bus card: 'P2: attack 6 +2 = 8' or 'Item: shield 4'."""
    if card["kind"] == "item":
        return "Item: shield %d" % card["shield"]
    s = "%s: attack %d" % (owner_name(state, card), card["attack"])
    if card["equip"]:
        s += " +%d = %d" % (card["equip"], card["attack"] + card["equip"])
    return s


def first_shown(n, focus_index):
    """Index of the leftmost card shown so that focus_index is visible."""
    if n <= CARDS_SHOWN or focus_index < CARDS_SHOWN:
        return 0
    return min(focus_index - CARDS_SHOWN + 1, n - CARDS_SHOWN)


def draw_card(c, state, card, x, y, h, scorable, focused):
    fg = 1
    if scorable:
        c.fill_rect(x, y, CARD_W, h, 1)
        fg = 0
    else:
        c.rect(x, y, CARD_W, h, 1)
    if focused:
        # a thick frame and a caret above the card
        c.rect(x - 2, y - 2, CARD_W + 4, h + 4, 1)
        c.rect(x - 1, y - 1, CARD_W + 2, h + 2, 1)
        cx = x + CARD_W // 2
        for i in range(4):
            c.hline(cx - i, y - 7 + i, 2 * i + 1, 1)
    cx = x + CARD_W // 2
    if card["kind"] == "item":
        # an item: a thick frame, "item", its shield
        c.rect(x + 1, y + 1, CARD_W - 2, h - 2, fg)
        text.draw_centered(c, text.SMALL, "item", cx, y + 2, fg)
        c.hline(x + 3, y + 13, CARD_W - 6, fg)
        text.draw_centered(c, text.BODY, str(card["shield"]), cx, y + 15, fg)
        return
    text.draw_centered(c, text.SMALL, owner_name(state, card, CARD_W - 2),
                       cx, y + 2, fg)
    c.hline(x + 3, y + 13, CARD_W - 6, fg)
    text.draw_centered(c, text.BODY, str(card["attack"]), cx, y + 15, fg)
    if card["equip"]:
        text.draw_centered(c, text.SMALL, "+%d" % card["equip"], cx, y + 28, fg)
    if scorable:
        text.draw_centered(c, text.SMALL, "score", cx, y + h - 11, fg)
    elif card["owner"] == state["current"] and state["phase"] in engine.PLAYING:
        text.draw_centered(c, text.SMALL, "wait", cx, y + h - 11, fg)


def draw_bus(c, state, y, h, focus_id=None, scroll=0):
    """The bus strip at row y, cards h pixels tall. Returns nothing; draws
    'bus empty' when there is no card."""
    bus = state["bus"]
    if not bus:
        text.draw_centered(c, text.SMALL, "The bus is empty", WIDTH // 2, y + h // 2 - 5)
        return
    focus_index = 0
    for i in range(len(bus)):
        if bus[i]["id"] == focus_id:
            focus_index = i
    first = first_shown(len(bus), focus_index) if focus_id is not None else scroll
    ids = engine.scorable_ids(state)
    for k in range(CARDS_SHOWN):
        i = first + k
        if i >= len(bus):
            break
        card = bus[i]
        draw_card(c, state, card, STRIP_X + k * CARD_STEP, y, h, card["id"] in ids,
                  card["id"] == focus_id)
    mid = y + h // 2
    if first > 0:  # more cards to the left
        for i in range(4):
            c.vline(3 + i, mid - i, 2 * i + 1, 1)
    if first + CARDS_SHOWN < len(bus):
        for i in range(4):
            c.vline(WIDTH - 4 - i, mid - i, 2 * i + 1, 1)


class BusPicker(Screen):
    """Choose one of the bus cards in `ids` (UP/DOWN step through them, C
    chooses). on_pick(app, card_id). Pushed over a screen it is a window
    (PL-15); the caret, the frame and the n/m in its title bar say which
    card UP/DOWN has reached."""
    dialog = True
    form = True

    def __init__(self, app, title, prompt, ids, on_pick, ok="Choose"):
        Screen.__init__(self, app)
        self.title = title
        self.prompt = prompt
        self.ids = ids
        self.on_pick = on_pick
        self.ok = ok
        self.index = 0

    def keys(self):
        return ("Cancel", None, self.ok)

    def status(self):
        return "%d/%d" % (self.index + 1, len(self.ids))

    def focus_id(self):
        return self.ids[self.index]

    def draw_body(self, c):
        st = self.app.state
        top = self.body_y()
        text.draw(c, text.BODY, text.fit(text.BODY, self.prompt, WIDTH - 8), 4, top - 1)
        card = engine.find(st, self.focus_id())
        if card is not None:
            text.draw(c, text.SMALL, text.fit(text.SMALL, describe_card(st, card), WIDTH - 8),
                      4, top + 13)
        draw_bus(c, st, top + 31, 48, self.focus_id())

    def button(self, b):
        n = len(self.ids)
        if b in ("UP", "DOWN"):
            self.index = step_focus(self.index, n, b)
            self.changed()
        elif b == "A":
            self.app.pop()
        elif b == "C":
            self.on_pick(self.app, self.focus_id())
