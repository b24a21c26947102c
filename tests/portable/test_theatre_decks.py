# Acts, Suit Card lines, deck counts, elimination and the game end
# (TH-3, TH-11, TH-12), and the game options.
from usher.core.game import GameError
from usher.games.theatre import engine
from usher.games.theatre.cards import SUITS
from mptest import raises, refused_unchanged
from theatre_setup import filler_round, play, started


def _play_act(s, values_per_round):
    """Plain will cards; each round's values are listed by player index
    (whatever the play order)."""
    for values in values_per_round:
        s = filler_round(s, [values[p] for p in s["order"]], suit="will")
    return s


def test_options_players_names_or_number_and_deck_sizes():
    s = engine.new_game({"players": ["Ann", "Bo", "Cy"]}, 3)
    assert s["players"] == ["Ann", "Bo", "Cy"] and s["declared"] == [20, 20, 20]
    s = engine.new_game({"players": 2}, 3)
    assert s["players"] == ["P1", "P2"] and s["deck"] == [16, 16]
    s = engine.new_game({"players": 2, "decks": [18, 9]}, 3)
    assert s["deck"] == [18, 9] and s["phase"] == "act_start" and 0 <= s["leader"] < 2
    for bad in ({"players": 1}, {"players": 5}, {"players": ["A"]}, {"players": "x"},
                {"players": 2, "decks": [16]}, {"players": 2, "decks": 4}):
        raises(GameError, engine.new_game, bad, 1)


def test_first_leader_is_random():
    leaders = [engine.new_game({"players": 4}, seed)["leader"] for seed in range(40)]
    assert sorted(set(leaders)) == [0, 1, 2, 3]


def test_th3_suit_line_per_act_and_desired_index():
    """TH-3: each Act deals the five Suit Cards in a shuffled line; round i
    wants the i-th card."""
    lines = []
    for seed in range(8):
        s = engine.new_game({"players": 2}, seed)
        assert s["line"] == []
        s = engine.apply(s, {"type": "start_act"})
        assert sorted(s["line"]) == sorted(SUITS) and s["round"] == 1 and s["desired"] == 0
        assert engine.desired_suit(s) == s["line"][0]
        lines.append(",".join(s["line"]))
        s = filler_round(s, [1, 2])
        assert s["desired"] == 1 and engine.desired_suit(s) == s["line"][1]
    assert len(set(lines)) > 1


def test_th3_new_line_each_act():
    """TH-3: the line is dealt again at every Act start."""
    s = started(decks=[40, 40], line=list(SUITS))
    seen = []
    for _ in range(6):
        s = _play_act(s, [[1, 2]] * 5)
        assert s["phase"] == "act_start" and s["turn"] is None
        s = engine.apply(s, {"type": "start_act"})
        assert sorted(s["line"]) == sorted(SUITS)
        seen.append(",".join(s["line"]))
    assert len(set(seen)) > 1


def test_th11_act_start_draws_five():
    """TH-11: each player draws 5: deck down 5, hand 5."""
    s = started(players=3)
    assert s["deck"] == [15, 15, 15] and s["hand"] == [5, 5, 5]
    assert s["act_log"] == ["drew", "drew", "drew"]
    refused_unchanged(engine, s, {"type": "start_act"}, "Not now")


def test_th11_reshuffle_breakroom_then_draw():
    """TH-11: P0 has 2 in deck and 3 in the Breakroom at Act 2: the Breakroom
    is shuffled in and 5 drawn."""
    s = started(decks=[7, 16])
    # P0 wins rounds 1-3 (Breakroom 3), loses 4-5.
    s = _play_act(s, [[5, 1], [5, 1], [5, 1], [1, 5], [1, 5]])
    assert s["deck"][0] == 2 and s["breakroom"][0] == 3
    s = engine.apply(s, {"type": "start_act"})
    assert s["act_log"] == ["reshuffled", "drew"]
    assert s["deck"][0] == 0 and s["breakroom"][0] == 0 and s["hand"][0] == 5
    assert s["phase"] == "play" and s["act"] == 2


def test_th11_th12_elimination_last_player_wins():
    """TH-11: still short after the reshuffle (2 + 1 < 5): eliminated;
    TH-12: the last player left wins."""
    s = started(decks=[7, 16])
    s = _play_act(s, [[5, 1], [1, 5], [1, 5], [1, 5], [1, 5]])
    assert s["deck"][0] == 2 and s["breakroom"][0] == 1
    s = engine.apply(s, {"type": "start_act"})
    assert s["act_log"] == ["eliminated", "drew"]
    assert s["alive"] == [False, True] and s["deck"][0] == 3
    assert s["phase"] == "over" and s["winners"] == [1] and s["turn"] is None


def test_th11_eliminated_player_skipped_and_lead_passes():
    """TH-11: a 3-player game goes on without the eliminated player; TH-14:
    when the leader is out the lead passes clockwise to the next player in."""
    s = started(players=3, decks=[5, 20, 20], leader=0)
    # P1 wins every round; P0's deck and Breakroom stay empty.
    for _ in range(5):
        order = s["order"]
        vals = [9 if p == 1 else 1 for p in order]
        s = filler_round(s, vals, suit="will")
    s["leader"] = 0
    s = engine.apply(s, {"type": "start_act"})
    assert s["alive"] == [False, True, True] and s["act_log"][0] == "eliminated"
    assert s["leader"] == 1 and s["order"] == [1, 2] and s["phase"] == "play"


def test_th12_simultaneous_elimination_more_cards_in_deck_wins():
    """TH-12: both short at Act 2 (P0 1 + 1, P1 2 + 2 after reshuffle):
    both out together, P1 has more cards left in deck and wins."""
    s = started(decks=[6, 7], leader=0)
    s = _play_act(s, [[5, 1], [5, 9], [1, 5], [1, 1], [1, 1]])
    assert s["breakroom"] == [1, 2] and s["deck"] == [1, 2]
    s = engine.apply(s, {"type": "start_act"})
    assert s["act_log"] == ["eliminated", "eliminated"]
    assert s["deck"] == [2, 4] and s["winners"] == [1] and s["phase"] == "over"


def test_th12_simultaneous_elimination_equal_decks_shared():
    """TH-12: equal cards left in deck: the win is shared."""
    s = started(decks=[5, 5])
    s = _play_act(s, [[1, 1]] * 5)
    assert s["dismissed"] == [5, 5]
    s = engine.apply(s, {"type": "start_act"})
    assert s["winners"] == [0, 1] and s["phase"] == "over"
    refused_unchanged(engine, s, {"type": "start_act"}, "Not now")


def test_th11_counts_add_up_mid_round():
    """TH-11: deck + hand + Breakroom + Dismissed + in play = declared."""
    s = started(players=2)
    s = play(s, 0, 3)
    c = engine.player_counts(s, 0)
    assert (c["deck"], c["hand"], c["in_play"], c["declared"]) == (11, 4, 1, 16)
