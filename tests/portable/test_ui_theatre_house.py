# A solo The Theatre against the House, played with the buttons only
# (TH-15, TH-17): setup, the House's card on screen before the player enters
# theirs, its level on every screen, its hand never, undo through History,
# resume after a restart (PL-8), the end, the kept play and the statistics.
import mptest
from theatre_ui_driver import Driver

from usher.games.theatre import house
from usher.ui import playlog, share, stats
from usher.ui.games.theatre.entry import CardEntry, Setup
from usher.ui.games.theatre.screens import ActScreen, DrawsScreen, EndScreen, ResultScreen, RoundScreen
from usher.ui.history import History


def _solo(d, level_taps=0):
    """Launcher -> The Theatre -> Players down to "Solo vs House" -> Start."""
    d.tap("DOWN")
    d.tap("C")
    assert isinstance(d.top(), Setup)
    d.tap("DOWN")
    assert d.top().fields() == ["players", "level", "deck0"]
    assert "Solo vs House" in mptest.drawn_texts(d.app)
    if level_taps:
        d.tap("B")
        d.tap("UP", level_taps)
    d.tap("C")
    assert isinstance(d.top(), ActScreen)
    return d.app.state


def _house_entry(s):
    for e in s["play"]:
        if e["player"] == 1:
            return e
    return None


def _every_text(d):
    return " ".join([t for t in mptest.drawn_texts(d.app) if type(t) is str])


def test_th15_th17_a_solo_round_shows_the_houses_card_and_level_never_its_hand():
    d = Driver(mptest.tmpdir())
    s = _solo(d)
    assert s["players"] == ["P1", "House"] and s["house"]["level"] == "normal"
    assert "House Normal" in _every_text(d) or "(Normal)" in _every_text(d)
    d.tap("C")     # Draw 5: if the House leads, it has played within this press
    assert isinstance(d.top(), DrawsScreen)
    s = d.app.state
    assert s["turn"] == 0 and s["phase"] == "play"
    d.tap("C")
    assert isinstance(d.top(), RoundScreen)
    words = _every_text(d)
    hand = [house.housedeck.card(s, i) for i in s["house"]["hand"]]
    e = _house_entry(s)
    if e is not None:
        # TH-17: the House led; its card is on the screen before P1 enters one
        assert "%d %s" % (e["card"]["value"], e["card"]["print"]) in words
    for c in hand:
        # its hand never: no card of it is named on the screen
        assert "%d %s" % (c["value"], c["print"]) not in words or \
            (e is not None and c["print"] == e["card"]["print"] and c["value"] == e["card"]["value"])
    led = e is not None
    d.card(5)
    # TH-17: when P1 leads, the House's card is shown once P1's is entered:
    # the round is over in the same press and its result is on the screen
    s = d.app.state
    assert isinstance(d.top(), ResultScreen)
    assert s["last"]["round"] == 1 and len(s["last"]["cards"]) == 2
    cards = s["last"]["cards"]
    assert [c["player"] for c in cards] == ([1, 0] if led else [0, 1])
    words = _every_text(d)
    hc = [c for c in cards if c["player"] == 1][0]["card"]
    assert ("%d %s" % (hc["value"], hc["print"])) in words


def test_pl8_undo_takes_back_the_players_card_and_the_houses_reply_and_resume_is_exact():
    data = mptest.tmpdir()
    d = Driver(data)
    _solo(d, 1)                      # Hard
    assert d.app.state["house"]["level"] == "hard"
    d.tap("C")
    d.tap("C")
    before = list(d.app.record["actions"])
    d.card(4)
    after = list(d.app.record["actions"])
    assert len(after) >= len(before) + 1
    d.tap("C")                       # Next (the result)
    d.tap("A")
    assert isinstance(d.top(), History)
    d.hold("B")                      # Undo
    assert d.app.record["actions"] == before
    d.tap("A")
    assert isinstance(d.top(), DrawsScreen)      # round 1 again, P1 to enter a card
    d.tap("C")
    d.card(4)
    assert d.app.record["actions"] == after     # the House chose the same again
    state = d.app.state
    d.boot()                          # a power cycle
    assert d.app.state == state and d.app.record["actions"] == after


def test_th17_a_whole_solo_game_ends_kept_named_and_counted_per_level():
    data = mptest.tmpdir()
    d = Driver(data)
    _solo(d)
    presses = 0
    while not isinstance(d.top(), EndScreen):
        top = d.top()
        if isinstance(top, RoundScreen) and d.app.state["phase"] == "play":
            d.card(2 + presses % 5)
        else:
            d.tap("C")
        presses += 1
        assert presses < 400
    s = d.app.state
    words = _every_text(d)
    assert "House (Normal)" in words
    d.tap("C")                        # Finish: the play is kept
    rows = list(playlog.summaries(data))
    assert len(rows) == 1
    r = rows[0]
    assert r["players"] == ["P1", "House"] and r["solo"] == "house" and r["level"] == "normal"
    assert r["winners"] == s["winners"]
    st = stats.aggregate(rows, "theatre")
    lines = dict(stats.lines_for(st, "theatre"))
    won = 1 if s["winners"] == [0] else 0
    assert lines["vs Normal"] == "%d won, %d lost" % (won, 1 - won)
    assert stats.play_line(r).endswith("won vs House" if won else "House won")
    # PL-19: BG Stats gets a player named "House", the winner flagged
    link = share.play_json(r, "dev1")
    assert '"name":"House"' in link.replace(" ", "")
    assert ('"name":"House","winner":true' in link.replace(" ", "")) == (not won)


