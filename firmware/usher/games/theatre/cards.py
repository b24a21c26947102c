# Card vocabulary (TH-1, TH-2) and the check of a card entered by a player.
from usher.core.game import GameError, need_int

# TH-1: suits in their printed order (1 charm .. 5 strength), and the prints.
SUITS = ("charm", "luck", "agility", "will", "strength")
PRINTS = ("paw", "hoof", "claw", "talon", "slither", "webbed", "fin", "float", "skitter")
# TH-2: abilities the device resolves. Chaos is "under construction" in the
# rulebook and is not implemented.
ABILITIES = ("none", "boost", "sap", "combo1", "combo2", "finisher", "gamble")
COMBO_BONUS = {"combo1": 1, "combo2": 2}

# Printed base values are small non-negative numbers; the range only keeps a
# mistyped entry off the screen.
MIN_VALUE = 0
MAX_VALUE = 99


def need_card(action):
    """The card described by an action's value/suit/print/ability fields, as
    the state stores it; GameError naming the bad field."""
    value = need_int(action, "value", MIN_VALUE, MAX_VALUE)
    suit = action.get("suit")
    if suit not in SUITS:
        raise GameError("Unknown suit")
    pr = action.get("print")
    if pr not in PRINTS:
        raise GameError("Unknown print")
    ability = action.get("ability", "none")
    if ability not in ABILITIES:
        raise GameError("Unknown ability")
    return {"value": value, "suit": suit, "print": pr, "ability": ability}


def card_text(card):
    """Short label for logs and screens, e.g. '7 charm paw boost'."""
    t = "%d %s %s" % (card["value"], card["suit"], card["print"])
    if card["ability"] != "none":
        t += " " + card["ability"]
    return t
