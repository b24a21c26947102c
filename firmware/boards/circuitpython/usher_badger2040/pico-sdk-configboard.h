// CircuitPython's Badger 2040 pico-sdk settings.
#pragma once
#include "../pimoroni_badger2040/pico-sdk-configboard.h"

// No 200 ms busy wait at every reset for a second reset into the USB
// bootloader (pico_bootsel_via_double_reset, which CircuitPython's rp2 port
// links in): Usher's first picture comes 200 ms sooner. The constructor still
// runs, but with no window a second reset always finds the flag cleared, so
// a double reset is an ordinary reset. The bootloader is reached as the
// README says, BOOT/USR held while RESET is pressed, which the ROM handles
// before any of this image runs. docs/circuitpython.md says what was left out.
#define PICO_BOOTSEL_VIA_DOUBLE_RESET_TIMEOUT_MS 0
