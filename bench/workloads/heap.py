# Live heap of a bench workload on MicroPython's unix port, in one process:
# the unix port can collect garbage inside a call (it scans the C stack).
# Used by bench/memory.py on the 32-bit unix build with the firmware frozen
# (build/firmware/unix32/micropython, PL-14), where the firmware's bytecode
# stays in the executable ("flash") and only what importing and running it
# creates is on the heap.
# Usage: micropython bench/workloads/heap.py run MODULE [ARG]
#            prints "steps N base B imported I peak P final F" and
#            "modules a,b,..." (the modules the workload loaded)
#        micropython bench/workloads/heap.py cost FILE
#            FILE holds two lines of comma-separated module names (a file,
#            as the unix port aborts on an argument of 256 characters or
#            more): imports the first line's, then the second's, and prints
#            "first X second Y" (bytes each group added)
import gc
import sys


def used():
    gc.collect()
    gc.collect()
    return gc.mem_alloc()


def run(mod, args):
    before = set(sys.modules)
    base = used()
    w = __import__(mod).Workload(*args)
    imported = used()
    peak = imported
    steps = 0
    while w.step():
        steps += 1
        u = used()
        if u > peak:
            peak = u
    final = used()
    print("steps %d base %d imported %d peak %d final %d" % (steps, base, imported, peak, final))
    print("modules " + ",".join(sorted([n for n in sys.modules if n not in before])))


def cost(first, second):
    b = used()
    for n in first:
        __import__(n)
    a = used()
    for n in second:
        __import__(n)
    print("first %d second %d" % (a - b, used() - a))


def _names(arg):
    return [n for n in arg.split(",") if n]


if sys.argv[1] == "run":
    run(sys.argv[2], sys.argv[3:])
else:
    with open(sys.argv[2]) as f:
        lines = f.read().split("\n") + ["", ""]
    cost(_names(lines[0]), _names(lines[1]))
