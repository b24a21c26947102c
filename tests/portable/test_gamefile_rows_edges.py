# The running game's actions as rows (usher.core.gamefile.packed/unpacked,
# PL-17) at the edges of what a file may say. Whatever a base or tail says
# that does not fit is a ValueError, which the reader names as a damaged
# file and steps over (PL-11: the base resumes, the backup is used); any
# other error out of a tail's rows would escape the merge and make the good
# base itself look damaged. What does fit reads back exactly, counts of 0
# included: a file written by this firmware or an older one, or by the host
# tools, must resume the same game on every firmware that reads it (PL-17).
import json

from usher.core import gamefile, seal, storage, words

PLAY = {"print": "paw", "player": 0, "suit": "agility", "type": "play", "value": 4, "ability": "none"}


def _damaged(obj, base=None):
    try:
        got = gamefile.unpacked(obj, base)
    except ValueError:
        return True
    raise AssertionError("read as %r" % (got,))


def test_pl11_rows_at_the_edges_of_their_names_and_key_sets():
    # a string-valued key that is the last name (-1 - index = -len(names)),
    # and a string value that is the first name (index 0)
    obj = {"names": ["a", "b"], "keys": [[-1, -2]], "rows": [[0, 1, 0]]}
    assert gamefile.unpacked(obj)["actions"] == [{"a": "b", "b": "a"}]
    # a key one past the names, a key set one past the sets, a string value
    # one past the names: damage, said as such (never an IndexError)
    assert _damaged({"names": ["a", "b"], "keys": [[2]], "rows": []})
    assert _damaged({"names": ["a", "b"], "keys": [[-3]], "rows": []})
    assert _damaged({"names": ["a"], "keys": [[0]], "rows": [[1, 5]]})
    assert _damaged({"names": ["a"], "keys": [[-1]], "rows": [[0, 1]]})
    assert gamefile.unpacked({"names": ["a"], "keys": [[-1]], "rows": [[0, 0]]})["actions"] == [{"a": "a"}]
    # packed writes them so, and they read back
    rec = {"game": "nogame", "seed": 1, "options": {}, "actions": [{"a": "b", "b": "a"}, {"a": "a"}]}
    assert gamefile.unpacked(gamefile.packed(rec)) == rec


def test_pl17_a_file_that_takes_its_games_names_but_no_key_sets_reads_as_it_says():
    # "bn" and "bk" each say how many of the game's words a file continues;
    # a count of 0 may be left out. A base that takes The Theatre's names
    # and none of its key sets (bk 0, left out), and the tail after it.
    names0 = list(words.of("theatre")[0])
    acts = [{"type": "start_act"}, PLAY, dict(PLAY, player=1, ability="gamble")]
    rec = {"game": "theatre", "seed": 7, "options": {}, "actions": acts}
    base = gamefile.packed(rec, (names0, ()))
    assert base["bn"] == len(names0) and base["bk"] == 0 and "names" not in base
    del base["bk"]
    assert gamefile.unpacked(base) == rec
    names, keys = gamefile.tables(base)
    assert names == names0 and keys == base["keys"], (names, keys)
    # a tail written against those tables (one more play) merges, on the
    # device (merge) and in the host tools (merge_bytes)
    raw = storage.encode(base).encode()
    more = dict(PLAY, value=9)
    tail = gamefile.packed({"base": gamefile._crc(raw), "n": 3, "actions": [more]}, (names0, base["keys"]))
    assert tail["bn"] == len(names0) and tail["bk"] == len(base["keys"])
    whole = dict(rec, actions=acts + [more])
    assert gamefile.merge_bytes(raw, seal.seal_object(json.dumps(tail)).encode()) == whole
    # a new game's base of no actions: no key sets at all; its tail leaves
    # its bk of 0 out too
    empty = gamefile.packed(dict(rec, actions=[]), (names0, ()))
    del empty["bk"]
    assert gamefile.tables(empty) == (names0, [])
    raw = storage.encode(empty).encode()
    tail = gamefile.packed({"base": gamefile._crc(raw), "n": 0, "actions": [PLAY]}, (names0, []))
    assert tail["bk"] == 0
    del tail["bk"]
    assert gamefile.check_tail(tail) is tail             # its rows continue the base's names
    assert gamefile.merge_bytes(raw, seal.seal_object(json.dumps(tail)).encode()) == \
        dict(rec, actions=[PLAY])


def test_pl17_a_file_that_takes_its_games_key_sets_but_no_names_reads_as_it_says():
    keys0 = list(words.of("theatre")[1])
    acts = [{"type": "start_act"}, PLAY, {"type": "x", "cards": [1]}]
    rec = {"game": "theatre", "seed": 7, "options": {}, "actions": acts}
    p = gamefile.packed(rec, ((), keys0))
    assert p["bn"] == 0 and p["bk"] == len(keys0) and p["names"][0] == "type"
    assert gamefile.unpacked(p) == rec


def test_pl11_a_plain_tail_whose_rows_do_not_fit_is_damaged_whichever_base_it_follows():
    # A tail that says no "bn" or "bk" is read on its own: rows that do not
    # fit its names make it no tail (named as damaged, its count told),
    # before it is matched to any base.
    bad = {"base": "00000000", "n": 2, "names": ["type"], "keys": [[0]], "rows": [[0, 1], [1, 2]]}
    for t in (bad, dict(bad, bn=0), dict(bad, bk=0)):
        try:
            got = gamefile.check_tail(dict(t))
        except ValueError:
            assert "bn" not in t and "bk" not in t, t
        else:
            assert "bn" in t or "bk" in t, got       # continues a base: checked against it
