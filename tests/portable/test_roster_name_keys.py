# Names alike but for case are one name on every runtime (usher.ui.players
# same_name_key: MicroPython's str.lower() changes only A..Z): the key of
# every letter a name may hold, as CPython's str.lower() gives it but for
# the dotted capital I (lower case "i" and a combining dot there: one letter
# here). Holds the case table letter by letter, which bench/mutate.py found
# no test for at its edges. Runs on CPython, the unix port and WebAssembly.
from usher.ui import players

# same_name_key of each letter of players.LATIN_LETTERS, in its order
LATIN_KEYS = ("àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþßàáâãäåæçèéêëìíîïðñòóôõöøùúûüý"
              "þÿāāăăąąććĉĉċċččďďđđēēĕĕėėęęěěĝĝğğġġģģĥĥħħĩĩīīĭĭįįiıĳĳĵĵķķĸĺ"
              "ĺļļľľŀŀłłńńņņňňŉŋŋōōŏŏőőœœŕŕŗŗřřśśŝŝşşššţţťťŧŧũũūūŭŭůůűűųųŵŵ"
              "ŷŷÿźźżżžžſ")


def test_every_letter_a_name_may_hold_has_its_lower_case_key():
    keys = "".join([players.same_name_key(ch) for ch in players.LATIN_LETTERS])
    assert len(keys) == len(players.LATIN_LETTERS)
    for i in range(len(LATIN_KEYS)):
        ch = players.LATIN_LETTERS[i]
        assert keys[i] == LATIN_KEYS[i], (ch, keys[i], LATIN_KEYS[i])
    ascii_keys = "".join([players.same_name_key(ch) for ch in players.ASCII_NAME_CHARS])
    assert ascii_keys == "abcdefghijklmnopqrstuvwxyz" * 2 + "0123456789 -'._"


def test_the_table_is_str_lower_where_the_runtime_has_it():
    if "\u00c9".lower() != "\u00e9":
        return                    # MicroPython: A..Z only, the table above holds it
    for i in range(len(players.LATIN_LETTERS)):
        ch = players.LATIN_LETTERS[i]
        if ch != "\u0130":
            assert LATIN_KEYS[i] == ch.lower(), ch


def test_signs_and_letters_outside_the_names_keep_themselves():
    for ch in ("\u00d7", "\u00f7", "@", "[", "`", "{", "\u00bf", "\u0180", "\u03a9"):
        assert players.same_name_key(ch) == ch, ch
    assert players.same_name_key("J\u00d6RG \u0141UKASZ") == "j\u00f6rg \u0142ukasz"
    names, defects = players.parse_roster("J\u00f6rg\nJ\u00d6RG\n\u0141ukasz\n\u0142UKASZ\nIrma\n\u0130rma\n")
    assert names == ["J\u00f6rg", "\u0141ukasz", "Irma"] and len(defects) == 3, (names, defects)
