"""The USB serial link to the board, on mpremote's SerialTransport (PL-12).

Link adds what the host tools need on top of mpremote's raw-REPL transport:
- clear errors for a missing device, a busy port, a board that does not
  answer with MicroPython's raw REPL (noise on the line), and a board that
  disappears mid-transfer (every read has a deadline, so nothing hangs);
- buffered reads (mpremote reads one byte per call on a pty and joins bytes
  quadratically, too slow for pulling a log).
"""
import ast
import os
import time

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from usher_host.errors import HostError

RP2040_VID = 0x2E8A          # Raspberry Pi: Pico, Badger 2040 and other RP2040 boards
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
MAX_REPLY = 4 * 1024 * 1024  # a reply this long is noise, not MicroPython


def board_ports():
    """Serial ports that look like MicroPython boards: (device, description)."""
    out = []
    for p in sorted(serial.tools.list_ports.comports(), key=lambda p: p.device):
        if p.vid == RP2040_VID or "micropython" in (p.manufacturer or "").lower():
            out.append((p.device, "%s %s (VID:PID %04X:%04X, serial %s)" % (
                p.manufacturer or "", p.product or p.description or "", p.vid or 0, p.pid or 0,
                p.serial_number or "?")))
    return out


def find_port(port=None):
    if port:
        if not os.path.exists(port) and not port.startswith(("socket://", "rfc2217://")):
            raise HostError("No device at %s: the port does not exist (unplugged? see `usher devices`)."
                            % port)
        return port
    ports = board_ports()
    if not ports:
        raise HostError("No MicroPython board found on USB. Plug the board in (a data cable, "
                        "not charge-only), or name the port with --port.")
    if len(ports) > 1:
        raise HostError("Several boards found (%s): choose one with --port."
                        % ", ".join(p[0] for p in ports))
    return ports[0][0]


# A MicroPython board answers the raw-REPL handshake within a fraction of a
# second; a port that stays silent this long is not one.
SILENT_S = 3.0


