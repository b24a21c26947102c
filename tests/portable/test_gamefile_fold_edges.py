# The running game's base and tail (usher.core.gamefile.GameFile, PL-17) at
# the edges of a fold, and what a load tells after damage or a cut (PL-23,
# PL-11, PL-8): which copy the game resumes from, how many acknowledged
# actions the notice says it cost, which files are left on flash, and how
# many bases a save writes (each base a 4 KB erase on littlefs once it
# leaves the inline size, PL-17). The littlefs way is forced on any folder
# (storage.FORCE) except where the FAT way with its second copy is meant.
import json
import os

import mptest

from usher.core import gamefile, seal, storage
from usher.device.circuitpython.game_copy import GameCopy

REC = {"game": "nogame", "options": {}, "seed": 3, "actions": []}
LONG = {"type": "long", "note": "z" * 300}       # alone too long for a tail


def _rec(acts):
    return dict(REC, actions=list(acts))


def _forced(fn, way=True):
    return mptest.on_filesystem(fn, way)


def _raw(path):
    with open(path, "rb") as f:
        return f.read()


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _flip_seal(path):
    """The file's seal changed in its last hex digit: it still parses (its
    rows can be counted), but it is damaged."""
    raw = bytearray(_raw(path).rstrip(b" "))
    i = len(raw) - 3                        # ...x"} : the seal's last digit
    raw[i] = 0x30 if raw[i] != 0x30 else 0x31
    _put(path, raw)


def _small(i):
    return {"type": "a", "i": i}


def _started(p, n):
    """A GameFile at p whose base holds no action (the game's start) and
    whose tail holds n small ones."""
    gf = gamefile.GameFile(p)
    gf.save(_rec([]))
    acts = []
    for i in range(n):
        acts = acts + [_small(i)]
        gf.save(_rec(acts))
    assert gf.folds == 1 and storage.exists(gf.tail)
    return gf, acts


def test_pl23_a_fold_of_a_rebuilt_record_keeps_the_tail_that_continues_the_new_backup():
    # A record of the same game whose actions are equal to those on flash
    # but other objects (read back, rebuilt), with one action too long for a
    # tail: one base is written, and the tail on flash stays, as it
    # continues the new backup. A damaged new base then costs only the
    # newest action, and the notice's count says 1.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        _gf, acts = _started(p, 3)
        again = gamefile.GameFile(p)
        assert again.load()[0] == _rec(acts)
        rec = _rec([dict(a) for a in acts] + [LONG])
        tail = _raw(again.tail)
        again.save(rec)
        assert again.folds == 1, again.folds            # one base written, not two
        assert _raw(again.tail) == tail and not storage.exists(again.prev_tail)
        assert gamefile.GameFile(p).load() == (rec, "main", [])
        _flip_seal(p)
        gf = gamefile.GameFile(p)
        value, source, problems = gf.load()
        assert source == "backup" and value == _rec(acts), (source, value)
        assert gf.lost == 1 and problems == ["game.json: checksum does not match"], (gf.lost, problems)
    _forced(body)


def test_pl17_a_save_that_replaces_the_newest_actions_writes_one_base():
    # An undo and another, long action in one save (the tail on flash is
    # longer than the new record): the record is folded into one base.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf, acts = _started(p, 3)
        rec = _rec(acts[:1] + [LONG])
        gf.save(rec)
        assert gf.folds == 2, gf.folds
        assert gamefile.GameFile(p).load() == (rec, "main", [])
    _forced(body)


def test_pl17_after_a_fold_a_tail_of_exactly_tail_max_bytes_is_written():
    # A fold keeps the base and tail on flash as the new base and starts the
    # tail with the press's own action; that tail is written while it is at
    # most TAIL_MAX bytes (inline on littlefs), and only one byte more
    # folds again.
    def body():
        for size, folds in ((gamefile.TAIL_MAX, 2), (gamefile.TAIL_MAX + 1, 3)):
            d = mptest.tmpdir()
            p = d + "/game.json"
            gf, acts = _started(p, 2)
            names = gamefile.packed_json(_rec(acts))[1]       # the new base's tables
            act = None
            for k in range(400):
                a = {"type": "b", "note": "y" * k}
                if len(gamefile.tail_bytes("00000000", 2, [a], names)) == size:
                    act = a
                    break
            rec = _rec(acts + [act])
            gf.save(rec)
            assert gf.folds == folds, (size, gf.folds)
            if folds == 2:
                assert len(_raw(gf.tail)) == size
            assert gamefile.GameFile(p).load() == (rec, "main", [])
    _forced(body)


