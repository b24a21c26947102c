# Usher: firmware package for a pocket e-ink table companion.
# Everything under usher/ except usher/device/ is plain Python in the subset
# that MicroPython and CPython share (PL-2).
import sys

VERSION = "0.1.0"


def unload(name):
    """Drop the module name from sys.modules and from its package, so that
    it leaves RAM once nothing else holds it; a later import loads it again
    from flash. No module keeps, at its top level, one that is unloaded:
    it would hold it in RAM (tests/host/test_firmware_image.py checks)."""
    if name in sys.modules:
        del sys.modules[name]
    parent, short = name.rsplit(".", 1)
    package = sys.modules.get(parent)
    if package is not None and short in package.__dict__:
        delattr(package, short)
