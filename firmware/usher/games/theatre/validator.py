# TH-13 deck validator: parses a deck list (one card per line: name, suit,
# rank) and returns every broken rule by name. Pure and portable so the
# device can use it as well as the host tools (sim/data_theatre.py).
from usher.games.theatre.cards import SUITS

MIN_CARDS = 5
MAX_COPIES = 2
RANKS = (1, 2, 3, 4)

# Rule names, as reported.
R_LINE = "card_line"        # a line that is not "name, suit, rank"
R_SUIT = "suit"             # unknown suit
R_RANK = "rank"             # rank not 1..4
R_MIN = "min_cards"         # fewer than 5 cards
R_COPIES = "max_copies"     # more than 2 of one name + suit
R_RANK_LIMIT = "rank_limit"  # over the per-rank limit even with rank swaps


def rank_limit(players, casual=None):
    """Per-rank limit L: 4 for 2 players, 5 for 3-4, or an agreed casual L."""
    if casual is not None:
        return casual
    return 4 if players == 2 else 5


def _suit(text):
    t = text.strip().lower()
    if t in SUITS:
        return t
    # The printed order also numbers the suits 1..5 (TH-1).
    if t.isdigit() and 1 <= int(t) <= 5:
        return SUITS[int(t) - 1]
    return None


def card_lines(text):
    """(line number, its comma-separated fields stripped) of each line of
    a deck file that is not blank and does not start with #."""
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw.strip()
        if line and line[0] != "#":
            yield lineno, [f.strip() for f in line.split(",")]


def parse_deck(text):
    """(cards, defects): cards are (name, suit, rank) for every well-formed
    line; blank lines and lines starting with # are skipped. Names compare
    without case or surrounding spaces."""
    cards = []
    defects = []
    for lineno, fields in card_lines(text):
        if len(fields) != 3 or not fields[0]:
            defects.append([R_LINE, "line %d: want name, suit, rank" % lineno])
            continue
        suit = _suit(fields[1])
        ok = True
        if suit is None:
            defects.append([R_SUIT, "line %d: unknown suit %s" % (lineno, fields[1])])
            ok = False
        rank = int(fields[2]) if fields[2].isdigit() else 0
        if rank not in RANKS:
            defects.append([R_RANK, "line %d: rank must be 1-4" % lineno])
            ok = False
        if ok:
            cards.append((fields[0], suit, rank))
    return cards, defects


def rank_weight(cards):
    """Sum over the cards of 2^(rank-1): rank swaps (2 of a rank for 1 of the
    next up, or back) keep it unchanged, so a deck fits the per-rank limit L
    after swaps exactly when it is at most 15 x L (TH-13)."""
    total = 0
    for c in cards:
        total += 1 << (c[2] - 1)
    return total


def check_cards(cards, players=2, casual=None):
    """Broken deckbuilding rules of a parsed deck: list of [rule, message]."""
    defects = []
    if len(cards) < MIN_CARDS:
        defects.append([R_MIN, "%d cards, need at least %d" % (len(cards), MIN_CARDS)])
    copies = {}
    keys = []
    for name, suit, _rank in cards:
        key = name.lower() + "|" + suit
        if key not in copies:
            copies[key] = 0
            keys.append((key, name, suit))
        copies[key] += 1
    for key, name, suit in keys:
        if copies[key] > MAX_COPIES:
            defects.append([R_COPIES, "%s %s: %d copies, max %d" % (name, suit, copies[key], MAX_COPIES)])
    limit = rank_limit(players, casual)
    weight = rank_weight(cards)
    if weight > 15 * limit:
        defects.append([R_RANK_LIMIT, "rank weight %d over %d (%d per rank)" % (weight, 15 * limit, limit)])
    return defects


def validate_deck(text, players=2, casual=None):
    """Every broken rule of a deck file's text, [[rule, message], ...];
    empty when the deck is legal for that many players (or casual L)."""
    cards, defects = parse_deck(text)
    return defects + check_cards(cards, players, casual)
