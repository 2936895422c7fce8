"""The demo catalog of `manage.py demo_data` (catalog.py) and its product shots (pictures/,
one or two WebP files per product, named by the product's slug)."""

from shop.demo.catalog import CATALOG, E2E_PRODUCTS, seed

__all__ = ["CATALOG", "E2E_PRODUCTS", "seed"]
