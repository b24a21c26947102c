# The device layer's second runtime: CircuitPython 10 on the Badger 2040
# (docs/circuitpython-internals.md). The boot sequence and the main loop are the
# shared ones (usher.device.runtime.main, Runtime); this package supplies
# the parts that touch CircuitPython's modules instead of MicroPython's
# `machine` and `framebuf`:
#   clock    ticks from time.monotonic_ns (CircuitPython has no time.ticks_ms)
#   bitmap_canvas  the default canvas: drawn into the displayio.Bitmap that
#            is shown, text blitted by bitmaptools from font sheets
#   canvas   the UI's 296x128 MONO_HLSB canvas without framebuf, on a
#            bytearray (where bitmap_canvas cannot run: Blinka)
#   display  the canvas shown on board.DISPLAY (UC8151 EPaperDisplay) through
#            displayio, with the refresh policy on CircuitPython
#   buttons  the five buttons through keypad, fed to the shared ButtonLogic
#   power    the EN_3V3 latch (board.ENABLE_DIO), VBUS, battery via analogio
#   backend  what runtime.main() takes from the runtime; main() for code.py
