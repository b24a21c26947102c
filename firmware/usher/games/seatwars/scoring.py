# Totals and the winner (SW-8). Pure functions over the players list of the
# state; the UI may call them for a running standings screen.


def total(player):
    """Sum of the points of a player's scored entries."""
    points = 0
    for entry in player["scored"]:
        points += entry["points"]
    return points


def scored_characters(player):
    """How many characters the player scored (items are not characters):
    SW-9, every one, whichever action scored it (the score action, Seymour,
    the final scoring of the bus), as each leaves a "char" entry."""
    n = 0
    for entry in player["scored"]:
        if entry["what"] == "char":
            n += 1
    return n


def winners(players):
    """Indices of the winners (SW-8): highest total; a tie goes to the most
    scored characters; a tie on both is a shared win (several indices)."""
    best = None
    out = []
    for i in range(len(players)):
        key = (total(players[i]), scored_characters(players[i]))
        if best is None or key > best:
            best = key
            out = [i]
        elif key == best:
            out.append(i)
    return out


def standings(players):
    """Player indices ordered best first by (total, scored characters), ties
    kept in seat order."""
    order = list(range(len(players)))
    order.sort(key=lambda i: (-total(players[i]), -scored_characters(players[i]), i))
    return order
