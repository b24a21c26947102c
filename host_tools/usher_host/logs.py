"""`usher logs`: the board's bounded log (PL-10) as JSON lines.

The device layer (usher.device.log) writes JSON lines into two files under
/data/log that take turns, and on littlefs a small third one of the newest
lines; each entry is {"b": boot, "n": line, "k": kind, "d": data}. pull()
copies them (hash-verified), drops torn lines and lines the tail repeats
(usher.device.log.merged) and returns the entries oldest first; each line
that does not read (torn, or damaged: its seal does not match, PL-23) is
named, file and line number, on stderr. --follow streams the board's
console over pyserial.
"""
import json
import sys
import time

import serial

from usher_host import devfiles, layout, link
from usher_host import replay  # (puts firmware/ on the path)
from usher_host.errors import HostError

from usher.core import gamefile  # noqa: E402
from usher.device import log as flashlog  # noqa: E402


def pull(conn, data_dir=layout.DATA_DIR, problems=None):
    """The board's log entries, oldest first; problems (a list) gets "NAME
    line N: reason, skipped" for each line that does not read (PL-23)."""
    folder = layout.log_folder(data_dir)
    parts = []
    found = False
    for name in layout.LOG_FILES:
        raw = devfiles.read_file(conn, folder + "/" + name)
        found = found or raw is not None
        skipped = []
        parts.append(flashlog.parse(raw or b"", skipped, name))
        if problems is not None:
            problems.extend(x + ", skipped" for x in skipped)
    if not found:
        raise HostError("The board has no log yet (%s is empty)." % folder)
    entries = flashlog.merged(*parts)
    # PL-17: a kept play's "end" entry names its record instead of carrying
    # its actions; they are put back from the board's history
    replay.with_kept_moves(entries, data_dir, lambda path: devfiles.read_file(conn, path))
    saved = running_game(conn, data_dir)
    if saved is not None:
        last = entries[-1] if entries and isinstance(entries[-1], dict) else {}
        entries.append({"b": last.get("b"), "n": (last.get("n") or 0) + 1, "k": "saved", "d": saved})
    return entries


def running_game(conn, data_dir=layout.DATA_DIR):
    """The board's running game as saved (usher.core.gamefile, PL-17: on
    littlefs a base and a tail of its newest actions, on FAT the one checked
    file): the device logs no line per action, so `usher logs` adds the
    record as a "saved" entry (docs/log-format.md), which replaces the
    actions of a log that has them. None when no game is saved or its files
    cannot be read."""
    base = data_dir.rstrip("/") + "/game.json"
    base_raw = devfiles.read_file(conn, base)
    bak_raw = devfiles.read_file(conn, base + ".bak")
    if base_raw is None and bak_raw is None:
        return None
    tail = gamefile.tail_path(base)
    return gamefile.merge_bytes(base_raw, devfiles.read_file(conn, tail), bak_raw,
                                devfiles.read_file(conn, tail + ".bak") if bak_raw is not None else None)


def write_jsonl(entries, stream):
    for e in entries:
        stream.write(json.dumps(e, sort_keys=True) + "\n")


def pull_command(port, output, data_dir):
    conn = link.connect(port)
    problems = []
    try:
        entries = pull(conn, data_dir, problems)
    finally:
        conn.close()
        for p in problems:
            sys.stderr.write("usher logs: %s\n" % p)
    if output:
        with open(output, "w") as f:
            write_jsonl(entries, f)
        print("%d log entries saved to %s" % (len(entries), output))
    else:
        write_jsonl(entries, sys.stdout)
    return 0


def follow(port, output=None, seconds=None):
    """Print (and append to output) whatever the running firmware prints,
    until Ctrl-C or `seconds`."""
    port = link.find_port(port)
    try:
        ser = serial.Serial(port, 115200, timeout=0.2, exclusive=True)
    except serial.SerialException as e:
        raise HostError("Cannot open %s: %s (busy or unplugged?)" % (port, e)) from None
    sink = open(output, "ab") if output else None
    start = time.monotonic()
    try:
        # Nothing may arrive for a while: say what is being watched and how to stop.
        print("following the console of %s%s (Ctrl-C to stop)"
              % (port, ", also appending to %s" % output if output else ""))
        sys.stdout.flush()
        while seconds is None or time.monotonic() - start < seconds:
            try:
                data = ser.read(4096)
            except (serial.SerialException, OSError) as e:
                raise HostError("The board went away: %s" % e) from None
            if data:
                sys.stdout.write(data.decode("utf-8", "replace"))
                sys.stdout.flush()
                if sink:
                    sink.write(data)
    except KeyboardInterrupt:
        pass
    finally:
        ser.close()
        if sink:
            sink.close()
    return 0
