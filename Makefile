# The two set-up commands (README): `make demo` and `make test`.
# Both build their own virtualenv in .venv from pyproject.toml.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/kiosk demo

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) benchmarks/paint_layouts.py
	$(PY) benchmarks/export_signs.py
	$(PY) benchmarks/console_checks.py
	$(PY) benchmarks/write_throughput.py
	$(PY) benchmarks/stream_latency.py
	QT_QPA_PLATFORM=offscreen $(PY) benchmarks/display_repaint.py
	$(PY) benchmarks/display_latency.py
	$(PY) benchmarks/display_idle.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
