# The running game's save on flash (PL-8, PL-17).
#
# Where the filesystem replaces a written file atomically by itself
# (littlefs, MicroPython's board filesystem) the saved game is two files:
#   game.json  the base: the record {"game", "options", "seed", "actions"}
#              up to a checkpoint, written rarely, with usher.core.storage's
#              checked save with its backup (temp file, rename, backup:
#              the game's one copy that is not rewritten per action;
#              sealed, CRC-32);
#   game.tail  the newest actions after the base, sealed:
#              {"base": CRC-32 of game.json's bytes, "n": the base's number of
#              actions, and the actions as rows (packed(): "names", "keys",
#              "rows"), whose names and key sets continue the base's ("bn",
#              "bk": how many of them, left out when the base has none)},
#              rewritten whole per action. It stays
#              at most TAIL_MAX bytes, so littlefs keeps it inline in its
#              directory's metadata: a rewrite is one metadata commit, and a
#              4 KB erase comes only when that metadata block compacts. When
#              the next action would take it past TAIL_MAX, the actions are
#              folded into a new base and the next
#              tail starts from it.
# Both files write their actions as rows (packed, unpacked): the key names
# and the string values once per file, each action its key set's number and
# its values, a string as its number in the names (The Theatre's plays take
# 18 bytes instead of 83, so a tail holds several times the actions before
# it folds and a base of The Theatre's first fold stays inline; PL-17's
# "what each action writes small"). A record says its game's words by number
# (usher.core.words), and a tail says only the names and key sets
# its base does not: after a fold most tails fit one 256-byte program unit
# of the directory's metadata instead of two, so the metadata block compacts
# (a 4 KB erase) half as often. A file with a plain "actions"
# list (an older firmware's, or actions that are not all dicts) still loads.
# The tail names the exact base it continues (its CRC and action count), so a
# tail left behind by a cut between writing a new base and the next tail (or
# by an undo behind the base, or an ended game) continues no base and is
# ignored: an action is neither lost nor counted twice. A damaged tail is
# named (PL-11) and the base alone is used. An older firmware's game.json (one
# file with all actions, sealed or not) is a base without a tail: it loads as
# it is.
# Elsewhere (FAT on CircuitPython, a desktop folder) every save is the one
# checked file (storage.save: temp file, rename, backup), its actions as
# rows too. Where a second copy is given (copy: CircuitPython's
# usher.device.circuitpython.game_copy, in a flash sector outside the FAT
# drive), each save goes there first and is read back from there when the
# FAT drive has no newer one that can be used: a power cut inside the erase
# of the sector holding /data's directory loses every file in it (PL-8).
# Portable (CPython and MicroPython).
import json
import os

from usher.core import game, seal, storage, words

# The tail file's largest size in bytes, its seal included: under littlefs's
# inline limit (512 bytes with rp2's geometry, PL-17), and low enough that
# the first fold's base (the tail's actions, one more and the record's
# game, seed and options) stays inline too, so a short game's fold costs no
# erase. Chosen with bench/flash_ops.py (docs/performance.md, Flash
# erases): at 480 The Theatre's first base was 522 bytes and took a data
# block; from 440 down all four sessions fold inline, and below 360 the
# extra folds cost more than they save. Swept again once a tail no longer
# says its base's names (240 to 440, 2026-12-05): 360 still the fewest. And
# once a record says its game's words by number (usher.core.words: a tail
# of 20 Seat Wars actions is about 300 bytes): 280, the fewest erases
# fresh, with a used log, with the history at 49 plays and with the janitor.
TAIL_MAX = 280

def tail_path(path):
    """game.json -> game.tail"""
    return (path[:-5] if path.endswith(".json") else path) + ".tail"


def _crc(raw):
    return "%08x" % seal.crc32(raw)


def _bytes(path):
    with open(path, "rb") as f:
        return f.read()


