# Time for the hardware layer, behind one module so the tests can swap in a
# virtual clock (scripted button timings, busy timeouts) by assigning these
# attributes. Callers always write clock.ticks_ms(), never import the names.
import time


def ticks_ms():
    return time.ticks_ms()


def ticks_diff(a, b):
    return time.ticks_diff(a, b)


def sleep_ms(ms):
    time.sleep_ms(ms)
