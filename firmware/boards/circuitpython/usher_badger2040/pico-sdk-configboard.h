// CircuitPython's Badger 2040 pico-sdk settings.
#pragma once
#include "../pimoroni_badger2040/pico-sdk-configboard.h"
