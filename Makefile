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
.PHONY: help install lock test-min results test test-fast test-heavy test-all lint bench bench-simulate bench-validate bench-advantage bench-detect bench-compare clean notebooks advantage docs performance

help: ## Show this help
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} \
	  {name[NR] = $$1; text[NR] = $$2; if (length($$1) > width) width = length($$1)} \
	  END {for (i = 1; i <= NR; i++) printf "  make %-" width "s  %s\n", name[i], text[i]}'

#: The environment make builds is locked (docs/environment.md): every package, pinned with its
#: hashes, in requirements/lock.txt; pyproject.toml keeps the ranges for other environments.
LOCK := requirements/lock.txt
#: The declared lower bounds of pyproject.toml, pinned: the environment of `make test-min`.
MINIMUM := requirements/minimum.txt
#: The locking tool, pinned; `make lock` installs it into a throwaway venv.
UV_VERSION := 0.13.9
LOCK_VENV := .venv-lock
MIN_VENV := .venv-min
#: The package itself, over a locked environment: no dependency resolved, and built by the
#: locked setuptools (no build isolation, which would fetch the newest setuptools of the day).
#: The warning filtered out is setuptools' notice that a folder named like the package in the
#: working directory may shadow it: here that folder is the package, by design.
EDITABLE := -m pip install --quiet --no-deps --no-build-isolation --check-build-dependencies -e .
EDITABLE_ENV := PYTHONWARNINGS="ignore:Editable installation"
#: Installing a lock: every version and hash is fixed, so pip's warnings decide nothing (here
#: they are one line a package for each local index folder that lacks it); errors still print.
LOCKED := -m pip install --quiet --quiet --require-hashes -r

# A changed lock rebuilds the environment from nothing, so no package left out of it lingers.
#: The locked packages are installed by uv (the locking tool, pinned in UV_VERSION): the same
#: files, their hashes checked, in seconds where pip took two minutes on a fresh machine.
$(VENV)/.locked: $(LOCK)
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python -m pip install --quiet --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip sync --quiet --compile-bytecode --python $(BIN)/python --require-hashes $(LOCK)
	$(BIN)/python -m pip uninstall --quiet --yes uv
	touch $@

#: The environment includes the compiled kernels: analysis/warm_kernels.py runs the commands
#: whose numba kernels make results does not compile, on tiny inputs, so that numba's cache
#: holds them (about a minute on two cores, once; docs/engineering.md).
$(BIN)/.installed: pyproject.toml $(VENV)/.locked
	$(EDITABLE_ENV) $(BIN)/python $(EDITABLE)
	$(BIN)/python analysis/warm_kernels.py
	touch $@

install: $(BIN)/.installed ## Create .venv: the locked packages (requirements/lock.txt), then the package

#: Two rule sets at a time: the reports (one core each) overlap another rule set's analysis; the
#: files are the same in any order (the lookup tables are built under a lock, once).
results: $(BIN)/.installed ## Analyze every shipped rule set into results/<rule set>/
	$(MAKE) --no-print-directory -j2 $(RESULTS)

results/%/.analyzed: crazy4/rules/data/%.toml $(SOURCES) $(BIN)/.installed
	$(BIN)/crazy4 analyze --rules $* --out results/$* --jobs 2 --hole-cards
	$(BIN)/crazy4 report --rules $* --from results/$* --format pdf --out results/$*/report.pdf
	$(BIN)/crazy4 report --rules $* --from results/$* --format xlsx --out results/$*/report.xlsx
	$(BIN)/crazy4 report --rules $* --from results/$* --format card --out results/$*/strategy-card.pdf
	touch $@

advantage: $(BIN)/.installed ## Heavier advantage-play tables: two seen cards, the hole card beside an up card (Four Card Poker, Caribbean Stud Poker), collusion
	for rules in crazy4-standard crazy4-cardroom; do \
	  $(BIN)/crazy4 advantage holecards --rules $$rules --seen 2 --out results/advantage/$$rules-seen-2 --jobs 2 --quiet || exit 1; \
	done
	for rules in four-card-standard four-card-ante-bonus-2 caribbean-stud-standard; do \
	  $(BIN)/crazy4 advantage holecards --rules $$rules --seen 1 --out results/advantage/$$rules-hole-1 --jobs 2 --quiet || exit 1; \
	done
	$(BIN)/crazy4 advantage collusion --rules crazy4-standard --colluders 2-7 --deals 20000 --seed 2010 --jobs 2 --quiet --out results/advantage/crazy4-standard-collusion.parquet
	$(BIN)/crazy4 advantage collusion --rules crazy4-standard --colluders 2-7 --deals 1000 --seed 2010 --jobs 2 --quiet --rule practical --out results/advantage/crazy4-standard-collusion-practical.parquet
	$(BIN)/crazy4 advantage collusion --rules four-card-standard --colluders 2-7 --deals 5000 --seed 2010 --jobs 2 --quiet --out results/advantage/four-card-standard-collusion.parquet
	$(BIN)/crazy4 advantage collusion --rules four-card-standard --colluders 7 --deals 2000 --seed 2010 --jobs 2 --quiet --rule practical --out results/advantage/four-card-standard-collusion-practical.parquet

