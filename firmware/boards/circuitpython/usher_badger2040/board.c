// CircuitPython's Badger 2040 board: the panel (board.DISPLAY) and the pins.
#include "../pimoroni_badger2040/board.c"
