# Runs the portable test modules on MicroPython (unix port or WebAssembly).
# Usage: micropython tests/portable/run.py [substring ...]
# with firmware/ and tests/portable/ on the module path (the host-side driver
# tools/mp_tests.py sets that up). Prints one line per failure and a closing
# "N passed, N failed" line; exits non-zero on any failure or on zero tests.
# --frozen: first check that usher is the package frozen into this
# MicroPython build (and firmware/ is not on the module path), else exit 1.
import os
import gc
import sys

HERE = "tests/portable"
LABEL = sys.implementation.name
for a in sys.argv:
    if a.startswith("--dir="):
        HERE = a[6:]
    elif a.startswith("--label="):
        LABEL = a[8:]
filters = [a for a in sys.argv[1:] if not a.startswith("--")]

if "--frozen" in sys.argv:
    # The frozen runtime (make test-frozen, PL-14): the tests must exercise
    # the usher package frozen into the build, not firmware/ as files.
    # A frozen package's __path__ is ".frozen/<name>" (its __file__ drops
    # the prefix).
    on_path = [p for p in sys.path if "firmware" in p]
    import usher
    where = getattr(usher, "__path__", "")
    if on_path or not isinstance(where, str) or not where.startswith(".frozen/"):
        print("not the frozen firmware: usher from %s, sys.path %s" % (where, sys.path))
        sys.exit(1)
    print("frozen: usher from %s" % where)


def modules():
    names = []
    for name in os.listdir(HERE):
        if name.startswith("test_") and name.endswith(".py"):
            names.append(name[:-3])
    names.sort()
    return names


def main():
    passed = 0
    failed = 0
    for modname in modules():
        try:
            mod = __import__(modname)
        except Exception as e:
            failed += 1
            print("FAIL %s (import): %s: %s" % (modname, type(e).__name__, e))
            sys.print_exception(e) if hasattr(sys, "print_exception") else None
            continue
        names = [n for n in dir(mod) if n.startswith("test_")]
        names.sort()
        for n in names:
            full = modname + "::" + n
            if filters and not [f for f in filters if f in full]:
                continue
            fn = getattr(mod, n)
            if not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL %s: %s: %s" % (full, type(e).__name__, e))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(e)
            # Each test starts on a collected heap, as the device's screens
            # do: on a small 32-bit heap (the frozen port) what earlier
            # tests left would otherwise fragment it for the later ones.
            gc.collect()
        # A test module's own globals are not needed once its tests ran.
        del mod
        sys.modules.pop(modname, None)
        gc.collect()
    impl = sys.implementation
    print("runtime: %s %s %s" % (impl.name, ".".join([str(v) for v in impl.version[:3]]),
                                 getattr(impl, "_machine", "")))
    print("%s: %d passed, %d failed" % (LABEL, passed, failed))
    return passed, failed


passed, failed = main()
mptest = sys.modules.get("mptest")
if mptest is not None:
    mptest.cleanup()   # the folders the tests made in /tmp
if failed or not passed:
    if not passed:
        print("no tests ran")
    sys.exit(1)
