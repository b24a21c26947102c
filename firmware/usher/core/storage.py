# Atomic JSON files on a desktop folder or the device's flash (PL-8, PL-11,
# PL-17).
#
# save() on littlefs (MicroPython's board filesystem, atomic()): write NAME
# and close it. littlefs is copy-on-write and replaces a file as a whole when
# it is closed, so a power cut inside the write leaves the previous NAME. No
# temp file, rename or backup: each of those is a metadata commit, and they
# made a small file's save cost about an erase in three (bench/flash_ops.py).
# But littlefs commits a new file at its creation, empty: a file's first
# write goes through NAME.tmp and a rename (once per file), so an empty NAME
# is never a cut's, always damage, which load() names (PL-23).
# save() elsewhere (FAT, a desktop folder): write NAME.tmp, move the current
# NAME to NAME.bak, rename NAME.tmp to NAME. At every moment a complete copy
# exists: a power cut before the last rename leaves NAME.bak (previous) and
# NAME.tmp (new); load() then falls back. NAME.tmp is the previous backup's
# file, written in place and renamed, while NAME is known complete (_spare).
# write_lines() always goes through NAME.tmp: what it streams may be read
# from NAME itself (the play history rewritten without its oldest line).
# load_checked() also checks what it parsed (a record that parses may still
# be wrong: a flipped digit, the wrong shape, null) and falls back to the next
# copy when the check refuses it (PL-11).
# delete() removes the backup and any temp file before the file itself, so a
# cut inside it leaves either the whole current file or nothing: never the
# previous copy alone (docs/log-format.md: the saved game is never behind the
# log).
# Every copy is sealed with a CRC-32 (usher.core.seal, PL-17): a JSON object
# carries it as its last member, each line of a JSON-lines file (the play
# history) likewise, a text file (the roster) as its first line. A copy whose
# seal does not match is damaged like one that does not parse; a copy with
# no seal (an older firmware's) is read as it is.
# Works on CPython and MicroPython (os.rename, os.remove, os.stat exist on
# both; littlefs and FAT refuse to rename onto an existing file, so the old
# file is moved away first).
import json
import os

from usher.core import seal


class StorageError(Exception):
    """A file that exists but cannot be read back; the message names it,
    problems lists "NAME: reason" for each copy tried."""

    def __init__(self, message, problems=()):
        super().__init__(message)
        self.problems = list(problems)


# Tests force one way or the other (True: the littlefs way on any folder);
# None: the filesystem decides (atomic()).
FORCE = None

_known = {}


def _absolute(path):
    if path.startswith("/"):
        return path
    try:
        cwd = os.getcwd()
    except (AttributeError, OSError):
        cwd = "/"
    return join(cwd, path)


def folder_of(path):
    return path[:path.rfind("/")] if "/" in path else "."


def atomic(folder):
    """True when folder is on littlefs (a file written and closed replaces
    the old one atomically, PL-17); False on FAT, on a desktop folder (no
    `vfs` module: CPython, CircuitPython) or when it cannot be told.
    Answered once per folder."""
    if FORCE is not None:
        return FORCE
    if folder in _known:
        return _known[folder]
    kind = False
    try:
        import vfs
        path = _absolute(folder)
        best = None
        for fs, point in vfs.mount():
            p = point.rstrip("/")
            if (path == point or path.startswith(p + "/")) and (best is None or len(p) > len(best[1])):
                best = (fs, p)
        kind = best is not None and "Lfs" in type(best[0]).__name__
    except Exception:
        kind = False
    _known[folder] = kind
    return kind


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def join(folder, name):
    if not folder or folder.endswith("/"):
        return folder + name
    return folder + "/" + name


def makedirs(folder):
    """Create folder and its parents (MicroPython has no os.makedirs)."""
    path = ""
    for part in folder.split("/"):
        if not part:
            path = "/" if not path else path
            continue
        path = join(path, part) if path else part
        if not _exists(path):
            os.mkdir(path)


def create(path, mode="w"):
    """open(path, mode) for writing, making its folder (and the folder's
    parents) when missing: folders are made by the first write into them,
    not at boot, because on a fresh littlefs each one costs an erase before
    the first picture (docs/performance.md, Boot and resume)."""
    try:
        return open(path, mode)
    except OSError:
        folder = folder_of(path)
        if not folder or _exists(folder):
            raise
    makedirs(folder)
    return open(path, mode)


