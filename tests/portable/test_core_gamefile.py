# The running game's save on littlefs (PL-17, PL-8, PL-11): a base game.json
# and an inline tail of the newest actions (usher.core.gamefile). The format
# tests force the littlefs way on any folder (storage.FORCE); the power-cut
# test runs a real littlefs (MicroPython's VfsLfs2 with rp2's geometry on a
# RAM block device) and cuts the power inside every few flash programs and
# erases of whole games, on the unix port (CPython has no littlefs: skipped).
import mptest

from usher import games
from usher.core import gamefile, seal, storage, words
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import MessageBox


def _app(d):
    return App(new_canvas()[1], d, {"battery": lambda: 76, "board": "test"})


def _notices(app):
    return " ".join([" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)])


def _size(path):
    import os
    return os.stat(path)[6]


def _play_bot(app, gid, seed, limit=None):
    from usher.core import rng
    app.start_game(gid, {}, seed)
    bot = games.bot(gid)
    brng = rng.new_state(seed ^ 0x5A5A)
    n = 0
    while limit is None or n < limit:
        a = bot.next_action(app.state, brng)
        if a is None:
            break
        assert app.play(a), a
        n += 1
        yield a


def _played(gid, seed, limit):
    """A new App in a new folder that has played limit bot actions of gid."""
    d = mptest.tmpdir()
    app = _app(d)
    app.start()
    for _a in _play_bot(app, gid, seed, limit):
        pass
    return d, app


def _raw(path):
    with open(path, "rb") as f:
        return f.read()


def _forced(fn):
    storage.FORCE = True
    try:
        fn()
    finally:
        storage.FORCE = None


def test_pl17_each_action_rewrites_only_the_small_tail_and_a_full_tail_folds_into_the_base():
    def body():
        d = mptest.tmpdir()
        app = _app(d)
        app.start()
        sizes = []
        for _a in _play_bot(app, "seatwars", 41, 30):
            sizes.append(_size(d + "/game.tail"))
            # every action resumes exactly (a new App reads base + tail)
            other = _app(d)
            other.start()
            assert other.record == app.record, len(app.record["actions"])
            assert not _notices(other)
        assert max(sizes) <= gamefile.TAIL_MAX
        assert app.game_file.folds >= 2          # the start and at least one fold
        # base + tail hold every action once
        assert gamefile.GameFile(d + "/game.json").load()[0] == app.record
    _forced(body)


def test_pl17_a_cut_between_a_fold_and_the_next_tail_neither_loses_nor_doubles_an_action():
    # A fold writes the new base (the base and tail on flash, PL-23), keeps
    # the old tail as game.tail.bak and starts a tail with the press's own
    # actions. A cut right after the new base is written leaves the old
    # tail in game.tail: it continues no base, and the game resumes as it
    # was before the press (whose actions were never acknowledged).
    def body():
        d = mptest.tmpdir()
        app = _app(d)
        app.start()
        stale = None
        before = None
        for _a in _play_bot(app, "seatwars", 42, 40):
            folds = app.game_file.folds
            if stale is not None and folds > stale[0]:
                with open(d + "/game.tail", "wb") as f:
                    f.write(stale[1])
                other = _app(d)
                other.start()
                assert other.record["actions"] == before and len(before) < len(app.record["actions"])
                assert not _notices(other)
                return
            try:
                with open(d + "/game.tail", "rb") as f:
                    stale = (folds, f.read())
            except OSError:
                stale = (folds, None)
            before = app.record["actions"]
        raise AssertionError("no fold in 40 actions")
    _forced(body)


def test_pl17_an_undo_behind_the_base_and_new_actions_after_it_resume_exactly():
    def body():
        d = mptest.tmpdir()
        app = _app(d)
        app.start()
        played = list(_play_bot(app, "seatwars", 43, 60))
        base_n = app.game_file.base[2]
        assert base_n > 2, base_n       # a fold after the new game's
        while len(app.record["actions"]) > base_n - 2:
            assert app.undo()
            other = _app(d)
            other.start()
            assert other.record == app.record
        assert app.play(played[len(app.record["actions"])])
        other = _app(d)
        other.start()
        assert other.record == app.record
    _forced(body)


def test_pl11_a_damaged_tail_is_named_and_the_base_resumes():
    def body():
        d, app = _played("seatwars", 44, 3)
        with open(d + "/game.tail", "rb") as f:
            raw = bytearray(f.read())
        raw[len(raw) // 2] ^= 0x04
        with open(d + "/game.tail", "wb") as f:
            f.write(raw)
        other = _app(d)
        other.start()
        base = gamefile.unpacked(storage.load(d + "/game.json")[0])
        assert other.record == base and len(base["actions"]) < 3
        assert "game.tail" in _notices(other) and "newest actions" in _notices(other)
    _forced(body)


def test_pl17_an_older_single_file_save_loads_on_littlefs_and_the_next_action_keeps_it():
    def body():
        d = mptest.tmpdir()
        storage.FORCE = False
        app = _app(d)
        app.start()
        for _a in _play_bot(app, "seatwars", 45, 6):
            pass
        rec = app.record
        import json
        with open(d + "/game.json", "w") as f:        # no seal, no tail: an old firmware's
            f.write(json.dumps(rec))
        storage.FORCE = True
        other = _app(d)
        other.start()
        assert other.record == rec and not _notices(other)
        a = games.bot("seatwars").next_action(other.state, [1, 2])
        assert other.play(a)
        again = _app(d)
        again.start()
        assert again.record == other.record and len(again.record["actions"]) == 7
    _forced(body)


def test_pl8_an_ended_game_leaves_no_tail_and_a_lone_tail_is_never_a_game():
    def body():
        d, app = _played("seatwars", 46, 3)
        with open(d + "/game.tail", "rb") as f:
            tail = f.read()
        app.end_game()
        assert not storage.exists(d + "/game.tail") and not storage.exists(d + "/game.json")
        with open(d + "/game.tail", "wb") as f:       # a cut between the two removals
            f.write(tail)
        other = _app(d)
        other.start()
        assert other.record is None and not _notices(other)
        assert not storage.exists(d + "/game.tail")
    _forced(body)


def test_pl17_on_littlefs_small_files_are_written_in_place_the_base_keeps_its_backup():
    # littlefs replaces a closed file whole (PL-17): ui.json, a kept play's
    # record and the roster need no temp file, rename or backup (each a
    # metadata commit); the running game's base, rewritten only at a fold,
    # keeps its backup. An empty file there is damage (no cut leaves one:
    # a first write goes through a temp file), named.
    import os

    def body():
        d, app = _played("seatwars", 43, 30)
        names = os.listdir(d)
        assert "ui.json" in names and "ui.json.bak" not in names and "ui.json.tmp" not in names, names
        assert app.game_file.folds >= 2 and "game.json.bak" in names, names
        with open(d + "/ui.json", "w"):
            pass                                  # emptied
        other = _app(d)
        other.start()
        assert other.record == app.record and "ui.json: empty" in _notices(other), _notices(other)
    _forced(body)
    # elsewhere (a desktop folder, FAT) a save goes through the temp file
    d = mptest.tmpdir()
    storage.save(d + "/x.json", {"a": 1})
    storage.save(d + "/x.json", {"a": 2})
    assert storage.load(d + "/x.json") == ({"a": 2}, "main") and storage.exists(d + "/x.json.bak")
    with open(d + "/x.json", "w"):
        pass
    assert storage.load_checked(d + "/x.json") == ({"a": 1}, "backup", ["x.json: empty"])


def test_pl17_actions_are_written_as_rows_and_read_back_exactly():
    # PL-17: what each action writes kept small. The key names and the
    # string values are said once per file: a Theatre play is numbers only.
    play = {"print": "paw", "player": 0, "suit": "agility", "type": "play", "value": 4, "ability": "none"}
    acts = [{"type": "start_act"}, play, dict(play, player=1, ability="gamble"),
            {"type": "x", "cards": [1, {"a": None}]}, {"type": 5, "ok": True}]
    rec = {"game": "theatre", "seed": 7, "options": {"decks": [6, 5]}, "actions": acts}
    p = gamefile.packed(rec)
    assert "actions" not in p and len(p["rows"]) == 5 and p["rows"][1][0] == p["rows"][2][0]
    names, keys = gamefile.tables(p)        # the game's words (usher.core.words), then the file's
    assert names.count("type") == 1 and names.count("paw") == 1 and names.count("play") == 1
    # The Theatre's words are not spelled out: only those of the odd actions are
    assert p["bn"] == len(words.of("theatre")[0]) and p["names"] == ["cards", "x", "ok"], p
    # a string value's key is negative in its key set, its value an index into names
    ks, row = keys[p["rows"][1][0]], p["rows"][1][1:]
    assert [names[-1 - i] if i < 0 else names[i] for i in ks] == sorted(play)
    assert [names[v] if i < 0 else v for i, v in zip(ks, row)] == ["none", 0, "paw", "agility", "play", 4]
    # a number or a list stays itself, under a key that is not negative
    assert keys[p["rows"][4][0]] == [names.index("ok"), names.index("type")]
    assert gamefile.unpacked(p) == rec and gamefile.unpacked(rec) is rec
    # Equal rows read back as one action object (game.shared: the heap), a
    # row with true where another has 1 as its own
    twice = dict(rec, actions=[play, {"type": 5, "ok": True}, dict(play), {"type": 5, "ok": 1}])
    back = gamefile.unpacked(gamefile.packed(twice))["actions"]
    assert back == twice["actions"] and back[0] is back[2] and back[1] is not back[3]
    assert type(back[3]["ok"]) is int and back[1]["ok"] is True
    import json

    def grows(r):       # bytes one more play adds to the file
        def size(x):
            return len(json.dumps(x, separators=(",", ":")))
        more = dict(r, actions=r["actions"] + [dict(play, value=9)])
        return size(gamefile.packed(more)) - size(gamefile.packed(r))
    n = [str(names.index(w)) for w in ("none", "paw", "agility", "play")]
    row = "[1,%s,0,%s,%s,%s,9]," % tuple(n)
    assert grows(rec) == len(row) <= 20 < 80 < grows(dict(rec, actions=[1]))
    # the previous rows, strings in the row under keys that are not negative, mean the same
    old = {"game": "theatre", "seed": 7, "options": {}, "names": ["type", "player"], "keys": [[1, 0]],
           "rows": [[0, 1, "pass"]]}
    assert gamefile.unpacked(old)["actions"] == [{"type": "pass", "player": 1}]
    # actions that are not all dicts stay a plain list
    odd = {"game": "g", "seed": 1, "options": {}, "actions": [play, [1, 2]]}
    assert gamefile.packed(odd) is odd
    # rows that do not fit their keys are damage, never a shorter game
    for bad in ([[9, 1]], [[1, "none"]], [["0", 1]], [[]], "rows", [[0, 99]], [[0, "1"]], [[0, -1]]):
        q = dict(p, rows=bad)
        try:
            gamefile.unpacked(q)
        except ValueError as e:
            assert "damaged" in str(e)
        else:
            raise AssertionError(bad)
    for bad in ({"names": ["type"], "keys": [[3]]}, {"names": [5], "keys": [[0]]}, {"names": None},
                {"names": ["type"], "keys": [[-2]]}, {"names": ["type"], "keys": [["0"]]}):
        q = dict(p, rows=[[0, "x"]])
        q.update(bad)
        try:
            gamefile.unpacked(q)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)


# usher.core.words as published: (names, key sets, CRC-32 of their JSON).
# Append-only: a board's files say "the first bn names and bk key sets", so
# these never change; a new word goes at the end (and a line here with it).
PUBLISHED_WORDS = {
    "takeaseat": (13, 3, "5923ba74"),
    "theatre": (32, 4, "8ed12891"),
    "multisala": (28, 7, "ddd8e42b"),
    "seatwars": (24, 14, "cb8c006d"),
}


def _words_crc(names, keys):
    import json
    return "%08x" % seal.crc32(json.dumps([list(names), [list(k) for k in keys]]).encode())


def test_pl17_the_games_words_are_only_ever_added_to():
    for gid in games.ids():
        names, keys = words.of(gid)
        n, k, crc = PUBLISHED_WORDS[gid]
        assert _words_crc(names[:n], keys[:k]) == crc, "%s: a published word changed" % gid
        assert len(set(names)) == len(names), gid
        for ks in keys:     # as packed() makes a key set: its key names sorted
            assert [names[-1 - i] if i < 0 else names[i] for i in ks] == \
                sorted(names[-1 - i] if i < 0 else names[i] for i in ks), (gid, ks)
    assert words.of("chess") == words.of(None) == words.of(["theatre"]) == ((), ())


def test_pl17_a_record_says_its_games_words_by_number_and_an_older_dictionary_still_reads():
    for gid in games.ids():
        app = _app(mptest.tmpdir())
        app.start()
        for _a in _play_bot(app, gid, 5):       # a whole bot game
            pass
        rec = app.record
        p = gamefile.packed(rec)
        # every word of a bot's game is in the dictionary: none spelled out
        assert "names" not in p and "keys" not in p and p["bn"] == len(words.of(gid)[0]), (gid, p)
        assert gamefile.unpacked(p) == rec
        # a file of a firmware whose dictionary was shorter reads the same
        old = gamefile.packed(rec, (words.of(gid)[0][:5], words.of(gid)[1][:1]))
        assert old["bn"] == 5 and old["names"] and gamefile.unpacked(dict(old, game=gid)) == rec
        # one that says more words than this firmware has is damage, never another game
        try:
            gamefile.unpacked(dict(p, bn=p["bn"] + 1))
        except ValueError as e:
            assert "another base" in str(e)
        else:
            raise AssertionError(gid)
        # a new game (no actions yet) says them too, so its first tails need not
        empty = gamefile.packed(dict(rec, actions=[]))
        assert empty["rows"] == [] and gamefile.tables(empty)[0] == list(words.of(gid)[0])
        assert gamefile.unpacked(empty) == dict(rec, actions=[])


def test_pl17_a_base_and_tail_of_the_previous_rows_format_still_load():
    # A board updated in the middle of a game keeps it (PL-17): the previous
    # firmware's base spells its names out (no "bn": no words of its game),
    # and its tail continues those.
    def body():
        d, app = _played("theatre", 47, 30)
        rec = app.record
        n = len(rec["actions"]) - 3
        old = gamefile.packed(dict(rec, actions=rec["actions"][:n]), ((), ()))
        assert "bn" not in old and "play" in old["names"], old
        storage.save(d + "/game.json", old)
        base_raw = _raw(d + "/game.json")
        tail = gamefile.tail_bytes("%08x" % seal.crc32(base_raw), n, rec["actions"][n:], gamefile.tables(old))
        with open(d + "/game.tail", "wb") as f:
            f.write(tail)
        assert storage.decode_bytes(tail)["bn"] == len(old["names"])
        other = _app(d)
        other.start()
        assert other.record == rec and not _notices(other), _notices(other)
        assert gamefile.merge_bytes(base_raw, tail) == rec
    _forced(body)


def test_pl17_the_base_and_the_tail_are_rows_and_older_plain_ones_still_load():
    # A board updated in the middle of a game keeps it (PL-17): a base and a
    # tail with a plain "actions" list, as the previous firmware wrote them.
    import json

    def body():
        d, app = _played("theatre", 47, 30)
        assert app.game_file.folds >= 2
        with open(d + "/game.json", "rb") as f:
            base = storage.decode_bytes(f.read())
        with open(d + "/game.tail", "rb") as f:
            tail = storage.decode_bytes(f.read())
        assert "rows" in base and "actions" not in base and "rows" in tail, (base, tail)
        rec = app.record
        n = len(gamefile.unpacked(base)["actions"])
        # the previous firmware's files: the same record, actions in a list
        old_base = {"game": rec["game"], "seed": rec["seed"], "options": rec["options"],
                    "actions": rec["actions"][:n]}
        storage.save(d + "/game.json", old_base)
        from usher.core import seal
        with open(d + "/game.json", "rb") as f:
            crc = "%08x" % seal.crc32(f.read())
        with open(d + "/game.tail", "wb") as f:
            f.write(seal.seal_object(json.dumps({"base": crc, "n": n, "actions": rec["actions"][n:]}))
                    .encode())
        other = _app(d)
        other.start()
        assert other.record == rec and not _notices(other), _notices(other)
    _forced(body)


def test_pl17_a_tail_says_only_the_names_and_key_sets_its_base_does_not():
    # PL-17: what each action writes kept small. After a fold the tail's
    # rows continue the base's names and key sets ("bn", "bk") instead of
    # saying them again, so most rewrites are one program unit of the
    # directory's metadata instead of two.
    import json

    from usher.core import rng, seal

    def body():
        d, app = _played("theatre", 47, 30)
        assert app.game_file.folds >= 2
        base_raw, tail_raw = _raw(d + "/game.json"), _raw(d + "/game.tail")
        base, tail = storage.decode_bytes(base_raw), storage.decode_bytes(tail_raw)
        n = len(gamefile.unpacked(base)["actions"])
        assert tail["n"] == n and 0 < len(tail["rows"]) == len(app.record["actions"]) - n
        names, keys = gamefile.tables(base)
        assert tail["bn"] == len(names) and tail["bk"] == len(keys)
        assert not [w for w in tail.get("names", []) if w in names], (tail, names)
        # the same actions said on their own (the previous firmware's tail) are longer
        alone = gamefile.tail_bytes(tail["base"], n, app.record["actions"][n:])
        assert len(tail_raw) < len(alone)
        # the host tools (usher logs, usher replay --saved) and a new App read the record whole
        assert gamefile.merge_bytes(base_raw, tail_raw) == app.record
        other = _app(d)
        other.start()
        assert other.record == app.record and not _notices(other), _notices(other)
        # the next action's tail continues the loaded base's names too
        nxt = games.bot("theatre").next_action(other.state, rng.new_state(3))
        assert nxt is not None and other.play(nxt)
        base_raw = _raw(d + "/game.json")
        again = storage.decode_bytes(_raw(d + "/game.tail"))
        assert again["bn"] == len(gamefile.tables(storage.decode_bytes(base_raw))[0]), again
        # the previous firmware's tail of the same actions still loads
        rec = other.record
        n = len(gamefile.unpacked(storage.decode_bytes(base_raw))["actions"])
        with open(d + "/game.tail", "wb") as f:
            f.write(gamefile.tail_bytes("%08x" % seal.crc32(base_raw), n, rec["actions"][n:]))
        third = _app(d)
        third.start()
        assert third.record == rec and not _notices(third), _notices(third)
        # a tail whose counts are not its base's is named, and the base resumes (PL-11)
        t = gamefile.packed({"base": "%08x" % seal.crc32(base_raw), "n": n, "actions": rec["actions"][n:]},
                            gamefile.tables(storage.decode_bytes(base_raw)))
        assert t["bn"] > 0 and len(rec["actions"]) > n
        t["bn"] -= 1
        with open(d + "/game.tail", "wb") as f:
            f.write(seal.seal_object(json.dumps(t, separators=(",", ":"))).encode())
        fourth = _app(d)
        fourth.start()
        assert fourth.record["actions"] == rec["actions"][:n]
        assert "game.tail" in _notices(fourth) and "another base" in _notices(fourth), _notices(fourth)
        assert gamefile.merge_bytes(base_raw, seal.seal_object(json.dumps(t)).encode())["actions"] == \
            rec["actions"][:n]
    _forced(body)


def test_pl17_only_littlefs_takes_the_tail_way():
    assert storage.atomic(mptest.tmpdir()) is False      # a desktop folder / the unix port's
    try:
        import vfs
    except ImportError:
        return
    if not hasattr(vfs, "VfsLfs2"):
        return                      # no littlefs in this port
    dev = _Flash(32)
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/lfs_kind")
    try:
        assert storage.atomic("/lfs_kind/data") is True
    finally:
        vfs.umount("/lfs_kind")


# --- power cuts on a real littlefs (unix port) -----------------------------------------

BLOCK = 4096
ERASED = b"\xff" * BLOCK
STRIDE = 1          # every flash operation of the run


class _Flash:
    """A RAM flash with rp2's block size. cut_at: the flash operation
    (program or erase, counted from 1) inside which the power goes: the
    flash as that operation left it half done is kept as image (what the
    next boot finds); the run itself goes on (nothing is raised inside
    littlefs), so the saves that returned before it are known."""

    def __init__(self, blocks, data=None, buf=None, image=None):
        # buf, image: bytearrays of the flash's size to reuse (the 32-bit
        # frozen port's 1 MB heap has no room for a new 64 KB pair per cut)
        self.blocks = blocks
        if buf is None:
            buf = bytearray(BLOCK * blocks)
        if data is None:
            for b in range(blocks):
                buf[b * BLOCK:(b + 1) * BLOCK] = ERASED
        else:
            buf[:] = data
        self.data = buf
        self.ops = 0
        self.cut_at = None
        self.image = image
        self.cut = False

    def _op(self, a, new):
        self.ops += 1
        if self.ops == self.cut_at:
            k = len(new) // 2
            old = self.data[a + k:a + len(new)]
            self.data[a:a + k] = new[:k]
            if self.image is None:
                self.image = bytearray(len(self.data))
            self.image[:] = self.data
            self.cut = True
            self.data[a + k:a + len(new)] = old
        self.data[a:a + len(new)] = new

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        self._op(n * BLOCK + off, bytes(buf))

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            self._op(arg * BLOCK, ERASED)
        return 0


def _session(dev, point, gid, seed, limit, undo_every=7):
    """Play on dev mounted at point; [(flash operations done when it
    returned, record)] per save (the game's start included)."""
    import vfs
    from usher.core import rng
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), point)
    saves = []
    try:
        d = point + "/data"
        app = _app(d)
        app.start()
        app.start_game(gid, {}, seed)
        saves.append((dev.ops, dict(app.record, actions=list(app.record["actions"]))))
        bot = games.bot(gid)
        brng = rng.new_state(seed ^ 0x5A5A)
        n = 0
        while n < limit:
            n += 1
            if n % undo_every == 0:
                app.undo()
            else:
                a = bot.next_action(app.state, brng)
                if a is None:
                    break
                assert app.play(a), a
            saves.append((dev.ops, dict(app.record, actions=list(app.record["actions"]))))
    finally:
        vfs.umount(point)
    return saves


