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

// The garbage collector skips whole words of used blocks when it looks for
// free ones (tools/firmware_image.py, GC_SCAN).
#define MICROPY_GC_ATB_WORD_SKIP                (1)

// framebuf fills and blits MONO_HLSB a byte at a time, not a pixel
// (tools/framebuf_fast.py).
#define MICROPY_FRAMEBUF_MONO_FAST              (1)

// A function's frame of up to 32 words (locals and its value stack) lives on
// the C stack; the port's 11 made every larger one a gc_alloc and gc_free per
// call (tools/firmware_image.py, VM_STATE). Paid for by the 16 KB stack of
// ../stack16k.cmake.
#define MICROPY_VM_MAX_STATE_WORDS_ON_STACK     (32)

// littlefs's read, program and per-file caches are 512 bytes, not 1 KB
// (tools/firmware_image.py, LFS_CACHE): 1 KB less heap held all the time,
// 512 B less for every open file; inline files stay up to 512 bytes.
#define MICROPY_VFS_LFS_CACHE_FACTOR            (2)

// littlefs's janitorial work on demand, VfsLfs2.gc() (tools/lfs_janitor.py):
// the firmware runs it while the panel shows a press's picture, so that a
// directory's compaction (a 4 KB erase) is not left to the next press's save.
#define MICROPY_VFS_LFS2_JANITOR                (1)

// No __file__ in each module's globals: the firmware never reads it on
// MicroPython, and it took a slot of every loaded module's table (about 50
// modules; docs/performance.md, What holds the heap).
#define MICROPY_MODULE___FILE__                 (0)

