# The two commands of the README: `make run` (the site) and `make test` (every test).
# Both set everything up on a fresh Debian/Ubuntu machine (system packages with
# apt-get when missing, a virtual environment, Python and npm dependencies, the
# front-end build); `make bench` prints the benchmarks.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
export PORT

PY_STAMP   := $(VENV)/.installed
NPM_STAMP  := frontend/node_modules/.package-lock.json
FRONT_DIST := frontend/dist/.vite/manifest.json
FRONT_SRC  := $(shell find frontend/src frontend/index.html frontend/vite.config.ts frontend/tsconfig.json -type f 2>/dev/null)
# The compiled translations (locale/<lang>/LC_MESSAGES/{django,djangojs}.mo), built
# from the .po files and not kept in git.
MO_FILES   := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
# The solver's C core compiled to WebAssembly for the browser (the same
# solver/engine.c as the Python extension), not kept in git.
WASM       := frontend/src/engine/solver.wasm
WASM_CC    := clang
WASM_FLAGS := --target=wasm32 -O3 -std=c11 -Wall -Wextra -Wno-unused-parameter -nostdlib -mbulk-memory \
              -Wl,--no-entry -Wl,-z,stack-size=1048576 -Wl,--strip-all

.PHONY: run dev test test-fast lint bench setup system-deps clean wasm lock lock-upgrade

setup: $(PY_STAMP) $(WASM) $(FRONT_DIST) $(MO_FILES)

system-deps:
	WITH_BROWSER=$(WITH_BROWSER) WITH_POSTGRES=$(WITH_POSTGRES) scripts/system-deps.sh

$(BIN)/python:
	scripts/system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# The editable install compiles the solver's C core (solver/_core.c over solver/engine.c);
# the dev lock is everything make test needs: the site, the tests, lint and types.
$(PY_STAMP): $(BIN)/python pyproject.toml setup.py requirements/dev.txt solver/_core.c solver/engine.c solver/engine.h
	$(BIN)/pip install -q -e . -r requirements/dev.txt
	touch $@

# The locks (requirements/*.txt) compiled from requirements/*.in by pip-compile,
# in layers: runtime, then test and dev constrained to the pins below them.
# `make lock` keeps every pin that still fits and adds what an .in file gained;
# `make lock-upgrade` moves every package to its newest allowed release.
PIP_COMPILE := $(BIN)/pip-compile -q --strip-extras --no-emit-index-url --no-emit-find-links
lock: $(PY_STAMP)
	$(PIP_COMPILE) -o requirements/runtime.txt requirements/runtime.in
	$(PIP_COMPILE) -o requirements/test.txt requirements/test.in
	$(PIP_COMPILE) -o requirements/dev.txt requirements/dev.in

lock-upgrade: $(PY_STAMP)
	$(PIP_COMPILE) --upgrade -o requirements/runtime.txt requirements/runtime.in
	$(PIP_COMPILE) --upgrade -o requirements/test.txt requirements/test.in
	$(PIP_COMPILE) --upgrade -o requirements/dev.txt requirements/dev.in

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# No C library and no runtime: the core needs only memory and arithmetic
# (clang and lld from scripts/system-deps.sh).
$(WASM): solver/engine.c solver/engine.h
	$(WASM_CC) $(WASM_FLAGS) -o $@ solver/engine.c

wasm: $(WASM)

$(FRONT_DIST): $(NPM_STAMP) $(WASM) $(FRONT_SRC)
	cd frontend && npm run build --silent

# What `manage.py compilemessages` does for one catalogue (msgfmt from gettext).
locale/%.mo: locale/%.po
	msgfmt --check-format -o $@ $<

# The site with production settings (debug off); `make dev` with debug pages.
run: system-deps setup
	scripts/run.sh

dev: system-deps setup
	OD_MODE=dev scripts/run.sh

# Everything on SQLite, then the site's tests again on a throwaway PostgreSQL
# cluster (config/testing.py), the real-worker tests included.
test: WITH_BROWSER = 1
test: WITH_POSTGRES = 1
test: system-deps setup lint
	cd frontend && npm test --silent
	$(BIN)/python -m pytest -n 2 -q
	OD_TEST_DATABASE=postgresql $(BIN)/python -m pytest -n 2 -q tests/puzzles

# The everyday run (no lint: `make lint`): the solver's and the site's tests on
# SQLite, without the browser tests and without those marked worker (a real
# Celery worker, a whole site started, its processes killed, PostgreSQL hosts).
test-fast: setup
	env -u DATABASE_URL OD_TEST_DATABASE=sqlite $(BIN)/python -m pytest -n 2 -q -m "not worker" --ignore=tests/browser

# Lint and types: ruff over all Python, mypy (the solver strict, the site with
# the Django and DRF plugins), the import contracts, tsc over the front end.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict solver
	$(BIN)/mypy puzzles config
	$(BIN)/lint-imports
	cd frontend && npx tsc --noEmit

bench: WITH_BROWSER = 1
bench: system-deps setup
	$(BIN)/python bench/solver_bench.py
	@echo
	$(BIN)/python bench/wasm_bench.py
	@echo
	$(BIN)/python bench/analysis_click_bench.py
	@echo
	$(BIN)/python bench/puzzle_bench.py
	@echo
	$(BIN)/python bench/site_bench.py
	@echo
	$(BIN)/python -W ignore bench/infra_bench.py
	@echo
	$(BIN)/python bench/people_bench.py
	@echo
	$(BIN)/python bench/swiss_bench.py
	@echo
	$(BIN)/python bench/arena_bench.py --one-core

clean:
	rm -rf $(VENV) build *.egg-info solver/*.so $(WASM) frontend/node_modules frontend/dist
