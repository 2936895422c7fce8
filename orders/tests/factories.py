"""Moved to tests/factories.py (one factories module for every app's tests). These names stay
importable from here for tests written against the old path; new tests import tests.factories.
"""

from tests.factories import (  # noqa: F401
    CHECKOUT_URL,
    checkout_body,
    line,
    make_product,
    stock_of,
)
from tests.factories import refused_order as refused  # noqa: F401
