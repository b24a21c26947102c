// Badger 2040 early start (PL-1, PL-4, PL-14).
//
// A front button press switches the Badger on through its power latch
// (EN_3V3, GP10) only while the button is held. usher_board_startup() runs
// from MICROPY_BOARD_STARTUP(), the first board hook in ports/rp2/main.c,
// a few milliseconds after reset: it drives the latch high so the board
// stays on once the button is released, then records which front buttons
// are down (A GP12, B GP13, C GP14, UP GP15, DOWN GP11; high when pressed),
// reading twice 5 ms apart as Pimoroni's build does.
//
// The record is offered to Python by a `wakeup` module with the API of
// Pimoroni's Badger build: wakeup.get_gpio_state() returns the recorded
// levels as a bit mask (bit n = GPIO n; only the five front buttons are
// recorded), wakeup.reset_gpio_state() clears it. The record lives in RAM
// that a soft reset keeps, so after a reset it reports nothing new until the
// next power-on. usher.device.buttons.wake_button() reads it.
#include "py/obj.h"
#include "py/runtime.h"
#include "hardware/gpio.h"
#include "hardware/timer.h"

#define USHER_LATCH_PIN (10)
#define USHER_BUTTON_MASK ((1u << 11) | (1u << 12) | (1u << 13) | (1u << 14) | (1u << 15))

static uint32_t usher_wake_state;

void usher_board_startup(void) {
    // Latch first: output level set before the pin becomes an output.
    gpio_init(USHER_LATCH_PIN);
    gpio_put(USHER_LATCH_PIN, 1);
    gpio_set_dir(USHER_LATCH_PIN, GPIO_OUT);

    // The front buttons pull their pins high; a pull-down keeps them low.
    gpio_init_mask(USHER_BUTTON_MASK);
    for (unsigned int pin = 11; pin <= 15; ++pin) {
        gpio_pull_down(pin);
    }
    busy_wait_us(100);  // let the pull-downs settle
    uint32_t state = gpio_get_all();
    busy_wait_us(5000);
    state |= gpio_get_all();
    usher_wake_state = state & USHER_BUTTON_MASK;
}

static mp_obj_t wakeup_get_gpio_state(void) {
    return mp_obj_new_int_from_uint(usher_wake_state);
}
static MP_DEFINE_CONST_FUN_OBJ_0(wakeup_get_gpio_state_obj, wakeup_get_gpio_state);

static mp_obj_t wakeup_reset_gpio_state(void) {
    usher_wake_state = 0;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(wakeup_reset_gpio_state_obj, wakeup_reset_gpio_state);

static const mp_rom_map_elem_t wakeup_module_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_wakeup) },
    { MP_ROM_QSTR(MP_QSTR_get_gpio_state), MP_ROM_PTR(&wakeup_get_gpio_state_obj) },
    { MP_ROM_QSTR(MP_QSTR_reset_gpio_state), MP_ROM_PTR(&wakeup_reset_gpio_state_obj) },
};
static MP_DEFINE_CONST_DICT(wakeup_module_globals, wakeup_module_globals_table);

const mp_obj_module_t usher_wakeup_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&wakeup_module_globals,
};

MP_REGISTER_MODULE(MP_QSTR_wakeup, usher_wakeup_module);
