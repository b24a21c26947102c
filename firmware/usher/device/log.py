# Bounded log on flash (PL-10): JSON lines in two files that take turns.
# New lines go to log0.jsonl; when it would grow past half the cap it becomes
# log1.jsonl (the older one is dropped) and a fresh log0.jsonl starts, so the
# log never holds more than max_bytes and always keeps the newest lines.
#
# On littlefs (storage.atomic) the newest lines wait in a third file,
# log.tail, appended to while it stays under TAIL_MAX bytes: littlefs keeps
# it inline in the folder's metadata, so a line costs a metadata commit,
# not the 4 KB erase an append to a file past 512 bytes costs (PL-17); the
# tail is appended to log0.jsonl when the next line would not fit. Readers
# drop the tail's lines that log0.jsonl already ends with (a cut between
# that append and the tail's removal).
# The format (kinds, fields, rotation, rebuilding a game) is defined once in
# docs/log-format.md. A line: {"b": boot number, "n": line number in this
# boot, "k": kind, "d": data}; the device layer writes "boot", "error" and
# "info", the App "resume", "game", "action", "undo", "end". Each write opens,
# appends and closes, so a power cut loses at most the line being written; read_all() skips a torn line.
# Each line is sealed like a saved object (usher.core.seal, PL-17, PL-23): a
# flipped digit in a line's boot number fails its seal instead of making
# later boots reuse boot numbers. Lines from before the seal read as they are.
# The device layer holds the lines of a boot or a wake in RAM until its
# picture is under way (hold(), release()): a cut in that time loses them too.
#
# Pure file I/O (json, os, usher.core.storage): runs on the unix port in the tests.
import json
import os

from usher.core import seal, storage

CURRENT = "log0.jsonl"
PREVIOUS = "log1.jsonl"
TAIL = "log.tail"
# The tail's largest size: under littlefs's inline limit (512 bytes with
# rp2's geometry, PL-17).
TAIL_MAX = 480
FILES = (PREVIOUS, CURRENT, TAIL)     # oldest lines first
DEFAULT_MAX_BYTES = 32 * 1024
TORN = "torn by a power cut"
MAX_DATA_CHARS = 2000          # one traceback must not crowd out everything else
HOLD_MAX_CHARS = 2048          # held lines past this go to flash at once (hold())
# Kinds never held: an error (what a crash leaves must be on flash), and the
# lines that record a game (PL-10, PL-17: "end" carries a kept game's actions
# on littlefs, "action" is every action where actions have lines): a cut after
# the save that changed the game must not find the log without them.
UNHELD = ("error", "action", "game", "undo", "end")


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _lines(path):
    try:
        with open(path, "rb") as f:
            return parse(f.read())
    except OSError:
        return []


def decode(line):
    """(entry or None, reason or None) of one line's bytes: the seal checked
    (usher.core.storage.decode_bytes), a line without one read as it is."""
    try:
        entry = storage.decode_bytes(line)
    except ValueError as e:     # UnicodeError is a ValueError on both runtimes
        return None, str(e)
    if type(entry) is not dict:
        return None, "not a log entry"
    return entry, None


def parse(raw, problems=None, name=None):
    """The entries of a log file's bytes. Each line is decoded on its own:
    a line with a bad byte or a seal that does not match (flash damage) is
    skipped like a torn one and never stops the reader (PL-11: nothing read
    from flash may stop the boot); problems, when given, gets "NAME line N:
    reason" for each (PL-23: the host tools name them)."""
    out = []
    n = 0
    for line in raw.split(b"\n"):
        n += 1
        if not line:
            continue
        entry, why = decode(line)
        if entry is not None:
            out.append(entry)
        elif problems is not None:
            problems.append("%s line %d: %s" % (name, n, why))
    return out


def _key(entry):
    """(boot, line) of an entry, the log's order; None when it has none."""
    b, n = entry.get("b"), entry.get("n")
    return (b, n) if type(b) is int and type(n) is int else None


def _after(entry, last):
    """Whether a tail's entry comes after the entry last (None: the start)."""
    key = _key(entry)
    return key is not None and (last is None or _key(last) is None or key > _key(last))


def merged(previous, current, tail):
    """The entries of the three files (each a list, oldest first) as one
    list, oldest first: the tail's lines that are not after the last line
    of log0.jsonl (or of log1.jsonl when there is no log0.jsonl) are left
    out, being already there."""
    last = current[-1] if current else previous[-1] if previous else None
    return previous + current + [e for e in tail if _after(e, last)]


