# Gamble (TH-9): decisions in play order, drawn cards played last, both
# cards to the Breakroom on a win or Dismissed otherwise.
from usher.games.theatre import engine
from mptest import refused_unchanged
from theatre_setup import card, filler_round, gamble, play, result, reveal, started


def test_th9_gamble_that_wins_both_cards_to_breakroom():
    """TH-9: P0's Gamble 2 is replaced by the drawn 8, which beats 5: the
    Gamble card and the drawn card both go to P0's Breakroom."""
    s = started()
    s = play(s, 0, 2, ability="gamble")
    s = play(s, 1, 5)
    assert s["phase"] == "gamble" and s["turn"] == 0
    s = gamble(s, 0, True)
    # Top card drawn face down: 16 - 5 in hand - 1 drawn.
    assert s["phase"] == "reveal" and s["deck"][0] == 10
    assert engine.player_counts(s, 0)["in_play"] == 2
    s = reveal(s, 0, 8)
    r = result(s, 0)
    assert r["value"] == 8 and r["gamble_card"]["ability"] == "gamble"
    assert s["last"]["winner"] == 0
    assert s["breakroom"] == [2, 0] and s["dismissed"] == [0, 1]
    assert s["hand"] == [4, 4] and s["stats"]["gambles"] == 1


def test_th9_gamble_that_loses_both_cards_dismissed():
    """TH-9: the drawn 3 loses to 5: both of P0's cards are Dismissed."""
    s = started()
    s = play(s, 0, 2, ability="gamble")
    s = play(s, 1, 5)
    s = gamble(s, 0, True)
    s = reveal(s, 0, 3)
    assert s["last"]["winner"] == 1
    assert s["dismissed"] == [2, 0] and s["breakroom"] == [0, 1] and s["deck"][0] == 10


def test_th9_standing_keeps_the_gamble_card():
    """TH-9: a player who does not gamble plays their Gamble card's value."""
    s = started()
    s = play(s, 0, 6, ability="gamble")
    s = play(s, 1, 5)
    s = gamble(s, 0, False)
    assert s["last"]["winner"] == 0 and result(s, 0)["gamble"] == "stand"
    assert s["breakroom"] == [1, 0] and s["deck"][0] == 11


def test_th9_gambled_card_that_is_a_gamble_is_ignored():
    """TH-9: a drawn card with Gamble does not open a new decision; it just
    counts with its value."""
    s = started()
    s = play(s, 0, 1)
    s = play(s, 1, 1, ability="gamble")
    s = gamble(s, 1, True)
    s = reveal(s, 1, 4, ability="gamble")
    assert s["phase"] == "play" and s["round"] == 2
    assert result(s, 1)["value"] == 4 and s["last"]["winner"] == 1
    assert s["breakroom"] == [0, 2]


def test_th9_drawn_card_abilities_apply_and_it_is_played_last():
    """TH-9: the drawn card's abilities apply: a drawn Finisher counts the
    one earlier card (a gamble plays one card per round), a drawn Boost
    raises the other player's card of its print."""
    s = started()
    s = filler_round(s, [1, 2])  # P1 wins and leads
    s = play(s, 1, 1, pr="hoof", ability="gamble")
    s = play(s, 0, 4, pr="hoof")
    s = gamble(s, 1, True)
    s = reveal(s, 1, 3, pr="hoof", ability="finisher")
    # Round 2: finisher +1 (one earlier card), no other modifiers: 3 + 1 = 4 ties 4.
    assert result(s, 1)["parts"] == [["base", 3], ["finisher", 1]]
    assert s["last"]["winner"] is None
    # Round 3 P1 leads: a drawn Boost raises the leader's earlier card of its print.
    s = play(s, 1, 1, pr="fin", ability="gamble")
    s = play(s, 0, 4, pr="claw")
    s = gamble(s, 1, True)
    s = reveal(s, 1, 4, pr="claw", ability="boost")
    assert result(s, 0)["value"] == 5 and result(s, 1)["value"] == 5
    assert s["tokens"] == [["boost", "claw"]]


def test_th9_two_gamblers_decide_in_play_order_reveal_in_decision_order():
    """TH-9: two Gamble cards: P0 then P1 decide; their drawn cards are
    played in that order, so P1's drawn Sap may remove P0's drawn Boost."""
    s = started(players=3)
    s = play(s, 0, 1, pr="paw", ability="gamble")
    s = play(s, 1, 1, pr="fin", ability="gamble")
    s = play(s, 2, 5, pr="paw")
    assert s["phase"] == "gamble" and s["turn"] == 0
    refused_unchanged(engine, s, {"type": "gamble", "player": 1, "draw": True}, "turn")
    s = gamble(s, 0, True)
    assert s["turn"] == 1 and s["phase"] == "gamble"
    s = gamble(s, 1, True)
    assert s["phase"] == "reveal" and s["reveal_order"] == [0, 1] and s["turn"] == 0
    refused_unchanged(engine, s, card(1, 4, kind="reveal"), "turn")
    s = reveal(s, 0, 4, pr="hoof", ability="boost")
    s = reveal(s, 1, 5, pr="fin", ability="sap", remove="hoof")
    assert s["tokens"] == []
    assert [r["value"] for r in s["last"]["cards"]] == [4, 5, 5]
    assert s["last"]["winner"] is None
    assert s["dismissed"] == [2, 2, 1] and s["stats"]["gambles"] == 2


