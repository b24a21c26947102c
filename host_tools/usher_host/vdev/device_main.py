# The virtual device's "board" (PL-13): runs on MicroPython's unix port, with
# stdin/stdout on one end of a pseudo-terminal and a host folder as its flash.
#
# It behaves like the RP2040 board as the host tools see it over USB:
# - boot: runs /boot.py and /main.py from the flash (main.py is the firmware);
#   a Ctrl-C on the serial line interrupts it, as on the board;
# - then the friendly REPL (">>> "), Ctrl-A enters the raw REPL that mpremote
#   speaks, including raw-paste mode (flow-controlled uploads);
# - Ctrl-D at an empty raw-REPL prompt is a soft reset: the unix process ends
#   with RAW_RESET and the supervisor (vdev/supervisor.py) starts it again in
#   the raw REPL, as the board would come back. A SystemExit from executed code
#   (machine.reset() has no unix counterpart) ends it with HARD_RESET: the
#   next start boots main.py again.
#
# Configuration comes from environment variables set by the supervisor:
#   USHER_VDEV_FLASH    host folder mounted at "/"
#   USHER_VDEV_MODE     "boot" or "raw"
#   USHER_VDEV_MPY      fake sys.implementation._mpy (fault injection)
#   USHER_VDEV_GARBAGE  "1": only spew noise on the line (fault injection)
#   USHER_VDEV_RTC      host file holding the board's real-time clock (below)
# and for the firmware's "virtual" board (usher/device/virtual.py):
#   USHER_BOARD=virtual, USHER_BUTTONS (script text), USHER_FRAMEBUFFER
import os
import sys

RAW_RESET = 3
HARD_RESET = 4
SOFT_BOOT = 5     # Ctrl-D at the friendly REPL: soft reboot into main.py
BANNER = b"raw REPL; CTRL-B to exit\r\n"
WINDOW = 1024

_real_sys = sys
_BOOT_TIME = 0
_stdin = sys.stdin.buffer
_stdout = sys.stdout.buffer


def write(b):
    if type(b) is str:
        b = b.encode()
    _stdout.write(b)


def read1():
    b = _stdin.read(1)
    if not b:
        # The host closed the line for good: the board is unplugged.
        raise SystemExit(0)
    return b[0]


# --- flash: a host folder mounted at "/" ------------------------------------
class _FixedOs:
    """os with rename() that works for two absolute paths: the unix port's
    VfsPosix mounted at "/" refuses that case (ENOENT), the board does not."""

    def __init__(self, real, vfs):
        self._real = real
        self._vfs = vfs

    def __getattr__(self, name):
        return getattr(self._real, name)

    def _rel(self, p):
        if not p.startswith("/"):
            p = self._real.getcwd().rstrip("/") + "/" + p
        return p.lstrip("/")

    def rename(self, a, b):
        self._vfs.rename(self._rel(a), self._rel(b))


def mount_flash(folder):
    vfs = os.VfsPosix(folder)
    os.umount("/")
    os.mount(vfs, "/")
    os.chdir("/")
    fixed = _FixedOs(os, vfs)
    sys.modules["os"] = fixed
    sys.modules["uos"] = fixed
    sys.path[:] = ["", "/lib"]


class _FakeImpl:
    pass


class _FakeSys:
    def __getattr__(self, name):
        return getattr(_real_sys, name)


def fake_mpy(value):
    """Report another .mpy version in sys.implementation._mpy, as an older
    MicroPython on the board would."""
    impl = _FakeImpl()
    real = _real_sys.implementation
    impl.name = real.name
    impl.version = real.version
    impl._machine = getattr(real, "_machine", "")
    impl._mpy = value
    fake = _FakeSys()
    fake.implementation = impl
    sys.modules["sys"] = fake


# --- the RP2040's real-time clock --------------------------------------------
# machine.RTC as on the board: datetime() reads, datetime(t) sets
# (year, month, day, weekday, hour, minute, second, subsecond). Like the
# RP2040's, it starts at 2021-01-01 00:00:00 at power-on and at a reset and
# keeps time across a soft reboot: the supervisor keeps USHER_VDEV_RTC (the
# set clock as an offset from the host's) across soft resets and deletes it
# at a reset or power-off.
class _RTC:
    """The clock lives in a host file outside the flash: it is opened before
    the flash is mounted at "/" (after that every path is on the flash) and
    rewritten in place, 24 characters: the set clock's offset from the
    host's, or "-" when not set since power-on."""
    WIDTH = 24
    handle = None
    offset = None

    @classmethod
    def open(cls, path):
        try:
            with open(path) as f:
                txt = f.read().strip()
            cls.offset = int(txt) if txt and txt != "-" else None
        except (OSError, ValueError):
            cls.offset = None
        cls.handle = open(path, "w")
        cls._write()

    @classmethod
    def _write(cls):
        txt = "-" if cls.offset is None else str(cls.offset)
        cls.handle.seek(0)
        cls.handle.write(txt + " " * (cls.WIDTH - len(txt)))
        cls.handle.flush()

    def datetime(self, t=None):
        import time
        if t is None:
            if self.offset is None:   # not set since power-on: from 2021-01-01 at the boot
                secs = time.mktime((2021, 1, 1, 0, 0, 0, 0, 0)) + int(time.time()) - _BOOT_TIME
            else:
                secs = int(time.time()) + self.offset
            lt = time.localtime(secs)
            return (lt[0], lt[1], lt[2], lt[6], lt[3], lt[4], lt[5], 0)
        secs = time.mktime((t[0], t[1], t[2], t[4], t[5], t[6], 0, 0))
        _RTC.offset = secs - int(time.time())
        _RTC._write()