def tail_after(raw, last):
    """(the lines of the tail's bytes raw that come after the entry last, as
    bytes; the newest entry of all): what the tail adds to log0.jsonl.
    Lines are in order, so at a boot only the first line (against last)
    and the newest are decoded, unless a cut left some in both files. A
    line that does not read is kept (it cannot be told to be a repeat):
    in log0.jsonl the host tools name it."""
    lines = [line for line in raw.split(b"\n") if line]
    start = 0
    damaged = []
    while start < len(lines):
        entry = decode(lines[start])[0]
        if entry is None:
            damaged.append(lines[start])
        elif _after(entry, last):
            break
        start += 1
    kept = damaged + lines[start:]
    for line in reversed(lines[start:]):
        entry = decode(line)[0]
        if entry is not None and _after(entry, None):
            last = entry
            break
    return b"".join(line + b"\n" for line in kept), last


def _scan(lines):
    """(the newest entry with a boot number, the highest boot number, the
    indexes of the lines after that entry that do not read, with why) of
    a list of lines (bytes), oldest first."""
    newest, top, bad = None, 0, []
    for i in range(len(lines)):
        if not lines[i]:
            continue
        entry, why = decode(lines[i])
        if entry is not None and _key(entry) is not None:
            newest, bad = entry, []
            top = max(top, entry["b"])
        else:
            bad.append((i, why or "no boot number"))
    return newest, top, bad


def _newest(path):
    """(the file's newest readable entry or None; True when its last byte
    is not a newline, a line torn by a power cut; the highest boot number
    read; the lines after that entry that do not read, as (line number,
    why)). Read from the end a block at a time, so a boot costs the same
    whatever the log holds (it grew with every boot while the whole log was
    parsed), and with one open: on littlefs each lookup in the folder reads
    its metadata. Line numbers are counted only when a line is damaged."""
    try:
        f = open(path, "rb")
    except OSError:
        return None, False, 0, []
    with f:
        size = f.seek(0, 2)
        if not size:
            return None, False, 0, []
        f.seek(size - 1)
        torn = f.read(1) != b"\n"
        step = 512
        while True:
            start = max(0, size - step)
            f.seek(start)
            lines = f.read(size - start).split(b"\n")
            first = 1 if start > 0 else 0     # (its start is before the window)
            newest, top, bad = _scan(lines[first:])
            if newest is not None or start == 0:
                break
            step *= 4
        if torn and bad and bad[-1][0] == len(lines) - first - 1:
            bad[-1] = (bad[-1][0], TORN)
        if bad:
            before = 0              # newlines before the window: its lines' numbers
            f.seek(0)
            while f.tell() < start:
                before += f.read(min(512, start - f.tell())).count(b"\n")
            bad = [(before + first + i + 1, why) for i, why in bad]
        return newest, torn, top, bad


def read_all(folder):
    """Every readable entry, oldest first."""
    return merged(*[_lines(folder + "/" + name) for name in FILES])


def _rest(n, kind, data):
    """A line without its boot number, which is put in front when it goes
    to flash (FlashLog.boot_no), nor its seal. JSON without spaces: the
    seal's 19 bytes a line cost about what the spaces did (the tail,
    TAIL_MAX, holds as many lines as before the seal)."""
    return '"n":%d,"k":%s,"d":%s}' % (n, json.dumps(kind), json.dumps(data, separators=(",", ":")))


