# The running game's files at their edges (PL-17, usher.core.gamefile): the
# tail is written while it is at most TAIL_MAX (280) bytes, its seal
# included, and one byte more folds it into the base (so littlefs keeps it
# inline); the host tools' merge_bytes (`usher logs`, `usher replay
# --saved`) reads a base, backup or tail that is valid JSON of another
# shape (a list, a number, a string: damage or a hand-made file) as no
# record, never raising. Holds rules bench/mutate.py found no test for.
# Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import gamefile, storage

REC = {"game": "nogame", "options": {}, "seed": 3, "actions": [{"type": "a"}]}


def _forced(fn):
    storage.FORCE = True
    try:
        return fn()
    finally:
        storage.FORCE = None


def _with_tail_of(gf, size):
    """A record whose tail after gf's base is exactly size bytes: one more
    action, its note as long as needed."""
    b = gf.base
    for k in range(400):
        act = {"type": "b", "note": "x" * k}
        if len(gamefile.tail_bytes(b[3], b[2], [act], b[4])) == size:
            rec = dict(REC)
            rec["actions"] = REC["actions"] + [act]
            return rec
    raise AssertionError("no tail of %d bytes" % size)


def _size(path):
    with open(path, "rb") as f:
        return len(f.read())


def test_a_tail_of_tail_max_bytes_is_written_and_one_byte_more_folds():
    assert gamefile.TAIL_MAX == 280          # bench/flash_ops.py's choice (docs/performance.md)

    def run():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        gf.save(REC)                          # the first save: the base
        assert gf.folds == 1 and not storage.exists(gamefile.tail_path(p))
        rec = _with_tail_of(gf, 280)
        gf.save(rec)
        assert gf.folds == 1 and _size(gamefile.tail_path(p)) == 280
        assert gamefile.GameFile(p).load()[0] == rec

        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        gf.save(REC)
        rec = _with_tail_of(gf, 281)
        gf.save(rec)
        assert gf.folds == 2, gf.folds        # folded: the base holds both actions
        t = gamefile.tail_path(p)
        assert not storage.exists(t) or _size(t) <= 280
        assert gamefile.GameFile(p).load()[0] == rec
    _forced(run)


def test_merge_bytes_takes_valid_json_of_another_shape_for_no_record():
    base = storage.encode(REC).encode()
    tail = gamefile.tail_bytes(gamefile._crc(base), 1, [{"type": "b"}])
    both = dict(REC)
    both["actions"] = REC["actions"] + [{"type": "b"}]
    assert gamefile.merge_bytes(base, tail) == both
    for other in (b"[1, 2]", b"[]", b"3", b'"text"', b"null", b"true", b'{"game": "x"}',
                  b'{"actions": 5}'):
        assert gamefile.merge_bytes(other, None) is None, other
        assert gamefile.merge_bytes(other, tail) is None, other
        assert gamefile.merge_bytes(other, tail, base) == both, other     # the backup and its tail
        assert gamefile.merge_bytes(base, other) == REC, other            # the tail left out
        assert gamefile.merge_bytes(base, other, other) == REC, other