def test_th15_the_card_form_is_for_the_player_only():
    d = Driver(mptest.tmpdir())
    _solo(d)
    d.tap("C")
    d.tap("C")
    d.tap("C")
    assert isinstance(d.top(), CardEntry) and d.top().player == 0


def test_th15_with_a_roster_only_the_player_is_asked_a_name():
    data = mptest.tmpdir()
    with open(data + "/players.txt", "w") as f:
        f.write("Anna\nBen\n")
    d = Driver(data)
    d.tap("DOWN")
    d.tap("C")
    d.tap("DOWN")
    d.tap("C")                        # Start: the seat's name first
    d.tap("DOWN")                     # Anna
    d.tap("C")
    assert isinstance(d.top(), ActScreen)
    assert d.app.state["players"] == ["Anna", "House"]
    assert d.app.record["options"]["players"] == ["Anna"]


def _with_house_file(text):
    import os
    data = mptest.tmpdir()
    os.mkdir(data + "/theatre")
    with open(data + "/theatre/house.txt", "w") as f:
        f.write(text)
    return data


def test_th15_the_owners_house_deck_is_used_for_a_solo_game_only_and_a_bad_one_is_named():
    from usher.games.theatre import housefile
    from usher.ui.widgets import MessageBox
    text = housefile.default_text().replace("Charm 8 float, charm, 4, 8, float",
                                            "Charm 9 float, charm, 4, 9, float")
    d = Driver(_with_house_file(text))
    _solo(d)
    cards = d.app.state["house_cards"]
    assert [c["value"] for c in cards if c["suit"] == "charm" and c["rank"] == 4] == [9]
    assert d.app.record["options"]["house_deck"] == cards
    # a 2-player game does not carry the House's deck
    d2 = Driver(_with_house_file(text))
    d2.tap("DOWN")
    d2.tap("C")
    d2.tap("C")
    assert d2.app.state["players"] == ["P1", "P2"]
    assert "house_deck" not in d2.app.record["options"]
    # a deck that breaks TH-13 (a fifth rank-4 card in place of a rank-1) is
    # named with its reason and the assumed deck is used
    fifth_rank4 = text.replace("Charm 1 paw, charm, 1, 1, paw", "Charm 1 paw, charm, 4, 1, paw")
    d3 = Driver(_with_house_file(fifth_rank4))
    d3.tap("DOWN")
    d3.tap("C")
    d3.tap("DOWN")
    d3.tap("C")
    assert isinstance(d3.top(), MessageBox)
    words = " ".join(mptest.drawn_texts(d3.app))
    assert "house.txt" in words and "rank weight" in words, words
    assert d3.app.state["house_cards"] == house.housedeck.default_cards()


def _to_house_deck(d):
    """Settings > Your components > The Theatre House deck."""
    from usher.ui.components import HouseDeck
    d.tap("UP")
    d.tap("C")
    d.tap("UP")
    d.tap("C")
    d.tap("DOWN", 2)
    d.tap("C")
    assert isinstance(d.top(), HouseDeck)
    return d.top()


def test_th15_pl20_the_house_deck_entered_on_the_device_is_checked_saved_and_played():
    from usher.ui import owner_data
    from usher.ui.widgets import MessageBox
    data = mptest.tmpdir()
    d = Driver(data)
    deck = _to_house_deck(d)
    assert deck.status() == "assumed"
    # card 1 (rank 1, 1 charm paw): rank 4 makes five rank-4 cards, over
    # TH-13's 2-player limit: Save is refused with the reason
    d.tap("C")
    d.tap("DOWN", 3)                 # rank 4
    d.tap("C")
    d.tap("C", 4)                    # value, suit, print, ability kept
    assert d.top() is deck and deck.cards[0]["rank"] == 4 and deck.status() == "edited"
    d.tap("UP")                      # Save deck (the list wraps up to it)
    d.tap("UP")
    d.tap("C")
    assert isinstance(d.top(), MessageBox)
    assert "rank weight" in " ".join(mptest.drawn_texts(d.app))
    d.tap("C")
    # back to rank 1 with value 3 and Save: written, sealed, with its copy
    d.tap("DOWN")                    # from Save deck round to card 1
    d.tap("C")                       # rank 4 is shown; DOWN wraps to rank 1
    top = d.top()
    d.tap("DOWN")
    assert top.choices[top.index][1] == 1
    d.tap("C")
    d.tap("UP", 2)                   # value 1 -> 3
    d.tap("C", 4)
    assert deck.cards[0] == {"rank": 1, "value": 3, "suit": "charm", "print": "paw", "ability": "none"}
    d.tap("UP")
    d.tap("UP")
    d.tap("C")
    words = " ".join(mptest.drawn_texts(d.app))
    assert "Saved" in words, words
    text = owner_data.read_text(data + "/theatre/house.txt")
    assert "Charm 3 paw, charm, 1, 3, paw, none" in text
    with open(data + "/theatre/house.txt") as f:
        assert f.read().startswith("# crc32")      # sealed (PL-23)
    # a solo game now gives the House this deck
    d.app.new_game("theatre", {"players": 1, "house": "normal", "decks": 16})
    assert d.app.state["house_cards"][0]["value"] == 3
