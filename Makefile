# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make demo   - create .venv, install, run the main job on the bundled default
#   make test   - same set-up, then lint, type-check and run the whole test suite
# Fuzzing (not part of `make test`; docs/fuzzing.md), with Hypothesis:
#   make fuzz                        - 10,000 cases over every fuzz target
#   make fuzz FUZZ_EXAMPLES=100000   - a long campaign (the total, split by the targets' shares)
#   make fuzz FUZZ_SEED=12345        - repeat a campaign's random choices
# Under nice (FUZZ_NICE=15) and at most 4 GB of memory: the machine is shared.
# Mutation testing (not part of `make test`; docs/mutation.md), with mutmut:
#   make mutate                      - every mutant of rules/, grid/, encounter/fighting.py
#   make mutate MUTANTS=420          - a seeded sample of 420 of them (MUTATE_SEED=1)
#   make mutate MUTATE_PATHS="src/d20combat/grid/cover.py src/d20combat/rules/hitpoints.py"
#   make mutate MUTATE_MATCH='*x_take_damage__*'  - mutants of one function (name globs)
#   make mutate MUTATE_ARGS=--survivors           - rerun what survived last time
# Each mutant runs only the tests that reach the mutated function; MUTATE_JOBS=1 mutant
# at a time under nice (MUTATE_NICE=15): the machine is shared. Results: mutants/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

FUZZ_EXAMPLES ?= 10000
FUZZ_SEED ?=
FUZZ_NICE ?= 15

MUTATE_PATHS ?=
MUTATE_MATCH ?=
MUTANTS ?=
MUTATE_SEED ?= 1
MUTATE_JOBS ?= 1
MUTATE_NICE ?= 15
MUTATE_ARGS ?=

.PHONY: demo test lint typecheck pytest bench clean mutate fuzz

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

fuzz: $(STAMP)
	ulimit -v 4000000; D20_FUZZ=fuzz FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) nice -n $(FUZZ_NICE) \
		$(BIN)/pytest tests/fuzz $(if $(FUZZ_SEED),--hypothesis-seed=$(FUZZ_SEED))

mutate: $(STAMP)
	nice -n $(MUTATE_NICE) $(BIN)/python tests/mutation/mutate.py --seed $(MUTATE_SEED) \
		--jobs $(MUTATE_JOBS) --paths '$(MUTATE_PATHS)' --match '$(MUTATE_MATCH)' \
		$(if $(MUTANTS),--sample $(MUTANTS)) $(MUTATE_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/bench_fights.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
