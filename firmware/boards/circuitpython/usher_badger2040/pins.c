// CircuitPython's Badger 2040 pin names (board.SW_A, board.ENABLE_DIO, ...).
#include "../pimoroni_badger2040/pins.c"
