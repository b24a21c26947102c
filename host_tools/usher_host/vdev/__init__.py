"""The virtual device (PL-13): MicroPython's unix port on a pseudo-terminal
with a host folder as its flash. See supervisor.py and device_main.py."""