#: pytest workers (pytest-xdist): one a core by default; WORKERS=0 runs in this process.
WORKERS ?= auto
#: The test workers keep the memory they free for their next arrays (docs/engineering.md):
#: glibc's malloc never maps a fresh block (a numpy temporary of 45 MB was mapped, zeroed by the
#: kernel page by page and unmapped, again for every test) and never trims its heap, and
#: pyarrow allocates through it. The workers' system time halves; the results are the same.
#: numpy does not ask for transparent huge pages either: where the kernel compacts memory to
#: give them (defrag = madvise, as on this VM), tests/validate took 38 s of system time with
#: them and 29 s without (-n 2, the same tests passing).
TEST_ALLOCATOR := MALLOC_MMAP_MAX_=0 MALLOC_TRIM_THRESHOLD_=4294967296 ARROW_DEFAULT_MEMORY_POOL=system \
	NUMPY_MADVISE_HUGEPAGE=0
#: The test runs write bytecode caches (gitignored __pycache__ folders, removed by make clean)
#: even where PYTHONDONTWRITEBYTECODE is set: pytest then reads its rewritten test modules
#: back instead of rewriting them in every worker on every run (3 s of each worker's 6 s
#: collection here), and the suite's subprocesses read the package's compiled modules.
TEST_ENV := PYTHONDONTWRITEBYTECODE= $(TEST_ALLOCATOR)

#: make test type-checks while the tests run: mypy takes one core for about 40 s on a fresh
#: clone (no cache), which the test workers would otherwise wait for; its report is printed
#: after theirs, and either failing fails the target.
test: $(BIN)/.installed ## Lint, type-check and run the test suite but its heavy tier (doctests included; WORKERS=n)
	$(BIN)/ruff check crazy4 tests analysis
	$(BIN)/ruff format --check crazy4 tests analysis
	@typed=$$(mktemp); $(BIN)/mypy > $$typed 2>&1 & checking=$$!; \
	$(TEST_ENV) $(BIN)/python -m pytest -q -m "not heavy" -n $(WORKERS) --dist worksteal; \
	tests=$$?; wait $$checking; types=$$?; echo "$(BIN)/mypy"; cat $$typed; rm -f $$typed; \
	[ $$tests -eq 0 ] && [ $$types -eq 0 ]

test-heavy: $(BIN)/.installed ## The heavy tier alone: whole-game listings and false-positive studies (tests/conftest.py)
	$(TEST_ENV) $(BIN)/python -m pytest -q -m heavy -n $(WORKERS) --dist worksteal

