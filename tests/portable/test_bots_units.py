# The bots' own rules and batch-simulation summaries on made-up states
# (issue 18): figures a batch run reports must come out of the state exactly.
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
