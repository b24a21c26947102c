# Pulisci il Multisala cards: symbol values (MS-1), the default deck and the
# transcription loader (MS-2).
from usher.games.multisala import cards


def test_ms1_bilico_counts_2_on_d4_and_3_on_d6():
    assert cards.d4_value("b") == 2 and cards.d6_value("b") == 3
    assert [cards.d4_value(f) for f in ("1", "2", "3", "4")] == [1, 2, 3, 4]
    assert [cards.d6_value(f) for f in ("1", "6")] == [1, 6]


def test_ms1_card_code_fields():
    c = cards.make("b", "5", False, 3, "f")
    assert cards.d4(c) == "b" and cards.d6(c) == "5" and not cards.switch_on(c)
    assert cards.emotion(c) == 3 and cards.morra(c) == "f"
    assert cards.describe(c, cards.DEFAULT_EMOTIONS) == "D4 b D6 5 OFF rabbia forbice"


def _symbols(code):
    return (cards.d4(code), cards.d6(code), cards.switch_on(code), cards.emotion(code), cards.morra(code))


def test_ms2_default_deck_has_54_cards_and_every_value():
    deck = cards.default_deck()
    assert len(deck) == 54
    values = [cards.D4_FACES, cards.D6_FACES, (False, True), (0, 1, 2, 3, 4, 5), cards.MORRA]
    for k in range(5):
        seen = [_symbols(c)[k] for c in deck]
        for v in values[k]:
            # every value present, and spread as evenly as 54 cards allow
            n = seen.count(v)
            assert n in (54 // len(values[k]), 54 // len(values[k]) + 1), (k, v, n)


def test_ms2_default_deck_follows_its_rule_and_is_the_games_own_list():
    # cards.py's rule for card i: switch, Morra, D4 and D6 from i modulo 2,
    # 3, 5 and 7, the emotion from the block of 9 it lies in.
    deck = cards.default_deck()
    for i in range(54):
        assert deck[i] == cards.make(cards.D4_FACES[i % 5], cards.D6_FACES[i % 7], i % 2 == 1,
                                     (i // 9) % 6, cards.MORRA[i % 3]), i
    # a new list each time: a game's deck is its own
    deck.append("1100s")
    assert len(cards.default_deck()) == 54


def test_ms2_default_deck_symbols_not_correlated():
    """Every pair of symbols: each combination of values appears
    floor(54 / combinations) or one more times, so knowing one symbol tells
    (almost) nothing about another."""
    deck = cards.default_deck()
    values = [cards.D4_FACES, cards.D6_FACES, (False, True), (0, 1, 2, 3, 4, 5), cards.MORRA]
    for a in range(5):
        for b in range(a + 1, 5):
            combos = len(values[a]) * len(values[b])
            lo = 54 // combos
            for va in values[a]:
                for vb in values[b]:
                    n = len([c for c in deck if _symbols(c)[a] == va and _symbols(c)[b] == vb])
                    assert n == lo or (n == lo + 1 and 54 % combos), (a, b, va, vb, n)


def test_ms2_default_deck_round_trips_through_transcription():
    deck = cards.default_deck()
    text = cards.format_deck(deck, cards.DEFAULT_EMOTIONS)
    codes, emotions, defects = cards.parse_deck(text)
    assert defects == [] and codes == deck and emotions == list(cards.DEFAULT_EMOTIONS)


def _good_lines(n):
    faces4 = ("1", "2", "3", "4", "b")
    return ["%s 3 %s %s sasso" % (faces4[i % 5], "ON" if i % 2 else "OFF", ("joy", "fear")[i % 2])
            for i in range(n)]


def test_ms2_loader_names_every_defect_by_line():
    lines = _good_lines(45)
    lines[1] = "5 3 ON joy sasso"          # line 2: D4 5
    lines[3] = "1 7 ON joy pietra"         # line 4: D6 7 and Morra
    lines[6] = "1 3 FORSE joy carta"       # line 7: switch
    lines[9] = "1 3 ON joy"                # line 10: 4 fields
    codes, emotions, defects = cards.parse_deck("\n".join(lines))
    assert defects == [
        'line 2: D4 "5" is not 1-4 or b',
        'line 4: D6 "7" is not 1-6 or b',
        'line 4: Morra "pietra" is not sasso, carta or forbice',
        'line 7: switch "FORSE" is not ON or OFF',
        "line 10: 4 fields, expected 5 (D4 D6 SWITCH EMOTION MORRA)",
    ], defects


def test_ms2_loader_accepts_comments_short_names_and_any_case():
    text = "# my deck\n\n" + "\n".join(_good_lines(39)) + "\nB b on Joy F  # last card\n"
    codes, emotions, defects = cards.parse_deck(text)
    assert defects == [] and len(codes) == 40
    assert emotions == ["fear", "joy"] or emotions == ["joy", "fear"]
    assert codes[-1] == cards.make("b", "b", True, emotions.index("joy"), "f")


def test_ms2_loader_refuses_small_deck_and_single_emotion():
    _, _, defects = cards.parse_deck("\n".join(_good_lines(39)))
    assert defects == ["39 cards: a deck needs at least 40"]
    one = "\n".join(["1 2 ON joy carta"] * 40)
    assert cards.parse_deck(one)[2] == ["only one emotion: every spectator would match"]
    assert cards.parse_deck("# nothing\n")[2] == ["no cards"]


def test_ms2_loader_refuses_an_eleventh_emotion():
    lines = ["1 2 ON e%d carta" % (i % 10) for i in range(40)]
    lines[10] = "1 2 ON e10 carta"
    defects = cards.parse_deck("\n".join(lines))[2]
    assert defects == ['line 11: emotion "e10" is an 11th emotion (at most 10)']


def test_ms2_check_codes_of_a_deck_option():
    deck = cards.default_deck()
    assert cards.check_codes(deck, list(cards.DEFAULT_EMOTIONS)) == []
    bad = deck[:]
    bad[4] = "9" + bad[4][1:]
    assert cards.check_codes(bad, list(cards.DEFAULT_EMOTIONS)) == ["card 5: bad code " + bad[4]]
    assert cards.check_codes(deck[:30], ["a", "b", "c", "d", "e", "f"]) == [
        "30 cards: a deck needs at least 40"]


def test_ms2_check_codes_names_a_code_of_the_wrong_length_or_kind():
    # A code one character too long ("b312sx" starts like a good one), too
    # short ("b31") or not text at all is a named defect, never a card and
    # never an IndexError/TypeError.
    deck = cards.default_deck()
    for bad_code in ("b312sx", "b31", 12345):
        bad = deck[:]
        bad[4] = bad_code
        assert cards.check_codes(bad, list(cards.DEFAULT_EMOTIONS)) == ["card 5: bad code %s" % bad_code]
