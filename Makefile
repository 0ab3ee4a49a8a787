# crazy4 — run `make help` for the targets.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
RULES := $(sort $(wildcard crazy4/rules/data/*.toml))
# results/<rule set>/.analyzed is not committed, so a fresh clone analyzes every rule set.
RESULTS := $(patsubst crazy4/rules/data/%.toml,results/%/.analyzed,$(RULES))
SOURCES := $(shell find crazy4 -name '*.py')
# The lookup-table cache (crazy4.core.cache): $CRAZY4_CACHE_DIR, else $XDG_CACHE_HOME/crazy4 or ~/.cache/crazy4.
CACHE_DIR := $(or $(CRAZY4_CACHE_DIR),$(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME)/crazy4,$(HOME)/.cache/crazy4))

.DEFAULT_GOAL := help
.PHONY: help install results test test-fast lint bench bench-simulate bench-validate bench-advantage clean notebooks advantage docs performance

help: ## Show this help
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} \
	  {name[NR] = $$1; text[NR] = $$2; if (length($$1) > width) width = length($$1)} \
	  END {for (i = 1; i <= NR; i++) printf "  make %-" width "s  %s\n", name[i], text[i]}'

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks]'
	touch $@

install: $(BIN)/.installed ## Create .venv and install the package with its dev and notebook extras

results: $(BIN)/.installed $(RESULTS) ## Analyze every shipped rule set into results/<rule set>/

results/%/.analyzed: crazy4/rules/data/%.toml $(SOURCES) $(BIN)/.installed
	$(BIN)/crazy4 analyze --rules $* --out results/$* --jobs 2 --hole-cards
	$(BIN)/crazy4 report --rules $* --from results/$* --format pdf --out results/$*/report.pdf
	$(BIN)/crazy4 report --rules $* --from results/$* --format xlsx --out results/$*/report.xlsx
	touch $@

advantage: $(BIN)/.installed ## Heavier advantage-play tables: two seen cards, Four Card Poker's hole card, collusion
	for rules in crazy4-standard crazy4-cardroom; do \
	  $(BIN)/crazy4 advantage holecards --rules $$rules --seen 2 --out results/advantage/$$rules-seen-2 --jobs 2 --quiet || exit 1; \
	done
	for rules in four-card-standard four-card-ante-bonus-2; do \
	  $(BIN)/crazy4 advantage holecards --rules $$rules --seen 1 --out results/advantage/$$rules-hole-1 --jobs 2 --quiet || exit 1; \
	done
	$(BIN)/crazy4 advantage collusion --rules crazy4-standard --colluders 2-7 --deals 20000 --seed 2010 --jobs 2 --quiet --out results/advantage/crazy4-standard-collusion.parquet
	$(BIN)/crazy4 advantage collusion --rules crazy4-standard --colluders 2-7 --deals 1000 --seed 2010 --jobs 2 --quiet --rule practical --out results/advantage/crazy4-standard-collusion-practical.parquet
	$(BIN)/crazy4 advantage collusion --rules four-card-standard --colluders 2-7 --deals 5000 --seed 2010 --jobs 2 --quiet --out results/advantage/four-card-standard-collusion.parquet
	$(BIN)/crazy4 advantage collusion --rules four-card-standard --colluders 7 --deals 2000 --seed 2010 --jobs 2 --quiet --rule practical --out results/advantage/four-card-standard-collusion-practical.parquet

#: pytest workers (pytest-xdist): one a core by default; WORKERS=0 runs in this process.
WORKERS ?= auto
#: The test runs write bytecode caches (gitignored __pycache__ folders, removed by make clean)
#: even where PYTHONDONTWRITEBYTECODE is set: pytest then reads its rewritten test modules
#: back instead of rewriting them in every worker on every run (3 s of each worker's 6 s
#: collection here), and the suite's subprocesses read the package's compiled modules.
TEST_ENV := PYTHONDONTWRITEBYTECODE=

test: $(BIN)/.installed lint ## Lint, type-check and run the test suite (doctests included; WORKERS=n)
	$(TEST_ENV) $(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal

test-fast: $(BIN)/.installed ## The fast tier: unit tests and doctests, no notebooks, no tests marked slow
	$(TEST_ENV) $(BIN)/python -m pytest -q -m "not slow" -n $(WORKERS) --dist worksteal

lint: $(BIN)/.installed ## ruff and mypy
	$(BIN)/ruff check crazy4 tests analysis
	$(BIN)/ruff format --check crazy4 tests analysis
	$(BIN)/mypy

bench: $(BIN)/.installed ## Wall time and peak memory of the analysis, cold and warm, over a C sweep's
	$(BIN)/python analysis/bench.py --json analysis/bench/results/analyze.json
	$(BIN)/python analysis/performance_page.py

bench-simulate: $(BIN)/.installed ## Rounds per second of crazy4 simulate: summary, log, Dask 2 vs 1
	$(BIN)/python analysis/bench_simulate.py --dask

bench-advantage: $(BIN)/.installed ## Hole-card engine (one seen card; HEAVY=1: two, and Four Card's hole card) and collusion
	$(BIN)/python analysis/bench_advantage.py $(if $(HEAVY),--heavy)
	$(BIN)/python analysis/bench_collusion.py --jobs 2

bench-validate: $(BIN)/.installed ## Rows per second of crazy4 validate (parquet), peak memory on CSV
	$(BIN)/python analysis/bench_validate.py

clean: ## Remove the environment, the lookup-table caches and every generated file not committed
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info .cache-ci
	rm -rf "$(CACHE_DIR)"
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -f results/*/player_hands.parquet results/*/report.html results/*/.analyzed results/*/run.json
	rm -rf results/notebooks
	find results -name '.*.tmp' -prune -exec rm -rf {} +

NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))
#: The kernel talks over local sockets (ipc), not TCP; analysis/notebook_html.j2 gives every plot
#: alternative text. Without them nbconvert warns on every notebook.

notebooks: $(BIN)/.installed ## Execute the notebooks and render them and the reports to HTML under results/
	mkdir -p results/notebooks
	cd notebooks && for book in $(notdir $(NOTEBOOKS)); do \
	  ../$(BIN)/jupyter nbconvert --to html --execute --KernelManager.transport=ipc \
	    --template-file ../analysis/notebook_html.j2 --output-dir ../results/notebooks $$book || exit 1; \
	done
	for rules in $(patsubst crazy4/rules/data/%.toml,%,$(RULES)); do \
	  $(BIN)/crazy4 report --rules $$rules --format html --quiet || exit 1; \
	done

docs: $(BIN)/.installed ## Build the documentation site into site/ (warnings are errors)
	$(BIN)/python -c "import mkdocs, material, mkdocstrings" 2>/dev/null || \
	  $(BIN)/python -m pip install --quiet -e '.[docs]'
	$(BIN)/python analysis/rules_reference.py
	$(BIN)/python analysis/docs_config.py
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet -f build/mkdocs.yml

performance: $(BIN)/.installed ## Write docs/performance.md from the benchmarks' JSON output
	$(BIN)/python analysis/performance_page.py
