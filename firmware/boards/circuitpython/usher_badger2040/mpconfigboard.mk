# Usher on CircuitPython: the Pimoroni Badger 2040 (CircuitPython's own
# pimoroni_badger2040, whose C files this board includes) with the usher
# package and usher_image frozen in. tools/circuitpython_image.py copies this
# folder into the tree's ports/raspberrypi/boards/ and passes USHER_FROZEN,
# the folder it assembles (build/circuitpython/work/frozen).
USB_VID = 0x2E8A
USB_PID = 0x101B
USB_PRODUCT = "Badger 2040"
USB_MANUFACTURER = "Pimoroni"

CHIP_VARIANT = RP2040
CHIP_FAMILY = rp2

EXTERNAL_FLASH_DEVICES = "W25Q16JVxQ"

CIRCUITPY_PICODVI = 0
CIRCUITPY_USB_HOST = 0

# Room for the frozen firmware (about 200 KB of bytecode): the stock image
# is 856,652 bytes of the 1020 KB before the drive, and with usher frozen it
# would be 11 KB over. Left out, as nothing on a Badger running Usher uses
# them: ulab (numpy-like arrays), MP3 and synthesizer audio, the EVE
# graphics co-processor (the stock board turns it on), RGB LED matrices,
# cameras and USB video.
CIRCUITPY__EVE = 0
CIRCUITPY_ULAB = 0
CIRCUITPY_AUDIOMP3 = 0
CIRCUITPY_SYNTHIO = 0
CIRCUITPY_RGBMATRIX = 0
CIRCUITPY_IMAGECAPTURE = 0
CIRCUITPY_USB_VIDEO = 0

# No one-second wait at reset for a second reset into CircuitPython's safe
# mode (supervisor/shared/safe_mode.c, wait_for_safe_mode_reset): Usher's
# first picture comes a second sooner. Safe mode after a crash or a
# brown-out is kept; docs/circuitpython.md says what the wait was for.
CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1

FROZEN_MPY_DIRS += $(USHER_FROZEN)

# Group.c's call to displayio_tilegrid_fill_area goes through the board's
# __wrap_displayio_tilegrid_fill_area (tilegrid_mono.c, included by board.c):
# the one-tile 1-bit TileGrid that Usher shows is converted without
# displayio's per-pixel divisions and calls. CFLAGS_BOARD reaches the link
# command too (ports/raspberrypi/Makefile links with $(CFLAGS)).
CFLAGS_BOARD += -Wl,--wrap=displayio_tilegrid_fill_area

# EPaperDisplay's waits for BUSY in the start sequence read the pin through
# the board's __wrap_common_hal_digitalio_digitalinout_get_value (busy_idle.c,
# included by board.c), which sleeps a tick while the panel is busy instead of
# spinning.
CFLAGS_BOARD += -Wl,--wrap=common_hal_digitalio_digitalinout_get_value

# The CIRCUITPY drive's sector cache goes through the board's flash_cache.c
# (included by board.c): written back when the drive moves to another sector
# or before a picture, not at every FAT sync, and read from while it holds a
# sector; the drive's timer flushes once the drive has been quiet.
CFLAGS_BOARD += -Wl,--wrap=supervisor_flash_read_blocks -Wl,--wrap=supervisor_flash_write_blocks
CFLAGS_BOARD += -Wl,--wrap=port_internal_flash_flush -Wl,--wrap=supervisor_flash_flush
CFLAGS_BOARD += -Wl,--wrap=common_hal_epaperdisplay_epaperdisplay_refresh -Wl,--wrap=filesystem_background

# time.sleep sleeps the last part of its last tick too, instead of spinning
# through it (delay_idle.c, included by board.c).
CFLAGS_BOARD += -Wl,--wrap=mp_hal_delay_ms