def read_base(path):
    """(record as parsed, its rows turned back into actions; CRC-32 of the
    file's bytes; the tables() of its rows, which a tail continues);
    ValueError when it does not decode (storage.decode_bytes), OSError when
    unreadable."""
    return _decode_base(_bytes(path))


def _decode_base(raw):
    on_file = storage.decode_bytes(raw)
    return unpacked(on_file), _crc(raw), tables(on_file)


def _index(names, name):
    try:
        return names.index(name)
    except ValueError:
        names.append(name)
        return len(names) - 1


def packed(obj, base=None):
    """obj (a record, or a tail) with its "actions" written as "names",
    "keys" and "rows" when they are all dicts: each action a row, its
    values in the order of the key set keys[row[0]], a key set the indexes
    of its key names in names. A string value is written as its index in
    names too, which its key's entry in the key set says by being negative
    (-1 - the key's index): "play" or "paw" is said once per file. obj
    itself otherwise (no actions: shorter as it is; no list of them).
    base: the (names, keys) of the packed base a tail continues (tables());
    the tail's names and key sets then continue those, and say how many
    ("bn", "bk"). A record (it has "game") continues its game's words
    (usher.core.words) the same way, even without actions yet, so that its
    tails need not spell them out either. Empty lists are left out."""
    acts = obj.get("actions")
    if type(acts) is not list or not (acts or "game" in obj):
        return obj
    if base is None:
        base = words.of(obj.get("game"))     # a tail (no "game") is given its base's
    names0, keys0 = base
    names, keys, rows = list(names0), list(keys0), []
    for a in acts:
        if type(a) is not dict:
            return obj
        ids = []
        row = [0]
        for k in sorted(a):
            i = _index(names, k)
            v = a[k]
            if type(v) is str:
                i = -1 - i
                v = _index(names, v)
            ids.append(i)
            row.append(v)
        # keys holds lists (a file's) and tuples (the game's words, in
        # flash), and a list never equals a tuple: both are looked for
        try:
            row[0] = keys.index(ids)
        except ValueError:
            try:
                row[0] = keys.index(tuple(ids))
            except ValueError:
                row[0] = len(keys)
                keys.append(ids)
        rows.append(row)
    out = {}
    for k in obj:
        if k != "actions":
            out[k] = obj[k]
    if names0 or keys0:
        out["bn"] = len(names0)
        out["bk"] = len(keys0)
    if len(names) > len(names0):
        out["names"] = names[len(names0):]
    if len(keys) > len(keys0):
        out["keys"] = keys[len(keys0):]
    out["rows"] = rows
    return out


def packed_json(rec):
    """(the JSON bytes of rec packed, its tables()): built in one call, so
    that the rows are let go before a file is opened for them
    (storage.save_json: with the file's buffer they were the heap's peak
    in a game's fold)."""
    on_file = packed(rec)
    return json.dumps(on_file, separators=(",", ":")).encode("utf-8"), tables(on_file)


def tables(obj):
    """The (names, keys) a packed record's rows use, its game's words
    included, for the tail that continues it (packed's base); empty when
    it has none (a plain list of actions, an older firmware's)."""
    if type(obj) is not dict or "rows" not in obj:
        return (), ()
    names, keys = obj.get("names") or [], obj.get("keys") or []
    bn, bk = obj.get("bn", 0), obj.get("bk", 0)
    if bn or bk:
        names0, keys0 = words.of(obj.get("game"))
        return list(names0[:bn]) + names, list(keys0[:bk]) + keys
    return names, keys


def _damaged():
    return ValueError("its actions are damaged")


