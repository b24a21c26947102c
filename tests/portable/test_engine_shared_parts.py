# The parts of a game's state that an engine names in SHARED are shared
# between a move's old and new state instead of copied
# (usher.core.game.apply_with: docs/performance.md). That is only safe while no move
# changes one of them in place: whole bot games of every engine that names
# some check that no move changes any earlier state (undo, a refused action
# and the History all rely on it), and that the sharing takes place.
from usher import games
from usher.core import game, rng

CASES = (
    ("takeaseat", {"mode": "solo"}),
    ("takeaseat", {"mode": "multi", "players": 3}),
    ("multisala", {"players": 1}),
    ("multisala", {"players": 4}),
    ("theatre", {"players": 2}),
    ("theatre", {"players": 4}),
)
SEEDS = (1, 7, 2024)


def _bot_game(gid, options, seed):
    """Every state of one bot game, from new_game to its end, and the actions."""
    eng = games.engine(gid)
    bot = games.bot(gid)
    states = [eng.new_game(options, seed)]
    actions = []
    bot_rng = rng.new_state(seed ^ 0x5A5A)
    while len(actions) < 500:
        action = bot.next_action(states[-1], bot_rng)
        if action is None:
            break
        actions.append(action)
        states.append(eng.apply(states[-1], action))
    return states, actions


def test_no_move_changes_an_earlier_state():
    for gid, options in CASES:
        eng = games.engine(gid)
        for seed in SEEDS:
            # Each state's text as it was made, checked again once the game is over.
            states, actions = _bot_game(gid, options, seed)
            assert len(actions) > 5 and states[-1]["phase"] == "over", (gid, options, seed)
            for i in range(len(states)):
                replayed = game.replay(eng, {"game": gid, "options": options, "seed": seed,
                                             "actions": actions[:i]})
                assert game.canonical_json(states[i]) == game.canonical_json(replayed), \
                    (gid, options, seed, i)


def test_the_parts_are_shared():
    for gid, options in CASES:
        eng = games.engine(gid)
        states, _ = _bot_game(gid, options, 7)
        first = states[0]
        names = [k for k in eng.SHARED if k in first]
        assert names, (gid, options)
        # A part no move replaces is the very object new_game made, to the end.
        for k in ("tickets", "cards"):
            if k in first:
                assert states[-1][k] is first[k], (gid, k)


def test_a_refused_move_leaves_the_shared_scratches_as_they_were():
    # Take a Seat's reservation of two cells whose second is not valid: the
    # first was already added to the move's own list, never to the state's.
    eng = games.engine("takeaseat")
    s = eng.new_game({"mode": "solo"}, 7)
    before = game.canonical_json(s)
    from usher.games.takeaseat import tickets as tk
    ticket = s["tickets"][s["panel"]][0]
    first = tk.row_col(tk.valid_scratches(ticket, [])[0])
    try:
        eng.apply(s, {"type": "reserve", "area": tk.AREAS[0], "cells": [first, first]})
        raise AssertionError("the same cell twice was taken")
    except game.GameError as e:
        assert "Invalid scratch" in str(e), e
    assert game.canonical_json(s) == before
