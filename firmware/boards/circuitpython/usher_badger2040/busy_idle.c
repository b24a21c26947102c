// The core sleeps while the panel's start sequence waits for BUSY, instead of
// spinning through it (docs/performance.md, CircuitPython per session).
//
// EPaperDisplay sends its start sequence before every refresh and, after each
// command, loops on the BUSY pin (EPaperDisplay.c, wait_for_busy) running the
// background tasks as fast as it can. After PON the UC8151 holds BUSY while
// its charge pumps come up (20 ms on the emulated panel, sim/rp2/panels.mjs),
// so every press spun for about that long: a fifth of the compute of a press
// that only moves the cursor (docs/performance.md, CircuitPython per session).
// This file is compiled into the board (board.c includes it) and the link
// sends every call of common_hal_digitalio_digitalinout_get_value from other
// files through it (mpconfigboard.mk: -Wl,--wrap). For the display's own BUSY
// pin, outside a refresh (EPaperDisplay's background reads it only while
// refreshing), when the panel is busy, the core waits for the next tick
// (about 1 ms) in WFI before the loop reads the pin again: the picture starts
// at most a tick later, and the wait counts as sleep, not compute. Every other
// pin, and this one during the waveform, reads as before.

#include "common-hal/digitalio/DigitalInOut.h"
#include "supervisor/port.h"

bool __real_common_hal_digitalio_digitalinout_get_value(digitalio_digitalinout_obj_t *self);
bool __wrap_common_hal_digitalio_digitalinout_get_value(digitalio_digitalinout_obj_t *self);

bool __wrap_common_hal_digitalio_digitalinout_get_value(digitalio_digitalinout_obj_t *self) {
    bool value = __real_common_hal_digitalio_digitalinout_get_value(self);
    epaperdisplay_epaperdisplay_obj_t *display = &displays[0].epaper_display;
    if (self == &display->busy && display->base.type == &epaperdisplay_epaperdisplay_type &&
        !display->refreshing && value == display->busy_state) {
        port_interrupt_after_ticks(1);
        port_idle_until_interrupt();
    }
    return value;
}
