"""The emulated chip's soak (bench/rp2_soak.py) without the emulator: its
chain of scripted games is valid on the simulator whatever the seeds (the
device's come from its clock), and the simulator side of the picture
comparison makes the device's id at a Share without taking a game seed
(usher.ui.share.device_id: the device makes it with the game seeds'
generator, which no "game" line of its log names)."""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "bench")]

import rp2_soak  # noqa: E402
import sim.rp2 as rp2  # noqa: E402


def test_the_chain_plays_every_game_to_its_end_with_other_seeds():
    c = rp2_soak.chain(400)
    assert sum(1 for t in c.tokens if t.lower() != "restart") >= 400
    played = [g for g, _ in c.games]
    assert played[:4] == ["takeaseat", "theatre", "multisala", "seatwars"]
    kinds = sorted(c.tags.values())
    assert kinds.count("over") == kinds.count("share") == kinds.count("finish") == len(played)
    rng = random.Random(11)
    seeds = [rng.randrange(1, 1 << 31) for _ in range(len(played))]
    at_end = []

    def on_token(i, tok, app):
        if c.tags.get(i) == "over":
            at_end.append((app.game_id, app.state and app.state.get("phase")))
    # the Share's id given: the simulator takes exactly one seed per game
    rp2.sim_frames(",".join(c.tokens), seeds, board="badger2040", on_token=on_token, device_id="0badcafe")
    assert at_end == [(g, "over") for g in played]


def test_a_share_takes_no_game_seed_when_the_device_id_is_given():
    c = rp2_soak.chain(1)        # one game, Share and Finish on its end screen, then more
    c.game(*rp2_soak.games()[2])                 # a second game after the first Share
    seeds = [1234567, 7654321]
    started = []

    def on_token(i, tok, app):
        if app.record is not None and (not started or started[-1] != app.record["seed"]):
            started.append(app.record["seed"])
    frames = rp2.sim_frames(",".join(c.tokens), seeds, board="badger2040", on_token=on_token,
                            device_id="0badcafe")
    assert started == [1234567, 7654321]
    # the code's screen draws that id: another id draws another picture
    share = min(i for i, k in c.tags.items() if k == "share")
    other = rp2.sim_frames(",".join(c.tokens[:share + 1]), seeds, board="badger2040", device_id="12345678")
    assert frames[share + 1][1] != other[share + 1][1]
    assert frames[share][1] == other[share][1]
