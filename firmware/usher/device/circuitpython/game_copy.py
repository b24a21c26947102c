# The running game's newest save, kept a second time outside the FAT drive:
# in microcontroller.nvm, a 4 KB flash sector of its own (PL-8, PL-17).
#
# Why: on CircuitPython a FAT operation that changes a directory entry (a
# rename, a file's new size) makes CircuitPython erase the 4 KB flash sector
# holding that directory and program it again. A power cut between the two
# leaves every entry in /data gone: the game, its backup and its temp file
# at once (bench/circuitpython.py --cuts: 4 of 12 cuts inside a save lost
# the game). The temp file, rename and backup cannot help there, as all
# three live in that one directory.
#
# So every save of the running game is first appended here, whole and
# sealed (its CRC-32, usher.core.seal), and only then written to FAT
# (usher.core.gamefile). The sector is a log of records:
#   b"U" kind length(2 bytes, little-endian) payload
# kind "G": a save (payload: the sealed JSON bytes, as on FAT);
# kind "X": the game was forgotten (ended; no payload).
# A record goes into erased bytes (0xFF) after the last one: CircuitPython
# programs those pages without an erase. When the next record does not fit,
# the sector is rewritten with that record alone (one 4 KB erase): the FAT
# files hold the previous save complete at that moment, so a cut inside that
# erase loses nothing acknowledged. A cut inside a record's program leaves
# a record whose seal fails: the one before it is the newest. Bytes that are
# not records (another program's use of nvm, a torn header) end the log; the
# next write starts the sector afresh.
#
# The reader (usher.core.gamefile) takes this copy when FAT has no newer one
# it can use: no file (the directory's sector was lost), or only the backup.
# Knows nothing of files or screens: nvm is any object with len() and
# slices that read and assign bytes, as microcontroller.nvm.
try:
    from micropython import const
except ImportError:         # CPython (the tests)
    def const(x):  # type: ignore[misc]
        return x

# Underscored constants: folded into the bytecode, no RAM at all (the free
# heap at boot, docs/performance.md).
_MAGIC = const(0x55)        # "U"
_SAVE = const(0x47)         # "G"
_FORGOT = const(0x58)       # "X"
_HEADER = const(4)


def _records(nvm):
    """[(kind, start of payload, length)] of the well-formed headers in
    order, and the offset after the last one."""
    size = len(nvm)
    out = []
    at = 0
    while at + _HEADER <= size:
        h = nvm[at:at + _HEADER]
        n = h[2] | (h[3] << 8)
        if h[0] != _MAGIC or h[1] not in (_SAVE, _FORGOT) or at + _HEADER + n > size:
            break
        out.append((h[1], at + _HEADER, n))
        at += _HEADER + n
    return out, at


class GameCopy:
    def __init__(self, nvm):
        self.nvm = nvm
        self._end = None        # where the next record goes (None: not scanned)
        self._empty = None      # True when the log holds no running game

    def _scan(self):
        recs, self._end = _records(self.nvm)
        self._empty = not recs or recs[-1][0] == _FORGOT
        return recs

    def newest(self):
        """The payloads of the saves since the game was last forgotten,
        newest first (a generator): the reader takes the first whose seal
        holds."""
        recs = self._scan()
        for kind, start, n in reversed(recs):
            if kind == _FORGOT:
                return
            yield self.nvm[start:start + n]

    def match(self, save):
        """Make save (bytes) the newest copy unless it is already."""
        for newest in self.newest():
            if newest == save:
                return
            break
        self.write(save)

    def write(self, *parts):
        """Append a save made of parts (bytes-like, in order)."""
        n = 0
        for p in parts:
            n += len(p)
        rec = bytearray(_HEADER + n)
        rec[0], rec[1], rec[2], rec[3] = _MAGIC, _SAVE, n & 0xFF, n >> 8
        at = _HEADER
        for p in parts:
            rec[at:at + len(p)] = p
            at += len(p)
        self._append(rec)
        self._empty = False

    def forget(self):
        """The game ended: no copy stands any more (written before the FAT
        files go, so a cut between leaves the files, the game not ended)."""
        if self._end is None:
            self._scan()
        if self._empty:
            return
        self._append(bytes((_MAGIC, _FORGOT, 0, 0)))
        self._empty = True

    def _append(self, rec):
        nvm = self.nvm
        if self._end is None:
            self._scan()
        at, n, size = self._end, len(rec), len(nvm)
        if len(rec) > size:
            raise ValueError("a save of %d bytes does not fit in nvm (%d)" % (n, size))
        if at + n <= size and _erased(nvm, at, n):
            nvm[at:at + n] = rec
            self._end = at + n
            return
        # The sector afresh, this record first: one erase. A forget on a
        # full sector is just the erase.
        whole = bytearray(b"\xff" * size)
        if rec[1] == _SAVE:
            whole[:n] = rec
        else:
            n = 0
        nvm[0:size] = whole
        self._end = n


def _erased(nvm, at, n):
    return nvm[at:at + n] == b"\xff" * n
