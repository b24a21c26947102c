# Frozen content of the Usher images (PL-14): the port's own modules and the
# firmware (../manifest.py), plus usher_image, the small module that
# tools/firmware_image.py writes into each build folder ($(USHER_GEN), set by
# the board's mpconfigboard.cmake or on the unix make line). Its presence
# tells the device layer and `usher flash` that the board runs the image.
options.defaults(port_manifest="$(BOARD_DIR)/../usher_port_manifest.py", circuitpython_backend=False)  # noqa: F821
include("../manifest.py", port_manifest=options.port_manifest,  # noqa: F821
        circuitpython_backend=options.circuitpython_backend)  # noqa: F821
module("usher_image.py", base_path="$(USHER_GEN)")  # noqa: F821
