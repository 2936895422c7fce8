"""Loaded by pytest (`-p config.testenv` in pytest.ini) before Django is set up.

Tests never need a real secret; production refuses to start without one.
"""

import os

if not os.environ.get("SECRET_KEY"):
    os.environ["SECRET_KEY"] = "test-only-secret-key-not-for-production-use-0123456789"