test-all: $(BIN)/.installed lint ## Lint, type-check and run every test, the heavy tier included
	$(TEST_ENV) $(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal

test-fast: $(BIN)/.installed ## The fast tier: unit tests and doctests, no notebooks, no tests marked slow
	$(TEST_ENV) $(BIN)/python -m pytest -q -m "not slow" -n $(WORKERS) --dist worksteal

$(MIN_VENV)/.installed: pyproject.toml $(MINIMUM)
	$(PYTHON) -m venv --clear $(MIN_VENV)
	$(MIN_VENV)/bin/python $(LOCKED) $(MINIMUM)
	$(EDITABLE_ENV) $(MIN_VENV)/bin/python $(EDITABLE)
	touch $@

test-min: $(MIN_VENV)/.installed ## The fast tier in .venv-min: pyproject.toml's lower bounds (requirements/minimum.txt)
	$(TEST_ENV) $(MIN_VENV)/bin/python -m pytest -q -m "not slow" -n $(WORKERS) --dist worksteal

#: Resolves for the interpreter make builds .venv with, on this platform (Linux x86-64).
#: LOCK_UPGRADE= keeps every pin that still fits (to add or drop one package, say) instead.
LOCK_UPGRADE ?= --upgrade
LOCK_COMPILE := $(LOCK_VENV)/bin/uv pip compile --quiet $(LOCK_UPGRADE) --generate-hashes \
	--python $(PYTHON) --custom-compile-command 'make lock' pyproject.toml requirements/build.in

lock: ## Refresh the locks to the newest versions pyproject.toml admits (then make results, bench: docs/environment.md)
	$(PYTHON) -m venv --clear $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --quiet uv==$(UV_VERSION)
	$(LOCK_COMPILE) --extra dev --extra notebooks --extra explore -o $(LOCK)
	$(LOCK_COMPILE) --extra dev --resolution lowest-direct -o $(MINIMUM)
	rm -rf $(LOCK_VENV)

lint: $(BIN)/.installed ## ruff and mypy
	$(BIN)/ruff check crazy4 tests analysis
	$(BIN)/ruff format --check crazy4 tests analysis
	$(BIN)/mypy

bench: $(BIN)/.installed ## Wall time and peak memory of the analysis, cold and warm, over a C sweep's
	$(BIN)/python analysis/bench.py --json analysis/bench/results/analyze.json
	$(BIN)/python analysis/bench.py --cold-repeat 3 --runs caribbean-stud-standard:1,caribbean-stud-standard:2 --json analysis/bench/results/analyze-caribbean.json
	$(BIN)/python analysis/performance_page.py

bench-simulate: $(BIN)/.installed ## Rounds per second of crazy4 simulate: summary, log; the Dask scaling table (docs/cluster.md)
	$(BIN)/python analysis/bench_simulate.py --dask --json analysis/bench/results/simulate.json
	$(BIN)/python analysis/performance_page.py

bench-advantage: $(BIN)/.installed ## Hole-card engine (one seen card; HEAVY=1: two, and Four Card's hole card), face-up dealing, How's study, collusion and its Dask scaling table
	$(BIN)/python analysis/bench_advantage.py $(if $(HEAVY),--heavy) --faceup --how --json analysis/bench/results/advantage.json
	$(BIN)/python analysis/bench_collusion.py --jobs 2 --json analysis/bench/results/collusion.json
	$(BIN)/python analysis/performance_page.py

bench-detect: $(BIN)/.installed ## crazy4 advantage detect: time on 2,000 rounds x 7 seats, power by rounds, false positives (docs/surveillance.md)
	$(BIN)/python analysis/bench_detect.py --json analysis/bench/results/detect.json

bench-validate: $(BIN)/.installed ## Rows per second of crazy4 validate (parquet), peak memory on CSV
	$(BIN)/python analysis/bench_validate.py --json analysis/bench/results/validate.json
	$(BIN)/python analysis/performance_page.py

#: The earlier commit bench-compare measures against: the last before the two engine families
#: became one per job (issue 42's reference; a9f456e, before the games became specifications,
#: is the earlier one the performance page's history names).
BEFORE ?= b5d0a05

bench-compare: $(BIN)/.installed ## The benchmark families' workloads on BEFORE (b5d0a05) and on this checkout, side by side (QUICK=1: a smoke run)
	$(BIN)/python analysis/bench_compare.py --before $(BEFORE) $(if $(QUICK),--quick,--json analysis/bench/results/compare.json)
	$(if $(QUICK),,$(BIN)/python analysis/performance_page.py)

#: The port make explore serves the explorer on (localhost only).
EXPLORE_PORT ?= 8866

.PHONY: explore
explore: $(BIN)/.installed ## Serve the pay-table explorer (notebooks/07-explorer.ipynb) on localhost with Voila; the URL is printed
	$(BIN)/voila notebooks/07-explorer.ipynb --no-browser --port=$(EXPLORE_PORT) --Voila.ip=127.0.0.1

.PHONY: bench-explore
bench-explore: $(BIN)/.installed ## Time from a pay-line change to the explorer's answer (target 0.3 s), by game
	$(BIN)/python analysis/bench_explore.py --json analysis/bench/results/explore.json
	$(BIN)/python analysis/performance_page.py

.PHONY: bench-design
bench-design: $(BIN)/.installed ## Pay-table candidates priced a second by crazy4 design --search, by game and bet
	$(BIN)/python analysis/bench_design.py --json analysis/bench/results/design.json
	$(BIN)/python analysis/performance_page.py

clean: ## Remove the environment, the lookup-table caches and every generated file not committed
	rm -rf $(VENV) $(MIN_VENV) $(LOCK_VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info .cache-ci
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
