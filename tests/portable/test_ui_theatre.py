# The Theatre's screens driven only by button events (PL-7): a whole
# game from the launcher to the winner, a refused setup showing the engine's
# message, undo through History, and resume after a restart (PL-8). Expected
# outcomes are worked out from the rules (TH-9..TH-12), not read back from
# the code.
import mptest
from theatre_ui_driver import Driver

from usher.ui.games.theatre import describe
from usher.ui.games.theatre.entry import CardEntry, Setup
from usher.ui.games.theatre.screens import (ActScreen, DrawsScreen, EndScreen, ResultScreen,
                                            RoundScreen, act_outlook)
from usher.ui.history import History
from usher.ui.screens import Launcher
from usher.ui.widgets import MessageBox


def _started(data=None):
    """P1 declares 6 cards, P2 5; seed 1 (a fresh data folder) makes P2 the
    first leader. Returns the driver on Act 1's draws screen."""
    d = Driver(data or mptest.tmpdir())
    d.setup(2, [6, 5])
    assert isinstance(d.top(), ActScreen)
    s = d.app.state
    assert s["declared"] == [6, 5] and s["leader"] == 1
    assert act_outlook(s) == ("Act 1: everyone still in draws 5.", False)
    d.tap("C")  # Draw 5
    assert isinstance(d.top(), DrawsScreen)
    assert d.app.state["act_log"] == ["drew", "drew"]
    d.tap("C")  # Round 1
    assert isinstance(d.top(), RoundScreen)
    return d


def _round1_with_gamble(d):
    """TH-9: P2 (leader) plays 4, P1 plays a Gamble 2, draws and reveals a 6.
    Both cards are in the Desired Suit (the form's default): 7 vs 9."""
    assert d.app.state["turn"] == 1
    d.card(4)
    assert d.app.state["turn"] == 0
    d.card(2, ability="gamble")
    s = d.app.state
    assert s["phase"] == "gamble" and s["turn"] == 0
    assert d.top().keys() == ("History", "Stand", "Draw")
    d.tap("C")  # Draw
    s = d.app.state
    assert s["phase"] == "reveal" and s["deck"][0] == 0
    d.card(6)
    assert isinstance(d.top(), ResultScreen)
    last = d.app.state["last"]
    assert last["winner"] == 0 and last["top"] == 9
    d.tap("C")  # Next


def test_whole_game_to_the_winner_th9_th10_th11_th12():
    d = _started()
    _round1_with_gamble(d)
    s = d.app.state
    assert s["round"] == 2 and s["leader"] == 0 and s["breakroom"] == [2, 0]
    # Round 2, TH-6: P1's paw Boost, then P2's Sap removes it instead of adding a token.
    d.card(5, pr="paw", ability="boost")
    assert d.app.state["tokens"] == [["boost", "paw"]]
    d.card(3, pr="paw", ability="sap", remove="paw")
    s = d.app.state
    assert s["tokens"] == [] and s["last"]["winner"] == 0 and s["last"]["top"] == 8
    d.tap("C")
    # Round 3, TH-10: a tie at 7, nobody wins, the leader stays, both Dismissed.
    d.card(4)
    d.card(4)
    s = d.app.state
    assert s["last"]["winner"] is None and s["leader"] == 0 and s["dismissed"] == [1, 3]
    top = d.top()
    assert isinstance(top, ResultScreen)
    d.tap("C")
    # Round 4, TH-8: P2's Finisher gets +3 (three earlier cards this Act): 5+3+3.
    d.card(1)
    d.card(5, ability="finisher")
    last = d.app.state["last"]
    assert last["winner"] == 1 and last["top"] == 11
    assert last["cards"][1]["parts"] == [["base", 5], ["suit", 3], ["finisher", 3]]
    d.tap("C")
    # Round 5: P2 leads and wins again; the Act ends.
    assert d.app.state["order"] == [1, 0]
    d.card(7)
    d.card(1)
    s = d.app.state
    assert s["phase"] == "act_start" and s["act"] == 2
    assert s["breakroom"] == [3, 2] and s["dismissed"] == [3, 3] and s["deck"] == [0, 0]
    assert isinstance(d.top(), ResultScreen)
    d.tap("C")
    assert isinstance(d.top(), ActScreen)
    # Before the draws the Act screen says what is about to happen: nobody
    # can draw 5, the game ends, P1 wins on deck count; C ends the game.
    headline, ends = act_outlook(d.app.state)
    assert ends and d.top().keys()[2] == "End game"
    p1 = d.app.state["players"][0]
    assert headline == ("Nobody can draw 5 for Act 2: the game ends; %s wins with 3 cards "
                        "left in deck." % p1), headline
    # Act 2, TH-11/TH-12: both reshuffle and still cannot draw 5: eliminated
    # together; P1 has more cards in their deck (3 against 2) and wins.
    d.tap("C")
    s = d.app.state
    assert s["phase"] == "over" and s["winners"] == [0]
    assert s["act_log"] == ["eliminated", "eliminated"] and s["deck"] == [3, 2]
    assert s["stats"] == {"rounds": 5, "ties": 1, "gambles": 1}
    assert isinstance(d.top(), EndScreen)
    assert len(d.app.record["actions"]) == 14
    d.tap("C")  # Finish
    assert d.app.record is None and isinstance(d.top(), Launcher)


