PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: venv run test bench lint clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	PYTHON="$(PYTHON)" bash scripts/install-system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --upgrade pip
	$(VENV)/bin/pip install -e '.[test]'
	touch $(STAMP)

run: venv
	$(VENV)/bin/tableside demo

test: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest

# The replay benchmark needs the PHH sample beside the checkout (../shared/data/phh).
PHH_SAMPLE ?= ../shared/data/phh

bench: venv
	$(VENV)/bin/tableside bench evaluator
	$(VENV)/bin/tableside bench equity
	$(VENV)/bin/tableside bench replay $(PHH_SAMPLE)

lint: venv
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist *.egg-info
	find . -name __pycache__ -type d -not -path './.git/*' -prune -exec rm -rf {} +
