# The House's choices in a solo game (TH-16): which card it plays, what its
# Sap does, whether it gambles; three levels and the two reference players
# the levels are measured against (docs/house.md, bench/theatre_house.py).
#
# A policy sees only view(state, seat): what a player at the table sees.
# Its own deck is given as the cards in it, sorted, never in their order (a
# player does not see the top of their deck); of the other players only
# their counts and the cards they played. Its randomness comes from its own
# seed and the number of moves it made (both in the state), so a replay,
# an undo or a resume chooses exactly the same again (PL-8).
from usher.core import rng
from usher.core.game import GameError
from usher.games.theatre import decks, engine, housedeck, rounds

# Draw on a Gamble when the drawn card wins at least this often (in 100):
# a drawn card that loses costs a second card, one that wins keeps both.
GAMBLE_ODDS = 50
# Hard's lead: a won round is worth this many base-value points of a card
# that could have been lost instead (bench/theatre_house.py: 2 was the strongest of 1, 2, 4, 8, 16).
LEAD_GAIN = 2


def _sorted_cards(s, ids):
    cards = [housedeck.card(s, i) for i in ids]
    cards.sort(key=_card_key)
    return cards


def _card_key(c):
    return (c["value"], c["suit"], c["print"], c["ability"])


def view(s, seat):
    """All a policy may read (TH-16)."""
    h = decks.house_of(s, seat)
    table = []
    mine = None
    for e in s["play"]:
        if e["player"] == seat:
            mine = e
            continue
        # a gambler's drawn card counts only once revealed (TH-9)
        table.append((e["player"], e.get("drawn", e["card"])))
    drawn = None
    if mine is not None and "drawn_id" in mine and "drawn" not in mine:
        drawn = housedeck.card(s, mine["drawn_id"])   # its own card, seen once drawn
    return {
        "seat": seat, "phase": s["phase"], "act": s["act"], "round": s["round"],
        "desired": engine.desired_suit(s), "line": list(s["line"]),
        "tokens": [list(t) for t in s["tokens"]], "combo": list(s["combo"]),
        "table": table, "mine": None if mine is None else mine.get("drawn", mine["card"]),
        "drawn": drawn,
        "hand": [(i, housedeck.card(s, i)) for i in h["hand"]],
        "deck": _sorted_cards(s, h["deck"]),
        "breakroom": _sorted_cards(s, h["breakroom"]),
        "dismissed": _sorted_cards(s, h["dismissed"]),
        "all": _sorted_cards(s, range(len(s["house_cards"]))),
        "counts": [decks.counts(s, p) for p in range(len(s["players"]))],
        "rng": rng.new_state(h["seed"] * 64 + h["moves"]),
    }


def _values(v, card, remove, tokens=None):
    """(this card's value, the best other value on the table or None) if the
    round ended once card entered with its Sap choice (TH-4..TH-8)."""
    tokens = [list(t) for t in (v["tokens"] if tokens is None else tokens)]
    try:
        rounds.enter_tokens(tokens, card, remove)
    except GameError:
        return None, None
    earlier = v["round"] - 1
    mine = rounds.card_value(card, v["desired"], tokens, v["combo"][v["seat"]], earlier)[1]
    best = None
    for p, c in v["table"]:
        x = rounds.card_value(c, v["desired"], tokens, v["combo"][p], earlier)[1]
        if best is None or x > best:
            best = x
    return mine, best


def _removals(v, card):
    """A Sap's choices (TH-6): its token (None) or one Boost to remove."""
    if card["ability"] != "sap":
        return [None]
    return [None] + rounds.boost_prints(v["tokens"])


def _options(v):
    """Every legal play: (card number, card, remove, value, best other)."""
    out = []
    for i, c in v["hand"]:
        for r in _removals(v, c):
            mine, best = _values(v, c, r)
            out.append((i, c, r, mine, best))
    return out


def _act(v, i, r):
    a = {"type": "play", "player": v["seat"], "card": i}
    for i2, c in v["hand"]:
        if i2 == i:
            a.update(c)      # its fields too: the log and the History say the card
    if r is not None:
        a["remove"] = r
    return a


def _cheapest(opts):
    """The option with the lowest base value (then the lowest card number)."""
    best = None
    for o in opts:
        if best is None or (o[1]["value"], o[0]) < (best[1]["value"], best[0]):
            best = o
    return best


def _winning(opts):
    return [o for o in opts if o[4] is not None and o[3] > o[4]]


