// CircuitPython's Badger 2040 board: the panel (board.DISPLAY) and the pins,
// with two changes to the panel's bus made once the board's own set-up has
// run (the figures: docs/performance.md, CircuitPython per session):
// - the SPI clock 12 MHz instead of 1.2 MHz: the MicroPython image drives the
//   same UC8151 at 12 MHz (usher.device.boards), as Pimoroni's own driver
//   does; a frame of 4,736 bytes is then about 3 ms on the bus, not 32, and
//   CircuitPython spins in its background tasks for as long as a transfer
//   lasts;
// - no second frame into DTM1: EPaperDisplay sent 4,736 bytes of zeros there
//   on every refresh as the UC8151's "old" frame, which neither the panel's
//   OTP waveform (the new frame alone decides) nor Pimoroni's fast and turbo
//   LUTs that Usher loads read (WW = BW, WB = BB), as Pimoroni's driver,
//   which sends DTM2 only; the emulated panel reports a waveform that would
//   read an unwritten old frame as an error (sim/rp2/panels.mjs).
#include "supervisor/board.h"

// The vendor's board_init, renamed so that this file's can run it first.
void usher_vendor_board_init(void);
#define board_init usher_vendor_board_init
#include "../pimoroni_badger2040/board.c"
#undef board_init

#define USHER_PANEL_SPI_HZ (12000000)

void board_init(void) {
    usher_vendor_board_init();
    epaperdisplay_epaperdisplay_obj_t *display = &displays[0].epaper_display;
    if (display->base.type == &epaperdisplay_epaperdisplay_type) {
        display->write_color_ram_command = NO_COMMAND;
        fourwire_fourwire_obj_t *bus = MP_OBJ_TO_PTR(display->bus.bus);
        bus->frequency = USHER_PANEL_SPI_HZ;
    }
}

// The panel's picture converted a byte at a time (mpconfigboard.mk wraps
// displayio_tilegrid_fill_area with it).
#include "tilegrid_mono.c"

// The core sleeps through the start sequence's BUSY waits (mpconfigboard.mk
// wraps common_hal_digitalio_digitalinout_get_value with it).
#include "busy_idle.c"

// The drive's sector written back when the drive moves on or before a
// picture, not at every FAT sync (mpconfigboard.mk wraps the flash's cache
// functions and the display's refresh with it).
#include "flash_cache.c"

// time.sleep without the spin through its last tick (mpconfigboard.mk wraps
// mp_hal_delay_ms with it).
#include "delay_idle.c"
