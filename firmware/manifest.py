# Freezing the firmware into a custom MicroPython build (micropython-lib
# manifest format). Frozen modules cost no RAM for their bytecode and load
# faster; stock MicroPython with the files copied to flash works as well
# (PL-1). From a MicroPython checkout:
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/usher/firmware/manifest.py
#
# (BOARD=RPI_PICO fits both the Badger 2040 and the Pico.) main.py is not
# frozen: MicroPython runs main.py from the filesystem, so copy it there
# (hardware/README.md), which also lets safe mode and a repair never depend
# on the frozen image.
include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821  the port's own frozen modules
package("usher")  # noqa: F821  everything under firmware/usher
