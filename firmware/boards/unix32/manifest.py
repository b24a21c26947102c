# The 32-bit unix port with the firmware frozen (PL-14): the fourth runtime of
# `make test` and the heap figures of bench/memory.py. The standard variant's
# own frozen modules first, as on the rp2 images.
include("../manifest.py", port_manifest="$(PORT_DIR)/variants/standard/manifest.py",  # noqa: F821
        circuitpython_backend=True)
# Functions with default values for tests/portable/test_frozen_funs.py
# (tools/frozen_funs.py): this test build only.
module("usher/frozen_fixture.py", base_path="../../../tests/frozen")  # noqa: F821