def _draw_odds(v):
    """How often (in 100) the top card of its deck would win the round
    now: counted over the cards in its deck, or its Breakroom when the deck
    is empty (TH-9), each with its best Sap choice."""
    pool = v["deck"] or v["breakroom"]
    if not pool:
        return 0
    wins = 0
    for c in pool:
        for r in _removals(v, c):
            mine, best = _values(v, c, r)
            if mine is not None and (best is None or mine > best):
                wins += 1
                break
    return wins * 100 // len(pool)


def _losing(v):
    """Whether its Gamble card, already in play, is not ahead now."""
    earlier = v["round"] - 1
    mine = rounds.card_value(v["mine"], v["desired"], v["tokens"], v["combo"][v["seat"]], earlier)[1]
    for p, c in v["table"]:
        if rounds.card_value(c, v["desired"], v["tokens"], v["combo"][p], earlier)[1] >= mine:
            return True
    return False


def _best_reveal(v):
    """A drawn Sap's choice that leaves the widest margin."""
    card = v["drawn"]
    best = None
    for r in _removals(v, card):
        mine, other = _values(v, card, r)
        if mine is None:
            continue
        margin = mine - (other if other is not None else -99)
        if best is None or margin > best[0]:
            best = (margin, r)
    return best[1]


def _reveal_action(v, r):
    a = {"type": "reveal", "player": v["seat"]}
    a.update(v["drawn"])
    if r is not None:
        a["remove"] = r
    return a


# --- the reference players (docs/house.md) --------------------------------------

def _random_player(v):
    st = v["rng"]
    if v["phase"] == "gamble":
        return {"type": "gamble", "player": v["seat"], "draw": rng.below(st, 2) == 1}
    if v["phase"] == "reveal":
        rs = _removals(v, v["drawn"])
        return _reveal_action(v, rs[rng.below(st, len(rs))])
    i, c = v["hand"][rng.below(st, len(v["hand"]))]
    rs = _removals(v, c)
    return _act(v, i, rs[rng.below(st, len(rs))])


def _greedy_player(v):
    """Wins the round with its cheapest winning card when it can, otherwise
    sheds its lowest; draws on a Gamble when behind."""
    if v["phase"] == "gamble":
        return {"type": "gamble", "player": v["seat"], "draw": _losing(v)}
    if v["phase"] == "reveal":
        return _reveal_action(v, _best_reveal(v))
    opts = _options(v)
    o = _cheapest(_winning(opts)) or _cheapest([o for o in opts if o[2] is None] or opts)
    return _act(v, o[0], o[2])


# --- the levels ----------------------------------------------------------------

def _easy(v):
    """Plays a card at random; adds its Sap's token; draws when behind."""
    if v["phase"] == "gamble":
        return {"type": "gamble", "player": v["seat"], "draw": _losing(v)}
    if v["phase"] == "reveal":
        return _reveal_action(v, None)
    i, _c = v["hand"][rng.below(v["rng"], len(v["hand"]))]
    return _act(v, i, None)


def _normal(v):
    """The greedy player, gambling only when the odds of its deck say so."""
    if v["phase"] == "gamble":
        return {"type": "gamble", "player": v["seat"],
                "draw": _losing(v) and _draw_odds(v) >= GAMBLE_ODDS}
    return _greedy_player(v)


def _lead_chance(v, card, r):
    """How often (in 100) card would beat every card the other player still
    holds: each of their cards taken as one like those of its own deck (the
    prior for a hand it cannot see), with its suit bonus."""
    mine = _values(v, card, r)[0]
    pool = v["all"]
    below = 0
    for c in pool:
        x = c["value"] + (rounds.SUIT_BONUS if c["suit"] == v["desired"] else 0)
        if mine > x:
            below += 1
    held = 0
    for p in range(len(v["counts"])):
        if p != v["seat"]:
            held = max(held, v["counts"][p]["hand"])
    chance = 100
    for _ in range(held):
        chance = chance * below // len(pool)
    return chance


def _hard(v):
    """Normal, and when it leads it weighs each card's chance to win
    against what losing it costs: a likely winner is led, otherwise its
    lowest card goes."""
    if v["phase"] != "play" or v["table"]:
        return _normal(v)
    best = None
    for i, c, r, _m, _b in _options(v):
        chance = _lead_chance(v, c, r)
        score = chance * LEAD_GAIN - (100 - chance) * c["value"]
        if best is None or score > best[0]:
            best = (score, i, r)
    return _act(v, best[1], best[2])


POLICIES = {"easy": _easy, "normal": _normal, "hard": _hard,
            "random": _random_player, "greedy": _greedy_player}


def choose(s, seat=housedeck.HOUSE_SEAT, policy=None):
    """The action of the virtual seat whose turn it is: its level's policy
    (or a named one, for simulations) applied to what it may see."""
    return POLICIES[policy or decks.house_of(s, seat)["level"]](view(s, seat))
