// Usher image for a Raspberry Pi Pico + Waveshare Pico-ePaper-2.9 (PL-5,
// PL-14). The name shows in sys.implementation._machine ("Usher Pico
// ePaper-2.9 with RP2040"); usher.device.boards picks the profile from it.
#define MICROPY_HW_BOARD_NAME                   "Usher Pico ePaper-2.9"
// Same layout as RPI_PICO: firmware below 640 KB, littlefs from 0xA0000.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)

// The project's changes to MicroPython, switched on (../usher_patches.h).
#include "../usher_patches.h"

// No __file__ in each module's globals: the firmware never reads it on
// MicroPython, and it took a slot of every loaded module's table (about 50
// modules; docs/performance.md, What holds the heap).
#define MICROPY_MODULE___FILE__                 (0)


// The modules the firmware never imports are left out (../usher_features.h).
#include "../usher_features.h"
