# Frozen into the 32-bit unix test build only (firmware/boards/unix32/
# manifest.py), for tests/portable/test_frozen_funs.py: functions whose
# default values tools/frozen_funs.py puts in flash with them, or must not.
import sys

# True, but not a constant the compiler knows.
AT_RUN_TIME = len(sys.argv) >= 0


def constants(a, b=5, c="seat", d=None, e=True, f=-3):
    return (a, b, c, d, e, f)


def computed(a, b=7 if AT_RUN_TIME else 5):
    # Its bytecode ends its default's expression with the constant 5 (the
    # jump's target) right before BUILD_TUPLE: the value made at run time
    # is 7, which the object in flash must not replace.
    return (a, b)


def an_object(a, b=()):
    # a default that is an object of the constant table: on the heap
    return (a, b)


def unload_then_call():
    # Takes its own module out of sys.modules, collects, and calls another
    # function of it: the running function holds the module's globals, so
    # the collection keeps them and the call finds them.
    import gc
    name = __name__
    held = sys.modules.pop(name)
    try:
        gc.collect()
        return _sibling()
    finally:
        sys.modules[name] = held


def _sibling():
    return AT_RUN_TIME
