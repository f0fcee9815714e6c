# The two commands of the README: `make run` and `make test`. Each bootstraps .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-long lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tabletide serve --host 127.0.0.1 --port 8000 --database-url sqlite:///tabletide-web.sqlite3

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	scripts/ensure_browser.sh
	$(BIN)/pytest -n 2

test-long: $(STAMP)
	$(BIN)/pytest -n 2 -m long

bench: $(STAMP)
	$(BIN)/tabletide bench shipyard

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
