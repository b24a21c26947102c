# The House deck as an owner uploads it (TH-15, PL-20: `usher data upload
# theatre-house FILE`, read from theatre/house.txt when a solo game starts):
# one card a line, "name, suit, rank, value, print[, ability]", blank lines
# and lines starting with # skipped. The deck must be a legal 2-player deck
# (TH-13: the validator's rules with L = 4) of exactly 16 cards.
from usher.games.theatre import housedeck, validator
from usher.games.theatre.cards import ABILITIES, PRINTS


def parse(text):
    """(cards, defects): the cards as the engine's option house_deck takes
    them, and one message per broken rule (empty when usable)."""
    cards = []
    named = []
    defects = []
    for lineno, f in validator.card_lines(text):
        if len(f) not in (5, 6) or not f[0]:
            defects.append("line %d: want name, suit, rank, value, print[, ability]" % lineno)
            continue
        got, bad = validator.parse_deck(",".join(f[:3]))
        if bad:
            defects.append("line %d: %s" % (lineno, bad[0][1].split(": ", 1)[-1]))
            continue
        name, suit, rank = got[0]
        value = int(f[3]) if f[3].isdigit() else -1
        pr = f[4].lower()
        ability = f[5].lower() if len(f) == 6 and f[5] else "none"
        if not 0 <= value <= 99:
            defects.append("line %d: value must be 0-99" % lineno)
        elif pr not in PRINTS:
            defects.append("line %d: unknown print %s" % (lineno, f[4]))
        elif ability not in ABILITIES:
            defects.append("line %d: unknown ability %s" % (lineno, f[5]))
        else:
            named.append((name, suit, rank))
            cards.append({"rank": rank, "value": value, "suit": suit, "print": pr,
                          "ability": ability})
    if defects:
        return cards, defects
    defects = [m for _rule, m in validator.check_cards(named, 2, None)]
    if len(cards) != housedeck.DECK_SIZE:
        defects.append("%d cards, the House plays %d" % (len(cards), housedeck.DECK_SIZE))
    return cards, defects


def card_name(c):
    """A card's name when none was given (the editor on the device asks
    none): "Charm 8 float", so two cards differing in print are two names."""
    return "%s%s %d %s" % (c["suit"][0].upper(), c["suit"][1:], c["value"], c["print"])


def text_of(cards, what="name, suit, rank, value, print, ability"):
    """Cards in this format, named by card_name."""
    lines = ["# The House's deck: " + what]
    for c in cards:
        lines.append("%s, %s, %d, %d, %s, %s" % (card_name(c), c["suit"], c["rank"], c["value"],
                                               c["print"], c["ability"]))
    return "\n".join(lines) + "\n"


def default_text():
    """The assumed default deck in this format (docs/house.md)."""
    return text_of(housedeck.default_cards())
