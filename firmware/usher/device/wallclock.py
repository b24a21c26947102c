# The date and time of day, for the play history (usher.ui.playlog): the App
# gets now() as services["date"]. The host tools set the clock whenever they
# connect (usher_host.link.set_clock runs set() through the raw REPL).
#
# - A board with machine.RTC (RP2040, and the virtual device, whose RTC
#   behaves the same): set() writes the RTC, now() reads it. The RP2040's RTC
#   is not battery-backed and MicroPython starts it at 2021-01-01 at every
#   boot; it keeps time across a soft reboot (`usher clock` sets it, then
#   soft-reboots into the firmware), not across a reset or power-off. A year
#   before VALID_FROM means "not set since power-on": now() returns None and
#   the play is undated.
# - A unix port without machine.RTC: the offset from set() is kept in RAM
#   until the process ends; None until set.
import time

VALID_FROM = 2025
_offset = None   # virtual board: seconds from time.time() to the set clock


def _rtc():
    try:
        import machine
    except ImportError:
        return None
    cls = getattr(machine, "RTC", None)
    return cls() if cls is not None else None


def set(t):
    """Set the clock to t = (year, month, day, hour, minute, second), local
    time as the host sees it. Returns "rtc" or "virtual"."""
    global _offset
    secs = time.mktime((t[0], t[1], t[2], t[3], t[4], t[5], 0, 0))
    rtc = _rtc()
    if rtc is not None:
        weekday = time.localtime(secs)[6]   # Monday = 0, as machine.RTC wants
        rtc.datetime((t[0], t[1], t[2], weekday, t[3], t[4], t[5], 0))
        return "rtc"
    _offset = secs - int(time.time())
    return "virtual"


def now():
    """(year, month, day, hour, minute, second), or None when the clock has
    not been set since power-on."""
    rtc = _rtc()
    if rtc is None:
        if _offset is None:
            return None
        t = time.localtime(int(time.time()) + _offset)
        return tuple(t[:6])
    d = rtc.datetime()   # (year, month, day, weekday, hour, minute, second, subsecond)
    if d[0] < VALID_FROM:
        return None
    return (d[0], d[1], d[2], d[4], d[5], d[6])
