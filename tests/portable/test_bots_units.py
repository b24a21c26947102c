# The bots' own rules and batch-simulation summaries on made-up states
# (bench/mutate.py's gaps): figures a batch run reports must come out of the state exactly.
from usher.games.theatre import bot as theatre_bot
from usher.games.theatre import engine as theatre
from usher.core import rng
from mptest import raises


def _theatre_over(rounds, ties, winners, alive, act=4):
    s = theatre.new_game({"players": len(alive)}, 1)
    s["stats"] = {"rounds": rounds, "ties": ties, "gambles": 2}
    s["winners"] = winners
    s["alive"] = alive
    s["act"] = act
    s["phase"] = "over"
    return s


def test_theatre_bot_summary_figures():
    s = _theatre_over(25, 3, [1, 2], [False, False, False])
    assert theatre_bot.summary(s) == {"rounds": 25, "acts": 3, "tied_rounds": 3, "tie_rate_pct": 12,
                                      "gambles": 2, "winners": 2, "shared_win": 1,
                                      "eliminated_together": 1}
    # rounded to the nearest percent: 1 tie in 8 rounds is 12.5 -> 13
    s = _theatre_over(8, 1, [0], [True, False], act=2)
    out = theatre_bot.summary(s)
    assert out["tie_rate_pct"] == 13 and out["shared_win"] == 0 and out["eliminated_together"] == 0
    assert out["winners"] == 1 and out["acts"] == 1
    assert theatre_bot.summary(_theatre_over(20, 2, [0], [True, False]))["tie_rate_pct"] == 10
    assert theatre_bot.summary(_theatre_over(0, 0, [], [True, True]))["tie_rate_pct"] == 0
    assert theatre_bot.summary(_theatre_over(5, 5, [0], [True, False]))["tie_rate_pct"] == 100


def test_theatre_bot_gambles_only_when_not_ahead_and_refuses_unknown_phases():
    s = theatre.new_game({"players": 3}, 1)
    s["phase"] = "gamble"
    s["turn"] = 1
    card = {"value": 4, "suit": "charm", "print": "paw", "ability": "gamble"}
    other = {"value": 4, "suit": "charm", "print": "paw", "ability": "none"}
    s["play"] = [{"player": 0, "card": dict(other, value=2)}, {"player": 1, "card": card},
                 {"player": 2, "card": dict(other, value=4)}]
    assert theatre_bot.next_action(s, rng.new_state(1)) == {"type": "gamble", "player": 1, "draw": True}
    s["play"][2]["card"]["value"] = 3
    assert theatre_bot.next_action(s, rng.new_state(1))["draw"] is False
    s["phase"] = "bogus"
    raises(ValueError, theatre_bot.next_action, s, rng.new_state(1))
    s["phase"] = "over"
    assert theatre_bot.next_action(s, rng.new_state(1)) is None


def test_seatwars_bot_summary_counts_every_kind_of_score():
    from usher.games.seatwars import bot as sw_bot
    from usher.games.seatwars import engine as sw

    def entry(what, points, via, bonus=0):
        return {"what": what, "mode": "min", "points": points, "bonus": bonus, "turn": 1, "via": via}
    s = sw.new_game({"players": 3}, 1)
    s["players"][0]["scored"] = [entry("char", 9, "bus", 4), entry("item", 3, "item")]
    s["players"][1]["scored"] = [entry("char", 2, "seymour"), entry("char", 1, "end"),
                                 entry("char", 5, "bus")]
    for p in s["players"]:
        p["total"] = sum([e["points"] for e in p["scored"]])
    s["winners"] = [0]
    s["drawn"] = 7
    s["turn"] = 12
    s["round"] = 4
    assert sw_bot.summary(s) == {"turns": 12, "rounds": 4, "winner_points": 12, "margin_over_last": 12,
                                 "shared_win": 0, "chars_scored": 4, "items_scored": 1, "seymour_scores": 1,
                                 "left_on_bus": 1, "destination_bonus": 1, "cards_drawn": 7}
    s["winners"] = [0, 1]
    s["players"][1]["scored"].append(entry("char", 4, "bus"))
    s["players"][1]["total"] = 12
    out = sw_bot.summary(s)
    assert out["shared_win"] == 1 and out["chars_scored"] == 5
    s["winners"] = []
    assert sw_bot.summary(s)["winner_points"] == 0


def test_seatwars_bot_deck_model():
    from usher.games.seatwars import bot as sw_bot
    from usher.games.seatwars import engine as sw
    s = sw.new_game({"players": 4}, 1)
    assert sw_bot.deck_left(s) == 62 - 20
    s["drawn"] = 42
    assert sw_bot.deck_left(s) == 0
    assert sw_bot.next_action(s, rng.new_state(1)) == {"type": "last_card"}


def test_takeaseat_objective_modes_refused_by_name():
    from usher.core.game import GameError
    from usher.games.takeaseat import engine as tas
    e = raises(GameError, tas.pick_objectives, rng.new_state(1), "bogus")
    assert "objectives must be one of" in e.message


def test_takeaseat_bot_summary_shared_victory_and_player_win():
    from usher.games.takeaseat import bot as tas_bot
    from usher.games.takeaseat import engine as tas
    s = tas.new_game({"mode": "multi", "players": 3}, 1)
    assert tas_bot.summary(s) == {"turns": 1}
    s["result"] = {"totals": [40, 52, 52], "winners": [1, 2]}
    assert tas_bot.summary(s) == {"turns": 1, "best_total": 52, "shared_victory": 1}
    s["result"] = {"totals": [40, 52, 51], "winners": [1]}
    assert tas_bot.summary(s)["shared_victory"] == 0
    s = tas.new_game({}, 1)
    out = tas_bot.summary(s)
    assert "player_wins" not in out and out["deck_shuffles"] == s["stats"]["shuffles"] >= 1
    s["result"] = {"player": {"majority_points": 9, "total": 70},
                   "automa": {"majority_points": 5, "total": 20}, "winner": "player"}
    out = tas_bot.summary(s)
    assert out["player_wins"] == 1 and out["player_total"] == 70 and out["automa_total"] == 20
    assert out["player_majority_points"] == 9 and out["automa_majority_points"] == 5
    s["result"]["winner"] = "automa"
    assert tas_bot.summary(s)["player_wins"] == 0
