"""Owner data kinds: each maps to its file on the board and to the game's own
validator in the firmware (pure, the same code the device uses; PL-11).

A validator takes the file's text and returns the list of defects (strings);
an empty list means the file is usable.
"""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware")


def _firmware():
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)


def takeaseat_panels(text):
    _firmware()
    from usher.games.takeaseat import panels
    return list(panels.parse_panels(text)[1])


def takeaseat_automa(text):
    _firmware()
    from usher.games.takeaseat import deck
    return list(deck.parse_deck(text)[1])


def multisala_deckreative(text):
    _firmware()
    from usher.games.multisala import cards
    return list(cards.parse_deck(text)[2])


def theatre_deck(text):
    _firmware()
    from usher.games.theatre import validator
    # The validator's rule names (card_line, min_cards, ...) are internal:
    # the owner reads the message alone.
    return [msg for _rule, msg in validator.validate_deck(text, 2, None)]


def theatre_house(text):
    _firmware()
    from usher.games.theatre import housefile
    return list(housefile.parse(text)[1])


def players_roster(text):
    _firmware()
    from usher.ui import players
    return list(players.parse_roster(text)[1])


# kind -> (file name under the board's data folder, validator, what it is):
# the panels of TS-2, the Automa deck of TS-6, the DecKreative deck of MS-1,
# the deck list of TH-13 and the House's deck of a solo The Theatre (TH-15).
KINDS = {
    "panels": ("takeaseat/panels.txt", takeaseat_panels, "Take a Seat reservation panels"),
    "automa": ("takeaseat/automa.txt", takeaseat_automa, "Take a Seat Automa deck"),
    "deckreative": ("multisala/deck.txt", multisala_deckreative,
                    "Pulisci il Multisala DecKreative deck"),
    "theatre-deck": ("theatre/deck.txt", theatre_deck, "The Theatre deck list"),
    "theatre-house": ("theatre/house.txt", theatre_house, "The Theatre House deck (solo)"),
    "players": ("players.txt", players_roster, "roster of players (one name a line)"),
}


def device_path(kind, data_dir):
    return data_dir.rstrip("/") + "/" + KINDS[kind][0]


def defects(kind, text):
    """The file's defects by the firmware's own checks; a file the device
    wrote (owner data entered on it, PL-20; the roster) has a seal line,
    checked first and then dropped, as the device reads it."""
    _firmware()
    from usher.core import seal
    try:
        text = seal.open_text(text)[0]
    except ValueError as e:
        return [str(e)]
    return KINDS[kind][1](text)
