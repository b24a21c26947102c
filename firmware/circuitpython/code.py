# Usher on CircuitPython: the entry (CircuitPython runs code.py after
# boot.py), like firmware/main.py on MicroPython. Everything happens in
# usher.device.circuitpython.backend.main(): USB editing mode when boot.py
# left the drive to the computer, otherwise the shared boot and main loop
# (usher.device.runtime.main) with CircuitPython's display, buttons and power.
import sys

if ".frozen" in sys.path:
    # On the CircuitPython image with Usher frozen in, the frozen package
    # wins over a usher/ folder left in lib/ by a files install.
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")

from usher.device.circuitpython import backend  # noqa: E402

backend.main()
