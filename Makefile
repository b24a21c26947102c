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
TYPESHED := build/typeshed
TYPESHED_STAMP := $(TYPESHED)/.installed
# MicroPython's stubs for the firmware's type check (pinned with the firmware target).
MP_STUBS := micropython-rp2-rpi-pico-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2
PORTABLE_PATH := firmware:tests/portable

.PHONY: setup sim test check lint types test-cpython test-unix test-wasm test-mpy bench clean

setup: $(STAMP) $(NODE_STAMP) $(TYPESHED_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(TYPESHED_STAMP): $(STAMP) Makefile
	rm -rf $(TYPESHED)
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target $(TYPESHED) $(MP_STUBS)
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

sim: setup
	$(PY) -m sim $(ARGS)

test: setup check test-cpython test-unix test-wasm test-mpy

check: lint types

lint: $(STAMP)
	$(BIN)/ruff check .

# The firmware against MicroPython's rp2 stubs (config in pyproject.toml).
types: $(STAMP) $(TYPESHED_STAMP)
	$(BIN)/mypy firmware/usher

# Every test under tests/ on CPython (the portable ones and the host-only ones).
test-cpython: $(STAMP)
	$(PY) -m pytest

# The portable tests (engines, core, UI) again on MicroPython's unix port ...
test-unix: $(STAMP)
	MICROPYPATH=$(PORTABLE_PATH) $(MICROPYTHON) tests/portable/run.py --label=micropython-unix

# ... and on the 32-bit WebAssembly port under Node.
test-wasm: $(NODE_STAMP)
	node tools/wasm_run.mjs tests/portable/run.py --label=micropython-wasm

# Every firmware module must compile for the RP2040 (Cortex-M0+).
test-mpy: $(STAMP)
	$(PY) tools/mpy_check.py firmware

bench: setup
	$(PY) bench/memory.py

clean:
	rm -rf $(VENV) node_modules build
