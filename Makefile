# The one entry point: `make run` serves the shop, `make test` runs every suite.
# `make help` lists the rest.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
# The local profile's folder (config/settings/base.py reads the same VAR_DIR): keys, env file,
# SQLite database, media.
VAR_DIR ?= var
# The env file manage.py reads (config/env.py); a server names its own (docs/deploy.md):
# `make build ENV_FILE=/etc/shop/env`.
ENV_FILE ?= $(VAR_DIR)/env
# PostgreSQL for the second Python run; CI machines have it here (trust auth).
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/test
# The Python suite runs its files in one process more than there are cores (at most 5): a
# live test spends part of its time waiting on the servers it started, and the extra process
# fills that time (both passes 60 s shorter than one process per core on two cores). Four on
# two cores starved tests/test_signin_flood.py's SQLite server into 503s. A file's tests stay
# together, so a module's servers start once; tests that share something outside the test
# database (a Redis database, a port) each take their own. `make test-python PYTEST_PARALLEL=`
# runs in one process. Files run in the order collected (conftest.py puts the `live` ones,
# which wait on servers, first) rather than largest first, which left the slow one-test
# server files for the end.
PYTEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(len(os.sched_getaffinity(0)) + 1, 5))")
PYTEST_PARALLEL ?= -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder

.DEFAULT_GOAL := help
.PHONY: help run serve install install-dev env frontend build migrate demo test test-python \
        test-fast system-tools test-python-sqlite test-python-postgres test-js test-e2e e2e browser wrk bench bench-backoffice tools fuzz load faults audit lint lint-python lint-js \
        lint-mypy lint-ruff lint-eslint lint-prettier lint-tsc clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

$(VENV)/.runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.runtime ## Create the virtualenv and install runtime dependencies

install-dev: $(VENV)/.dev ## Install test and benchmark tools too

# Not `npm ci`: the registry these machines use serves only this platform's optional binaries
# (unrs-resolver's, through jest), so `npm ci` calls the lock out of sync. `npm install` installs
# exactly the locked versions and leaves package-lock.json unchanged.
node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund --no-save
	touch $@

# Keys, database and media are the owner's alone: var/ is 700, each key file 600
# (docs/security.md). The password-digest key is its own file, apart from SECRET_KEY.
$(VAR_DIR)/secret_key $(VAR_DIR)/password_digest_key:
	mkdir -p $(VAR_DIR)
	chmod 700 $(VAR_DIR)
	(umask 077; $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@)
	chmod 600 $@

# The env file every manage.py command, gunicorn and the worker read (config/env.py), so none
# needs keys typed by hand. Made from the key files, so a checkout that has them keeps its keys;
# other lines added to it by hand are kept when the keys are written again.
$(VAR_DIR)/env: $(VAR_DIR)/secret_key $(VAR_DIR)/password_digest_key
	(umask 077; { printf 'SECRET_KEY=%s\nPASSWORD_DIGEST_KEY=%s\n' \
	  "$$(cat $(VAR_DIR)/secret_key)" "$$(cat $(VAR_DIR)/password_digest_key)"; \
	  grep -v -E '^(SECRET_KEY|PASSWORD_DIGEST_KEY)=' $@ 2>/dev/null || true; } > $@.new)
	chmod 600 $@.new
	mv $@.new $@

env: $(VAR_DIR)/env ## Write var/env (the generated keys) that every manage.py command reads

frontend: node_modules/.installed ## Build the React bundle (webpack, production mode)
	npm run build

build: install $(ENV_FILE) ## Build the bundle and collect static files
	@if [ -f package.json ]; then $(MAKE) --no-print-directory frontend; else echo "no frontend yet: the app serves a placeholder page"; fi
	$(PY) manage.py collectstatic --noinput --verbosity 0

migrate: install $(ENV_FILE) ## Apply database migrations
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	chmod 700 $(VAR_DIR); chmod 600 $(VAR_DIR)/db.sqlite3* 2>/dev/null || true

demo: migrate ## Load demo data (idempotent) and print how to sign in
	$(PY) manage.py demo_data

# The web server and the background worker (emails) together, from the Procfile; Ctrl-C
# stops both. honcho gives the first process PORT.
run: build demo ## Install everything, build, migrate, load demo data, serve on http://127.0.0.1:8000
	@echo "Serving on http://$(HOST):$(PORT)  (Django admin: /admin/, API docs: /api/docs/)"
	HOST=$(HOST) $(VENV)/bin/honcho start -f Procfile -p $(PORT)

