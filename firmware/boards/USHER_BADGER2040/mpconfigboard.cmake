# Usher image for the Pimoroni Badger 2040 (PL-4, PL-14).
# The SDK's board header names the Badger's pins and its 2 MB flash.
set(PICO_BOARD "pimoroni_badger2040")
set(PICO_PLATFORM "rp2040")

# Power latch and wake button, captured in C before Python starts, and the
# `wakeup` module that reports them (usher_board.c).
list(APPEND MICROPY_SOURCE_BOARD ${MICROPY_BOARD_DIR}/usher_board.c)

# The frozen firmware; usher_image.py is generated into the build folder.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../manifest.py)
set(MICROPY_MANIFEST_USHER_GEN ${CMAKE_BINARY_DIR}/usher_gen)

# The core-0 C stack: 16 KB (stack16k.cmake says why).
include(${MICROPY_BOARD_DIR}/../stack16k.cmake)