class Link(SerialTransport):
    def __init__(self, port, timeout=5.0):
        # mpremote's constructor swallows the reason a port cannot be opened;
        # open it here to tell "busy" from "gone".
        self.in_raw_repl = False
        self.use_raw_paste = True
        self.device_name = port
        self.mounted = False
        self.timeout = timeout
        self._rx = b""
        try:
            self.serial = serial.Serial(port, baudrate=115200, timeout=timeout, exclusive=True)
        except serial.SerialException as e:
            text = str(e)
            if "lock" in text or "busy" in text.lower() or "Errno 16" in text:
                raise HostError("Port %s is busy: another program has it open (a serial monitor, "
                                "Thonny, mpremote, another usher). Close it and try again." % port) from None
            if not os.path.exists(port):
                raise HostError("No device at %s: the port does not exist." % port) from None
            raise HostError("Cannot open %s: %s" % (port, text)) from None
        self.is_pty = self._is_pty_device(port)

    # --- reading with deadlines -----------------------------------------------
    def _fill(self, wait):
        try:
            n = self.serial.in_waiting
            data = self.serial.read(n if n else 1) if (n or wait) else b""
        except (serial.SerialException, OSError) as e:
            raise self.gone("the line failed (%s)" % e) from None
        return data

    def gone(self, why):
        return HostError("The device stopped answering: %s. It was unplugged, reset or crashed. "
                         "Files are written to a temporary name and renamed when complete, so each "
                         "file on the board is whole (old or new); run the command again." % why)

    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
        """Bytes up to and including `ending`; raises HostError on silence
        (timeout between bytes) or noise (an over-long reply)."""
        if timeout is None or timeout > self.timeout * 2:
            timeout = self.timeout * 2
        last = time.monotonic()
        start = last
        while True:
            i = self._rx.find(ending)
            if i >= 0:
                data = self._rx[:i + len(ending)]
                self._rx = self._rx[i + len(ending):]
                if data_consumer:
                    data_consumer(data)
                return data
            if len(self._rx) > MAX_REPLY:
                raise HostError("Garbage on the serial line: %d bytes without a MicroPython reply. "
                                "Is this a MicroPython board, and is nothing else writing to it?"
                                % len(self._rx))
            new = self._fill(wait=True)
            now = time.monotonic()
            if new:
                self._rx += new
                last = now
            elif now - last > timeout or (timeout_overall and now - start > timeout_overall):
                return self._rx

    def read_exact(self, n):
        while len(self._rx) < n:
            new = self._fill(wait=True)
            if not new:
                raise self.gone("no reply within %g s" % self.timeout)
            self._rx += new
        data, self._rx = self._rx[:n], self._rx[n:]
        return data

    # --- raw REPL -----------------------------------------------------------------
    def enter_raw_repl(self, soft_reset=False, timeout_overall=6):
        """Interrupt the running program and get the raw REPL prompt. Like
        mpremote's, but bounded: a line full of noise fails in seconds."""
        try:
            self.serial.write(b"\r\x03")
            time.sleep(0.05)
            self.serial.write(b"\x03")
            deadline = time.monotonic() + 1.0
            self._rx = b""
            while self.serial.in_waiting and time.monotonic() < deadline:
                self.serial.read(self.serial.in_waiting)
            self.serial.write(b"\r\x01")
        except (serial.SerialException, OSError) as e:
            raise self.gone("the line failed (%s)" % e) from None
        expected = RAW_BANNER + b">"
        try:
            data = self._until_within(expected, timeout_overall)
            if soft_reset:
                self.serial.write(b"\x04")
                self._until_within(b"soft reboot\r\n", timeout_overall)
                self._until_within(RAW_BANNER, timeout_overall)
            else:
                self._rx = b">" + self._rx   # the prompt exec_raw_no_follow waits for
        except HostError as e:
            if "Garbage" in e.message:
                raise
            raise HostError("No MicroPython raw REPL on %s: %s. Is it a MicroPython board? "
                            "Unplug and replug it, then try again." % (self.device_name, e.message)) from None
        self.in_raw_repl = True
        return data

    def _until_within(self, ending, seconds, silent=SILENT_S):
        """Read until `ending`, for at most `seconds`; a line that stays
        silent for `silent` seconds from the start fails at once (a
        MicroPython board answers Ctrl-C/Ctrl-A within a fraction of that).
        Each read waits at most 0.2 s, so the deadline is kept."""
        start = time.monotonic()
        seen = 0
        old_timeout = self.serial.timeout
        self.serial.timeout = 0.2
        try:
            while True:
                i = self._rx.find(ending)
                if i >= 0:
                    data = self._rx[:i + len(ending)]
                    self._rx = self._rx[i + len(ending):]
                    return data
                waited = time.monotonic() - start
                if waited > seconds or (not seen and waited > silent):
                    if seen:
                        raise HostError("Garbage on the serial line: %d bytes in %g s and no MicroPython "
                                        "prompt (first bytes %r). Is this a MicroPython board, and is "
                                        "nothing else writing to it?" % (seen, seconds, self._rx[:24]))
                    raise HostError("no answer within %g s" % min(seconds, silent))
                new = self._fill(wait=True)
                seen += len(new)
                self._rx += new
                if len(self._rx) > 4096:
                    self._rx = self._rx[-4096:]
        finally:
            self.serial.timeout = old_timeout

    def raw_paste_write(self, command_bytes):
        header = self.read_exact(2)
        window = header[0] | (header[1] << 8)
        remain = window
        i = 0
        while i < len(command_bytes):
            while remain == 0 or self.serial.in_waiting or self._rx:
                c = self.read_exact(1)
                if c == b"\x01":
                    remain += window
                elif c == b"\x04":
                    self.serial.write(b"\x04")
                    return
                else:
                    raise HostError("Unexpected reply during upload: %r" % c)
            chunk = command_bytes[i:i + remain]
            self.serial.write(chunk)
            remain -= len(chunk)
            i += len(chunk)
        self.serial.write(b"\x04")
        self.read_until(1, b"\x04")

    def exec_raw_no_follow(self, command):
        if isinstance(command, str):
            command = command.encode()
        try:
            data = self.read_until(1, b">")
            if not data.endswith(b">"):
                raise self.gone("no prompt")
            if self.use_raw_paste:
                self.serial.write(b"\x05A\x01")
                reply = self.read_exact(2)
                if reply == b"R\x01":
                    return self.raw_paste_write(command)
                self.use_raw_paste = False
                if reply != b"R\x00":
                    self.read_until(1, b"w REPL; CTRL-B to exit\r\n>")
            for i in range(0, len(command), 256):
                self.serial.write(command[i:i + 256])
                time.sleep(0.01)
            self.serial.write(b"\x04")
            if self.read_exact(2) != b"OK":
                raise HostError("The device refused the command (not MicroPython's raw REPL?)")
        except (serial.SerialException, OSError) as e:
            raise self.gone("the line failed (%s)" % e) from None

    def follow(self, timeout, data_consumer=None):
        out = self.read_until(1, b"\x04", timeout=timeout)
        if not out.endswith(b"\x04"):
            raise self.gone("no reply within %g s" % self.timeout)
        err = self.read_until(1, b"\x04", timeout=timeout)
        if not err.endswith(b"\x04"):
            raise self.gone("no reply within %g s" % self.timeout)
        return out[:-1], err[:-1]

    def run(self, code):
        """Execute code on the device; its printed output (str). A Python
        error on the device becomes HostError with the traceback."""
        try:
            return self.exec(code).decode("utf-8", "replace")
        except TransportExecError as e:
            raise HostError("Error on the device:\n" + e.error_output.strip()) from None
        except TransportError as e:
            raise self.gone(str(e)) from None

    def value(self, expr):
        """A Python literal computed on the device."""
        out = self.run("print(repr(%s))" % expr).strip()
        try:
            return ast.literal_eval(out)
        except (ValueError, SyntaxError):
            raise HostError("Unexpected reply from the device: %r" % out[:200]) from None

    def reset(self):
        """Hard reset (machine.reset); the virtual device treats the
        SystemExit as its reset. Returns without waiting for the reboot."""
        code = ("import machine\n"
                "r = getattr(machine, 'reset', None)\n"
                "if r is None:\n    raise SystemExit\nr()\n")
        try:
            self.exec_raw_no_follow(code)
        except HostError:
            pass

    def soft_reboot(self):
        """Leave the raw REPL and soft-reboot the board (Ctrl-D at the
        friendly REPL): main.py runs again and the real-time clock keeps
        its time, which a reset would clear. Returns without waiting."""
        try:
            self.serial.write(b"\r\x02")
            time.sleep(0.1)
            self.serial.write(b"\x04")
            self.serial.flush()
        except (serial.SerialException, OSError) as e:
            raise self.gone("the line failed (%s)" % e) from None
        self.in_raw_repl = False

    def close(self):
        try:
            if self.in_raw_repl:
                self.serial.write(b"\r\x02")
        except (serial.SerialException, OSError):
            pass
        try:
            self.serial.close()
        except (serial.SerialException, OSError):
            pass


