# Placeholder code.py for the CIRCUITPY drive, used by `make circuitpython`
# until the device layer's own (firmware/circuitpython/code.py) exists: it
# shows that the firmware imports on CircuitPython and says where it came
# from (frozen in the image, or lib/ on the drive). It does not run the games.
import gc
import sys

import usher
import usher_image

print("usher %s on %s %s, %s" % (usher.VERSION, sys.implementation.name,
                                 ".".join([str(v) for v in sys.implementation.version[:3]]),
                                 usher_image.IMAGE))
print("usher from %s" % (getattr(usher, "__file__", None) or usher.__path__))
gc.collect()
print("mem_free %d" % gc.mem_free())
