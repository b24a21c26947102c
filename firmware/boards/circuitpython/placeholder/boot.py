# Placeholder boot.py for the CIRCUITPY drive, used by `make circuitpython`
# until the device layer's own (firmware/circuitpython/boot.py) exists. It
# leaves the drive as CircuitPython sets it up (writable by USB, read-only to
# code) and only records that it ran.
print("usher boot.py (placeholder)")
