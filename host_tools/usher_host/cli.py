"""`usher`: the owner's desktop tools for the device (PL-12).

  usher devices                       list serial ports that look like MicroPython boards
  usher flash [--port P]              compile and copy the firmware (only what changed), reset
  usher flash --uf2 [BOARD|FILE]      install a firmware image (.uf2) on a board in boot mode
  usher flash --circuitpy [DRIVE]     install on a CircuitPython board's CIRCUITPY drive (found
                                      by its boot_out.txt; plain `usher flash` finds it too)
  usher logs [-o FILE] [--follow]     pull the device log as JSON lines / stream the console
  usher replay FILE|DATA              replay a pulled log, saved game or kept play on the desktop;
                                      a data folder: every game, damaged files named (PL-23)
  usher data check|upload|download    owner data: panels, decks, players, validated first
  usher history pull [-o DIR]         the play history as CSV and JSON (docs/history.md)
  usher clock [--port P]              set the board's clock and restart the firmware keeping it
  usher backup DIR / usher restore DIR   saved games and records
  usher virtual-device --flash DIR    a stand-in board for tests (PL-13)

Every failure ends with one clear message and exit status 1.
"""
import argparse
import os
import sys

from usher_host.errors import HostError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _port_arg(p):
    p.add_argument("--port", "-p", help="serial port of the board (default: the only RP2040 board found)")


def _data_dir_arg(p):
    from usher_host import layout
    p.add_argument("--data-dir", default=layout.DATA_DIR,
                   help="data folder on the board (default: %(default)s)")


def _command(sub, name, text):
    """A subcommand whose one line in `usher --help` is also its own --help's description."""
    return sub.add_parser(name, help=text, description=text[:1].upper() + text[1:] + ".")


def _firmware_dir(args):
    return os.path.abspath(args.firmware or os.path.join(ROOT, "firmware"))


def cmd_devices(args):
    from usher_host.link import board_ports
    ports = board_ports()
    if not ports:
        print("no MicroPython board found (RP2040 boards show as USB VID 2E8A)")
        return 1
    for dev, desc in ports:
        print("%s  %s" % (dev, desc))
    return 0


def cmd_flash(args):
    from usher_host import flash, image, link
    if args.uf2 is not None:
        return image.uf2_command(args.uf2, args.drive, out=_say)
    # A mounted CircuitPython drive (boot_out.txt) takes the CIRCUITPY
    # folder of `make circuitpython`; a serial port given says MicroPython.
    if args.circuitpy is not None or (not args.port and not args.owner_data):
        from usher_host import circuitpy
        drive = circuitpy.choose_drive(args.circuitpy or None)
        if drive is None and args.circuitpy is not None:
            raise HostError("No CircuitPython drive mounted (a USB drive named CIRCUITPY with "
                            "boot_out.txt on it): connect the board, or give the drive: --circuitpy DRIVE.")
        if drive is not None:
            copied, removed = circuitpy.install(drive, args.folder, out=_say)
            _say("flash done: %d copied, %d removed on %s (CircuitPython restarts code.py by itself)"
                 % (len(copied), len(removed), drive))
            return 0
    conn = link.connect(args.port)
    try:
        # A board running the project's image (PL-14): files would not
        # replace its frozen modules; only owner data is copied, on request.
        on_board = image.image_on_board(conn)
        if on_board is not None:
            if args.owner_data:
                written = image.copy_owner_data(conn, args.owner_data, args.data_dir, out=_say)
                _say("owner data done: %d file(s) copied, firmware image left as it is" % len(written))
                return 0
            raise HostError(image.frozen_text(on_board))
        if args.owner_data:
            raise HostError("--owner-data is for a board running the firmware image; on stock "
                            "MicroPython use `usher flash` and `usher data upload`.")
        cache = args.cache or os.path.join(ROOT, "build", "flash")
        copied, removed = flash.flash(conn, _firmware_dir(args), cache, verify=args.verify,
                                      reset=not args.no_reset, out=_say)
    finally:
        conn.close()
    _say("flash done%s: %d copied, %d removed" % (" and verified" if args.verify else "",
                                                   len(copied), len(removed)))
    return 0


def cmd_logs(args):
    from usher_host import logs
    if args.follow:
        return logs.follow(args.port, args.output)
    return logs.pull_command(args.port, args.output, args.data_dir)


def cmd_replay(args):
    from usher_host import replay
    return replay.command(args.file, png_dir=args.png, saved=args.saved, game=args.game, out=_say,
                          show_state=args.state, err=_warn)