def test_refused_setup_shows_the_engine_message_and_starts_nothing():
    d = Driver(mptest.tmpdir())
    d.setup(2, [4, 16])  # TH-13: a deck has at least 5 cards
    assert isinstance(d.top(), MessageBox)
    assert "Deck size 5 to 200" in " ".join(d.top().lines)
    assert d.app.record is None
    d.tap("C")
    assert isinstance(d.top(), Setup)
    d.tap("A")  # back to P1's deck
    d.tap("UP")  # 5 cards is allowed
    d.tap("C")
    assert d.app.state["declared"] == [5, 16]


def test_card_form_cancel_changes_nothing():
    d = _started()
    before = dict(d.app.state)
    d.tap("C")
    assert isinstance(d.top(), CardEntry)
    d.tap("UP", 4)
    d.tap("A")  # Cancel (on the first field)
    assert isinstance(d.top(), RoundScreen)
    assert d.app.state == before and len(d.app.record["actions"]) == 1


def test_undo_through_history_restores_the_turn():
    d = _started()
    d.card(4)
    s = d.app.state
    assert s["turn"] == 0 and s["hand"] == [5, 4]
    d.tap("A")  # History
    assert isinstance(d.top(), History)
    assert describe(d.app.record["actions"][-1]) == "P2 plays 4 %s paw" % s["play"][0]["card"]["suit"]
    d.hold("B")  # Undo (hold)
    s = d.app.state
    assert s["turn"] == 1 and s["hand"] == [5, 5] and s["play"] == []
    assert len(d.app.record["actions"]) == 1
    d.tap("A")  # back to the game
    assert isinstance(d.top(), DrawsScreen)  # round 1, nothing played yet


def test_resume_after_restart_lands_on_the_same_game_screen():
    data = mptest.tmpdir()
    d = _started(data)
    d.card(4)
    d.card(2, ability="gamble")
    assert d.app.state["phase"] == "gamble"
    saved = d.app.state
    d.boot()
    assert isinstance(d.top(), RoundScreen) and d.app.state == saved
    assert d.top().keys() == ("History", "Stand", "Draw")
    d.tap("B")  # Stand: TH-9, the Gamble card itself counts
    last = d.app.state["last"]
    assert last["cards"][1]["gamble"] == "stand" and last["winner"] == 1  # P2 4+3 vs P1 2+3
    # A restart on a result lands on that result again.
    d.boot()
    assert isinstance(d.top(), ResultScreen)
    d.tap("C")
    assert isinstance(d.top(), RoundScreen) and d.app.state["round"] == 2


def test_describe_lines_for_history():
    assert describe({"type": "start_act"}) == "Act start: everyone draws 5"
    assert describe({"type": "gamble", "player": 1, "draw": True}) == "P2 gamble: draw"
    a = {"type": "play", "player": 0, "value": 4, "suit": "will", "print": "fin", "ability": "sap",
         "remove": "paw"}
    assert describe(a) == "P1 plays 4 will fin sap, removes paw Boost"
