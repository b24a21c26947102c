# Peak-heap sampling for MicroPython workloads: gc.mem_alloc() right after a
# collection is the live heap at that point; the peak over the samples is the
# figure the benches report.
import gc

_peak = [0]


def sample():
    gc.collect()
    used = gc.mem_alloc()
    if used > _peak[0]:
        _peak[0] = used


def report(name):
    sample()
    print("workload %s peak_heap_bytes %d" % (name, _peak[0]))