def unpacked(obj, base=None):
    """packed() undone: obj with "actions" again (a new dict) when it has
    rows, obj itself otherwise; ValueError when its rows do not fit its
    keys. base: the tables() of the base a tail continues, which must be
    as many names and key sets as the tail says ("bn", "bk"). A record
    continues the first bn and bk of its game's words (usher.core.words:
    appended to, never changed, so those are the same in every firmware
    that has them)."""
    if type(obj) is not dict or "rows" not in obj:
        return obj
    names, keys, rows = obj.get("names", []), obj.get("keys", []), obj["rows"]
    if type(names) is not list or type(keys) is not list or type(rows) is not list:
        raise _damaged()
    for n in names:
        if type(n) is not str:
            raise _damaged()
    own = keys
    bn, bk = obj.get("bn", 0), obj.get("bk", 0)
    if bn or bk:
        names0, keys0 = base if base is not None else words.of(obj.get("game"))
        if type(bn) is not int or type(bk) is not int or not 0 <= bn <= len(names0) \
                or not 0 <= bk <= len(keys0) \
                or base is not None and (bn != len(names0) or bk != len(keys0)):
            raise ValueError("its actions continue another base's names")
        names = list(names0[:bn]) + names
        keys = list(keys0[:bk]) + keys
    for ids in own:
        if type(ids) is not list:
            raise _damaged()
        for i in ids:
            if type(i) is not int or not -len(names) <= i < len(names):
                raise _damaged()
    sets = keys
    actions = []
    for k in range(len(rows)):
        row = rows[k]
        if type(row) is not list or not row or type(row[0]) is not int \
                or not 0 <= row[0] < len(sets) or len(row) != len(sets[row[0]]) + 1:
            raise _damaged()
        # A row the same as one of the last few is the same action, one
        # object, as game.play keeps them (game.shared).
        j = game.recent_same(rows, row, k)
        if j >= 0:
            actions.append(actions[j])
            continue
        a = {}
        j = 1
        for i in sets[row[0]]:
            v = row[j]
            if i < 0:
                # a string value, as its index in names
                i = -1 - i
                if type(v) is not int or not 0 <= v < len(names):
                    raise _damaged()
                v = names[v]
            a[names[i]] = v
            j += 1
        actions.append(a)
    out = {}
    for k in obj:
        if k != "names" and k != "keys" and k != "rows" and k != "bn" and k != "bk":
            out[k] = obj[k]
    out["actions"] = actions
    return out


def _continues(obj):
    return "bn" in obj or "bk" in obj


def check_tail(obj):
    """The tail as {"base", "n", "actions"} (its rows turned back into
    actions), or with its rows still as rows when they continue its base's
    names (merge() turns those, it has the base); ValueError when obj is
    not a tail."""
    if type(obj) is dict and not _continues(obj):
        obj = unpacked(obj)
    if type(obj) is not dict or type(obj.get("base")) is not str or type(obj.get("n")) is not int \
            or type(obj.get("actions" if "actions" in obj else "rows")) is not list:
        raise ValueError("not a game's newest actions")
    return obj


def read_tail(path):
    return check_tail(storage.decode_bytes(_bytes(path)))


def merge(base, crc, tail, names=None):
    """(record, True) with tail's actions after base's when tail continues
    exactly this base; (base, False) otherwise. names: the tables() of the
    base as packed on file, for a tail whose rows continue them; ValueError
    when those rows do not fit them (a damaged tail)."""
    if tail is None or type(base) is not dict or type(base.get("actions")) is not list:
        return base, False
    if tail["base"] != crc or tail["n"] != len(base["actions"]):
        return base, False
    acts = tail["actions"] if "actions" in tail else unpacked(tail, names)["actions"]
    rec = dict(base)
    rec["actions"] = base["actions"] + acts
    return rec, True


