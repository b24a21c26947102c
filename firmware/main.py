# Usher firmware entry point (MicroPython runs main.py after boot).
# Everything happens in usher.device.runtime.main(): power latch first, safe
# mode when a button is held for two seconds at boot, then the app.
from usher.device import runtime

runtime.main()