def cmd_data(args):
    from usher_host import data
    return data.command(args)


def cmd_history(args):
    from usher_host import history
    return history.pull_command(args, out=_say)


def cmd_clock(args):
    from usher_host import link
    conn = link.connect(args.port)          # every connection sets the clock
    try:
        now = link.board_clock(conn)
        if now is None:
            raise HostError("The board did not take the time (no firmware on it? run `usher flash`).")
        _say("board clock: %04d-%02d-%02d %02d:%02d:%02d" % tuple(now))
        if not args.no_restart:
            conn.soft_reboot()
            _say("firmware restarted with a soft reboot: the clock holds until a reset or power-off")
    finally:
        conn.close()
    return 0


def cmd_backup(args):
    from usher_host import backup
    return backup.backup_command(args.port, args.folder, args.data_dir, out=_say)


def cmd_restore(args):
    from usher_host import backup
    return backup.restore_command(args.port, args.folder, args.data_dir, out=_say)


def cmd_virtual_device(args):
    from usher_host.vdev import supervisor
    return supervisor.run_forever(args.flash, buttons=args.buttons, out=_say)


def _say(text):
    from usher_host.textfile import printable
    print(printable(text, newlines=True))   # text from a file never reaches the terminal raw
    sys.stdout.flush()


def _warn(text):
    """A problem that does not stop the command (a damaged file named, PL-23): on stderr."""
    from usher_host.textfile import printable
    sys.stdout.flush()
    print(printable(text, newlines=True), file=sys.stderr)