def merge_bytes(base_raw, tail_raw, bak_raw=None, prev_raw=None):
    """The record of a base's bytes (or its backup's) with the tail that
    continues it, as the host tools read a board's files (`usher logs`,
    `usher replay --saved`); None when no base decodes. A damaged tail is
    left out. prev_raw: game.tail.bak, put after the backup when the base
    is damaged (over_backup)."""
    tail = _tail_of(tail_raw)
    for raw in (base_raw, bak_raw):
        if not raw:
            continue
        try:
            on_file = storage.decode_bytes(raw)
            obj = unpacked(on_file)
        except ValueError:
            continue
        try:
            rec, took = merge(obj, _crc(raw), tail, tables(on_file))
        except ValueError:
            rec, took = obj, False
        if not took and raw is bak_raw and prev_raw:
            rec = over_backup(obj, _crc(raw), tables(on_file), _tail_of(prev_raw), tail)
        if type(rec) is dict and type(rec.get("actions")) is list:
            return rec
    return None


def _tail_of(raw):
    try:
        return check_tail(storage.decode_bytes(raw)) if raw else None
    except ValueError:
        return None


def over_backup(obj, crc, names, prev, tail):
    """The backup base obj (its CRC and tables()) with the tail that was
    folded into the newer, damaged base (prev: game.tail.bak, kept by the
    fold) and then the newest tail when it continues the damaged base at
    that count (PL-23); obj alone when prev does not continue it."""
    try:
        rec, took = merge(obj, crc, prev, names)
    except ValueError:
        took = False
    if not took:
        return obj
    # The newest tail's CRC was of the damaged base's bytes before the
    # damage, so it cannot be matched: it is taken when it starts where
    # the backup and the kept tail end, and its names and key sets are the
    # ones they make (unpacked's check).
    if tail is not None and tail["n"] == len(rec["actions"]):
        try:
            rec = merge(rec, tail["base"], tail, tables(packed(rec)))[0]
        except ValueError:
            pass
    return rec


def tail_bytes(crc, n, actions, base=None):
    # JSON without spaces: more actions fit before the tail folds; names
    # and key sets its base has are not said again (packed's base)
    text = json.dumps(packed({"base": crc, "n": n, "actions": actions}, base), separators=(",", ":"))
    return seal.seal_object(text).encode("utf-8")


def _write(path, data):
    # One open, write, close: littlefs replaces the file as a whole at close
    # (a new tail through game.tail.tmp: storage.write_new).
    storage.write_new(path, data)


def _name(path):
    return path.split("/")[-1]


def _lenient(raw):
    """A damaged file's JSON object, its seal not checked, or None: only to
    count what the damage cost (PL-23), never to resume from."""
    try:
        try:
            obj = json.loads(raw)
        except TypeError:
            obj = json.loads(raw.decode("utf-8"))
    except Exception:
        return None
    return obj if type(obj) is dict else None


def _count(obj):
    """The number of actions a record or tail holds (rows or actions)."""
    for k in ("rows", "actions"):
        if type(obj.get(k)) is list:
            return len(obj[k])
    return None


