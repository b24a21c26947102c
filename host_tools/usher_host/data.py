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
