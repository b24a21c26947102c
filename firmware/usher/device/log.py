# Bounded log on flash (PL-10): JSON lines in two files that take turns.
# New lines go to log0.jsonl; when it would grow past half the cap it becomes
# log1.jsonl (the older one is dropped) and a fresh log0.jsonl starts, so the
# log never holds more than max_bytes and always keeps the newest lines.
#
# The format (kinds, fields, rotation, rebuilding a game) is defined once in
# docs/log-format.md. A line: {"b": boot number, "n": line number in this
# boot, "k": kind, "d": data}; the device layer writes "boot", "error" and
# "info", the App "resume", "game", "action", "undo", "end". Each write opens,
# appends and closes, so a power cut loses at most the line being written; read_all() skips a torn line.
#
# Pure file I/O (json, os): runs on the unix port in the tests.
import json
import os

CURRENT = "log0.jsonl"
PREVIOUS = "log1.jsonl"
DEFAULT_MAX_BYTES = 32 * 1024
MAX_DATA_CHARS = 2000          # one traceback must not crowd out everything else


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _lines(path):
    # Bytes, split, then each line decoded on its own: a line with a bad
    # byte (flash damage) is skipped like a torn one and never stops the
    # reader (PL-11: nothing read from flash may stop the boot).
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        return []
    out = []
    for line in raw.split(b"\n"):
        if not line:
            continue
        try:
            entry = json.loads(line.decode("utf-8"))
        except ValueError:      # UnicodeError is a ValueError on both runtimes
            continue            # torn by a power cut, or damaged
        if type(entry) is dict:
            out.append(entry)
    return out


def _last_boot(*paths):
    """The boot number of the newest readable line: read from the end of
    the current file (then the previous one) a block at a time, so a boot
    costs the same whatever the log holds (issue 24: it grew with every
    boot while the whole log was parsed)."""
    for path in paths:
        size = _size(path)
        if size <= 0:
            continue
        with open(path, "rb") as f:
            step = 512
            while True:
                start = max(0, size - step)
                f.seek(start)
                raw = f.read(size - start)
                lines = raw.split(b"\n")
                if start > 0:
                    lines = lines[1:]         # (its start is before the window)
                for line in reversed(lines):
                    try:
                        entry = json.loads(line.decode("utf-8"))
                    except ValueError:
                        continue
                    b = entry.get("b") if type(entry) is dict else None
                    if type(b) is int:
                        return b
                if start == 0:
                    break
                step *= 4
    return 0


def read_all(folder):
    """Every readable entry, oldest first."""
    return _lines(folder + "/" + PREVIOUS) + _lines(folder + "/" + CURRENT)


class FlashLog:
    def __init__(self, folder, max_bytes=DEFAULT_MAX_BYTES):
        self.folder = folder
        self.max_bytes = max_bytes
        self.current = folder + "/" + CURRENT
        self.previous = folder + "/" + PREVIOUS
        self.line_no = 0
        self.boot_no = 1
        self._prefix = ""
        # Whatever the files hold, the constructor never raises: the boot
        # goes on (a damaged line is skipped; a file that cannot be read at
        # all only costs the boot number).
        try:
            self.boot_no = _last_boot(self.current, self.previous) + 1
        except Exception:
            pass
        # A line torn by a power cut has no newline: end it, or the next
        # line would be glued to it and lost too.
        try:
            size = _size(self.current)
            if size > 0:
                with open(self.current, "rb") as f:
                    f.seek(size - 1)
                    if f.read(1) != b"\n":
                        self._prefix = "\n"
        except Exception:
            pass

    def write(self, kind, data=None):
        """Append one entry; never raises (a full or failing flash must not
        stop the game)."""
        try:
            if type(data) is str and len(data) > MAX_DATA_CHARS:
                data = data[:MAX_DATA_CHARS // 2] + "\n...\n" + data[-MAX_DATA_CHARS // 2:]
            self.line_no += 1
            line = json.dumps({"b": self.boot_no, "n": self.line_no, "k": kind, "d": data}) + "\n"
            if _size(self.current) + len(line) > self.max_bytes // 2:
                self._rotate()
            with open(self.current, "a") as f:
                f.write(self._prefix + line)
            self._prefix = ""
            return True
        except Exception:
            return False

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