lint: install-dev node_modules/.installed ## ruff, mypy, complexity, ESLint (zero warnings), Prettier, tsc
	@# Each checker is a target of its own, so two cores share them, the longest first.
	$(MAKE) --no-print-directory --output-sync=target -j2 lint-python lint-js

lint-python: lint-mypy lint-ruff
lint-js: lint-eslint lint-prettier api-types-check lint-tsc

lint-mypy: install-dev
	@# The settings need a key to load; the type check reads no other environment.
	ENV_FILE= SECRET_KEY=type-check-only $(VENV)/bin/mypy

lint-ruff: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) tools/complexity.py

lint-eslint: node_modules/.installed
	node_modules/.bin/eslint --max-warnings 0 .

lint-prettier: node_modules/.installed
	npm run --silent format:check

lint-tsc: node_modules/.installed
	npm run --silent typecheck

test: ## Run every suite: lint, Python (SQLite, then PostgreSQL when reachable), jest, browser
	@# The downloads side by side: pip, npm and apt wait on the network more than on the cores.
	$(MAKE) --no-print-directory --output-sync=target -j3 install-dev node_modules/.installed system-tools
	@# Lint beside the build (the live-server tests serve the admin's and the bundle's hashed
	@# static files).
	$(MAKE) --no-print-directory --output-sync=target -j2 lint-python lint-js build
	@# One suite at a time: each keeps both cores busy (the PostgreSQL pass beside the browser
	@# suite took 425 s against 383 s one after the other). The suites share one folder of
	@# prepared live-server databases (tests/liveserver.py): the browser suite's demo shop is
	@# the one the SQLite pass made, not migrated and drawn again.
	@templates=$$(mktemp -d -t shop-templates-XXXXXX) && trap 'rm -rf "$$templates"' EXIT && \
	export SHOP_TEST_TEMPLATES="$$templates" && \
	$(MAKE) --no-print-directory test-python && \
	if [ -f package.json ]; then $(MAKE) --no-print-directory test-js; fi && \
	if ls tests/e2e/test_*.py >/dev/null 2>&1; then $(MAKE) --no-print-directory e2e; fi

# nginx: tests/test_release.py rolls an upgrade behind it; promtool: tests/test_monitoring.py
# checks the scrape configuration and the alert rules and runs their unit tests (each skipped
# without its tool, failed on CI).
test-python: install-dev nginx promtool ## Python suite on SQLite, then on PostgreSQL when one is reachable
	$(MAKE) --no-print-directory test-python-sqlite
	$(MAKE) --no-print-directory test-python-postgres

test-python-sqlite: install-dev nginx promtool
	@echo "== Python tests on SQLite =="
	DATABASE_URL= $(VENV)/bin/pytest $(PYTEST_PARALLEL) --ignore=tests/e2e

test-python-postgres: install-dev
	@url="$${TEST_DATABASE_URL:-$(PG_TEST_URL)}"; \
	if $(PY) -c "import sys, psycopg; psycopg.connect(sys.argv[1], connect_timeout=3).close()" "$$url" 2>/dev/null; then \
	  echo "== Python tests on PostgreSQL ($$url) =="; \
	  DATABASE_URL="$$url" $(VENV)/bin/pytest $(PYTEST_PARALLEL) --ignore=tests/e2e; \
	else \
	  echo "== PostgreSQL not reachable at $$url: the PostgreSQL run is skipped =="; \
	  if [ -n "$$CI" ]; then echo "CI must reach PostgreSQL"; exit 1; fi; \
	fi

.PHONY: format api-types api-types-check

format: install-dev node_modules/.installed ## Prettier writes the front end, ruff formats the Python
	npm run --silent format
	$(VENV)/bin/ruff format .

# The API layer's types (frontend/src/lib/api-types.d.ts, committed, so lint needs no server)
# from the server's OpenAPI schema; run after a serializer or schema change. `make lint`
# regenerates them aside (API_TYPES=...) and fails when the committed file is behind.
API_TYPES ?= frontend/src/lib/api-types.d.ts
api-types: install node_modules/.installed ## Regenerate the front end's API types from the OpenAPI schema
	@tmp=$$(mktemp -d); \
	ENV_FILE= SECRET_KEY=api-types-only DATABASE_URL= $(PY) manage.py spectacular --file $$tmp/schema.yml \
	  && node_modules/.bin/openapi-typescript $$tmp/schema.yml -o $(API_TYPES) >/dev/null; \
	status=$$?; rm -rf $$tmp; exit $$status

api-types-check: install node_modules/.installed
	@tmp=$$(mktemp); \
	$(MAKE) --no-print-directory api-types API_TYPES=$$tmp; \
	if cmp -s $$tmp frontend/src/lib/api-types.d.ts; then rm -f $$tmp; \
	else rm -f $$tmp; echo "frontend/src/lib/api-types.d.ts is behind the API schema: run make api-types"; exit 1; fi