# Sets the board's clock to the host's local time (the play history's dates,
# usher.device.wallclock). mpremote sets it only when asked (`mpremote rtc
# --set`); every `usher` command does it on connecting. Before the firmware is
# on the board, machine.RTC is used directly; a board with neither is left
# alone.
SET_CLOCK = """
try:
    from usher.device import wallclock as _u_wc
    print(_u_wc.set(%(t)r))
except ImportError:
    try:
        import machine
        machine.RTC().datetime(%(rtc)r)
        print('rtc')
    except Exception:
        print('none')
"""


READ_CLOCK = """
try:
    from usher.device import wallclock as _u_wc
    print(repr(_u_wc.now()))
except ImportError:
    print('None')
"""


def board_clock(link):
    """The board's date and time as the firmware sees it (a tuple), or None
    when it is not set or the firmware is not on the board."""
    out = link.run(READ_CLOCK).strip()
    try:
        return ast.literal_eval(out)
    except (ValueError, SyntaxError):
        raise HostError("Unexpected reply from the device: %r" % out[:200]) from None


def set_clock(link, now=None):
    """Set the board's clock to now (a time.struct_time, default: the
    host's local time). Returns how: "rtc", "virtual" or "none"."""
    t = now or time.localtime()
    fields = (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
    rtc = (t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_hour, t.tm_min, t.tm_sec, 0)
    try:
        return link.run(SET_CLOCK % {"t": fields, "rtc": rtc}).strip() or "none"
    except HostError:
        return "none"   # the date is a nicety: never fail a command for it


def connect(port=None, timeout=5.0, clock=True):
    """Open the board's port and enter the raw REPL (no soft reset: the
    running program is interrupted, like mpremote's `resume`), then set the
    board's clock (set_clock) unless clock is False."""
    link = Link(find_port(port), timeout=timeout)
    try:
        link.enter_raw_repl(soft_reset=False)
        if clock:
            set_clock(link)
    except BaseException:
        link.close()
        raise
    return link
