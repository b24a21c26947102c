# Pure round arithmetic: tokens entering the play area (TH-6), each card's
# final value with its breakdown (TH-4..TH-8) and the round winner (TH-10).
# No state object here: the engine passes plain lists in and stores what
# comes back, and a screen may call these to explain a value.
from usher.core.game import GameError

SUIT_BONUS = 3  # TH-4


def boost_prints(tokens):
    """Prints of the Boost tokens in the play area, once each, in the order
    they joined (what a Sap may remove, TH-6)."""
    out = []
    for kind, pr in tokens:
        if kind == "boost" and pr not in out:
            out.append(pr)
    return out


def enter_tokens(tokens, card, remove):
    """TH-6: the token effect of `card` entering play, applied to the `tokens`
    list in place. A Boost adds a Boost token of its print. A Sap adds a Sap
    token of its print or, when `remove` names the print of a Boost token in
    the play area right now, removes that Boost instead. Since tokens join at
    play time, a Boost played later this round is not there yet and cannot be
    removed. Raises GameError (tokens untouched) for an impossible removal."""
    ability = card["ability"]
    if remove is not None:
        if ability != "sap":
            raise GameError("Only a Sap removes a Boost")
        for i in range(len(tokens)):
            if tokens[i][0] == "boost" and tokens[i][1] == remove:
                tokens.pop(i)
                return
        raise GameError("No %s Boost in play" % (remove,))
    if ability == "boost" or ability == "sap":
        tokens.append([ability, card["print"]])


def card_value(card, desired, tokens, combo, earlier):
    """Final value of one card at the end of a round and its breakdown.

    card     the card that counts for its player ({"value","suit","print","ability"})
    desired  this round's Desired Suit, or None when no Suit Card is left (TH-4)
    tokens   the play area at the end of the round: [[kind, print], ...]
    combo    the pending Combo bonus of the card's player (0, 1 or 2, TH-7)
    earlier  cards its player played earlier this Act (Finisher, TH-8)

    Returns (parts, total): parts is a list of [label, amount] with labels
    base, suit, boost, sap (one part per token), combo, finisher. TH-5: every
    modifier is additive; there are no multiplicative ones among the
    implemented abilities, so the total is the plain sum."""
    parts = [["base", card["value"]]]
    if desired is not None and card["suit"] == desired:
        parts.append(["suit", SUIT_BONUS])
    for kind, pr in tokens:
        if pr == card["print"]:
            parts.append([kind, 1 if kind == "boost" else -1])
    if combo:
        parts.append(["combo", combo])
    if card["ability"] == "finisher":
        parts.append(["finisher", earlier])
    total = 0
    for part in parts:
        total += part[1]
    return parts, total


def round_winner(values):
    """TH-10: index of the unique highest value, or None when the top value
    is tied. Values may be negative."""
    best = None
    winner = None
    for i in range(len(values)):
        v = values[i]
        if best is None or v > best:
            best = v
            winner = i
        elif v == best:
            winner = None
    return winner