# The quick loop: the Python suite on SQLite without the tests that start servers or processes
# (`live`) or drive a browser (`browser`); `make test` (CI) still runs every one of them.
test-fast: install-dev ## Python suite on SQLite without live-server and browser tests (the quick loop)
	DATABASE_URL= $(VENV)/bin/pytest $(PYTEST_PARALLEL) --ignore=tests/e2e -m "not live and not browser"

test-js: node_modules/.installed ## jest + Testing Library
	npm test --silent

# Debian's Chromium, nginx and prometheus (its promtool checks deploy/monitoring/) in one
# apt-get: two at once would queue on dpkg's lock.
system-tools:
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	command -v promtool >/dev/null 2>&1 || missing="$$missing prometheus"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "cannot install $$missing here (needs root and apt)"; fi; \
	fi

browser: ## Install Debian's Chromium for the browser suite (root with apt only)
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "cannot install chromium here (needs root and apt)"; fi; }

test-e2e: install-dev browser build ## Browser journeys in Chromium against a real gunicorn
	$(MAKE) --no-print-directory e2e

# The browser suite on what `build` made (make test builds once, before the Python suite).
# Two files at once, each worker with its own server and Chromium: the journeys wait on
# animations and servers more than they compute (290 s in one process, 196 s in two, here).
E2E_PARALLEL ?= -n 2 --dist loadfile
e2e: browser
	$(VENV)/bin/pytest tests/e2e -p no:cacheprovider $(E2E_PARALLEL)

.venv-tools/.installed: requirements-tools.txt
	test -x .venv-tools/bin/python || $(PYTHON) -m venv .venv-tools
	.venv-tools/bin/pip install --quiet -r requirements-tools.txt
	touch $@

tools: .venv-tools/.installed ## Load and fuzz tools (locust, schemathesis) in their own virtualenv

fuzz: install-dev tools build ## schemathesis over every API operation as admin, customer and anonymous
	$(PY) bench/fuzz.py

load: install-dev tools build ## locust: 50 shoppers and admins for 60 s on PostgreSQL, then the stock ledger
	$(PY) bench/load.py

faults: install-dev tools build ## load while PostgreSQL restarts and a worker is killed (root; restarts PostgreSQL)
	$(PY) bench/faults.py

tools/audit/node_modules/.installed: tools/audit/package.json tools/audit/package-lock.json
	npm install --prefix tools/audit --no-audit --no-fund --no-save
	touch $@

audit: install-dev build browser tools/audit/node_modules/.installed ## Lighthouse scores of the login, home and product pages
	$(PY) bench/audit.py

wrk: ## Install Debian's wrk for the requests/s figures of bench/catalog.py --wrk (root with apt only)
	@command -v wrk >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	  else echo "cannot install wrk here (needs root and apt)"; fi; }

bench: install-dev tools wrk ## Benchmarks that print figures (see docs/performance.md)
	@ls bench/*.py | sed 's/^/  /'; echo "run one: $(PY) bench/<name>.py --help"

SIZES ?= 10000,1000000
bench-backoffice: install-dev ## Back-office reads at SIZES orders (PostgreSQL at DATABASE_URL; docs/performance.md)
	$(PY) bench/backoffice.py --sizes $(SIZES)

clean: ## Remove the virtualenv, node_modules, built files and the local database
	rm -rf $(VENV) .venv-tools node_modules var frontend/static/frontend dist

.PHONY: release rehearsal nginx promtool

# Build once, deploy many (docs/deploy.md "Releases and rolling upgrades"): one archive with the
# code, the pinned requirements, the collected static files and RELEASE; servers need no Node.
release: install node_modules/.installed ## Build dist/shop-<release>.tar.gz, which servers install without Node
	$(PY) tools/release.py build --out dist

nginx: ## Install Debian's nginx: release test, rehearsal, proxy check (root with apt only)
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	  else echo "cannot install nginx here (needs root and apt)"; fi; }

promtool: ## Install Debian's prometheus for promtool: monitoring checks (root with apt only)
	@command -v promtool >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null; \
	  else echo "cannot install prometheus here (needs root and apt)"; fi; }

# FROM=REV rolls from another revision (default: the commit before HEAD).
rehearsal: install-dev nginx node_modules/.installed ## Rolling upgrade of two servers and a worker behind nginx, with a probe
	$(PY) bench/deploy_rehearsal.py $(if $(FROM),--from $(FROM))
