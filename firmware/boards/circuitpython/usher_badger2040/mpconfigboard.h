// Usher on CircuitPython: CircuitPython's Badger 2040 board, renamed.
#pragma once

#include "../pimoroni_badger2040/mpconfigboard.h"

#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Pimoroni Badger 2040 with Usher"

// The VM's heap starts at 48 KB, not CircuitPython's 8 KB: the firmware
// holds about 36 KB once its first screen is up, and a heap that starts
// small grows by doubling, each step after a failed allocation and a full
// collection (py/gc.c, gc_try_add_heap), four of them during the boot: a
// reset comes back 32-44 ms sooner on the emulated chip (docs/performance.md,
// CircuitPython per session). A settings.toml on the drive
// (CIRCUITPY_HEAP_START_SIZE) still overrides it.
#define CIRCUITPY_HEAP_START_SIZE (48 * 1024)
