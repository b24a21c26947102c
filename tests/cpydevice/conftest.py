# These tests run on CircuitPython's unix port (make test-cpy-device) with
# fakes of CircuitPython's hardware modules; CPython must not collect them.
collect_ignore_glob = ["*.py"]
