# TH-13 deck validator: each rule broken alone, rank swaps, player limits.
from usher.games.theatre import validator


def _deck(per_rank, prefix="Card"):
    """A deck text with per_rank[r-1] cards of rank r, every card distinct."""
    lines = []
    k = 0
    for r in range(1, 5):
        for _ in range(per_rank[r - 1]):
            k += 1
            lines.append("%s %d, charm, %d" % (prefix, k, r))
    return "\n".join(lines) + "\n"


def _rules(defects):
    return [d[0] for d in defects]


def test_th13_standard_decks_are_legal():
    """TH-13: 4 of each rank for 2 players, 5 of each for 3-4."""
    assert validator.validate_deck(_deck([4, 4, 4, 4]), players=2) == []
    assert validator.validate_deck(_deck([5, 5, 5, 5]), players=3) == []
    assert validator.validate_deck(_deck([5, 5, 5, 5]), players=4) == []


def test_th13_2_player_limit_is_stricter_than_3_4():
    """TH-13: 5 of each rank is over the 2-player limit (weight 75 > 60)."""
    d = validator.validate_deck(_deck([5, 5, 5, 5]), players=2)
    assert _rules(d) == ["rank_limit"]
    assert "75" in d[0][1] and "60" in d[0][1]
    # One rank 4 card too many for 3-4 players: 5+5+5+6 -> weight 83 > 75.
    assert _rules(validator.validate_deck(_deck([5, 5, 5, 6]), players=3)) == ["rank_limit"]


def test_th13_legal_deck_with_rank_swaps():
    """TH-13: swaps keep 2^(rank-1) sums: two rank 3 swapped for one rank 4
    (3-player deck with 6 rank 4s, as in the rulebook) and one rank 2 for
    two rank 1s are legal."""
    assert validator.validate_deck(_deck([5, 5, 3, 6]), players=3) == []
    assert validator.validate_deck(_deck([6, 3, 4, 4]), players=2) == []
    # Chained: 4 rank 1 -> 2 rank 2 -> 1 rank 3 (weight stays 60).
    assert validator.validate_deck(_deck([0, 4, 5, 4]), players=2) == []
    # Under the limit is fine too: there is no minimum per rank.
    assert validator.validate_deck(_deck([2, 1, 1, 1]), players=2) == []


def test_th13_at_least_5_cards():
    """TH-13: a deck needs at least 5 cards."""
    assert _rules(validator.validate_deck(_deck([1, 1, 1, 1]))) == ["min_cards"]


def test_th13_at_most_2_copies_of_name_and_suit():
    """TH-13: 3 Vixie + charm is broken (names compare without case or
    spaces); Vixie + luck is another card."""
    base = _deck([4, 4, 3, 2])  # weight 40
    two = base + "Vixie, charm, 4\nvixie , Charm, 4\n"
    assert validator.validate_deck(two, 2) == []
    assert validator.validate_deck(two + "Vixie, luck, 1\n", 2) == []
    d = validator.validate_deck(two + "VIXIE, charm, 1\n", 2)
    assert _rules(d) == ["max_copies"] and "Vixie" in d[0][1] and "3 copies" in d[0][1]


def test_th13_casual_limit():
    """TH-13: an agreed casual L replaces 4/5."""
    assert validator.validate_deck(_deck([6, 6, 6, 6]), players=2, casual=6) == []
    assert _rules(validator.validate_deck(_deck([4, 4, 4, 4]), players=2, casual=3)) == ["rank_limit"]


def test_th13_bad_lines_suits_and_ranks():
    """TH-13: each broken line is named; suits by name or number 1-5."""
    text = "# my deck\n\nA, charm, 1\nB, 2, 1\nC, hearts, 1\nD, will, 5\nE will 1\n, luck, 1\nF, luck, 1\n"
    d = validator.validate_deck(text)
    assert _rules(d) == ["suit", "rank", "card_line", "card_line", "min_cards"]
    assert d[0][1].startswith("line 5") and d[1][1].startswith("line 6")
    cards, _ = validator.parse_deck(text)
    assert cards == [("A", "charm", 1), ("B", "luck", 1), ("F", "luck", 1)]


def test_th13_every_broken_rule_reported_together():
    """TH-13: several rules broken at once are all reported."""
    text = "V, charm, 4\nV, charm, 4\nV, charm, 4\nX, fire, 2\n"
    rules = _rules(validator.validate_deck(text, players=2))
    assert rules == ["suit", "min_cards", "max_copies"]
    many = _deck([4, 4, 4, 6]) + "V, charm, 1\nV, charm, 1\nV, charm, 1\n"
    assert _rules(validator.validate_deck(many, players=2)) == ["max_copies", "rank_limit"]


def test_th13_rank_weight():
    assert validator.rank_weight([("a", "charm", 1), ("b", "luck", 3), ("c", "will", 4)]) == 13
    assert validator.rank_limit(2) == 4 and validator.rank_limit(3) == 5 and validator.rank_limit(4) == 5


def test_th13_a_deck_checked_without_a_player_count_is_checked_for_2_players():
    """TH-13: the 2-player limit (weight 60) is the default: a deck of
    weight 61-75, legal for 3-4 players, is refused when no count is given."""
    d = validator.validate_deck(_deck([5, 5, 5, 5]))
    assert _rules(d) == ["rank_limit"] and "60" in d[0][1]
    d = validator.validate_deck(_deck([4, 4, 4, 5]))       # weight 68
    assert _rules(d) == ["rank_limit"]
    assert validator.validate_deck(_deck([4, 4, 4, 4])) == []