class GameFile:
    """The running game's file(s) at path (data/game.json)."""

    def __init__(self, path, copy=None):
        self.path = path
        self.copy = copy
        self.tail = tail_path(path)
        self._atomic = None
        # (game, seed, number of actions, CRC, tables()) of the base on
        # flash that the tail continues; None: unknown (the next save writes
        # a base).
        self.base = None
        self.folds = 0
        # game.tail.bak: the tail that continues game.json.bak, the base
        # before the last fold (PL-23, save)
        self.prev_tail = self.tail + ".bak"
        # (the actions list last saved, how many): what is on flash
        self._saved = None
        self.lost = 0

    def journal(self):
        if self._atomic is None:
            self._atomic = storage.atomic(storage.folder_of(self.path))
        return self._atomic

    def save(self, rec):
        """Make rec (the whole record) the saved game before the screen shows
        it (PL-8): on littlefs usually a rewrite of the small tail."""
        if not self.journal():
            storage.save_json(self.path, packed_json(rec)[0], before=self.copy.write if self.copy else None)
            return
        acts = rec["actions"]
        b = self.base
        if b is not None and b[0] == rec["game"] and b[1] == rec["seed"] and len(acts) >= b[2]:
            data = tail_bytes(b[3], b[2], acts[b[2]:], b[4])
            if len(data) <= TAIL_MAX:
                self._write_tail(data, acts)
                return
            n = self._on_flash(acts)
            if n > b[2]:
                # PL-23: the new base is exactly the base and tail on flash,
                # and that tail stays beside the base's backup (prev_tail),
                # so a damaged new base loses nothing: its backup, that
                # tail and the next tail hold all its actions. The press's
                # own actions start the new tail (one tail write more per
                # fold: bench/flash_ops.py).
                head = {}
                for k in rec:
                    head[k] = rec[k]
                head["actions"] = acts[:n]
                self._fold(head, False, True)
                b = self.base
                data = tail_bytes(b[3], b[2], acts[n:], b[4])
                if len(data) <= TAIL_MAX:
                    self._write_tail(data, acts)
                    return
        self._fold(rec, b is None or b[0] != rec["game"] or b[1] != rec["seed"])
        self._saved = (acts, len(acts))

    def _write_tail(self, data, acts):
        _write(self.tail, data)
        self._saved = (acts, len(acts))

    def _on_flash(self, acts):
        """How many of acts are the record on flash (its base and tail as
        last written), -1 when acts does not begin with them (another
        record: a game brought back)."""
        if self._saved is None:
            return -1
        last, n = self._saved
        if n > len(acts):
            return -1
        for i in range(self.base[2], n):
            if acts[i] is not last[i]:
                return -1
        return n

    def _fold(self, rec, fresh, keep_tail=False):
        # the base keeps its backup; its actions as rows, so a base of 10 to
        # 14 actions stays under littlefs's inline limit (no data block)
        data, names = packed_json(rec)
        crc = storage.save_json(self.path, data, backup=True)    # of the bytes on flash
        self.base = (rec["game"], rec["seed"], len(rec["actions"]), "%08x" % crc, names)
        self.folds += 1
        if keep_tail and storage.exists(self.tail):
            # the tail that continues the backup becomes the backup's tail
            # (a cut before this leaves it continuing the backup: the same)
            storage._remove(self.prev_tail)
            os.rename(self.tail, self.prev_tail)
        elif fresh:
            # another game's: continues no base anyway
            storage._remove(self.tail)
            storage._remove(self.prev_tail)

    def load(self, check=None, tidy=True):
        """(value, source, problems) as storage.load_checked: the base (main,
        recovered temp file, backup) with the tail's actions when the tail
        continues it, passed to check. A damaged tail is listed in problems
        ("game.tail: reason") and left out. When the backup is used, the
        tail it kept (prev_tail) and then the newest tail are put after it
        where they continue it (PL-23). Afterwards self.lost is how many
        acknowledged actions the damage cost: 0, or None when the damaged
        files cannot say. tidy: remove a tail that continues no base (the
        host tools read without writing). Raises storage.StorageError."""
        problems = []
        tail, tail_bad = self._read_tail(self.tail, problems)
        used = []
        main = []                 # the bytes of game.json as read, damaged or not
        copy = self.copy if not self.journal() else None

        def read(p):
            raw = _bytes(p)
            if p == self.path:
                main.append(raw)
            obj, crc, names = _decode_base(raw)
            self._unfit = 0
            rec = self._merged(obj, crc, tail, names, problems)
            if rec is obj and p == self.path + ".bak" and main:
                rec = self._over_backup(obj, crc, names, tail, problems)
            used.append((obj, crc, raw if copy is not None else None, names, rec))
            return rec

        try:
            value, source, more = storage.load_checked(self.path, check, None, read)
        except storage.StorageError as e:
            if copy is None:
                raise
            value, source, more = None, "none", e.problems
        if copy is not None:
            value, source, more = self._with_copy(copy, check, value, source, more, used)
        problems.extend(more)
        self.base = None
        self._saved = None
        self.lost = 0
        if source != "none" and used:
            obj, crc, _raw, names, rec = used[-1]
            self.lost = self._lost(source, rec, tail, tail_bad, main)
            try:
                if source == "main" or source == "recovered":
                    self.base = (obj["game"], obj["seed"], len(obj["actions"]), crc, names)
                    self._saved = (rec["actions"], len(rec["actions"]))
            except (KeyError, TypeError):
                self.base = None        # (unchecked: not a record; the next save writes a base)
        elif (tail is not None or problems) and tidy:
            storage._remove(self.tail)   # a tail without its base: an ended game's
        return value, source, problems

    def _read_tail(self, path, problems):
        """(the tail at path or None, its bytes when it exists but is damaged)."""
        # No cut leaves a tail empty (a new one is written through
        # game.tail.tmp, storage.write_new): an empty one is damage, and how
        # many actions it held cannot be read (PL-23).
        if not storage.exists(path):
            return None, None
        if storage._size(path) == 0:
            problems.append("%s: empty" % _name(path))
            return None, b""
        try:
            return read_tail(path), None
        except Exception as e:
            problems.append("%s: %s" % (_name(path), storage._reason(e)))
            try:
                return None, _bytes(path)
            except OSError:
                return None, b""

    def _merged(self, obj, crc, tail, names, problems):
        try:
            return merge(obj, crc, tail, names)[0]
        except ValueError as e:       # its rows do not fit the base's names
            # it continues this base (merge checked that first): its actions
            # are lost, and it says how many (PL-23)
            self._unfit = _count(tail)
            why = "%s: %s" % (_name(self.tail), storage._reason(e))
            if why not in problems:
                problems.append(why)
            return obj

    def _over_backup(self, obj, crc, names, tail, problems):
        prev, _bad = self._read_tail(self.prev_tail, problems)
        return over_backup(obj, crc, names, prev, tail)

    def _lost(self, source, rec, tail, tail_bad, main):
        """How many acknowledged actions are not in rec (PL-23), None when
        the damaged files cannot tell."""
        if source == "copy":
            return None
        if source != "backup":
            if tail_bad is None:
                return self._unfit
            # a damaged tail that still parses says how many rows it had
            # (a changed digit does not change that)
            got = _lenient(tail_bad)
            return _count(got) if got is not None else None
        # the backup was used: the damaged base had as many actions as its
        # rows (when it still parses) or as the newest tail says it had
        n = len(rec["actions"])
        got = _lenient(main[0]) if main else None
        total = _count(got) if got is not None else None
        if tail is not None and (total is None or tail["n"] == total):
            total = tail["n"] + _count(tail)
        if total is None:
            return None
        return total - n if total > n else 0

    def _with_copy(self, copy, check, value, source, problems, used):
        """load()'s answer with the second copy: the FAT file when it is the
        newest (main, or the temp file a cut left complete), and then the
        copy made equal to it if it is not (a save cut before it reached FAT,
        a board updated from a firmware without the copy); else the copy's
        newest save that decodes and passes check, source "copy"."""
        if source == "main" or source == "recovered":
            copy.match(used[-1][2].rstrip(b" "))    # spaces: an in-place write's padding
            return value, source, problems
        for raw in copy.newest():
            try:
                got = unpacked(storage.decode_bytes(raw))
                got = check(got) if check is not None else got
            except Exception:
                continue
            return got, "copy", problems
        if source == "none" and problems:
            raise storage.StorageError("Corrupt file " + "; ".join(problems), problems)
        return value, source, problems

    def delete(self):
        """Forget the saved game: the second copy first (a cut after it
        leaves the FAT files, the game not ended), then the base (its backup
        and temp file before it, storage.delete), then the tail, so a cut
        inside leaves the whole game or a tail that continues nothing
        (ignored), never an older copy of the game."""
        if self.copy is not None and not self.journal():
            self.copy.forget()
        storage.delete(self.path)
        storage._remove(self.tail)
        storage._remove(self.prev_tail)
        self.base = None
        self._saved = None
