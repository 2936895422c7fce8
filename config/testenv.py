"""Loaded by pytest (`-p config.testenv` in pytest.ini) before Django is set up.

Tests never need a real secret; production refuses to start without one.
"""

import os

# A developer's var/env (written by `make run`) must not reach the tests or the servers they
# start: each test sets what it needs, and tests/test_env_file.py names its own file.
os.environ.setdefault("ENV_FILE", "")

if not os.environ.get("SECRET_KEY"):
    os.environ["SECRET_KEY"] = "test-only-secret-key-not-for-production-use-0123456789"
