# The portable tests import the firmware package and their helper module as
# top-level names, exactly as they do on MicroPython (MICROPYPATH).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", os.path.join("tests", "portable"), ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)
