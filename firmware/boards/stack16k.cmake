# A 16 KB C stack for core 0 instead of the port's 8 KB (both Usher boards).
#
# Why: the board lets the VM keep bigger function frames on the C stack
# (MICROPY_VM_MAX_STATE_WORDS_ON_STACK in usher_patches.h) instead of a
# gc_alloc and gc_free per call, which cost a third of the idle loop and much
# of a press's allocations (firmware/boards/README.md, "Frames on the C stack"). Those
# frames make the deepest sampled stack about 7 KB of the port's 8 KB, too
# close; 16 KB gives the same margin as before and more.
#
# How: the port's own linker script (ports/rp2/memmap_mp_rp2040.ld, read from
# the pinned tree at configure time, never copied into the project) with the
# RAM region 8 KB shorter and SCRATCH_Y, which holds the stack, grown
# downwards by those 8 KB (the SRAM banks and the scratch banks are one
# contiguous range, 0x20000000-0x20042000). The stack is the whole of
# SCRATCH_Y (nothing else is placed there: the ASSERT below), so
# __StackBottom is its origin. The garbage-collected heap ends 8 KB sooner.
file(READ ${MICROPY_PORT_DIR}/memmap_mp_rp2040.ld USHER_LD)
macro(usher_ld_edit old new)
    string(FIND "${USHER_LD}" "${old}" usher_at)
    if(usher_at EQUAL -1)
        message(FATAL_ERROR "memmap_mp_rp2040.ld: '${old}' not found (not MicroPython 1.28's linker script?)")
    endif()
    string(REPLACE "${old}" "${new}" USHER_LD "${USHER_LD}")
endmacro()
usher_ld_edit("LENGTH = 256k" "LENGTH = 248k")
usher_ld_edit("SCRATCH_X(rwx) : ORIGIN = 0x20040000" "SCRATCH_X(rwx) : ORIGIN = 0x2003E000")
usher_ld_edit("SCRATCH_Y(rwx) : ORIGIN = 0x20040000, LENGTH = 8k" "SCRATCH_Y(rwx) : ORIGIN = 0x2003E000, LENGTH = 16k")
usher_ld_edit("__StackBottom = __StackTop - SIZEOF(.stack_dummy)" "__StackBottom = ORIGIN(SCRATCH_Y)")
usher_ld_edit("/* Check GC heap is at least 32 KB */" "ASSERT(SIZEOF(.scratch_y) == 0, \"usher: the C stack is all of SCRATCH_Y\")\n    /* Check GC heap is at least 32 KB */")
file(WRITE ${CMAKE_BINARY_DIR}/usher_memmap_rp2040.ld "${USHER_LD}")
set(MICROPY_BOARD_LINKER_SCRIPT ${CMAKE_BINARY_DIR}/usher_memmap_rp2040.ld)
