# The rp2 port's frozen modules the Usher images keep: _boot.py (it mounts the
# filesystem) and the rp2 module it needs. The port's own manifest
# (ports/rp2/boards/manifest.py) adds asyncio, onewire, ds18x20, dht and
# neopixel, which the firmware never imports (firmware/boards/README.md,
# "What the image leaves out").
freeze("$(PORT_DIR)/modules")  # noqa: F821
