# Usher: firmware package for a pocket e-ink table companion.
# Everything under usher/ except usher/device/ is plain Python in the subset
# that MicroPython and CPython share (PL-2).
VERSION = "0.1.0"
