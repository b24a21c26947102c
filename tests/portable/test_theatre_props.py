# Property tests over many seeds with the bot: card counts conserved (TH-11),
# replay reproduces the state, illegal entries refused with the state
# unchanged.
from usher.core import game, rng
from usher.games.theatre import bot, engine
from mptest import refused_unchanged

SEEDS = 30


def _options(seed):
    n = 2 + seed % 3
    # Small decks keep games short and reach reshuffles and eliminations.
    return {"players": n, "decks": 6 + seed % 7}


def _conserved(s):
    for p in range(len(s["players"])):
        c = engine.player_counts(s, p)
        total = c["deck"] + c["hand"] + c["breakroom"] + c["dismissed"] + c["in_play"]
        assert total == c["declared"], (p, c)
        assert min(c["deck"], c["hand"], c["breakroom"], c["dismissed"]) >= 0, c


def _illegal(s, st):
    """A few actions that must be refused in state s."""
    out = [{"type": "dance"}]
    n = len(s["players"])
    if s["phase"] != "act_start":
        out.append({"type": "start_act"})
    if s["turn"] is not None:
        other = (s["turn"] + 1 + rng.below(st, n - 1)) % n
        a = bot.next_action(s, st)
        a["player"] = other
        out.append(a)
        if s["phase"] in ("play", "reveal"):
            a = bot.next_action(s, st)
            a["suit"] = "spades"
            out.append(a)
            a = bot.next_action(s, st)
            a["ability"] = "sap"
            a["remove"] = "nothing"
            out.append(a)
    return out


def test_bot_games_conserve_cards_replay_and_refuse_illegal():
    """TH-11: deck + hand + Breakroom + Dismissed + in play = declared after
    every action; the record replays to the same state; illegal actions are
    refused with the state unchanged; every game ends (TH-12)."""
    for seed in range(SEEDS):
        rec, s = game.new_record(engine, _options(seed), seed)
        st = rng.new_state(seed + 1000)
        steps = 0
        while True:
            _conserved(s)
            if steps % 7 == 0:
                for bad in _illegal(s, st):
                    refused_unchanged(engine, s, bad)
            a = bot.next_action(s, st)
            if a is None:
                break
            rec, s = game.play(engine, rec, s, a)
            steps += 1
            assert steps < 2000
        assert s["phase"] == "over" and s["winners"]
        assert len([p for p in s["alive"] if p]) <= 1
        assert game.canonical_json(game.replay(engine, rec)) == game.canonical_json(s)
        if seed % 10 == 0:
            half = len(rec["actions"]) // 2
            mid = game.replay(engine, rec, half)
            _conserved(mid)


def test_summary_figures_are_ints():
    s = engine.new_game({"players": 2, "decks": 6}, 5)
    st = rng.new_state(5)
    while True:
        a = bot.next_action(s, st)
        if a is None:
            break
        s = engine.apply(s, a)
    fig = bot.summary(s)
    for k in sorted(fig):
        assert type(fig[k]) is int, k
    assert fig["rounds"] == s["stats"]["rounds"] >= 5 and fig["winners"] >= 1
