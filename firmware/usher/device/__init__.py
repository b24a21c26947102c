# The hardware layer: the only package that imports machine, rp2 or board
# modules (PL-2). Everything here runs on MicroPython only; the tests run it on
# the unix port with a fake `machine` module (tests/fakes/machine.py).
