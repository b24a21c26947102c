# Automa deck data (TS-6) and its shuffles (TS-8, TS-11).
#
# Text format: one card per line, "AREA ARROW" or "AREA ARROW x2"
# (front colour, then the back's arrow and x2 mark); ';' starts a comment.
# A card is {"area": area name, "arrow": TS-7 arrow, "x2": bool}.
from usher.core import rng
from usher.games.takeaseat import tickets as tk

DECK_SIZE = 8
# TS-8: shuffles tried before the first card without x2 is moved to the top.
MAX_SETUP_SHUFFLES = 10

# ASSUMPTION (TS-6): the printed deck is not public. Two cards per area, the
# eight arrows once each, x2 on two cards of different areas.
DEFAULT_DECK_TEXT = """\
; ASSUMED default Automa deck (TS-6) - the printed cards are not public.
authorities RD
authorities UL x2
celebrities LD
celebrities DR
press RU
press UR x2
public LU
public DL
"""


def parse_deck(text):
    """Returns (cards, defects); every defect names its line."""
    cards = []
    defects = []
    card_lines = 0
    lines = text.split("\n")
    for i in range(len(lines)):
        no = i + 1
        line = lines[i].strip()
        if not line or line.startswith(";"):
            continue
        parts = line.split()
        card_lines += 1
        if len(parts) not in (2, 3):
            defects.append("line %d: expected 'AREA ARROW [x2]', got '%s'" % (no, line))
            continue
        ok = True
        if tk.area_index(parts[0]) < 0:
            defects.append("line %d: unknown area '%s' (areas: %s)" % (no, parts[0], ", ".join(tk.AREAS)))
            ok = False
        if parts[1] not in tk.ARROWS:
            defects.append("line %d: unknown arrow '%s' (arrows: %s)" % (no, parts[1], " ".join(tk.ARROWS)))
            ok = False
        if len(parts) == 3 and parts[2] != "x2":
            defects.append("line %d: third word must be 'x2', got '%s'" % (no, parts[2]))
            ok = False
        if ok:
            cards.append({"area": parts[0], "arrow": parts[1], "x2": len(parts) == 3})
    if card_lines != DECK_SIZE:
        defects.append("deck has %d cards, needs %d" % (card_lines, DECK_SIZE))
    if len(cards) == card_lines and card_lines and not [c for c in cards if not c["x2"]]:
        defects.append("every card shows x2: setup needs one without")
    return cards, defects


def validate_deck(cards):
    """Defects of a deck given as data (a list of card dicts): TS-6 eight
    cards, known areas and arrows, and at least one card without x2 so the
    TS-8 setup rule can end."""
    if type(cards) is not list:
        return ["deck must be a list of cards"]
    defects = []
    for i in range(len(cards)):
        c = cards[i]
        if type(c) is not dict or tk.area_index(c.get("area")) < 0 or c.get("arrow") not in tk.ARROWS \
                or type(c.get("x2")) is not bool:
            defects.append("card %d: needs a known area, arrow and x2 true/false" % (i + 1))
    if len(cards) != DECK_SIZE:
        defects.append("deck has %d cards, needs %d" % (len(cards), DECK_SIZE))
    if not defects and not [c for c in cards if not c["x2"]]:
        defects.append("every card shows x2: setup needs one without")
    return defects


def load_deck(text):
    cards, defects = parse_deck(text)
    if defects:
        raise ValueError("; ".join(defects))
    return cards


def default_deck():
    return load_deck(DEFAULT_DECK_TEXT)


def shuffle_deck(rng_state, cards):
    """TS-8: a new order of all card indexes (top = index 0), shuffled again
    while the top card shows x2, at most MAX_SETUP_SHUFFLES times; then the
    first card without x2 is moved to the top. Returns (order, shuffles)."""
    order = list(range(len(cards)))
    shuffles = 0
    while True:
        rng.shuffle(rng_state, order)
        shuffles += 1
        if not cards[order[0]]["x2"] or shuffles >= MAX_SETUP_SHUFFLES:
            break
    if cards[order[0]]["x2"]:
        for i in range(len(order)):
            if not cards[order[i]]["x2"]:
                order.insert(0, order.pop(i))
                break
    return order, shuffles