def parser():
    from usher_host import layout
    # PL-12: one command for flash, logs, replay, data, backup and restore.
    ap = argparse.ArgumentParser(prog="usher", description="Usher host tools: flash the board, "
                                 "pull its log, replay games, check and upload owner data, "
                                 "back up and restore.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND",
                            help="one of the commands below; `usher COMMAND --help` says more")
    kinds = layout.data_kind_names()
    kind_help = "which owner data: %s" % ", ".join(kinds)

    p = _command(sub, "devices", "list serial ports that look like MicroPython boards (USB VID 2E8A)")
    p.set_defaults(func=cmd_devices)

    p = _command(sub, "flash", "compile the firmware and copy what changed, then reset")
    _port_arg(p)
    p.add_argument("--firmware", help="firmware folder (default: the repository's firmware/)")
    p.add_argument("--cache", help="folder for compiled .mpy files (default: build/flash)")
    p.add_argument("--verify", action="store_true",
                   help="hash every file on the board, not just the manifest")
    p.add_argument("--no-reset", action="store_true", help="do not reset the board afterwards")
    # PL-14: the project's own image, one .uf2 per board.
    p.add_argument("--uf2", nargs="?", const="badger2040", metavar="BOARD|FILE",
                   help="install a firmware image instead: badger2040 (default), pico-waveshare, "
                   "circuitpython (the Badger's CircuitPython image) "
                   "or a .uf2 file, copied to a board in boot mode (or the steps to do it by hand)")
    p.add_argument("--drive", help="with --uf2: the board's boot drive (default: found by its INFO_UF2.TXT)")
    p.add_argument("--circuitpy", nargs="?", const="", metavar="DRIVE",
                   help="install on a board running CircuitPython: the folder of `make circuitpython` "
                   "copied onto its CIRCUITPY drive (default: the one mounted)")
    p.add_argument("--folder", help="with --circuitpy: the CIRCUITPY folder to install "
                   "(default: build/circuitpython/drive)")
    p.add_argument("--owner-data", metavar="DIR",
                   help="on a board running the firmware image: copy only the owner data in DIR "
                   "(laid out like the board's data folder)")
    _data_dir_arg(p)
    p.set_defaults(func=cmd_flash)

    p = _command(sub, "logs", "pull the device log as JSON lines (or --follow the console)")
    _port_arg(p)
    p.add_argument("--output", "-o", help="file to write (default: stdout)")
    p.add_argument("--follow", "-f", action="store_true", help="stream the board's console live")
    _data_dir_arg(p)
    p.set_defaults(func=cmd_logs)

    p = _command(sub, "replay", "replay a pulled log, saved game or kept play on the desktop")
    p.add_argument("file", help="a log pulled with `usher logs` (JSON lines), a log folder as the device "
                   "and the simulator write it (DATA/log), a data folder (DATA: a copy of the board's "
                   "/data, a backup, out/sim-data: every game of its log, its kept plays and its "
                   "running game), a saved game (JSON) or a `usher history pull` JSON")
    p.add_argument("--saved", help="the device's saved game to compare with (e.g. from `usher backup`)")
    p.add_argument("--game", type=int, default=None,
                   help="which game in the log or data folder (0 the first, -1 the last; a data "
                   "folder lists them by these numbers), or which play number in a `usher history "
                   "pull` JSON (default: the last; a data folder: every game)")
    p.add_argument("--png", help="folder to write the game screen into (PNG, drawn by the firmware UI)")
    p.add_argument("--state", action="store_true", help="also print the whole final state as JSON")
    p.set_defaults(func=cmd_replay)

    p = _command(sub, "data", "owner data (panels, decks, players): validate, upload, pull")
    dsub = p.add_subparsers(dest="action", required=True, metavar="ACTION",
                            help="check, upload or pull (download)")
    for name, helptext, file_help in (
            ("check", "validate a data file with the firmware's own checks, as the device reads it",
             "the file to check (at most 24 KB, UTF-8)"),
            ("upload", "validate a data file, then copy it to the board",
             "the file to check and copy")):
        q = _command(dsub, name, helptext)
        q.add_argument("kind", choices=kinds, metavar="KIND", help=kind_help)
        q.add_argument("file", help=file_help)
        if name == "upload":
            _port_arg(q)
            _data_dir_arg(q)
            q.add_argument("--folder", help="copy into a local data folder instead of a board "
                           "(the simulator's: out/sim-data)")
    for name in ("pull", "download"):
        # PL-20: what was entered on the device comes back in the upload's format
        same = " (same as pull)" if name == "download" else ""
        q = _command(dsub, name, "copy a data file back from the board (or a data folder), "
                     "in the format `usher data upload` reads" + same)
        q.add_argument("kind", choices=kinds, metavar="KIND", help=kind_help)
        q.add_argument("file", help="where to write it on this computer")
        _port_arg(q)
        _data_dir_arg(q)
        q.add_argument("--folder", help="read from a local data folder instead of a board "
                       "(the simulator's: out/sim-data)")
    p.set_defaults(func=cmd_data)

    p = _command(sub, "history", "the play history: pull it as CSV and JSON")
    hsub = p.add_subparsers(dest="action", required=True, metavar="ACTION", help="pull")
    q = _command(hsub, "pull", "write history.csv, history.json and history_links.csv (docs/history.md)")
    _port_arg(q)
    q.add_argument("--output", "-o", default=".", help="folder for history.csv, history.json and "
                   "history_links.csv")
    _data_dir_arg(q)
    q.add_argument("--from", dest="source", metavar="FOLDER",
                   help="read a local data folder instead of a board (the simulator's "
                   "out/sim-data, a `usher backup`)")
    p.set_defaults(func=cmd_history)

    p = _command(sub, "clock", "set the board's clock (dates the history) and restart the "
                 "firmware keeping it")
    _port_arg(p)
    p.add_argument("--no-restart", action="store_true",
                   help="leave the board at the REPL (every usher command sets the clock anyway)")
    p.set_defaults(func=cmd_clock)

    for name, func, helptext, folder_help in (
            ("backup", cmd_backup, "copy saved games, records, settings and owner data to a folder",
             "the folder to write (made if missing)"),
            ("restore", cmd_restore, "check a backup with the firmware's own checks, then copy it "
             "back to the board", "a folder written by `usher backup`")):
        p = _command(sub, name, helptext)
        _port_arg(p)
        p.add_argument("folder", help=folder_help)
        _data_dir_arg(p)
        p.set_defaults(func=func)

    # PL-13: the virtual device.
    p = _command(sub, "virtual-device", "run a virtual board on a pseudo-terminal (MicroPython's "
                 "unix port, a folder as its flash)")
    p.add_argument("--flash", required=True, help="host folder that acts as the board's flash")
    p.add_argument("--buttons", help="file with a button script the firmware plays at every boot "
                   "(syntax: firmware/usher/device/virtual.py)")
    p.set_defaults(func=cmd_virtual_device)
    return ap


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except HostError as e:
        from usher_host.textfile import printable
        sys.stdout.flush()
        print("usher %s: %s" % (args.command, printable(e.message, newlines=True)), file=sys.stderr)
        return e.status
    except KeyboardInterrupt:
        print("usher %s: interrupted" % args.command, file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
