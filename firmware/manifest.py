# The firmware's frozen content (micropython-lib manifest format, PL-14):
# the `usher` package and main.py. Frozen modules cost no RAM for their
# bytecode. The port's own manifest comes first (options.port_manifest;
# rp2 by default), or the image would lose _boot.py, which mounts the
# filesystem, and the port's other frozen modules.
#
# The project's images (make firmware, firmware/boards/) include this file;
# it also works on its own from any MicroPython checkout:
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/usher/firmware/manifest.py
#
# main.py is frozen too. MicroPython 1.28 runs a frozen main.py in
# preference to one on the filesystem (shared/runtime/pyexec.c,
# pyexec_file_if_exists looks in the frozen modules first), so on an image a
# main.py or an usher/ folder left on the filesystem from the files install
# is never run: the frozen main.py also moves ".frozen" to the front of
# sys.path before it imports usher (hardware/README.md, "The firmware image").
options.defaults(port_manifest="$(PORT_DIR)/boards/manifest.py")  # noqa: F821
include(options.port_manifest)  # noqa: F821
#
# The CircuitPython backend (usher/device/circuitpython) is left out: the
# rp2 images never run it, and it would cost about 10 KB of flash. The
# CircuitPython image freezes it (firmware/boards/circuitpython/); the
# 32-bit unix test build keeps it (circuitpython_backend=True), because the
# portable tests check its canvas against the project's framebuf.
import os  # noqa: E402

options.defaults(circuitpython_backend=False)  # noqa: F821

CIRCUITPY_ONLY = os.path.join("usher", "device", "circuitpython")
USHER_FILES = sorted(
    os.path.relpath(os.path.join(d, f), "usher")
    for d, _, fs in os.walk("usher")
    if options.circuitpython_backend  # noqa: F821
    or (d != CIRCUITPY_ONLY and not d.startswith(CIRCUITPY_ONLY + os.sep))
    for f in fs if f.endswith(".py"))
package("usher", files=USHER_FILES)  # noqa: F821  everything else under firmware/usher
module("main.py")  # noqa: F821
