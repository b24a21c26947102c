"""`usher backup` / `usher restore`: the board's data folder (saved games,
records, settings, owner data; PL-8) to a host folder and back. Every file is
verified by hash; restore writes each one atomically. The log is skipped: it
is the board's own history (pull it with `usher logs`).

Before anything is written, restore checks every file it knows with the
firmware's own checks (the saved game replays, settings and records have
their shape, owner data passes its validator within the device's size
limit); a backup with a bad file is refused, naming each one, and nothing
is written (PL-11: a restore must not put a damaged file over a good one)."""
import os

from usher_host import datakinds, devfiles, layout, link
from usher_host.errors import HostError
from usher_host.textfile import MAX_BYTES, printable


def _skip(rel):
    return rel.startswith(layout.LOG_FOLDER + "/") or rel.endswith((".part", ".tmp"))


def backup(conn, folder, data_dir, out=print):
    os.makedirs(folder, exist_ok=True)   # made even when nothing is saved yet
    base = data_dir.rstrip("/")
    files = devfiles.walk(conn, base)
    saved = []
    for path in files:
        rel = path[len(base) + 1:]
        if _skip(rel):
            continue
        data = devfiles.read_file(conn, path)
        if data is None:
            continue
        dst = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        saved.append(rel)
        out("saved %s (%d bytes)" % (rel, len(data)))
    return saved


def _json_check(rel):
    """The firmware's check for a JSON file of the data folder, or None."""
    base = rel[:-4] if rel.endswith(".bak") else rel
    if base == "game.json":
        from usher import games
        from usher.core import gamefile
        from usher.ui import persist
        # on littlefs the base's actions are rows (usher.core.gamefile, PL-17)
        return lambda obj: persist.check_game(gamefile.unpacked(obj), games.engine)
    if base == "game.tail":          # the running game's newest actions on littlefs (PL-17)
        from usher.core import gamefile
        return gamefile.check_tail
    if base == "ui.json":
        from usher.ui import persist
        return persist.check_ui
    if base == "multisala_record.json":
        from usher.games.multisala import records
        return records.check
    if base == "device.json":
        from usher.device.power import check_settings

        def check(obj):
            problems = check_settings(obj)[1]
            if problems:
                raise ValueError("; ".join(problems))
        return check
    return None


def _storage():
    datakinds._firmware()
    from usher.core import storage
    return storage


def _problem(rel, data):
    """Why the backup's file rel (its bytes data) must not go to the board,
    or None."""
    check = _json_check(rel)
    kind = [k for k in datakinds.KINDS if datakinds.KINDS[k][0] == rel]
    if check is None and not kind:
        return None
    if len(data) > MAX_BYTES:
        return "too big (%d bytes; the device reads at most %d)" % (len(data), MAX_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return "not UTF-8 text (byte 0x%02x at offset %d)" % (data[e.start], e.start)
    if kind:
        found = datakinds.defects(kind[0], text)
        return None if not found else "%s%s" % (printable(found[0]), (" (and %d more)" % (len(found) - 1))
                                                  if len(found) > 1 else "")
    try:
        obj = _storage().decode(text)        # the seal checked too (PL-17)
    except ValueError as e:
        return str(e)
    try:
        check(obj)
    except Exception as e:  # the firmware's checks say why in their message
        return printable(str(e)) or type(e).__name__
    return None


def backup_files(folder):
    """[(rel, bytes)] of a backup folder, checked; HostError naming every bad
    file (nothing is written then)."""
    if not os.path.exists(folder):
        raise HostError("No backup folder %s." % folder)
    if not os.path.isdir(folder):
        raise HostError("%s is a file, not a backup folder." % folder)
    found, problems = [], []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            src = os.path.join(root, name)
            rel = os.path.relpath(src, folder).replace(os.sep, "/")
            if _skip(rel):
                continue
            try:
                with open(src, "rb") as f:
                    data = f.read()
            except OSError as e:
                problems.append("%s: cannot be read (%s)" % (rel, e.strerror or e))
                continue
            why = _problem(rel, data)
            if why:
                problems.append("%s: %s" % (printable(rel), why))
            found.append((rel, data))
    if problems:
        raise HostError("%s cannot be restored, nothing was written:\n  %s" % (folder, "\n  ".join(problems)))
    return found


def restore(conn, folder, data_dir, out=print, files=None):
    written = []
    for rel, data in (files if files is not None else backup_files(folder)):
        devfiles.write_file(conn, data_dir.rstrip("/") + "/" + rel, data)
        written.append(rel)
        out("restored %s (%d bytes)" % (rel, len(data)))
    return written


def backup_command(port, folder, data_dir, out=print):
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise HostError("%s is a file; give a folder for the backup." % folder)
    conn = link.connect(port)
    try:
        saved = backup(conn, folder, data_dir, out)
    finally:
        conn.close()
    out("backup: %d file(s) in %s" % (len(saved), folder))
    return 0


def restore_command(port, folder, data_dir, out=print):
    files = backup_files(folder)     # checked before the board is touched
    conn = link.connect(port)
    try:
        written = restore(conn, folder, data_dir, out, files)
        conn.reset()   # the app reloads the restored saved game (PL-8)
    finally:
        conn.close()
    out("restore: %d file(s) written, device reset" % len(written))
    return 0
