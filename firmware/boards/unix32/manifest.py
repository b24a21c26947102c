# The 32-bit unix port with the firmware frozen (PL-14): the fourth runtime of
# `make test` and the heap figures of bench/memory.py. The standard variant's
# own frozen modules first, as on the rp2 images.
include("../manifest.py", port_manifest="$(PORT_DIR)/variants/standard/manifest.py",  # noqa: F821
        circuitpython_backend=True)
