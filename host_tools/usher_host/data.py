"""`usher data`: validate owner data, upload it, download it back.

A file is read as the device reads it (usher_host.textfile: the device's size
limit, UTF-8) and checked by the firmware's own validators; text from the
file is echoed with control characters escaped."""
from usher_host import datakinds, devfiles, link
from usher_host.errors import HostError
from usher_host.textfile import TextFileError, printable, read_text


def check(kind, path, out=print, uploading=False):
    try:
        raw, text = read_text(path)
    except TextFileError as e:
        raise HostError(str(e) + (" Nothing was uploaded." if uploading else "")) from None
    found = datakinds.defects(kind, text)
    name = printable(path)
    if found:
        for d in found:
            out("%s: %s" % (name, printable(d)))
        tail = "; nothing was uploaded" if uploading else ""
        raise HostError("%s: %d defect(s)%s." % (name, len(found), tail))
    out("%s: valid %s" % (name, datakinds.KINDS[kind][2]))
    return raw


def command(args, out=print):
    if args.action == "check":
        check(args.kind, args.file, out)
        return 0
    if args.action == "upload":
        raw = check(args.kind, args.file, out, uploading=True)
        if getattr(args, "folder", None):
            # A local data folder (the simulator's out/sim-data): same
            # checks, written to a temporary name and renamed.
            import os
            target = os.path.join(args.folder, *datakinds.KINDS[args.kind][0].split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target + ".part", "wb") as f:
                f.write(raw)
            os.replace(target + ".part", target)
            out("copied to %s (%d bytes)" % (target, len(raw)))
            return 0
        target = datakinds.device_path(args.kind, args.data_dir)
        conn = link.connect(args.port)
        try:
            devfiles.write_file(conn, target, raw)
        finally:
            conn.close()
        out("uploaded to %s (%d bytes, verified)" % (target, len(raw)))
        return 0
    # pull (download): the board's file, or a local data folder's
    folder = getattr(args, "folder", None)
    if folder:
        import os
        target = os.path.join(folder, *datakinds.KINDS[args.kind][0].split("/"))

        def read(path):
            try:
                with open(path, "rb") as f:
                    return f.read()
            except OSError:
                return None
    else:
        target = datakinds.device_path(args.kind, args.data_dir)
        conn = link.connect(args.port)

        def read(path):
            return devfiles.read_file(conn, path)
    try:
        raw = read(target)
        text, note = _unsealed(raw, target, lambda: read(target + ".bak"))
    finally:
        if not folder:
            conn.close()
    if raw is None:
        raise HostError("The board has no %s (%s)." % (datakinds.KINDS[args.kind][2], target))
    with open(args.file, "wb") as f:
        f.write(text)
    out("pulled %s to %s (%d bytes%s)" % (target, args.file, len(text), "" if folder else ", verified"))
    if note:
        out(note)
        return 1
    return 0


def _unsealed(raw, target, read_backup):
    """(the bytes in the upload's format, a note or None): a file written
    on the device has a seal line (usher.core.seal), checked and dropped;
    when it fails, the previous copy (NAME.bak) is used and named."""
    datakinds._firmware()
    from usher.core import seal
    if raw is None:
        return None, None
    try:
        text, _sealed = seal.open_text(raw.decode("utf-8"))
        return text.encode("utf-8"), None
    except (ValueError, UnicodeError) as e:
        why = str(e) or "not UTF-8"
    bak = read_backup()
    if bak is not None:
        try:
            text, _sealed = seal.open_text(bak.decode("utf-8"))
            note = ("%s is damaged (%s): its previous copy %s.bak was pulled instead; what was "
                    "entered since is not in it." % (target, why, target))
            return text.encode("utf-8"), note
        except (ValueError, UnicodeError):
            pass
    raise HostError("%s is damaged (%s) and has no good previous copy: nothing was pulled." % (target, why))