def encode(obj):
    """The text save() writes for obj: its JSON, sealed when it is an object."""
    text = json.dumps(obj)
    return seal.seal_object(text) if type(obj) is dict else text


def decode(text):
    """obj from text as save() or write_lines() wrote it: the seal checked
    (ValueError saying what is wrong: "not valid JSON", "checksum does not
    match"). For the host tools too, which read the board's files."""
    return decode_bytes(text.encode("utf-8"))


_SPACE = b" \t\r\n"


def _loads_bytes(raw):
    try:
        return json.loads(raw)
    except TypeError:             # a json that takes only text
        return json.loads(raw.decode("utf-8"))


def decode_bytes(raw):
    """decode() of a file's bytes, as the device reads them: the seal is
    checked on the bytes and the JSON parsed from them, so a large saved
    game is not copied again and again on the device's heap."""
    end = len(raw)
    while end and raw[end - 1] in _SPACE:
        end -= 1
    if not end:
        raise ValueError("empty")
    sealed = seal.check_object(raw, end)
    try:
        if sealed:
            obj = _loads_bytes(raw)          # the seal is a member like any other
        else:
            obj = json.loads(raw.decode("utf-8"))
    except UnicodeError:
        raise ValueError("not UTF-8 text") from None
    except ValueError:
        raise ValueError("not valid JSON") from None
    if type(obj) is dict and seal.KEY in obj:
        if not sealed:
            # a seal that does not read as one (a parser may take a damaged
            # one for a number): damaged, never an old unsealed file
            raise ValueError("checksum is damaged")
        del obj[seal.KEY]
    elif sealed:
        raise ValueError("not valid JSON")
    return obj


def save(path, obj, backup=False, before=None):
    """Write obj as JSON to path atomically: in place on littlefs, elsewhere
    (or with backup, on littlefs too: the running game's base, whose one
    copy must not be all there is) through a temp file, keeping the
    previous file as path + '.bak'. An
    object is written as its JSON's bytes and then its seal over the
    closing brace (seal.object_tail): RAM holds the JSON text and its
    bytes, never a third copy. JSON without spaces: on littlefs a file of at
    most 512 bytes stays inline in its directory (no 4 KB block, PL-17).
    before(head, tail), when given, gets the sealed object's bytes (in two
    parts) before any file is written: a second copy kept elsewhere
    (usher.core.gamefile's copy). Returns the CRC-32 of the file's bytes
    for an object (None for other JSON): the running game's base is known
    by it, and reading the file back for it took a third copy of its bytes
    on the heap."""
    if type(obj) is not dict:
        _write_atomic(path, json.dumps(obj, separators=(",", ":")))
        return None
    return _save_json(path, json.dumps(obj, separators=(",", ":")).encode("utf-8"), backup, before)


def save_json(path, data, backup=False, before=None, once=False):
    """save() for an object already made into its JSON's bytes (data, no
    spaces): a caller that builds the object for the file alone (a record's
    actions as rows, usher.core.gamefile.packed_json) lets it go before the
    file is opened, and the two are not in RAM together with the file's
    buffer (the heap's peak). once: a file written once and never again (a
    kept play's record), created in place even on its first write: its
    reader takes an empty one for a keeping cut short (usher.ui.playlog),
    and a temp file and rename for every kept play cost an erase more in
    two (tests/device/test_dev_history_flash.py)."""
    return _save_json(path, data, backup, before, once)


def _save_json(path, data, backup, before, once=False):
    # save()'s and save_json()'s one body (a tool that wraps both, to time
    # or count the saves, sees each save once)
    keep, tail = seal.object_tail(data)
    tail = tail.encode()
    if before is not None:
        before(memoryview(data)[:keep], tail)
    lfs = atomic(folder_of(path))
    in_place = not backup and lfs and (once or _exists(path))     # (a first write: NAME.tmp, see above)
    target = path if in_place else path + ".tmp"
    room = -1
    if not in_place:
        settle(path)
        if not lfs:
            target, room = _spare(path, keep + len(tail))
    # The bytes up to the seal, then the seal: each byte written once, in
    # order (a seek back to overwrite the closing brace made littlefs copy
    # the block it had just written into a second erased one).
    with (open(target, "r+b") if room >= 0 else create(target, "wb")) as f:
        f.write(memoryview(data)[:keep])
        f.write(tail)
        crc = _pad(f, room - keep - len(tail), seal.crc32(tail, seal.crc32(memoryview(data)[:keep])))
    if not in_place:
        if target != path + ".tmp":
            os.rename(target, path + ".tmp")
            target = path + ".tmp"
        _good.discard(path)
        replace(target, path)
        _good.add(path)
    return crc


