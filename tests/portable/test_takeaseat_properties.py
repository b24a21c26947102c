# Property tests over many seeds with the bot: random legal play never
# raises; every Automa scratch satisfies TS-4; the deck always holds 8 cards
# (TS-11); replay reproduces the state exactly and undo/redo repeats the same
# Automa draw (TS-12).
from usher.core import game, rng
from usher.games.takeaseat import bot, engine
from usher.games.takeaseat import tickets as tk

SEEDS = 30


def _play(seed, options, check=None):
    rec, s = game.new_record(engine, options, seed)
    st = rng.new_state(seed + 100)
    while True:
        a = bot.next_action(s, st)
        if a is None:
            return rec, s
        before = s
        rec, s = game.play(engine, rec, s, a)
        if check is not None:
            check(before, a, s)


def _check_solo(before, action, after):
    # TS-11: all eight cards are always in the deck or the discard pile.
    assert sorted(after["deck"] + after["discard"]) == list(range(8))
    # TS-4 invariant: every ticket stays a non-empty 4-connected figure.
    for p in range(2):
        for a in range(4):
            left = tk.unscratched(after["tickets"][p][a], after["scratches"][p][a])
            assert tk.is_connected(left)
    if action["type"] != "automa":
        return
    step = after["automa_last"]
    panel = step["panel"]
    assert panel == 1 - before["panel"]
    # TS-9/TS-10 worked out independently: each scratch is the first cell in
    # the arrow's scan order that is a valid scratch, in the drawn area's
    # ticket or else the next ticket in cyclic order (TS-1); none = skipped.
    marks = game.clone(before["scratches"][panel])
    drawn = tk.area_index(step["area"])
    found = []
    for _ in range(2 if step["x2"] else 1):
        hit = None
        for k in range(4):
            t = (drawn + k) % 4
            for cell in tk.scan_order(before["tickets"][panel][t], step["arrow"]):
                if tk.is_valid_scratch(before["tickets"][panel][t], marks[t], cell):
                    hit = (tk.AREAS[t], tk.row_col(cell))
                    break
            if hit:
                break
        if hit is None:
            break  # no valid cell anywhere: this scratch (and a second one) is skipped
        found.append(hit)
        t = tk.area_index(hit[0])
        marks[t].append(tk.mark(tk.cell_of(hit[1]), tk.AUTOMA))
    assert [(e["area"], list(e["cell"])) for e in step["scratches"]] == found, (step, found)
    marks = game.clone(before["scratches"][panel])
    for entry in step["scratches"]:
        t = tk.area_index(entry["area"])
        # TS-4 for each Automa scratch, checked against the panel at that moment.
        assert tk.is_valid_scratch(before["tickets"][panel][t], marks[t], tk.cell_of(entry["cell"]))
        marks[t].append(tk.mark(tk.cell_of(entry["cell"]), tk.AUTOMA))
        assert (entry["fallback"] is None) == (entry["area"] == step["area"])
    assert marks == after["scratches"][panel]
    assert len(step["scratches"]) + len(step["skipped"]) == (2 if step["x2"] else 1)


def test_property_ts4_ts9_ts11_solo_play_automa_scratches_valid_deck_of_8():
    for seed in range(SEEDS):
        rec, s = _play(seed, {"objectives": "any"}, _check_solo)
        assert s["phase"] == "over" and s["turn"] == 14
        # 14 player turns + 14 Automa turns + the score.
        assert len(rec["actions"]) == 29
        assert s["result"]["winner"] in ("player", "automa")


def test_property_ts12_replay_reproduces_state_exactly():
    for seed in range(0, SEEDS, 3):
        rec, s = _play(seed, {})
        assert game.canonical_json(game.replay(engine, rec)) == game.canonical_json(s)


def test_property_ts12_undo_then_redo_gives_the_same_automa_draw():
    for seed in range(0, SEEDS, 3):
        rec, s = _play(seed, {})
        # Cut the game right after an Automa turn with a reshuffle (turn 7),
        # undo it and redo it: the same card, arrow, cells and new deck.
        n = [i for i in range(len(rec["actions"])) if rec["actions"][i]["type"] == "automa"][6]
        cut = {"game": rec["game"], "options": rec["options"], "seed": rec["seed"],
               "actions": rec["actions"][:n + 1]}
        after = game.replay(engine, cut)
        assert after["automa_last"]["reshuffled"] is True
        rec2, undone = game.undo(engine, cut)
        assert undone["phase"] == "automa"
        rec3, redone = game.play(engine, rec2, undone, {"type": "automa"})
        assert game.canonical_json(redone) == game.canonical_json(after)


def test_property_ts20_multiplayer_random_play():
    for seed in range(SEEDS):
        players = 2 + seed % 5
        rec, s = _play(seed, {"mode": "multi", "players": players, "objectives": "first"})
        assert s["phase"] == "over" and len(s["result"]["totals"]) == players
        w = s["result"]["winners"]
        best = max(s["result"]["totals"])
        assert w and [i for i in w if s["result"]["totals"][i] == best] == w
