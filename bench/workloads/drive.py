# Runs a workload to the end on the MicroPython unix port (used to find the
# smallest -X heapsize that completes it).
# Usage: micropython bench/workloads/drive.py MODULE [ARG]
import gc
import sys

# The garbage-collection threshold the device sets at boot (usher.device.runtime.main).
gc.threshold(gc.mem_free() // 4 + gc.mem_alloc())
mod = __import__(sys.argv[1])
w = mod.Workload(*sys.argv[2:])
steps = 0
while w.step():
    steps += 1
print("completed %d steps" % steps)
