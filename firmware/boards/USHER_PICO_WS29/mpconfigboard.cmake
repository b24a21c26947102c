# Usher image for a Raspberry Pi Pico with the Waveshare Pico-ePaper-2.9 and
# five buttons (PL-5, PL-14). No power latch: nothing to do before Python.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# The frozen firmware; usher_image.py is generated into the build folder.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../manifest.py)
set(MICROPY_MANIFEST_USHER_GEN ${CMAKE_BINARY_DIR}/usher_gen)

# The core-0 C stack: 16 KB (stack16k.cmake says why).
include(${MICROPY_BOARD_DIR}/../stack16k.cmake)
