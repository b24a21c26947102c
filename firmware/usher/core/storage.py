# Atomic JSON files on a desktop folder or the device's flash (PL-8, PL-11).
#
# save(): write NAME.tmp, move the current NAME to NAME.bak, rename NAME.tmp to
# NAME. At every moment a complete copy exists: a power cut before the last
# rename leaves NAME.bak (previous) and NAME.tmp (new); load() then falls back.
# Works on CPython and MicroPython (os.rename, os.remove, os.stat exist on
# both; littlefs and FAT refuse to rename onto an existing file, so the old
# file is moved away first).
import json
import os


class StorageError(Exception):
    """A file that exists but cannot be read back; the message names it."""


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


def save(path, obj):
    """Write obj as JSON to path atomically, keeping the previous file as
    path + '.bak'."""
    tmp = path + ".tmp"
    data = json.dumps(obj)
    with open(tmp, "w") as f:
        f.write(data)
    replace(tmp, path)


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


def set_aside(path, suffix=".bad"):
    """Move a file that cannot be read out of the way (path + suffix, an
    older one of that name is replaced) and return the new name."""
    target = path + suffix
    _remove(target)
    os.rename(path, target)
    return target


def _read(path):
    with open(path) as f:
        return json.loads(f.read())


def load(path, default=None):
    """Return (obj, source). source is "main"; "recovered" when a power cut
    fell between save()'s two renames and the complete new file is used;
    "backup" when the main file was corrupt or missing and the previous one is
    used; or "none" (obj = default) when there is nothing. Raises StorageError
    naming the files when they exist but none can be parsed."""
    errors = []
    for candidate, source in ((path, "main"), (path + ".tmp", "recovered"), (path + ".bak", "backup")):
        if not _exists(candidate):
            continue
        try:
            return _read(candidate), source
        except (ValueError, OSError) as e:
            if source != "recovered":  # a half-written temp file is expected debris
                errors.append("%s: %s" % (candidate, e))
    if errors:
        raise StorageError("Corrupt file " + "; ".join(errors))
    return default, "none"


def delete(path):
    for p in (path, path + ".tmp", path + ".bak"):
        _remove(p)
