# Usher firmware entry point (MicroPython runs main.py after boot).
# Everything happens in usher.device.runtime.main(): power latch first, safe
# mode when a button is held for two seconds at boot, then the app.
import sys

try:
    import usher_image  # only in the project's own firmware images (PL-14)
except ImportError:
    usher_image = None
if usher_image is not None and ".frozen" in sys.path:
    # On an image the frozen usher package wins over any usher/ folder left on
    # the filesystem by the files install ("" comes first by default).
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")

# The port's _boot.py ran in this same namespace and imported rp2 for its
# Flash block device (the mounted filesystem keeps that object). The firmware
# never uses rp2's PIO assembler: left loaded, its functions, classes and
# dictionaries would stay on the heap for good (bench/rp2_profile.py --heap).
globals().pop("rp2", None)
sys.modules.pop("rp2", None)

from usher.device import runtime  # noqa: E402

runtime.main()
