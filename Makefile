# Pitside: `make run` serves the demo league, `make test` runs the whole suite.

# The newest Python 3.12+ on this machine: on PATH, else pyenv's, else python3.
PYTHON ?= $(shell for p in python3.14 python3.13 python3.12; do $$p -c '' 2>/dev/null && { command -v $$p; exit; }; done; \
	ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V | tail -1 | grep . || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/pitside
PYTEST_WORKERS ?= 2

.PHONY: run test install install-dev chromium systemd lint check-deploy clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## run: install, migrate the embedded SQLite database, load the demo league, serve it, with the embedded
## worker beside it (a Celery worker and beat on a broker in var/celery/: the periodic jobs); Ctrl-C stops both.
run: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py seed_demo $(if $(DEMO_PASSWORD),--password $(DEMO_PASSWORD))
	$(BIN)/python manage.py embedded_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

## chromium: Debian's Chromium for the browser tests, installed when missing.
chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## systemd: Debian's systemd for `systemd-analyze verify` of deploy/systemd's units, installed when missing.
systemd:
	@command -v systemd-analyze >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd; }

## lint: ruff's rules and format, mypy (configured in pyproject.toml), and no model change without its migration.
lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/python manage.py makemigrations --check --dry-run

## test: the whole suite on PostgreSQL (with Redis, real Celery workers, Chromium and systemd-analyze),
## then everything but the browser and worker tests again on the embedded SQLite.
test: install-dev chromium systemd lint
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/pytest -n $(PYTEST_WORKERS) -q
	$(BIN)/pytest -n $(PYTEST_WORKERS) -q -m "not e2e and not celery_worker"

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles var