def test_pl23_a_damaged_base_whose_fold_was_cut_before_the_next_tail_loses_nothing():
    # A cut after a fold kept the old tail beside the backup and before the
    # press's tail was written: no game.tail. The new base then damaged:
    # the backup and the kept tail hold all of it.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 2:
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        base = gamefile.read_base(p)[0]
        assert storage.exists(gf.prev_tail) and 0 < len(base["actions"]) < len(acts)
        os.remove(gf.tail)
        _flip_seal(p)
        other = gamefile.GameFile(p)
        value, source, problems = other.load()
        assert source == "backup" and value == base and other.lost == 0, (source, other.lost)
        assert problems == ["game.json: checksum does not match"], problems
        # the host tools read the board's files the same
        files = [_raw(p), None, _raw(p + ".bak"), _raw(gf.prev_tail)]
        assert gamefile.merge_bytes(*files) == base
    _forced(body)


def test_pl23_a_base_too_damaged_to_parse_is_counted_from_the_tail_that_continues_it():
    # No kept tail (a board that saved with the previous firmware): the
    # backup is used, and the newest tail says how many actions the damaged
    # base had, so the notice says how many were lost.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 3 or len(gamefile.read_tail(gf.tail)["rows"]) < 2:
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        os.remove(gf.prev_tail)
        _put(p, b'{"game":"nog')
        other = gamefile.GameFile(p)
        value, source, _problems = other.load()
        assert source == "backup" and value["actions"] == acts[:len(value["actions"])]
        assert other.lost == len(acts) - len(value["actions"]) > 2, other.lost
    _forced(body)


def test_pl11_a_kept_tail_whose_rows_do_not_fit_leaves_the_backup_alone():
    # The tail kept beside the backup continues it, but its rows do not fit
    # the backup's names: the backup resumes by itself, never a crash or
    # the backup taken for damaged too.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 2:
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        bak = gamefile.read_base(p + ".bak")[0]
        kept = storage.decode_bytes(_raw(gf.prev_tail))
        kept["rows"] = [[99]]
        _put(gf.prev_tail, seal.seal_object(json.dumps(kept)).encode())
        _flip_seal(p)
        value, source, problems = gamefile.GameFile(p).load()
        assert source == "backup" and value == bak, (source, value)
        files = [_raw(p), _raw(gf.tail), _raw(p + ".bak"), _raw(gf.prev_tail)]
        assert gamefile.merge_bytes(*files) == bak
    _forced(body)


def test_pl23_the_host_tools_take_the_kept_tail_when_the_newest_one_cannot_be_used():
    # `usher logs` with a damaged base: the backup and the tail kept beside
    # it, even when the newest tail is missing, or continues the backup but
    # its rows do not fit (a tail of another firmware's words).
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 2:
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        base = gamefile.read_base(p)[0]
        _flip_seal(p)
        bak_raw, kept_raw = _raw(p + ".bak"), _raw(gf.prev_tail)
        assert gamefile.merge_bytes(_raw(p), None, bak_raw, kept_raw) == base
        kept = storage.decode_bytes(kept_raw)
        unfit = dict(kept, bn=len(kept.get("names", [])) + 40, bk=0)
        unfit_raw = seal.seal_object(json.dumps(unfit)).encode()
        assert gamefile.merge_bytes(_raw(p), unfit_raw, bak_raw, kept_raw) == base
    _forced(body)


def test_pl17_a_tail_of_another_base_with_as_many_actions_is_not_merged():
    # A tail names its base by the CRC of its bytes and its count: the same
    # count on another base (an undo behind the base and other actions)
    # continues nothing, on the device and in the host tools.
    base = storage.encode(_rec([_small(0), _small(1)])).encode()
    other = storage.encode(_rec([_small(0), _small(2)])).encode()
    tail = gamefile.tail_bytes(gamefile._crc(other), 2, [_small(3)])
    assert gamefile.merge_bytes(base, tail) == _rec([_small(0), _small(1)])
    assert gamefile.merge_bytes(other, tail) == _rec([_small(0), _small(2), _small(3)])
    longer = gamefile.tail_bytes(gamefile._crc(base), 3, [_small(3)])
    assert gamefile.merge_bytes(base, longer) == _rec([_small(0), _small(1)])


def test_pl8_what_a_load_says_when_there_is_nothing_to_lose():
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        assert gf.lost == 0                              # nothing loaded, nothing lost
        assert gf.load() == (None, "none", []) and gf.lost == 0
        # a tail's first write goes through game.tail.tmp: a cut before its
        # rename leaves no tail and loses nothing acknowledged
        gf, acts = _started(p, 2)
        assert not storage.exists(gf.tail + ".tmp")
        _put(gf.tail + ".tmp", b"")
        storage.delete(gf.tail)
        other = gamefile.GameFile(p)
        assert other.load() == (_rec([]), "main", []) and other.lost == 0
        # an empty tail is damage: named, its count unknown; one byte is a
        # tail that does not parse, named as such
        for raw, why in ((b"", "empty"), (b"x", "not valid JSON")):
            _put(gf.tail, raw)
            other = gamefile.GameFile(p)
            rec, source, problems = other.load()
            assert problems == ["game.tail: " + why] and other.lost is None, (problems, other.lost)
        # a tail whose base is gone: an ended game's; the host tools
        # (tidy=False) read the board without removing it, the device does
        gf.save(_rec(acts))
        storage.delete(p)
        assert gamefile.GameFile(p).load(tidy=False) == (None, "none", [])
        assert storage.exists(gf.tail)
        assert gamefile.GameFile(p).load() == (None, "none", [])
        assert not storage.exists(gf.tail)
    _forced(body)


