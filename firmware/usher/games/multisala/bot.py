# A simple Pulisci il Multisala player for batch simulation and the
# determinism tests. With the virtual deck it places one mask a turn; with a
# physical deck it makes up a plausible table (random halls, masks and
# spectators) so the physical-mode path is exercised too.
from usher.core import rng
from usher.games.multisala import cards, engine


def next_action(state, rng_state):
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "scored":
        return {"type": "next_round"}
    if state["mode"] == "virtual":
        return _virtual(state, rng_state)
    return _physical(state, rng_state)


def _hall_choice(state, player, mask_code, rng_state):
    """Pick a usable hall for one mask. Solo: the unmasked-hall penalty and
    the owner's penalty are the same, so only the variant matters: prefer
    crowded halls that lack this mask's personality. With opponents: prefer a
    hall already held, then the emptiest one (its disorder is paid alone)."""
    legal = engine.legal_halls(state, player)
    best = None
    for h in legal:
        hall = state["halls"][h]
        crowd = cards.d4_value(hall["d4"])
        if state["players"] == 1:
            value = crowd * 2
            if state["variant"]:
                signs = [cards.morra(state["cards"][c]) for c in hall["masks"]]
                if cards.morra(mask_code) not in signs:
                    value += 10
        else:
            value = (20 if hall["owner"] == player else 0) - crowd * 2
        value = value * 4 + rng.below(rng_state, 4)  # random tie break
        if best is None or value > best[0]:
            best = (value, h)
    return best[1]


def _virtual(state, rng_state):
    if state["phase"] == "deal":
        return {"type": "deal"}
    p = state["turn"]
    hand = state["hands"][p]
    if not hand:
        return {"type": "pass", "player": p}
    # playing a mask always beats keeping it (its D6 is gained instead of lost)
    c = hand[rng.below(rng_state, len(hand))]
    h = _hall_choice(state, p, state["cards"][c], rng_state)
    return {"type": "place", "player": p, "hall": h, "cards": [c]}


def _physical(state, rng_state):
    phase = state["phase"]
    n_emotions = len(state["emotions"])
    if phase == "deal":
        for h in range(engine.HALLS):
            if state["halls"][h]["d4"] is None:
                return {"type": "hall", "hall": h, "emotion": rng.below(rng_state, n_emotions),
                        "d4": rng.choice(rng_state, cards.D4_FACES)}
    if phase == "placement":
        size = engine.hand_size(state)
        for p in range(state["players"]):
            # each player keeps a mask now and then
            if engine.played_count(state, p) < size and rng.below(rng_state, 5):
                legal = engine.legal_halls(state, p)
                if legal:
                    return {"type": "mask", "player": p, "hall": rng.choice(rng_state, legal),
                            "d6": rng.choice(rng_state, cards.D6_FACES),
                            "morra": rng.choice(rng_state, cards.MORRA)}
        return {"type": "reveal"}
    # reveal
    for h in range(engine.HALLS):
        hall = state["halls"][h]
        if len(hall["spectators"]) < cards.d4_value(hall["d4"]):
            return {"type": "spectator", "hall": h, "emotion": rng.below(rng_state, n_emotions),
                    "on": rng.below(rng_state, 2) == 1}
    for p in range(state["players"]):
        if state["unplayed"][p] is None:
            left = engine.hand_size(state) - engine.played_count(state, p)
            return {"type": "unplayed", "player": p,
                    "d6": [rng.choice(rng_state, cards.D6_FACES) for _ in range(left)]}
    return {"type": "score"}


def summary(state):
    """Score statistics of a finished game for batch simulation."""
    totals = state["totals"]
    if state["players"] == 1:
        out = {"score": totals[0], "rounds": state["round"]}
    else:
        out = {"score_p1": totals[0], "best_total": max(totals), "worst_total": min(totals),
               "rounds": state["round"]}
    if state["mode"] == "virtual":
        out["reshuffles"] = state["reshuffles"]
    return out
