// Usher image for the Pimoroni Badger 2040 (PL-4, PL-14).
// The name shows in sys.implementation._machine ("Usher Badger 2040 with
// RP2040"); usher.device.boards picks the Badger profile from it.
#define MICROPY_HW_BOARD_NAME                   "Usher Badger 2040"
// Same layout as RPI_PICO: firmware below 640 KB, littlefs in the last
// 1408 KB of the 2 MB flash (from offset 0xA0000).
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)

// The earliest board hook in ports/rp2/main.c (right after the clocks are
// set, before USB, the heap and Python): hold the power latch and record
// the button that woke the board (usher_board.c).
#ifndef __ASSEMBLER__
void usher_board_startup(void);
#endif
#define MICROPY_BOARD_STARTUP()                 usher_board_startup()

// The project's changes to MicroPython, switched on (../usher_patches.h).
#include "../usher_patches.h"

// No __file__ in each module's globals: the firmware never reads it on
// MicroPython, and it took a slot of every loaded module's table (about 50
// modules; docs/performance.md, What holds the heap).
#define MICROPY_MODULE___FILE__                 (0)


// The modules the firmware never imports are left out (../usher_features.h).
#include "../usher_features.h"