# FAT (and a desktop folder): a save writes its temp file into the file it
# replaces anyway, the previous backup, in place ("r+b"), and renames it to
# NAME.tmp: no cluster freed and none allocated, so on stock CircuitPython a
# save costs 5 sector erases instead of 8 (it erases and rewrites a 4 KB
# sector for every FAT operation that changes one: the FAT's, the
# directory's, the data's), and 2 on the project's image, whose drive cache
# writes a sector back only when the drive moves to another or before a
# picture (docs/performance.md, CircuitPython). PL-8's temp
# file, rename and backup stay. A shorter copy is followed by spaces up to
# the old size, which decode_bytes() ignores, up to PAD_MAX of them; a file
# longer than that is made anew. The backup is reused only while NAME
# itself is known complete (_good: this program wrote it, or read it back
# and its seal matched): then a cut inside the in-place write leaves NAME.
PAD_MAX = 512
_SPACES = b"                                                                "    # 64
_good = set()


def _spare(path, size):
    """(the file to write the copy of size bytes into, its size): NAME.tmp
    when it exists, else the backup, written in place and renamed to
    NAME.tmp after its close; size -1: create NAME.tmp. The backup is
    written before it is renamed so that the directory's changes (the
    close's and the three renames) come together: CircuitPython's drive
    cache then writes the directory's sector once for them, not once
    before the data and once after (2 erases a save instead of 3,
    firmware/boards/circuitpython/usher_badger2040/flash_cache.c). A cut in
    that write leaves NAME complete and a backup that fails its seal."""
    tmp = path + ".tmp"
    if path not in _good:
        return tmp, -1
    n = _size(tmp)
    if n >= 0:
        return tmp, (n if n - size <= PAD_MAX else -1)
    bak = path + ".bak"
    n = _size(bak)
    if n < 0 or n - size > PAD_MAX:
        return tmp, -1
    return bak, n


def _pad(f, n, crc):
    """Write n spaces to f; crc (of the bytes before them) carried over them."""
    while n > 0:
        chunk = _SPACES[:n] if n < len(_SPACES) else _SPACES
        f.write(chunk)
        crc = seal.crc32(chunk, crc)
        n -= len(_SPACES)
    return crc


def save_text(path, text, keep=False):
    """save() for a text file (one record a line): sealed with a first line
    "# crc32 ..." (usher.core.seal.seal_text). keep: the file before it
    stays as path + '.bak' on littlefs too, where the file is otherwise
    rewritten in place (FAT and desktop folders keep it anyway, replace()):
    for files that change rarely and whose one copy must not be all there
    is (the roster, the owner's components; PL-23; keep_copy)."""
    data = seal.seal_text(text)
    if keep:
        keep_copy(path, True)
    _write_atomic(path, data)


def keep_copy(path, text=False):
    """Before a rarely written file is rewritten in place on littlefs: its
    bytes, when they read (the seal checked; text: a sealed text file),
    become path + '.bak', so its previous copy survives one damaged copy
    there too (PL-23; elsewhere every save keeps one, replace()). Each
    write is whole or not at all, so a complete path is there at every
    moment (a cut never leaves it empty or gone: load_checked names an
    empty one as damage); 0.14 erases a change against 0.59 through a temp
    file and two renames, whose renames copy the inline file
    (bench/workloads/rare_files_erases.py). No file yet, or a damaged one:
    the old copy stays."""
    if not atomic(folder_of(path)):
        return
    try:
        with open(path, "rb") as f:
            raw = f.read()
        if text:
            if not seal.open_text(raw.decode("utf-8"))[1]:
                return
        else:
            decode_bytes(raw)
        with open(path + ".bak", "wb") as f:
            f.write(raw)
    except (OSError, ValueError, UnicodeError):
        pass


def has_copy(path):
    """True when path, its temp file or its backup exists: a save cut
    between its steps can leave the file itself missing (PL-8)."""
    return _exists(path) or _exists(path + ".tmp") or _exists(path + ".bak")


def _write_atomic(path, data):
    if atomic(folder_of(path)) and _exists(path):
        with create(path) as f:
            f.write(data)
        return
    tmp = path + ".tmp"
    settle(path)
    with create(tmp) as f:
        f.write(data)
    replace(tmp, path)


