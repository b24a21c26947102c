# Time for the hardware layer, behind one module so the tests can swap in a
# virtual clock (scripted button timings, busy timeouts) by assigning these
# attributes. Callers always write clock.ticks_ms(), never import the names.
import time

try:
    # MicroPython: time's own functions, not wrappers around them. The main
    # loop calls ticks_ms and sleep_ms on every pass and the panel's
    # ready() ticks_ms and ticks_diff while it is busy: a Python frame less
    # for each on the chip.
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    sleep_ms = time.sleep_ms
except AttributeError:
    # No ticks here (CPython, CircuitPython): calls fail until a clock is
    # installed (usher.device.circuitpython.clock.install, or a test's).
    def ticks_ms():
        return time.ticks_ms()

    def ticks_diff(a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(ms):
        time.sleep_ms(ms)
