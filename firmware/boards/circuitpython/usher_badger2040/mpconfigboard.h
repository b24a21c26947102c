// Usher on CircuitPython: CircuitPython's Badger 2040 board, renamed.
#pragma once

#include "../pimoroni_badger2040/mpconfigboard.h"

#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Pimoroni Badger 2040 with Usher"
