# Ticks for CircuitPython, which has no time.ticks_ms/ticks_diff/sleep_ms.
# supervisor.ticks_ms() counts milliseconds in 29 bits (it wraps every 6.2
# days) and allocates nothing; ticks_ms() below widens it to MicroPython's
# 30-bit ticks by counting the wraps (the main loop reads the clock every
# few milliseconds, far more often than once per wrap), so the shared
# ButtonLogic and Runtime keep their wrap-safe arithmetic. install() puts
# these into usher.device.clock, the one place the device layer reads time.
import time

MASK = 0x3FFFFFFF
HALF = 0x20000000
_RAW_WRAP = 0x20000000          # supervisor.ticks_ms wraps at 2**29

try:
    from supervisor import ticks_ms as _raw
except ImportError:             # CircuitPython's unix port (the tests): 30-bit already
    _raw = None

_last = 0
_epoch = 0


def ticks_ms():
    global _last, _epoch
    if _raw is None:
        return time.ticks_ms() & MASK
    raw = _raw()
    if raw < _last:
        _epoch ^= _RAW_WRAP
    _last = raw
    return raw | _epoch


def widen(raw):
    """A supervisor.ticks_ms() value from the recent past (a keypad event's
    timestamp) in the ticks of ticks_ms()."""
    if _raw is None:
        return raw & MASK
    ticks_ms()
    if raw > _last:             # before the last wrap
        return raw | (_epoch ^ _RAW_WRAP)
    return raw | _epoch


def ticks_diff(a, b):
    return ((a - b + HALF) & MASK) - HALF


def sleep_ms(ms):
    if ms > 0:
        time.sleep(ms / 1000)


def install():
    from usher.device import clock
    clock.ticks_ms = ticks_ms
    clock.ticks_diff = ticks_diff
    clock.sleep_ms = sleep_ms