def test_pl23_a_damaged_base_with_a_complete_temp_file_resumes_it_and_loses_nothing():
    # A cut between the renames of a fold's base save left the new base as
    # game.json.tmp; game.json itself is damaged. The temp file and the tail
    # hold the whole game; the next action adds to the tail (no base
    # written).
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        _gf, acts = _started(p, 2)
        _put(p + ".tmp", _raw(p))
        _put(p, b'{"game":"nog')
        gf = gamefile.GameFile(p)
        value, source, problems = gf.load()
        assert (value, source) == (_rec(acts), "recovered") and gf.lost == 0, (source, gf.lost)
        assert problems and problems[0].startswith("game.json:"), problems
        rec = _rec(acts + [_small(9)])
        gf.save(rec)
        assert gf.folds == 0
        assert gamefile.GameFile(p).load()[0] == rec
    _forced(body)


def test_pl11_after_resuming_from_the_backup_the_next_action_writes_a_new_base():
    # The damaged base is not continued: the next save writes the whole
    # record as a new base, so the next boot reads game.json again, with no
    # notice.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 2:
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        _flip_seal(p)
        other = gamefile.GameFile(p)
        value, source, _problems = other.load()
        assert source == "backup"
        rec = _rec(value["actions"] + [_small(99)])
        other.save(rec)
        assert other.folds == 1
        assert gamefile.GameFile(p).load() == (rec, "main", [])
    _forced(body)


def test_pl8_on_fat_without_a_usable_second_copy_the_files_decide():
    # A board updated from a firmware without the second copy (its nvm
    # erased): a damaged game.json resumes from its backup; when no copy at
    # all can be used the files are named, never "no game".
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        gf.save(_rec([_small(0)]))
        gf.save(_rec([_small(0), _small(1)]))
        _flip_seal(p)
        with_copy = gamefile.GameFile(p, GameCopy(bytearray(b"\xff" * 4096)))
        value, source, problems = with_copy.load()
        assert (value, source) == (_rec([_small(0)]), "backup"), (value, source)
        assert problems == ["game.json: checksum does not match"], problems
        _put(p + ".bak", b"{")
        bare = gamefile.GameFile(p, GameCopy(bytearray(b"\xff" * 4096)))
        e = mptest.raises(storage.StorageError, bare.load)
        assert "game.json" in str(e) and "game.json.bak" in str(e), str(e)
    _forced(body, False)


def test_pl23_a_tail_whose_rows_do_not_fit_its_base_says_how_many_actions_it_cost():
    # The tail continues the base (its CRC and count) but says more of the
    # base's names than the base has (another firmware's words): it is named
    # and left out, and the notice counts its actions instead of saying
    # that nothing was lost.
    from test_core_gamefile import _app, _notices, _played

    def body():
        d, app = _played("theatre", 47, 30)
        p = d + "/game.json"
        base_raw = _raw(p)
        rec = app.record
        n = len(gamefile.read_base(p)[0]["actions"])
        t = gamefile.packed({"base": gamefile._crc(base_raw), "n": n, "actions": rec["actions"][n:]},
                            gamefile.tables(storage.decode_bytes(base_raw)))
        t["bn"] += 1
        _put(d + "/game.tail", seal.seal_object(json.dumps(t)).encode())
        other = _app(d)
        other.start()
        lost = len(rec["actions"]) - n
        assert lost > 1 and other.record["actions"] == rec["actions"][:n]
        text = _notices(other)
        said = "resumes %d actions earlier, at %s" % (lost, other.progress())
        assert "game.tail" in text and said in text, text
        assert "Nothing was lost" not in text, text
    _forced(body)


def test_pl21_another_game_saved_over_a_running_one_keeps_none_of_its_tails():
    # The old game's tails continue its bases only: the new game's first
    # save leaves neither game.tail nor game.tail.bak of it on flash.
    def body():
        d = mptest.tmpdir()
        p = d + "/game.json"
        gf = gamefile.GameFile(p)
        acts = []
        i = 0
        while gf.folds < 2 or not storage.exists(gf.tail):
            acts = acts + [dict(_small(i), note="w" * 20)]
            i += 1
            gf.save(_rec(acts))
        assert storage.exists(gf.prev_tail)
        new = dict(REC, seed=4, actions=[_small(0)])
        gf.save(new)
        assert not storage.exists(gf.tail) and not storage.exists(gf.prev_tail)
        assert gamefile.GameFile(p).load() == (new, "main", [])
    _forced(body)
