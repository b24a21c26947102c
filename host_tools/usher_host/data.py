"""`usher data`: validate owner data, upload it, download it back."""
from usher_host import datakinds, devfiles, link
from usher_host.errors import HostError


def _read_text(path):
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise HostError("Cannot read %s: %s" % (path, e.strerror)) from None
    try:
        return raw, raw.decode("utf-8")
    except UnicodeDecodeError:
        raise HostError("%s is not UTF-8 text." % path) from None


def check(kind, path, out=print):
    raw, text = _read_text(path)
    found = datakinds.defects(kind, text)
    if found:
        for d in found:
            out("%s: %s" % (path, d))
        raise HostError("%s: %d defect(s); nothing was uploaded." % (path, len(found)))
    out("%s: valid %s" % (path, datakinds.KINDS[kind][2]))
    return raw


def command(args, out=print):
    if args.action == "check":
        check(args.kind, args.file, out)
        return 0
    if args.action == "upload":
        raw = check(args.kind, args.file, out)
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
    target = datakinds.device_path(args.kind, args.data_dir)
    conn = link.connect(args.port)
    try:
        raw = devfiles.read_file(conn, target)
    finally:
        conn.close()
    if raw is None:
        raise HostError("The board has no %s (%s)." % (datakinds.KINDS[args.kind][2], target))
    with open(args.file, "wb") as f:
        f.write(raw)
    out("downloaded %s to %s (%d bytes, verified)" % (target, args.file, len(raw)))
    return 0