def write_lines(path, lines):
    """Write a JSON-lines file atomically from an iterable (a generator: RAM
    holds one line at a time), each object sealed; items that are already a
    line's text (str, as read_lines gave it) are written as they are."""
    tmp = path + ".tmp"
    settle(path)
    with create(tmp) as f:
        for item in lines:
            f.write((item if type(item) is str else encode(item)) + "\n")
    replace(tmp, path)


def append_line(path, obj):
    """Add obj, sealed, as the last line of a JSON-lines file. Atomic only
    where the filesystem is (atomic(): littlefs commits the file at its
    close); elsewhere write the file anew with write_lines."""
    with create(path, "a") as f:
        f.write(encode(obj) + "\n")


def append_text(path, text):
    """Add text at the end of path (made when missing): for files kept only
    for a person to read, e.g. the lines of a history set aside."""
    with create(path, "a") as f:
        f.write(text)


# What read_lines reads at a time. A file's own line iteration reads a line
# a byte at a time on MicroPython (stream_unbuffered_readline: on littlefs
# a file read per byte): littlefs took 110 ms of the Statistics menu's press
# at 50 kept plays, 12 ms read this way (docs/performance.md, "Reading the
# history").
LINE_CHUNK = 512


def _raw_lines(f):
    """The lines of the binary file f, each with its b"\n" (the last one
    without when the file does not end with one), as iterating f gives
    them, read LINE_CHUNK bytes at a time. bytes.splitlines scans in C; a
    find of b"\n" compares a byte at a time through memcmp (MicroPython's
    find_subbytes), which the profile showed. splitlines also cuts at a bare
    b"\r", which no line here ends with: such a piece is joined to the next."""
    rest = b""
    while True:
        chunk = f.read(LINE_CHUNK)
        if not chunk:
            break
        pending = b""
        for part in (rest + chunk if rest else chunk).splitlines(True):
            if part[-1:] == b"\n":
                yield pending + part if pending else part
                pending = b""
            else:                   # a bare b"\r" inside a line, or the chunk's unfinished last line
                pending += part
        rest = pending
    if rest:
        yield rest


def read_lines(path):
    """Each non-blank line of a JSON-lines file, one at a time (a generator):
    (line number, obj or None, text, reason or None). A line that is not
    UTF-8, does not parse or fails its seal gives obj None and the reason.
    Raises OSError when the file cannot be opened."""
    with open(path, "rb") as f:
        n = 0
        for raw in _raw_lines(f):
            n += 1
            try:
                text = raw.decode("utf-8").strip()
            except UnicodeError:
                yield n, None, None, "not UTF-8 text"
                continue
            if not text:
                continue
            try:
                yield n, decode(text), text, None
            except ValueError as e:
                yield n, None, text, str(e)


def save_changed(path, obj, last):
    """save() obj unless its JSON text is the one last stands for (what an
    earlier call for the same path returned: the file holds that already;
    None = unknown: always save). Returns json_sum(obj). A
    save that changes nothing still costs littlefs a metadata commit and,
    every few saves, a 4 KB block erase (about 45 ms on the RP2040's
    flash)."""
    data = json_sum(obj)
    if data != last:
        save(path, obj)
    return data


def json_sum(obj):
    """What save_changed() compares, and what a caller that read the file
    back (obj as parsed) passes as last so that an unchanged obj is not
    written again: the JSON text's length and CRC-32, not the text, which
    would stay in RAM between two saves (about 1 KB for ui.json)."""
    text = json.dumps(obj)
    return len(text), seal.crc32(text.encode())


def settle(path):
    """Before path + '.tmp' is written again (PL-8): when a power cut between
    replace()'s renames left the complete new file there and no path, that
    temp file is the newest copy (load() reads it, "recovered"), so it
    becomes path first; rewriting it in place would leave the backup, one
    acknowledged change older, as the only copy should the power go again
    during the write. A torn temp file (a cut while it was written) is
    debris and is removed. Costs one stat when path exists."""
    tmp = path + ".tmp"
    if _exists(path) or not _exists(tmp):
        return
    try:
        _read_raw(tmp)
    except Exception:
        _remove(tmp)
        return
    os.rename(tmp, path)