def test_th9_first_gambler_stands_second_draws():
    """TH-9: only the player who gambles reveals a card."""
    s = started(players=3)
    s = play(s, 0, 3, ability="gamble")
    s = play(s, 1, 1, ability="gamble")
    s = play(s, 2, 2)
    s = gamble(s, 0, False)
    s = gamble(s, 1, True)
    assert s["phase"] == "reveal" and s["turn"] == 1
    s = reveal(s, 1, 9)
    assert s["last"]["winner"] == 1 and s["breakroom"] == [0, 2, 0]


def test_th9_gamble_with_empty_deck_and_breakroom_is_ignored():
    """TH-9: a 5-card deck is all in hand: with no deck and no Breakroom the
    gamble is ignored and the Gamble card stands."""
    s = started(decks=[5, 16])
    assert s["deck"] == [0, 11]
    s = play(s, 0, 6, ability="gamble")
    s = play(s, 1, 5)
    s = gamble(s, 0, True)
    assert s["phase"] == "play" and s["round"] == 2
    r = result(s, 0)
    assert r["gamble"] == "ignored" and r["value"] == 6 and "gamble_card" not in r
    assert s["breakroom"] == [1, 0] and s["stats"]["gambles"] == 0


def test_th9_gamble_with_empty_deck_reshuffles_breakroom():
    """TH-9: deck empty, Breakroom 1: the Breakroom is shuffled in and its
    card drawn."""
    s = started(decks=[5, 16])
    s = play(s, 0, 6)
    s = play(s, 1, 5)
    assert s["breakroom"] == [1, 0] and s["leader"] == 0
    s = play(s, 0, 1, ability="gamble")
    s = play(s, 1, 5)
    s = gamble(s, 0, True)
    assert s["phase"] == "reveal" and s["deck"][0] == 0 and s["breakroom"][0] == 0
    s = reveal(s, 0, 2)
    assert s["dismissed"][0] == 2


def test_th9_gamble_refused_out_of_phase_and_bad_draw():
    s = started()
    refused_unchanged(engine, s, {"type": "gamble", "player": 0, "draw": True}, "Not now")
    s = play(s, 0, 2, ability="gamble")
    s = play(s, 1, 5)
    refused_unchanged(engine, s, {"type": "gamble", "player": 0, "draw": 1}, "draw")
    refused_unchanged(engine, s, card(0, 3), "Not now")
    refused_unchanged(engine, s, card(0, 3, kind="reveal"), "Not now")


def test_th9_th7_drawn_card_takes_pending_combo():
    """TH-9 with TH-7: the drawn card is the card played this round, so it
    gets the pending Combo +1 (the replaced Gamble card does not count)."""
    s = started()
    s = play(s, 0, 5, ability="combo1")
    s = play(s, 1, 1)
    s = play(s, 0, 1, ability="gamble")
    s = play(s, 1, 4)
    s = gamble(s, 0, True)
    refused_unchanged(engine, s, card(0, 3, ability="sap", remove="paw", kind="reveal"), "No paw Boost")
    s = reveal(s, 0, 3, ability="combo2")
    assert result(s, 0)["parts"] == [["base", 3], ["combo", 1]] and s["last"]["winner"] is None
    assert s["combo"] == [2, 0]


def test_th8_th9_a_gambled_round_counts_one_card_for_finisher():
    """TH-9 with TH-8: in a round where P0 gambled (the Gamble card and the
    drawn card both leave P0's hand area), only one card counts as played.
    P0's Finisher in round 3 has two earlier cards this Act (rounds 1 and 2),
    so +2, not +3."""
    s = started()
    s = play(s, 0, 2, ability="gamble")       # round 1
    s = play(s, 1, 5)
    s = gamble(s, 0, True)
    s = reveal(s, 0, 1)                        # P1 wins round 1 and leads
    assert s["round"] == 2 and s["last"]["winner"] == 1
    s = filler_round(s, [1, 2])                # round 2, P1 then P0
    assert s["round"] == 3
    order = list(s["order"])
    for p in order:
        if p == 0:
            s = play(s, 0, 3, ability="finisher")
        else:
            s = play(s, p, 1)
    r = result(s, 0)
    assert r["parts"] == [["base", 3], ["finisher", 2]] and r["value"] == 5
