# The two commands of the README: `make run` (the site) and `make test` (every test).
# Both set everything up on a fresh Debian/Ubuntu machine; `make bench` prints the benchmarks.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000

.PHONY: run test bench setup python-deps test-python clean

setup: python-deps

$(BIN)/python:
	scripts/system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# The editable install compiles the solver's C core (solver/_core.c).
python-deps: $(BIN)/python
	WITH_BROWSER=$(WITH_BROWSER) scripts/system-deps.sh
	$(BIN)/pip install -q -e '.[test]'

test: WITH_BROWSER = 1
test: python-deps
	$(BIN)/python -m pytest -n 2 -q

bench: python-deps
	$(BIN)/python bench/solver_bench.py

run: python-deps
	@echo "The site arrives with the site issue; the solver works now: $(BIN)/python -m solver --help"

clean:
	rm -rf $(VENV) build *.egg-info solver/*.so
