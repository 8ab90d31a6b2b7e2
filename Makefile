# The two set-up commands (README): `make demo` and `make test`.
# Both build their own virtualenv in .venv from pyproject.toml.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: demo test test-fast check bench clean catalogues

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The demo checks Qt's system libraries first: as root it installs the missing ones with apt-get,
# otherwise it names the one apt-get line and stops (kiosk/demo/qtlibs.py); with no display it
# runs headless. scripts/fresh_machine_demo.sh checks this on a fresh Debian 12.
demo: $(STAMP)
	$(VENV)/bin/kiosk demo

# The suite on every core (pytest-xdist; WORKERS=0 runs it in one process): each worker starts its
# own PostgreSQL server, and servers on ports no other worker takes (tests/fixtures/ports.py). The
# tests wait on servers and child processes more than they compute, so two workers per core (at
# most 4) keep a small machine's cores busy.
WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$((n * 2 < 4 ? n * 2 : 4)))
XDIST    = -n $(WORKERS) --dist worksteal

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(XDIST) $(PYTEST_ARGS)

# The fast lane: everything but the slow tests and the PostgreSQL ones (a few minutes).
test-fast: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(XDIST) -m "not slow and not postgres" $(PYTEST_ARGS)

# The gate before the tests (.ci/run): lint, format, types, the import contracts, commit messages.
check: $(STAMP)
	$(VENV)/bin/ruff check kiosk tests benchmarks .ci
	$(VENV)/bin/ruff format --check kiosk tests benchmarks .ci
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) .ci/commit_messages.py

# The player-facing text's catalogues (kiosk/locale, docs/languages.md): collect every tr()/N_()
# string and the names babel.cfg takes from data files, merge them into each language's .po, compile
# the .mo files (committed; a test holds them
# to the .po) and regenerate the CJK font subset from the translations (kiosk/scene/cjk_subset.py).
LOCALE = kiosk/locale
catalogues: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-location --sort-output -k tr -k N_ --project=kiosk \
		--msgid-bugs-address=maintainers@example.invalid -o $(LOCALE)/kiosk.pot kiosk
	$(VENV)/bin/pybabel update --no-fuzzy-matching --ignore-obsolete -i $(LOCALE)/kiosk.pot -d $(LOCALE) -D kiosk
	$(VENV)/bin/pybabel compile -d $(LOCALE) -D kiosk
	$(PY) -m kiosk.scene.cjk_subset

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) benchmarks/paint_layouts.py
	$(PY) benchmarks/export_signs.py
	$(PY) benchmarks/export_cloths.py
	$(PY) benchmarks/console_checks.py
	$(PY) benchmarks/write_throughput.py
	$(PY) benchmarks/stream_latency.py
	$(PY) benchmarks/serve_stop.py
	QT_QPA_PLATFORM=offscreen $(PY) benchmarks/display_repaint.py
	$(PY) benchmarks/display_latency.py
	$(PY) benchmarks/display_idle.py
	$(PY) benchmarks/compose_views.py
	$(PY) benchmarks/scene_digest.py
	$(PY) benchmarks/display_reports.py
	$(PY) benchmarks/history_rebuild.py
	$(PY) benchmarks/floor_law.py
	$(PY) benchmarks/floor_load.py --curve 300,1000,3000 --rate 10

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
