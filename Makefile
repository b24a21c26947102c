# Two commands for a fresh user:
#   make sim    set up on first use, then run the simulator
#   make test   set up on first use, then run every test on every runtime
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MICROPYTHON := $(BIN)/micropython
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
PORTABLE_PATH := firmware:tests/portable
# The device layer's tests: the fake machine module and the device test helpers first.
DEVICE_PATH := firmware:tests/fakes:tests/device:tests/portable

.PHONY: setup sim test check lint test-cpython test-unix test-device test-wasm test-mpy bench clean

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

sim: setup
	$(PY) -m sim $(ARGS)

test: setup check test-cpython test-unix test-device test-wasm test-mpy

check: lint

lint: $(STAMP)
	$(BIN)/ruff check .

# Every test under tests/ on CPython (the portable ones and the host-only ones).
test-cpython: $(STAMP)
	$(PY) -m pytest

# The portable tests (engines, core, UI) again on MicroPython's unix port ...
test-unix: $(STAMP)
	MICROPYPATH=$(PORTABLE_PATH) $(MICROPYTHON) tests/portable/run.py --label=micropython-unix

# The hardware layer on the unix port with a fake `machine` and panel models
# (drivers, buttons, log, power, main loop). The crash tests print the
# tracebacks the firmware prints on the console; the last line is the verdict.
test-device: $(STAMP)
	MICROPYPATH=$(DEVICE_PATH) $(MICROPYTHON) tests/portable/run.py --dir=tests/device --label=device-unix-port

# ... and on the 32-bit WebAssembly port under Node.
test-wasm: $(NODE_STAMP)
	node tools/wasm_run.mjs tests/portable/run.py --label=micropython-wasm

# Every firmware module must compile for the RP2040 (Cortex-M0+).
test-mpy: $(STAMP)
	$(PY) tools/mpy_check.py firmware

bench: setup
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) node_modules build
