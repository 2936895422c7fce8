"""The demo catalog of `manage.py demo_data` (catalog.py) and the product shots it draws with
Pillow: images.py picks what to draw, draw.py has the primitives, and bottles.py, devices.py
and toys.py the objects."""

from shop.demo.catalog import CATALOG, E2E_PRODUCTS, seed

__all__ = ["CATALOG", "E2E_PRODUCTS", "seed"]
