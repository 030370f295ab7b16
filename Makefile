# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make demo   - create .venv, install, run the main job on the bundled default
#   make test   - same set-up, then lint, type-check and run the whole test suite
#   make fuzz   - a long fuzz campaign (not part of make test): FUZZ_EXAMPLES cases in
#                 total, split over the targets (docs/fuzzing.md); FUZZ_SEED=N repeats a campaign
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/d20combat fight --seed 1

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

FUZZ_EXAMPLES ?= 10000
FUZZ_SEED ?=
# at most 4 GB and a low priority: a hostile case must not take the machine down
fuzz: $(STAMP)
	ulimit -v 4000000; D20_FUZZ=fuzz FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) nice -n 15 \
	  $(BIN)/pytest tests/fuzz $(if $(FUZZ_SEED),--hypothesis-seed=$(FUZZ_SEED))

bench: $(STAMP)
	$(BIN)/python bench/bench_fights.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