def _resumed(data, point, buf=None):
    import vfs
    dev = _Flash(len(data) // BLOCK, data, buf)
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), point)
    try:
        app = _app(point + "/data")
        app.start()
        return app.record, _notices(app)
    finally:
        vfs.umount(point)


def test_pl17_power_cuts_inside_flash_operations_on_littlefs_lose_no_acknowledged_action():
    try:
        import vfs
    except ImportError:
        return                      # CPython (bench/rp2.py --cuts on the chip)
    if not hasattr(vfs, "VfsLfs2"):
        return                      # a port without littlefs
    import gc
    blocks = 16
    fresh = _Flash(blocks)
    vfs.VfsLfs2.mkfs(fresh, progsize=256)
    clean = bytes(fresh.data)
    fresh = None
    run_buf = bytearray(BLOCK * blocks)      # reused by every cut
    image_buf = bytearray(BLOCK * blocks)
    resume_buf = bytearray(BLOCK * blocks)
    full = _session(_Flash(blocks, clean, run_buf), "/lfs_run", "seatwars", 71, 40)
    total = full[-1][0]
    assert total > 40
    cuts = lost = 0
    # From the first flash operation: the App's first ui.json and the
    # game's start (written in place on littlefs, PL-17) are cut too.
    k = 1
    while k <= total:
        dev = _Flash(blocks, clean, run_buf, image_buf)
        dev.cut_at = k
        saves = _session(dev, "/lfs_run", "seatwars", 71, 40)
        assert saves == full        # the same run: the cut is only kept aside
        done = [rec for ops, rec in saves if ops < k]
        acked = done[-1] if done else None   # the last save that returned before the cut
        nxt = saves[len(done)][1]   # the one in flight
        assert dev.cut
        rec, notice = _resumed(dev.image, "/lfs_cut", resume_buf)
        cuts += 1
        if rec != acked and rec != nxt:
            lost += 1
            print("cut at op %d: resumed %s actions, acknowledged %s" % (
                k, None if rec is None else len(rec["actions"]), acked and len(acked["actions"])))
        assert not notice, notice
        k += STRIDE
        gc.collect()
    assert cuts > 10 and lost == 0, (cuts, lost)
    print("littlefs power cuts: %d cuts of %d flash operations, %d lost" % (cuts, total, lost))


def test_pl17_every_bit_flip_of_the_tail_is_named_or_harmless_never_silent():
    def body():
        d, app = _played("seatwars", 47, 4)
        good = app.record
        with open(d + "/game.tail", "rb") as f:
            raw = f.read()
        named = same = 0
        for i in range(0, len(raw), 3):          # every third byte, one bit each (rotating)
            bad = bytearray(raw)
            bad[i] ^= 1 << (i % 8)
            with open(d + "/game.tail", "wb") as f:
                f.write(bad)
            other = _app(d)
            other.start()
            if other.record == good:
                same += 1                        # e.g. a flip in the seal's hex case? never silent
                assert not _notices(other) or "game.tail" in _notices(other)
            else:
                assert "game.tail" in _notices(other), i
                assert len(other.record["actions"]) < len(good["actions"])
                named += 1
        assert named > 0 and named + same == (len(raw) + 2) // 3
    _forced(body)