def replace(tmp, path):
    """The last step of save(): the complete new file tmp becomes path, the
    current path becomes path + '.bak' (for files written piece by piece,
    e.g. a history of JSON lines streamed to path + '.tmp')."""
    bak = path + ".bak"
    if _exists(path):
        _remove(bak)
        os.rename(path, bak)
    os.rename(tmp, path)


def exists(path):
    return _exists(path)


def write_new(path, data):
    """Write the bytes data to path, replaced as a whole at its close
    (littlefs); when path does not exist yet, through path + '.tmp' and a
    rename, since littlefs commits a new file empty at its creation and a
    cut would leave it so (an empty file is then always damage, PL-23).
    A cut before the rename leaves path missing: nothing was acknowledged."""
    if _exists(path):
        with open(path, "wb") as f:
            f.write(data)
        return
    tmp = path + ".tmp"
    with create(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)


def set_aside(path, suffix=".bad"):
    """Move a file that cannot be read out of the way (path + suffix, an
    older one of that name is replaced) and return the new name."""
    _good.discard(path)
    target = path + suffix
    _remove(target)
    os.rename(path, target)
    return target


def _utf8(path):
    # Bytes first: a non-UTF-8 byte is a corrupt file, never a crash of the
    # text layer.
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeError:
        raise ValueError("not UTF-8 text") from None
    if not text.strip():
        raise ValueError("empty")
    return text


def _read(path):
    # json's own messages differ per runtime: decode_bytes() says what is wrong.
    with open(path, "rb") as f:
        raw = f.read()
    return decode_bytes(raw)


def _read_raw(path):
    """What a complete temp file is: a JSON object (sealed or not) or a
    sealed text file; ValueError for a torn one."""
    text = _utf8(path)
    if text.rstrip().endswith("}"):
        if "}\n{" not in text:
            return decode(text)
        for line in text.split("\n"):          # JSON lines: each one whole
            if line.strip():
                decode(line)
        if not text.endswith("\n"):
            raise ValueError("torn")
        return text
    payload, sealed = seal.open_text(text)
    if not sealed:
        raise ValueError("no seal: torn")
    return payload


def _name(path):
    return path.split("/")[-1]


def load_checked(path, check=None, default=None, read=None):
    """Return (value, source, problems). Tries NAME, then NAME.tmp (a power
    cut between save()'s two renames left the complete new file there), then
    NAME.bak. Each candidate that exists is parsed and, with check, passed to
    check(obj), which returns the value to use or raises (any Exception: the
    reason); the first that passes wins. source is "main", "recovered",
    "backup", or "none" (value = default: no file at all). problems lists
    "NAME: reason" for each copy set aside, and "NAME: missing" when the
    backup is used for want of the file itself (a torn temp file is
    expected debris and not listed). read(path) reads one copy (default:
    JSON as save() writes it). Raises
    StorageError naming the files when copies exist but none can be used."""
    errors = []
    read = read or _read
    _good.discard(path)
    for candidate, source in ((path, "main"), (path + ".tmp", "recovered"), (path + ".bak", "backup")):
        if not _exists(candidate):
            continue
        if source == "main" and _size(candidate) == 0 and atomic(folder_of(path)):
            # littlefs: no cut leaves a file empty (a first write goes
            # through NAME.tmp, a rewrite in place keeps the old bytes until
            # its close): an empty one is damage, named (PL-23)
            errors.append("%s: empty" % _name(candidate))
            continue
        try:
            obj = read(candidate)
            value = check(obj) if check is not None else obj
        except Exception as e:
            if source != "recovered":
                errors.append("%s: %s" % (_name(candidate), _reason(e)))
            continue
        if source == "backup" and not _exists(path):
            errors.append("%s: missing" % _name(path))
        if source == "main":
            _good.add(path)
        else:
            _good.discard(path)
        return value, source, errors
    if errors:
        raise StorageError("Corrupt file " + "; ".join(errors), errors)
    return default, "none", errors


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _reason(e):
    if isinstance(e, OSError):
        return "cannot be read"
    return str(e) or type(e).__name__


def load(path, default=None):
    """Return (obj, source) as load_checked() without a check. Raises
    StorageError naming the files when they exist but none can be parsed."""
    obj, source, _problems = load_checked(path, None, default)
    return obj, source


def delete(path):
    """Remove path atomically as far as a reader is concerned: the backup
    and the temp file go first, so at every moment load() finds either the
    current content or nothing."""
    _good.discard(path)
    for p in (path + ".bak", path + ".tmp", path):
        _remove(p)
