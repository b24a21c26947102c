"""`usher backup` / `usher restore`: the board's data folder (saved games,
records, settings, owner data; PL-8) to a host folder and back. Every file is
verified by hash; restore writes each one atomically. The log is skipped: it
is the board's own history (pull it with `usher logs`)."""
import os

from usher_host import devfiles, layout, link
from usher_host.errors import HostError


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


def restore(conn, folder, data_dir, out=print):
    if not os.path.isdir(folder):
        raise HostError("No backup folder %s." % folder)
    written = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            src = os.path.join(root, name)
            rel = os.path.relpath(src, folder).replace(os.sep, "/")
            if _skip(rel):
                continue
            with open(src, "rb") as f:
                data = f.read()
            devfiles.write_file(conn, data_dir.rstrip("/") + "/" + rel, data)
            written.append(rel)
            out("restored %s (%d bytes)" % (rel, len(data)))
    return written


def backup_command(port, folder, data_dir, out=print):
    conn = link.connect(port)
    try:
        saved = backup(conn, folder, data_dir, out)
    finally:
        conn.close()
    out("backup: %d file(s) in %s" % (len(saved), folder))
    return 0


def restore_command(port, folder, data_dir, out=print):
    conn = link.connect(port)
    try:
        written = restore(conn, folder, data_dir, out)
        conn.reset()   # the app reloads the restored saved game (PL-8)
    finally:
        conn.close()
    out("restore: %d file(s) written, device reset" % len(written))
    return 0
