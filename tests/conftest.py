# The portable tests import the firmware package and their helper module as
# top-level names, exactly as they do on MicroPython (MICROPYPATH).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", os.path.join("tests", "portable"), ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)

# The emulated-board tests (tests/rp2, PL-16) need the firmware images and
# take minutes: `make test-rp2` (part of `make test`) builds the images and
# runs them with USHER_RP2=1; a plain `pytest` leaves them out.
collect_ignore = [] if os.environ.get("USHER_RP2") else ["rp2"]
# CircuitPython's (tests/circuitpython) need `make circuitpython`'s image and
# drive: `make test-circuitpython` runs them with USHER_CIRCUITPY=1.
if not os.environ.get("USHER_CIRCUITPY"):
    collect_ignore.append("circuitpython")


def pytest_sessionfinish(session, exitstatus):
    """The portable tests' folders (mptest.tmpdir) leave /tmp with the run."""
    mptest = sys.modules.get("mptest")
    if mptest is not None:
        mptest.cleanup()
