# On FAT and desktop folders a save writes its temp file into the file it
# replaces anyway, in place, and pads a shorter copy with spaces up to the
# old size (usher.core.storage._spare, _pad; PL-17's erases, PL-8's temp
# file, rename and backup). What a reader gets back must not depend on it:
# the file holds the copy's bytes and then only spaces, exactly up to the
# old size (at most PAD_MAX of them; a file longer than that is made anew),
# and the CRC the save returns is of those bytes (the running game's base
# is known by it). A cut inside such a write must leave the previous backup
# whole (PL-8, PL-11), and a temp file a cut left torn is never promoted.
import json

import mptest

from usher.core import seal, storage


def _fat(fn):
    mptest.on_filesystem(fn, False)


def _raw(path):
    with open(path, "rb") as f:
        return f.read()


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _sealed(obj):
    return seal.seal_object(json.dumps(obj, separators=(",", ":"))).encode()


def _of_size(size, key="v"):
    """An object whose file, as save writes it, is size bytes."""
    for k in range(size):
        obj = {key: "x" * k}
        if len(_sealed(obj)) == size:
            return obj
    raise AssertionError("no object of %d bytes" % size)


BIG = 900


def test_pl17_a_shorter_copy_is_followed_by_spaces_exactly_up_to_the_old_size():
    assert storage.PAD_MAX == 512       # the FAT reuse's limit (docs/performance.md)

    def body():
        pad = 512
        for spare in ("backup", "temp"):
            for diff in (1, 63, 64, 65, 130, pad, pad + 1):
                d = mptest.tmpdir()
                p = d + "/x.json"
                storage.save(p, _of_size(BIG, "a"))
                storage.save(p, {"b": 1})
                if spare == "temp":
                    # a temp file a cut left behind while x.json stayed whole
                    _put(p + ".tmp", b"@" * BIG)
                    _put(p + ".bak", b"@" * 40)
                new = _of_size(BIG - diff)
                crc = storage.save(p, new)
                raw = _raw(p)
                want = _sealed(new) + (b" " * diff if diff <= pad else b"")
                assert raw == want, (spare, diff, len(raw), raw[-80:])
                assert crc == seal.crc32(raw), (spare, diff)
                assert storage.load(p) == (new, "main") and storage.load(p + ".bak") == ({"b": 1}, "main")
                assert not storage.exists(p + ".tmp")
    _fat(body)


def test_pl17_an_empty_backup_is_written_in_place_too():
    # An empty NAME.bak (a cut inside its erase): the copy goes into it as
    # into any other spare file, no new file made beside it (FAT: no
    # cluster allocated).
    import os

    def body():
        d = mptest.tmpdir()
        p = d + "/x.json"
        storage.save(p, {"v": 1})
        storage.save(p, {"v": 2})
        _put(p + ".bak", b"")
        spare = os.stat(p + ".bak")[1]
        storage.save(p, {"v": 3})
        assert storage.load(p) == ({"v": 3}, "main") and storage.load(p + ".bak") == ({"v": 2}, "main")
        if spare:                                   # a filesystem with inode numbers
            assert os.stat(p)[1] == spare
    _fat(body)


def _cut_save(p, obj, files):
    """storage.save(p, obj) cut after its bytes went into one of files, in
    place: that file is left torn (its first half)."""
    before = dict((f, _raw(f) if storage.exists(f) else None) for f in files)
    real = storage._pad

    def cut(f, n, crc):
        raise RuntimeError("power cut")
    storage._pad = cut
    try:
        storage.save(p, obj)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the save was not cut")
    finally:
        storage._pad = real
    for f in files:
        now = _raw(f) if storage.exists(f) else None
        if now != before[f]:
            _put(f, now[:len(now) // 2])


def test_pl8_a_cut_in_a_save_beside_an_empty_temp_file_keeps_the_backup():
    # An empty game.json.tmp (a first temp file created, cut before its
    # write): the next save writes into it, never into the backup, so a cut
    # there and then a damaged file still leave the backup to resume from.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        storage.save(p, {"v": 1, "pad": "p" * 40})
        storage.save(p, {"v": 2, "pad": "q" * 40})
        _put(p + ".tmp", b"")
        _cut_save(p, {"v": 3, "pad": "r" * 40}, (p + ".tmp", p + ".bak"))
        assert storage.load(p) == ({"v": 2, "pad": "q" * 40}, "main")
        _put(p, b'{"v": 2, "pa')
        assert storage.load_checked(p)[:2] == ({"v": 1, "pad": "p" * 40}, "backup")
    _fat(body)


def test_pl8_a_temp_file_of_lines_cut_before_its_last_newline_is_never_promoted():
    # A history streamed to NAME.tmp and cut right after a line's closing
    # brace: every line there decodes, but lines may have followed. With no
    # NAME (a cut between replace's renames leaves a complete one) it is
    # debris and goes; a complete one becomes NAME.
    d = mptest.tmpdir()
    p = d + "/history.jsonl"
    lines = storage.encode({"n": 1}) + "\n" + storage.encode({"n": 2})
    _put(p + ".tmp", lines.encode())
    storage.settle(p)
    assert not storage.exists(p) and not storage.exists(p + ".tmp")
    _put(p + ".tmp", (lines + "\n").encode())
    storage.settle(p)
    assert not storage.exists(p + ".tmp")
    assert [obj for _n, obj, _t, _why in storage.read_lines(p)] == [{"n": 1}, {"n": 2}]
    # one sealed object (a save's temp file) needs no newline
    q = d + "/ui.json"
    _put(q + ".tmp", storage.encode({"a": 1}).encode())
    storage.settle(q)
    assert storage.load(q) == ({"a": 1}, "main")
