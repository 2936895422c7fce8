"""A minimal django-oscar + django-oscar-api project for bench/catalog_peer.py: Oscar's
own apps and API with the settings its docs ask for, JSON only, 12 products a page, and two
commands that load N products (one category, one stock record and two images each) and
print a product id from the middle."""

from pathlib import Path

SETTINGS = """
import os
from urllib.parse import urlsplit

from oscar.defaults import *  # noqa: F401,F403
from oscar import INSTALLED_APPS as OSCAR_APPS

SECRET_KEY = "oscar-bench-only-0123456789-abcdefghijklmnopqrstuvwxyz"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [*OSCAR_APPS, "rest_framework", "oscarapi", "benchdata"]
SITE_ID = 1
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "oscar.apps.basket.middleware.BasketMiddleware",
]
ROOT_URLCONF = "oscarbench.urls"
WSGI_APPLICATION = "oscarbench.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]
_url = urlsplit(os.environ["OSCAR_DATABASE_URL"])
if _url.scheme == "sqlite":
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": _url.path[1:]}}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": _url.path.lstrip("/"),
            "USER": _url.username or "postgres",
            "HOST": _url.hostname,
            "PORT": _url.port or 5432,
            "CONN_MAX_AGE": 60,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
HAYSTACK_CONNECTIONS = {"default": {"ENGINE": "haystack.backends.simple_backend.SimpleEngine"}}
USE_TZ = True
STATIC_URL = "/static/"
MEDIA_URL = "/media/"
REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 12,
}
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
"""

URLS = """
from django.urls import include, path

urlpatterns = [path("api/", include("oscarapi.urls")), path("healthz", include("benchdata.urls"))]
"""

WSGI = """
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oscarbench.settings")
application = get_wsgi_application()
"""

MANAGE = """
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oscarbench.settings")
from django.core.management import execute_from_command_line

execute_from_command_line(sys.argv)
"""

HEALTH_URLS = """
from django.http import HttpResponse
from django.urls import path

urlpatterns = [path("", lambda request: HttpResponse("ok"))]
"""

LOAD = """
import random
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from oscar.core.loading import get_model

Category = get_model("catalogue", "Category")
Product = get_model("catalogue", "Product")
ProductCategory = get_model("catalogue", "ProductCategory")
ProductClass = get_model("catalogue", "ProductClass")
ProductImage = get_model("catalogue", "ProductImage")
Partner = get_model("partner", "Partner")
StockRecord = get_model("partner", "StockRecord")
WORDS = ["Classic", "Frosty", "Golden", "Mango", "Berry", "Mint", "Pod", "Kit", "Pack"]


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("count", type=int)

    def handle(self, *args, count, **options):
        rng = random.Random(1)
        kind, _ = ProductClass.objects.get_or_create(name="Bench", slug="bench")
        categories = list(Category.get_root_nodes()) or [
            Category.add_root(name=f"Category {n}") for n in range(13)
        ]
        partner, _ = Partner.objects.get_or_create(name="Bench partner", code="bench")
        made = Product.objects.count()
        while made < count:
            size = min(2000, count - made)
            with transaction.atomic():
                products = Product.objects.bulk_create(
                    Product(
                        structure="standalone",
                        product_class=kind,
                        title=" ".join(rng.choice(WORDS) for _ in range(3)) + f" {made + i + 1}",
                        slug=f"bench-{made + i + 1}",
                        description="Bulk item for benchmarks.",
                    )
                    for i in range(size)
                )
                ProductCategory.objects.bulk_create(
                    ProductCategory(product=p, category=rng.choice(categories)) for p in products
                )
                StockRecord.objects.bulk_create(
                    StockRecord(
                        product=p,
                        partner=partner,
                        partner_sku=f"sku-{p.pk}",
                        price=Decimal(rng.randrange(199, 9999)) / 100,
                        num_in_stock=rng.randrange(0, 200),
                    )
                    for p in products
                )
                ProductImage.objects.bulk_create(
                    ProductImage(product=p, original=f"images/products/{p.pk}-{n}.jpg", display_order=n)
                    for p in products
                    for n in range(2)
                )
            made += size
"""

MIDDLE = """
from django.core.management.base import BaseCommand
from oscar.core.loading import get_model

Product = get_model("catalogue", "Product")


class Command(BaseCommand):
    def handle(self, *args, **options):
        ids = list(Product.objects.order_by("id").values_list("id", flat=True))
        self.stdout.write(str(ids[len(ids) // 2]))
"""

OSCAR_FILES = {
    "manage.py": MANAGE,
    "oscarbench/__init__.py": "",
    "oscarbench/settings.py": SETTINGS,
    "oscarbench/urls.py": URLS,
    "oscarbench/wsgi.py": WSGI,
    "benchdata/__init__.py": "",
    "benchdata/urls.py": HEALTH_URLS,
    "benchdata/management/__init__.py": "",
    "benchdata/management/commands/__init__.py": "",
    "benchdata/management/commands/load_bench.py": LOAD,
    "benchdata/management/commands/middle_product.py": MIDDLE,
}


def write_project(folder):
    folder = Path(folder)
    for name, text in OSCAR_FILES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip())
