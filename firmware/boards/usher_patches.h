// The switches of the project's changes to MicroPython's sources, shared by
// both boards' mpconfigboard.h. Each change is a macro that is off (or at
// MicroPython's own value) unless a board sets it; firmware/boards/README.md
// says for each what it does, its A/B figures (bench/rp2_ab.py) and how to
// port it. Each is #ifndef-guarded here so that an A/B build can set it
// back from the command line (tools/firmware_image.py --define).

// framebuf fills and blits MONO_HLSB a byte at a time, not a pixel
// (tools/framebuf_fast.py).
#ifndef MICROPY_FRAMEBUF_MONO_FAST
#define MICROPY_FRAMEBUF_MONO_FAST              (1)
#endif

// A function's frame of up to 32 words (locals and its value stack) lives on
// the C stack; the port's 11 made every larger one a gc_alloc and gc_free per
// call (tools/firmware_image.py, VM_STATE). Paid for by the 16 KB stack of
// stack16k.cmake.
#ifndef MICROPY_VM_MAX_STATE_WORDS_ON_STACK
#define MICROPY_VM_MAX_STATE_WORDS_ON_STACK     (32)
#endif

// littlefs's janitorial work on demand, VfsLfs2.gc() (tools/lfs_janitor.py):
// the firmware runs it while the panel shows a press's picture, so that a
// directory's compaction (a 4 KB erase) is not left to the next press's save.
#ifndef MICROPY_VFS_LFS2_JANITOR
#define MICROPY_VFS_LFS2_JANITOR                (1)
#endif
