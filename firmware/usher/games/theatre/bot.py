# A simple player for batch simulation and the determinism test. The device
# never knows the cards in a deck, so the bot makes up each card it enters
# from a legal printed deck's shape: ranks 1-4 equally often (4 or 5 of each,
# TH-13), a base value growing with rank, any suit and print, and an ability
# on about half the cards.
from usher.core import rng
from usher.games.theatre import engine
from usher.games.theatre.cards import ABILITIES, PRINTS, SUITS

# none is listed four times: about half the cards have no ability.
_ABILITY_POOL = ("none", "none", "none", "none") + ABILITIES[1:]


def random_card(st):
    """A plausible card: rank 1..4, base value 2*rank-1 .. 2*rank+1."""
    rank = rng.randint(st, 1, 4)
    return {"value": 2 * rank - 1 + rng.below(st, 3),
            "suit": rng.choice(st, SUITS),
            "print": rng.choice(st, PRINTS),
            "ability": rng.choice(st, _ABILITY_POOL)}


def _card_action(kind, s, st):
    card = random_card(st)
    action = {"type": kind, "player": s["turn"]}
    for k in ("value", "suit", "print", "ability"):
        action[k] = card[k]
    boosts = engine.removable_boosts(s)
    # A Sap removes a Boost half the time when it can (TH-6).
    if card["ability"] == "sap" and boosts and rng.below(st, 2):
        action["remove"] = rng.choice(st, boosts)
    return action


def next_action(state, rng_state):
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "act_start":
        return {"type": "start_act"}
    if phase == "play":
        return _card_action("play", state, rng_state)
    if phase == "reveal":
        return _card_action("reveal", state, rng_state)
    if phase == "gamble":
        # Gamble when the own card is not already the best on the table.
        mine = None
        best = None
        for e in state["play"]:
            v = e["card"]["value"]
            if e["player"] == state["turn"]:
                mine = v
            elif best is None or v > best:
                best = v
        return {"type": "gamble", "player": state["turn"], "draw": best is not None and mine <= best}
    raise ValueError("unknown phase %s" % phase)


def summary(state):
    """Figures for batch simulation, from the final state."""
    st = state["stats"]
    rounds = st["rounds"]
    alive = [p for p in range(len(state["alive"])) if state["alive"][p]]
    return {
        "rounds": rounds,
        "acts": state["act"] - 1,
        "tied_rounds": st["ties"],
        "tie_rate_pct": (st["ties"] * 100 + rounds // 2) // rounds if rounds else 0,
        "gambles": st["gambles"],
        "winners": len(state["winners"]),
        "shared_win": 1 if len(state["winners"]) > 1 else 0,
        "eliminated_together": 0 if alive else 1,
    }
