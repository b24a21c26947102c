# A simple player for batch simulation and determinism tests: scratches a
# random valid cell (sometimes a double reservation, at most twice a game),
# lets the Automa act, and enters plausible end-of-game numbers.
from usher.core import rng
from usher.games.takeaseat import scoring as sc
from usher.games.takeaseat import tickets as tk

MAX_DOUBLES = 2


def _reserve(state, st):
    panel = state["panel"]
    tickets = state["tickets"][panel]
    marks = state["scratches"][panel]
    options = [a for a in range(len(tk.AREAS)) if tk.valid_scratches(tickets[a], marks[a])]
    if not options:
        return {"type": "pass"}
    area = rng.choice(st, options)
    cells = tk.valid_scratches(tickets[area], marks[area])
    first = rng.choice(st, cells)
    action = {"type": "reserve", "area": tk.AREAS[area], "cells": [tk.row_col(first)]}  # type: dict
    if state["stats"]["doubles"] < MAX_DOUBLES and rng.below(st, 7) == 0:
        seconds = tk.valid_double_scratches(tickets[area], marks[area], first)
        if seconds:
            action["cells"].append(tk.row_col(rng.choice(st, seconds)))
    return action


def _counts(st):
    return [rng.randint(st, 0, 8) for _ in range(4)]


def next_action(state, rng_state):
    phase = state["phase"]
    if phase == "over":
        return None
    if state["mode"] == "solo":
        if phase == "player":
            return _reserve(state, rng_state)
        if phase == "automa":
            return {"type": "automa"}
        return {"type": "score", "counts": _counts(rng_state), "usher_bonus": rng.randint(rng_state, 0, 20)}
    if phase == "player":
        return {"type": "next_turn"}
    who = [i for i in range(state["players"]) if state["scores"][i] is None][0]
    return {"type": "score", "player": who, "counts": _counts(rng_state),
            "usher_bonus": rng.randint(rng_state, 0, 20),
            "majorities": [rng.choice(rng_state, sc.OUTCOMES) for _ in range(8)]}


def summary(state):
    """Figures from a finished game for sim.batch (str -> int)."""
    out = {"turns": state["turn"]}
    res = state["result"]
    if state["mode"] != "solo":
        if res is not None:
            out["best_total"] = max(res["totals"])
            out["shared_victory"] = 1 if len(res["winners"]) > 1 else 0
        return out
    stats = state["stats"]
    out["x2_draws"] = stats["x2"]
    out["automa_scratches"] = stats["automa_scratches"]
    out["automa_skipped"] = stats["skipped"]
    out["automa_fallbacks"] = stats["fallbacks"]
    out["deck_reshuffles"] = stats["reshuffles"]
    out["deck_shuffles"] = stats["shuffles"]
    out["player_doubles"] = stats["doubles"]
    out["player_passes"] = stats["passes"]
    if res is not None:
        out["automa_majority_points"] = res["automa"]["majority_points"]
        out["automa_total"] = res["automa"]["total"]
        out["player_majority_points"] = res["player"]["majority_points"]
        out["player_total"] = res["player"]["total"]
        out["player_wins"] = 1 if res["winner"] == "player" else 0
    return out
