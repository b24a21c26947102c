// time.sleep without the spin at its end (a press's compute, and the core's
// time awake while the device waits: docs/performance.md, CircuitPython per
// session).
//
// CircuitPython's mp_hal_delay_ms (supervisor/shared/tick.c) sleeps in WFI
// for the whole ticks (1/1024 s) of a delay and then spins through what is
// left of the last one, running the background tasks and reading the timer
// (a 64-bit division each time) for up to a millisecond. The main loop
// sleeps 10 or 20 ms between two polls of the buttons, so a fraction of
// every wait was spent computing. Here the last part of a tick is slept too:
// the core waits in WFI for the first tick at or after the delay's end. A
// delay lasts at least what was asked and less than a tick (about 1 ms) more
// (a delay of 0, which EPaperDisplay asks for after every command of its
// start sequence, returns at once, as before); the
// background tasks run at every wake and an interrupt (Ctrl-C, a reload)
// ends the delay, as before. The link sends every call from other files
// through it (mpconfigboard.mk, -Wl,--wrap; board.c includes this file).

#include "py/mphal.h"
#include "shared/runtime/interrupt_char.h"
#include "supervisor/port.h"

void __wrap_mp_hal_delay_ms(mp_uint_t delay_ms);
void __wrap_mp_hal_delay_ms(mp_uint_t delay_ms) {
    if (delay_ms == 0) {
        // EPaperDisplay's start sequence asks for a delay of 0 after every
        // command: no sleep, as CircuitPython's own loop does nothing then.
        return;
    }
    // The first tick that starts at or after the delay's end, in subticks
    // (1/32 of a tick) as tick.c counts them.
    uint8_t subticks;
    uint64_t start = port_get_raw_ticks(&subticks);
    uint64_t end_subtick = ((start << 5) | subticks) + ((uint64_t)delay_ms * 32768) / 1000;
    uint64_t end = (end_subtick + 31) >> 5;
    while (!mp_hal_is_interrupted()) {
        RUN_BACKGROUND_TASKS;
        if (mp_hal_is_interrupted()) {
            break;
        }
        uint64_t now = port_get_raw_ticks(NULL);
        if (now >= end) {
            break;
        }
        port_interrupt_after_ticks(end - now);
        port_idle_until_interrupt();
    }
}
