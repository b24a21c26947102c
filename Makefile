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

.PHONY: setup sim test check lint test-cpython test-unix test-wasm test-mpy bench ui-bench screenshots golden fonts icons clean

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

test: setup check test-cpython test-unix test-wasm test-mpy

check: lint

lint: $(STAMP)
	$(BIN)/ruff check .

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
	$(PY) bench/run_all.py

# Peak heap of the scripted UI sessions on WebAssembly, time per button press
# on the unix port.
ui-bench: setup
	$(PY) bench/ui_bench.py

# README screenshots and the golden images, from scripted sessions (sim/shots.py).
screenshots: $(STAMP)
	$(PY) -m sim.shots --screenshots

golden: $(STAMP)
	$(PY) -m sim.shots --golden

# Regenerate the bitmap fonts (needs fonts-dejavu-core) and icons.
fonts: $(STAMP)
	$(PY) tools/make_fonts.py

icons: $(STAMP)
	$(PY) tools/make_icons.py

clean:
	rm -rf $(VENV) node_modules build
