# Per-player card counts (TH-11): the device never knows which cards are in a
# deck, only how many are in deck, hand, Breakroom and Dismissed; cards in the
# play area are counted from the round's entries. Act start draws with the
# Breakroom reshuffle and elimination (TH-11), gamble draws (TH-9) and the
# winner rule (TH-12) live here. The House's cards (TH-15) are known one by
# one: its piles move with its counts (usher.games.theatre.housedeck).
from usher.games.theatre import housedeck

HAND_SIZE = 5  # TH-11: each player draws 5 at the start of an Act


def new_counts(sizes):
    """Counts for declared deck sizes: everything starts in the deck."""
    n = len(sizes)
    return {"deck": list(sizes), "hand": [0] * n, "breakroom": [0] * n, "dismissed": [0] * n}


def house_of(s, p):
    """The virtual piles of seat p: the House's (TH-15), or in a simulation
    its rival's (option "rival", bench/theatre_house.py); else None."""
    for key in ("house", "rival"):
        h = s.get(key)
        if h is not None and h["seat"] == p:
            return h
    return None


def reshuffle(s, p):
    """Shuffle player p's Breakroom into their deck (only counts change,
    and the House's cards)."""
    s["deck"][p] += s["breakroom"][p]
    s["breakroom"][p] = 0
    h = house_of(s, p)
    if h is not None:
        housedeck.reshuffle(s, h)


def act_draws(s):
    """TH-11: every player still in draws 5. A player who cannot shuffles
    their Breakroom into the deck and draws; one who still cannot is
    eliminated (their cards stay in their deck, which TH-12 may compare).
    Returns one event per player: "drew", "reshuffled", "eliminated" or
    "out" (eliminated in an earlier Act)."""
    events = []
    for p in range(len(s["alive"])):
        if not s["alive"][p]:
            events.append("out")
            continue
        event = "drew"
        if s["deck"][p] < HAND_SIZE:
            reshuffle(s, p)
            event = "reshuffled"
        if s["deck"][p] < HAND_SIZE:
            s["alive"][p] = False
            events.append("eliminated")
            continue
        s["deck"][p] -= HAND_SIZE
        s["hand"][p] += HAND_SIZE
        h = house_of(s, p)
        if h is not None:
            housedeck.draw(h, HAND_SIZE)
        events.append(event)
    return events


def gamble_draw(s, p):
    """TH-9: draw the top card for a gamble, shuffling the Breakroom in first
    when the deck is empty. Returns "draw", or "ignored" when deck and
    Breakroom are both empty (the Gamble card then stands)."""
    if s["deck"][p] == 0:
        reshuffle(s, p)
    if s["deck"][p] == 0:
        return "ignored"
    s["deck"][p] -= 1
    return "draw"


def house_gamble_card(s, p):
    """The House's card a gamble_draw just took: the top of its deck."""
    h = house_of(s, p)
    top = h["deck"][0]
    h["deck"] = h["deck"][1:]
    return top


def game_winners(s, just_eliminated):
    """TH-12, called after Act start draws. Returns the winners (player
    indices) when at most one player is left, else None. The last player
    standing wins; if the last players were eliminated together, the one(s)
    with the most cards left in their deck win (equal = shared)."""
    left = [p for p in range(len(s["alive"])) if s["alive"][p]]
    if len(left) == 1:
        return left
    if left:
        return None
    best = max([s["deck"][p] for p in just_eliminated])
    return [p for p in just_eliminated if s["deck"][p] == best]


def in_play(s, p):
    """Cards of player p in the play area now: their entry this round plus a
    card drawn by a gamble (face down or revealed)."""
    n = 0
    for e in s["play"]:
        if e["player"] == p:
            n += 1
            if e.get("gamble") == "draw":
                n += 1
    return n


def counts(s, p):
    """Every count the screen shows for player p; the five places always add
    up to the declared deck size."""
    return {"deck": s["deck"][p], "hand": s["hand"][p], "breakroom": s["breakroom"][p],
            "dismissed": s["dismissed"][p], "in_play": in_play(s, p), "declared": s["declared"][p],
            "alive": s["alive"][p]}
