# A random table for Seat Wars: makes random legal bookkeeping entries
# (characters placed, challenges, scores after a full round, events, turn
# ends) and declares the last card of the main deck once a modelled deck has
# run out, so every game ends. Used by batch simulation and the determinism
# tests; it is not a strategy.
from usher.core import rng
from usher.games.seatwars import engine, scoring

# The blue (main) deck: 40 characters, 15 events, 7 equipment; 5 cards dealt
# to each player.
MAIN_DECK = 62
DEALT = 5


def deck_left(state):
    """Cards left in the modelled main deck (only draws for unspent actions
    are counted; the bot plays no card that draws)."""
    return MAIN_DECK - DEALT * len(state["players"]) - state["drawn"]


def _chance(st, n):
    """True one time in n."""
    return rng.below(st, n) == 0


def _end_turn(state, st):
    action = {"type": "end_turn"}  # type: dict
    draw = engine.draws_if_ended(state)
    if draw and state["last_by"] is None and deck_left(state) <= draw:
        action["last_card"] = True
    if _chance(st, 2):
        action["hand"] = rng.randint(st, 2, 8)
    return action


def next_action(state, st):
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "final_scoring":
        return {"type": "final_score", "target": engine.leftovers(state)[0],
                "value": rng.randint(st, 1, 4)}
    me = state["players"][state["current"]]
    if state["last_by"] is None and deck_left(state) <= 0:
        return {"type": "last_card"}
    if state["item_ok"] and _chance(st, 3):
        return {"type": "item", "shield": rng.randint(st, 2, 8)}
    if me["missed"] and _chance(st, 3):
        return {"type": "caught_bus", "player": state["current"]}
    left = state["actions"]
    if left == 0 or _chance(st, 3):
        return _end_turn(state, st)
    ready = engine.scorable_ids(state)
    if ready and _chance(st, 2):
        action = {"type": "score", "target": rng.choice(st, ready)}
        if _chance(st, 2):
            action["mode"] = "max"
            action["value"] = rng.randint(st, 5, 10)
        else:
            action["mode"] = "min"
            action["value"] = rng.randint(st, 1, 4)
            if left >= 2 and _chance(st, 4):
                action["destination"] = True
        return action
    roll = rng.below(st, 10)
    if roll == 0:
        action = {"type": "event"}
        if _chance(st, 2):
            others = [i for i in range(len(state["players"])) if i != state["current"]]
            action["missed"] = rng.choice(st, others)
        return action
    attack = rng.randint(st, 1, 10)
    equip = []
    if left >= 2 and _chance(st, 5):
        equip.append(rng.randint(st, 1, 3))
    targets = engine.targets(state)
    if targets and roll <= 4:
        target = rng.choice(st, targets)
        if _chance(st, 15):
            return {"type": "challenge", "target": target, "seymour": True,
                    "value": rng.randint(st, 1, 4)}
        action = {"type": "challenge", "target": target, "attack": attack, "equip": equip}
        if engine.find(state, target)["kind"] == "item":
            action["points"] = rng.randint(st, 1, 5)
        return action
    return {"type": "place", "attack": attack, "equip": equip}


def summary(state):
    """Figures of one finished game for batch simulation."""
    players = state["players"]
    win = state["winners"]
    totals = [p["total"] for p in players]
    out = {
        "turns": state["turn"],
        "rounds": state["round"],
        "winner_points": totals[win[0]] if win else 0,
        "margin_over_last": (max(totals) - min(totals)),
        "shared_win": 1 if len(win) > 1 else 0,
        "chars_scored": 0,
        "items_scored": 0,
        "seymour_scores": 0,
        "left_on_bus": 0,
        "destination_bonus": 0,
        "cards_drawn": state["drawn"],
    }
    for p in players:
        out["chars_scored"] += scoring.scored_characters(p)
        for e in p["scored"]:
            if e["what"] == "item":
                out["items_scored"] += 1
            if e["via"] == "seymour":
                out["seymour_scores"] += 1
            if e["via"] == "end":
                out["left_on_bus"] += 1
            if e["bonus"]:
                out["destination_bonus"] += 1
    return out
