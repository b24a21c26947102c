# The House's virtual deck (TH-15): which of its cards are in its deck, hand,
# Breakroom and Dismissed pile, moved by the same rules as a player's counts
# (TH-9, TH-10, TH-11). Rules, not choices: the House's choices are in
# usher.games.theatre.house, which never reads the order kept here (TH-16).
#
# State: s["house"] = {"seat", "level", "deck", "hand", "breakroom",
# "dismissed", "seed", "moves"}, piles as card numbers into
# s["house_cards"] (the 16 cards, never changed in place: shared between a
# move's states). The top of the deck is deck[0].
from usher.core import rng
from usher.core.game import GameError
from usher.games.theatre.cards import ABILITIES, PRINTS, SUITS

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
NAME = "House"
HOUSE_SEAT = 1    # the player is seat 0; the first leader is drawn as in any game
DECK_SIZE = 16    # TH-15: the printed 2-player format, ranks 1-4, four of each

# TH-15's default deck, an assumption (no printed deck was transcribed):
# shaped like a starter deck, base values growing with rank (2r-1 .. 2r),
# the five suits and nine prints spread over it, 9 of 16 cards with an
# ability. (rank, value, suit, print, ability)
DEFAULT = (
    (1, 1, "charm", "paw", "none"), (1, 2, "luck", "hoof", "boost"),
    (1, 1, "agility", "claw", "sap"), (1, 2, "will", "fin", "combo1"),
    (2, 3, "strength", "talon", "none"), (2, 4, "charm", "webbed", "gamble"),
    (2, 3, "luck", "float", "none"), (2, 4, "agility", "skitter", "finisher"),
    (3, 5, "will", "paw", "boost"), (3, 6, "strength", "hoof", "none"),
    (3, 5, "charm", "slither", "combo2"), (3, 6, "luck", "claw", "none"),
    (4, 7, "agility", "fin", "sap"), (4, 8, "will", "talon", "none"),
    (4, 7, "strength", "webbed", "gamble"), (4, 8, "charm", "float", "none"),
)


def default_cards():
    return [{"rank": r, "value": v, "suit": su, "print": pr, "ability": ab}
            for r, v, su, pr, ab in DEFAULT]


def check_cards(cards):
    """The House deck as the engine takes it: 16 cards, each with a rank
    1-4, a base value 0-99, a suit, a print and an ability. GameError names
    the first bad card (PL-11)."""
    if type(cards) is not list or len(cards) != DECK_SIZE:
        raise GameError("The House deck has %d cards" % DECK_SIZE)
    out = []
    for i in range(len(cards)):
        c = cards[i]
        ok = type(c) is dict and type(c.get("value")) is int and 0 <= c["value"] <= 99 \
            and c.get("rank") in (1, 2, 3, 4) and c.get("suit") in SUITS \
            and c.get("print") in PRINTS and c.get("ability", "none") in ABILITIES
        if not ok:
            raise GameError("House card %d is not a card" % (i + 1))
        out.append({"rank": c["rank"], "value": c["value"], "suit": c["suit"],
                    "print": c["print"], "ability": c.get("ability", "none")})
    return out


def new(level, n_cards, st, seed):
    """The House's piles at the start: every card in its deck, shuffled with
    the game's generator st; its own generator's seed for its choices."""
    deck = list(range(n_cards))
    rng.shuffle(st, deck)
    return {"seat": HOUSE_SEAT, "level": level, "deck": deck, "hand": [], "breakroom": [],
            "dismissed": [], "seed": seed & 0xFFFFFFF, "moves": 0}


def card(s, i):
    """Card number i as a played card (the fields TH-2 names)."""
    c = s["house_cards"][i]
    return {"value": c["value"], "suit": c["suit"], "print": c["print"], "ability": c["ability"]}


def reshuffle(s, h):
    """TH-11/TH-9: the Breakroom shuffled into the deck."""
    h["deck"] = h["deck"] + h["breakroom"]
    h["breakroom"] = []
    rng.shuffle(s["rng"], h["deck"])


def draw(h, n):
    """The top n cards from deck to hand."""
    h["hand"] = h["hand"] + h["deck"][:n]
    h["deck"] = h["deck"][n:]


def take_from_hand(h, i):
    if i not in h["hand"]:
        raise GameError("That card is not in the House's hand")
    h["hand"] = [c for c in h["hand"] if c != i]


def to_pile(h, ids, won):
    """TH-10: a round's cards to the Breakroom when won, else Dismissed."""
    key = "breakroom" if won else "dismissed"
    h[key] = h[key] + ids
