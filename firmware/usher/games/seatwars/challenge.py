# Seat challenges (SW-6) and item challenges (SW-5), as pure functions the
# engine and the UI both call: the UI can show "9 vs 9: seat held" before the
# player confirms. Equipment is a list of attack bonuses, one per card.


def strength(attack, equipment):
    """Attack plus the bonuses of every equipment card on the character."""
    total = attack
    for bonus in equipment:
        total += bonus
    return total


def resolve(attack, equipment, seated_attack, seated_equipment, seymour=False):
    """Settle a seat challenge (SW-6). Returns a dict:
    won      True when the challenger takes the seat
    attack   the challenger's attack plus equipment
    defence  the seated character's attack plus its equipment
    seymour  True when Seymour removed the seated card regardless of attack
    The challenger wins only when the seated total is strictly lower: an equal
    total keeps the seated character. Seymour removes any character (or item)
    whatever the numbers; he is then scored for his minimum, not seated."""
    a = strength(attack, equipment)
    d = strength(seated_attack, seated_equipment)
    if seymour:
        return {"won": True, "attack": a, "defence": d, "seymour": True}
    return {"won": d < a, "attack": a, "defence": d, "seymour": False}


def challenger_wins(attack, equipment, seated_attack, seated_equipment, seymour=False):
    """True when the challenger takes the seat (SW-6)."""
    return resolve(attack, equipment, seated_attack, seated_equipment, seymour)["won"]


def item_taken(attack, equipment, shield, seymour=False):
    """True when a challenger claims an item (SW-5): its attack plus
    equipment must be strictly greater than the item's shield. Seymour removes
    an item whatever its shield (SW-6), but the engine does not score an item
    he removes (he is the one scored)."""
    if seymour:
        return True
    return strength(attack, equipment) > shield
