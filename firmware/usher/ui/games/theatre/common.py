# Drawing pieces the Theatre screens share: the Suit Card line with the
# Desired Suit marked (TH-3, TH-4), tokens in play (TH-6), the per-player
# counts table (TH-11) and short texts for cards and value breakdowns.
from usher.games.theatre import engine
from usher.ui import icons, seats, text
from usher.ui.canvas import WIDTH

SUIT_STEP = 19  # 16 px icons with a 3 px gap: the line is 5 * 19 = 95 px wide
ABILITY_SHORT = {"none": "", "boost": "Boost", "sap": "Sap", "combo1": "Combo1",
                 "combo2": "Combo2", "finisher": "Finisher", "gamble": "Gamble"}
PART_LABEL = {"base": "", "suit": "suit", "boost": "Boost", "sap": "Sap", "combo": "Combo",
              "finisher": "Fin"}


def name(state, p, max_w=None):
    """Player p's label (usher.ui.seats, the one player label helper; the
    engine's names are the same, from the options)."""
    return seats.label(p, text.BODY, max_w)


def draw_suit_line(c, state, x, y):
    """The five Suit Cards of this Act in line order (icons): past rounds
    struck through, this round's Desired Suit inverted in a frame (TH-3)."""
    line = state["line"]
    cur = state["desired"] if state["phase"] in ("play", "gamble", "reveal") else None
    for i in range(len(line)):
        ix = x + i * SUIT_STEP
        if i == cur:
            c.fill_rect(ix - 2, y - 2, 20, 20, 1)
            icons.draw(c, icons.suit(line[i]), ix, y, 0)
        else:
            icons.draw(c, icons.suit(line[i]), ix, y)
            if cur is not None and i < cur:
                c.line(ix - 1, y + 16, ix + 16, y - 1, 1)


def tokens_text(tokens):
    """Play-area tokens as '+paw -fin' (Boost +, Sap -), in joining order."""
    out = []
    for kind, pr in tokens:
        out.append(("+" if kind == "boost" else "-") + pr)
    return " ".join(out)


def card_label(card):
    """'7 paw Boost' (the suit is drawn as an icon next to it)."""
    t = "%d %s" % (card["value"], card["print"])
    ab = ABILITY_SHORT[card["ability"]]
    return t + " " + ab if ab else t


def parts_text(parts):
    """A value breakdown as '7 suit+3 Boost+1 Sap-1 Combo+2 Fin+3' (TH-4..TH-8)."""
    out = []
    for label, amount in parts:
        sign = "+" if amount >= 0 else ""
        if label == "base":
            out.append(str(amount))
        else:
            out.append("%s%s%d" % (PART_LABEL.get(label, label), sign, amount))
    return " ".join(out)


COUNT_COLS = (("Deck", 208), ("Hand", 236), ("Brk", 264), ("Dis", 292))  # right edges


def draw_count_header(c, y):
    for label, right in COUNT_COLS:
        text.draw_right(c, text.SMALL, label, right, y)


def draw_counts(c, state, p, y):
    """Deck, hand, Breakroom, Dismissed of seat p, right-aligned in columns
    (TH-11). An eliminated player keeps
    their deck count: TH-12 compares it."""
    k = engine.player_counts(state, p)
    vals = (k["deck"], k["hand"], k["breakroom"], k["dismissed"])
    for i in range(4):
        text.draw_right(c, text.SMALL, str(vals[i]), COUNT_COLS[i][1], y)


def draw_leader(c, x, y, color=1):
    """The leader's crown (the 'authorities' icon)."""
    icons.draw(c, icons.area("authorities"), x, y, color)


def seats_for_table(state):
    """Seats in this round's play order, then the others (eliminated)."""
    order = list(state["order"])
    for p in range(len(state["players"])):
        if p not in order:
            order.append(p)
    return order


def fit(font, s, w):
    return text.fit(font, s, w)


def hline(c, y):
    c.hline(0, y, WIDTH, 1)
