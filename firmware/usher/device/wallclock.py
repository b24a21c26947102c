# The date and time of day, for the play history (usher.ui.playlog): the App
# gets now() as services["date"]. The host tools set the clock whenever they
# connect (usher_host.link.set_clock runs set() through the raw REPL).
#
# - A board with machine.RTC (RP2040): set() writes the RTC; now() reads
#   time.localtime(). The RP2040's RTC is not battery-backed and MicroPython
#   starts it at 2021-01-01 on every boot, so a year before VALID_FROM means
#   "never set since power-on": now() returns None and the play is undated.
# - The virtual board (unix port, no machine.RTC): its host clock is always
#   right, which a Badger's is not; to behave like the Badger it keeps an
#   offset from set() in RAM, lost when the process ends (a reset or the
#   board "unplugged"), and reports None until set.
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
    if _rtc() is None:
        if _offset is None:
            return None
        t = time.localtime(int(time.time()) + _offset)
    else:
        t = time.localtime()
        if t[0] < VALID_FROM:
            return None
    return tuple(t[:6])