class FlashLog:
    def __init__(self, folder, max_bytes=DEFAULT_MAX_BYTES):
        self.folder = folder
        self.max_bytes = max_bytes
        self.current = folder + "/" + CURRENT
        self.previous = folder + "/" + PREVIOUS
        self.tail = folder + "/" + TAIL
        self.use_tail = storage.atomic(folder)
        self._tail_size = 0         # bytes in the tail (use_tail): it is appended to, not kept in RAM
        self.line_no = 0
        self._boot_no = None        # read from the files by the first line to flash
        self._prefix = ""
        self._held = None           # lines kept in RAM while held (hold())
        self._damage = None         # damaged newest lines boot_no read past, to log

    @property
    def boot_no(self):
        """1 + the boot number of the log's newest line. The files are read
        for it (and for a torn last line, and the tail) when the first line
        goes to flash, not when the log is made: at boot that is after the
        first picture is under way (hold()), which took 5-15 ms off every
        boot to the picture on the emulated chip (bench/rp2.py). Whatever the
        files hold this never raises: a damaged line is skipped; a file that
        cannot be read at all only costs the boot number."""
        if self._boot_no is None:
            self._boot_no = 1
            try:
                newest, torn, top, bad = _newest(self.current)
                bad = [(CURRENT, n, why) for n, why in bad]
                # A line torn by a power cut has no newline: end it, or the
                # next line would be glued to it and lost too.
                if torn:
                    self._prefix = "\n"
                if newest is None:
                    newest, _torn, top, older = _newest(self.previous)
                    bad = [(PREVIOUS, n, why) for n, why in older] + bad
                if self.use_tail:
                    # A cut after the tail went into log0.jsonl and before
                    # it was removed leaves lines in both: not appended twice.
                    newest, top, bad = self._tail_after(newest, top, bad)
                if newest is not None:
                    top = max(top, newest["b"])
                # PL-23: boot numbers are never reused. Lines after the
                # newest that reads may each be a boot of its own, one above
                # the other: the next boot is above all they could hold. A
                # torn last line (a cut, not damage) counts, unnamed.
                bad = [x for x in bad if x[2] != TORN]
                self._boot_no = top + 1 + len(bad)
                if bad:
                    self._damage = "%s; boot number %d is above any they could hold" % (
                        "; ".join("%s line %d: %s" % x for x in bad[:3]) + (
                            " (and %d more)" % (len(bad) - 3) if len(bad) > 3 else ""), self._boot_no)
            except Exception:
                pass
        return self._boot_no

    def write(self, kind, data=None):
        """Append one entry; never raises (a full or failing flash must not
        stop the game). While held (hold()) the line waits in RAM, except an
        UNHELD kind, which goes to flash at once with the lines before it."""
        try:
            if type(data) is str and len(data) > MAX_DATA_CHARS:
                data = data[:MAX_DATA_CHARS // 2] + "\n...\n" + data[-MAX_DATA_CHARS // 2:]
            self.line_no += 1
            # the line without its boot number, which is put in front when
            # it goes to flash (boot_no)
            rest = _rest(self.line_no, kind, data)
            held = self._held
            if held is None:
                held = [rest]
            else:
                held.append(rest)
                if kind not in UNHELD and sum(len(x) for x in held) <= HOLD_MAX_CHARS:
                    return True
                self._held = []
            self._append_lines(held)
            return True
        except Exception:
            return False

    def _append_lines(self, rests):
        b = '{"b":%d,' % self.boot_no
        if self._damage is not None:
            # the damaged lines the boot number was chosen past, named once
            self.line_no += 1
            rests = rests + [_rest(self.line_no, "error", "log: " + self._damage)]
            self._damage = None
        self._append("".join(seal.seal_object(b + rest) + "\n" for rest in rests))

    def hold(self):
        """Keep the lines written from now on in RAM until release(). The
        boot's lines ("boot", the App's "resume") go to flash in one append
        while the panel shows the first picture: on littlefs every append to
        a file past 512 bytes erases a block and copies the file's last block
        into it (PL-17), which made the boot slower with every boot as that
        block filled (docs/performance.md, Boot and resume). Nothing of a
        game waits here: the save is written before its picture (PL-8); a
        cut before release() loses the held lines only."""
        if self._held is None:
            self._held = []

    def release(self):
        """Write the held lines (one append) and stop holding; never raises."""
        held, self._held = self._held, None
        if held:
            try:
                self._append_lines(held)
            except Exception:
                pass

    def _tail_after(self, last, top, bad):
        """(the newest entry, the tail's included; the highest boot number;
        the damaged lines after it); the tail's size. Lines a cut left in
        both the tail and log0.jsonl are dropped from the tail."""
        try:
            with open(self.tail, "rb") as f:
                raw = f.read()
        except OSError:
            return last, top, bad
        kept, last = tail_after(raw, last)
        if len(kept) != len(raw):
            with storage.create(self.tail, "wb") as f:
                f.write(kept)
        self._tail_size = len(kept)
        lines = raw.split(b"\n")
        newest, high, damaged = _scan(lines)
        damaged = [(TAIL, i + 1, why) for i, why in damaged]
        return last, max(top, high), (damaged if newest is not None else bad + damaged)

    def _append(self, text):
        if not self.use_tail:
            self._to_current(b"", text)
            return
        size = self._tail_size
        if size + len(text) <= TAIL_MAX:
            # littlefs keeps a file this small inline: the append is one
            # metadata commit of the whole file, atomic at its close
            with storage.create(self.tail, "a") as f:
                f.write(text)
            self._tail_size = size + len(text)
            return
        if size:
            with open(self.tail, "rb") as f:
                self._to_current(f.read(), text)
        else:
            self._to_current(b"", text)
        self._tail_size = 0
        if size:
            try:
                os.remove(self.tail)
            except OSError:
                pass        # its lines are in log0.jsonl: readers skip them

    def _to_current(self, raw, text=""):
        """Append the bytes raw, then text, to log0.jsonl in one write."""
        if _size(self.current) + len(raw) + len(text) > self.max_bytes // 2:
            self._rotate()
        # The folder is made by the first append (storage.create), after
        # the boot's first picture, not on the boot's path (a folder costs
        # an erase on a fresh littlefs).
        with storage.create(self.current, "ab") as f:
            f.write(self._prefix.encode() + raw + text.encode())
        self._prefix = ""

    def _rotate(self):
        try:
            os.remove(self.previous)
        except OSError:
            pass
        try:
            os.rename(self.current, self.previous)
        except OSError:
            pass

    def __call__(self, kind, data=None):
        # The services["log"] signature of APP_CONTRACT.
        self.write(kind, data)
