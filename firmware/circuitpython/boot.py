# Usher on CircuitPython: boot.py runs once at power-on or reset, before USB
# connects. CircuitPython lets either the computer (over USB) or the code
# write the CIRCUITPY drive, never both. Usher saves games to /data, so by
# default the drive is remounted writable for the firmware and the computer
# sees it read-only.
#
# USB editing mode: hold UP while pressing RESET (or while switching on) and
# keep it held for a second. The drive then stays writable from the computer
# and read-only to Usher, which shows "USB editing mode" and does not start.
# Reset without holding UP to play again. (A short press of any front button
# only powers the board on from battery; it does not select this mode.)
import time

import board
import digitalio
import storage

HOLD_S = 1.0


def up_held():
    pin = digitalio.DigitalInOut(board.SW_UP)
    pin.switch_to_input(pull=digitalio.Pull.DOWN)
    try:
        t0 = time.monotonic()
        while time.monotonic() - t0 < HOLD_S:
            if not pin.value:
                return False
            time.sleep(0.02)
        return True
    finally:
        pin.deinit()


if not up_held():
    storage.remount("/", readonly=False)
