# These tests run on MicroPython's unix port with the fake machine module
# (make test-device); CPython has no framebuf and must not collect them.
collect_ignore_glob = ["*.py"]