class _FakeMachine:
    """The unix port's machine with RTC added."""

    def __init__(self, real):
        self._real = real

    def RTC(self):
        return _RTC()

    def __getattr__(self, name):
        return getattr(self._real, name)


def install_rtc(path):
    import machine
    _RTC.open(path)
    sys.modules["machine"] = _FakeMachine(machine)


def garbage_forever():
    import time
    seed = 12345
    while True:
        chunk = bytearray(64)
        for i in range(64):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            chunk[i] = (seed >> 16) & 0xFF
        write(bytes(chunk))
        time.sleep_ms(2)


# --- raw REPL ---------------------------------------------------------------
_globals = {"__name__": "__main__"}


def run_code(source):
    """Compile and run source; output goes to the line, then \\x04, the
    traceback, \\x04 (mpremote's follow())."""
    err = None
    try:
        exec(source, _globals)
    except SystemExit:
        write(b"\x04\x04")
        raise
    except BaseException as e:  # noqa: B036 - the REPL reports everything
        err = e
    write(b"\x04")
    if err is not None:
        import io
        buf = io.StringIO()
        sys.print_exception(err, buf)
        write(buf.getvalue())
    write(b"\x04")


def raw_paste():
    """Raw-paste mode: receive the code under flow control, acknowledge the
    end with \\x04, then run it (no "OK" in this mode)."""
    write(b"R\x01" + bytes([WINDOW & 0xFF, WINDOW >> 8]))
    data = bytearray()
    remain = WINDOW
    while True:
        c = read1()
        if c == 4:
            write(b"\x04")
            break
        if c == 3:
            write(b"\x04")
            return
        data.append(c)
        remain -= 1
        if remain == 0:
            write(b"\x01")
            remain = WINDOW
    run_code(bytes(data))


def raw_repl(banner=True):
    if banner:
        write(BANNER)
    line = bytearray()
    write(b">")
    while True:
        c = read1()
        if c == 1:                       # Ctrl-A: restart the raw REPL
            line = bytearray()
            write(b"\r\n" + BANNER + b">")
        elif c == 2:                     # Ctrl-B: back to the friendly REPL
            write(b"\r\n")
            return
        elif c == 3:                     # Ctrl-C: drop the line
            line = bytearray()
        elif c == 4:
            if not line:                 # Ctrl-D on an empty line: soft reset
                write(b"soft reboot\r\n")
                raise SystemExit(RAW_RESET)
            write(b"OK")
            run_code(bytes(line))
            line = bytearray()
            write(b">")
        elif c == 5 and not line:        # raw-paste request: \x05 A \x01
            if read1() == ord("A") and read1() == 1:
                raw_paste()
                write(b">")
            else:
                write(b"R\x00")
        else:
            line.append(c)


def friendly_repl():
    write(b"MicroPython (Usher virtual device) on linux\r\n>>> ")
    line = bytearray()
    while True:
        c = read1()
        if c == 1:
            raw_repl()
            write(b">>> ")
            line = bytearray()
        elif c == 3:
            line = bytearray()
            write(b"\r\nKeyboardInterrupt\r\n>>> ")
        elif c == 4:
            write(b"\r\nsoft reboot\r\n")
            raise SystemExit(SOFT_BOOT)
        elif c in (10, 13):
            write(b"\r\n")
            if line:
                run_line(bytes(line))
                line = bytearray()
            write(b">>> ")
        else:
            line.append(c)
            write(bytes([c]))


def run_line(source):
    try:
        try:
            code = compile(source, "<stdin>", "eval")
        except SyntaxError:
            exec(source, _globals)
            return
        v = eval(code, _globals)
        if v is not None:
            write(repr(v) + "\r\n")
    except SystemExit:
        raise
    except BaseException as e:  # noqa: B036
        sys.print_exception(e)


def run_file(path):
    try:
        os.stat(path)
    except OSError:
        return
    try:
        exec(open(path).read(), _globals)
    except KeyboardInterrupt:
        write(b"\r\nKeyboardInterrupt\r\n")
    except SystemExit:
        raise
    except BaseException as e:  # noqa: B036
        sys.print_exception(e)


def main():
    global _BOOT_TIME
    import time
    _BOOT_TIME = int(time.time())
    if os.getenv("USHER_VDEV_RTC"):
        install_rtc(os.getenv("USHER_VDEV_RTC"))
    flash = os.getenv("USHER_VDEV_FLASH")
    if os.getenv("USHER_VDEV_GARBAGE") == "1":
        garbage_forever()
    mount_flash(flash)
    mpy = os.getenv("USHER_VDEV_MPY")
    if mpy:
        fake_mpy(int(mpy, 0))
    try:
        if os.getenv("USHER_VDEV_MODE") == "raw":
            run_file("boot.py")
            raw_repl()
        else:
            run_file("boot.py")
            run_file("main.py")
        while True:
            friendly_repl()
    except SystemExit as e:
        code = e.args[0] if e.args else 0
        _real_sys.exit(code if code in (RAW_RESET, HARD_RESET, SOFT_BOOT) else HARD_RESET)


main()
