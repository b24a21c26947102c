# What a read of a saved file tells (usher.core.storage.load_checked,
# decode_bytes, read_lines; PL-11, PL-23): which copy was used, and for each
# copy set aside its name and what is wrong with it, in words that are the
# same on every runtime. The notices on screen and the log are made of
# these ("game.json: not valid JSON"), so a wrong or empty reason, a copy
# named that was fine, or a line number off by one is a wrong notice.
import os

import mptest

from usher.core import storage


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _fat(fn):
    storage.FORCE = False
    try:
        fn()
    finally:
        storage.FORCE = None


def test_pl11_each_copy_set_aside_is_named_with_what_is_wrong():
    def body():
        d = mptest.tmpdir()
        p = d + "/x.json"
        storage.save(p, {"v": 1})
        storage.save(p, {"v": 2})
        for raw, why in ((b"   \n", "empty"), (b'{"v": \xff2}', "not UTF-8 text"),
                         (b'{"v": 2, "a', "not valid JSON")):
            _put(p, raw)
            assert storage.load_checked(p) == ({"v": 1}, "backup", ["x.json: " + why]), raw
        # a torn temp file beside them is expected debris: not named
        _put(p, b"{")
        _put(p + ".tmp", b'{"v": 3, "a')
        assert storage.load_checked(p) == ({"v": 1}, "backup", ["x.json: not valid JSON"])
        # the file itself missing: said so when the backup is used
        os.remove(p)
        assert storage.load_checked(p) == ({"v": 1}, "backup", ["x.json: missing"])
        # a complete temp file where the file is missing (a cut between the
        # renames): the newest copy, nothing to say
        _put(p + ".tmp", storage.encode({"v": 3}).encode())
        assert storage.load_checked(p) == ({"v": 3}, "recovered", [])
    _fat(body)


def test_pl11_a_check_that_refuses_without_words_is_named_by_its_kind():
    d = mptest.tmpdir()
    p = d + "/x.json"
    storage.save(p, {"v": 1})

    def refuse(obj):
        raise KeyError()
    e = mptest.raises(storage.StorageError, storage.load_checked, p, refuse)
    assert e.problems == ["x.json: KeyError"], e.problems

    def refuse_said(obj):
        raise ValueError("wrong shape")
    e = mptest.raises(storage.StorageError, storage.load_checked, p, refuse_said)
    assert e.problems == ["x.json: wrong shape"], e.problems


def test_pl11_history_lines_are_numbered_as_a_person_counts_them():
    d = mptest.tmpdir()
    p = d + "/h.jsonl"
    one, three = storage.encode({"n": 1}).encode(), storage.encode({"n": 3}).encode()
    _put(p, one + b"\n\n" + b'{"n": 2, "b\n' + b"\xff\n" + three + b"\n")
    got = [(n, obj, why) for n, obj, _t, why in storage.read_lines(p)]
    assert got == [(1, {"n": 1}, None), (3, None, "not valid JSON"), (4, None, "not UTF-8 text"),
                   (5, {"n": 3}, None)], got


def test_pl8_a_temp_text_file_is_promoted_only_when_its_seal_holds():
    # The roster's temp file (a sealed text file, its seal on the first
    # line): a complete one where players.txt is missing becomes it; one
    # that has no seal line is a torn write and goes.
    from usher.core import seal
    d = mptest.tmpdir()
    p = d + "/players.txt"
    _put(p + ".tmp", b"Ann\nBen\n")
    storage.settle(p)
    assert not storage.exists(p) and not storage.exists(p + ".tmp")
    _put(p + ".tmp", seal.seal_text("Ann\nBen\n").encode())
    storage.settle(p)
    assert not storage.exists(p + ".tmp")
    with open(p) as f:
        assert seal.open_text(f.read()) == ("Ann\nBen\n", True)
    assert storage.has_copy(p)


def test_pl8_any_one_copy_is_a_copy():
    d = mptest.tmpdir()
    p = d + "/players.txt"
    assert not storage.has_copy(p)
    for name in (p + ".tmp", p + ".bak", p):
        _put(name, b"x")
        assert storage.has_copy(p), name
        os.remove(name)


def test_pl17_a_seal_that_does_not_read_as_one_is_damage_never_an_unsealed_file():
    # "crc32" as a number, or with a digit that is not hex: the seal was
    # damaged; the file is named, not read as an older firmware's unsealed
    # one
    d = mptest.tmpdir()
    p = d + "/x.json"
    storage.save(p, {"v": 1})
    storage.save(p, {"v": 2})
    for raw in (b'{"v":2,"crc32":12345678}', b'{"v":2,"crc32":"1234567"}'):
        _put(p, raw)
        assert storage.load_checked(p) == ({"v": 1}, "backup", ["x.json: checksum is damaged"]), raw
