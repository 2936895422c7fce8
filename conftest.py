"""Fixtures every app's tests share: users of each role, API clients, tokens."""

import os
import shutil
import tempfile

import pytest


def pytest_report_header(config):
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    return f"database backend: {engine}"


def pytest_configure(config):
    # One folder for the run's prepared live-server databases (tests/liveserver.py), made by
    # the first process (xdist's controller) and inherited by the workers it starts, unless
    # the caller shares one between runs (`make test`: the SQLite pass's demo shop serves the
    # browser suite) and removes it itself. The PostgreSQL templates serve one run only.
    if hasattr(config, "workerinput"):
        return
    if "SHOP_TEST_TEMPLATES" not in os.environ:
        folder = tempfile.mkdtemp(prefix="shop-templates-")
        os.environ["SHOP_TEST_TEMPLATES"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    config.add_cleanup(_drop_pg_templates)


def _drop_pg_templates():
    from tests.liveserver import drop_pg_templates

    drop_pg_templates()


def pytest_collection_modifyitems(config, items):
    # Files that start servers first: they spend most of their time waiting on them, and a
    # parallel run (`--dist loadfile --no-loadscope-reorder`, Makefile) that left them for the
    # end would wait on them with every other worker idle. Order within a file is kept.
    items.sort(key=lambda item: item.get_closest_marker("live") is None)

    from django.db import connection

    if connection.vendor == "postgresql":
        # Tests that serve their own SQLite file whatever the run's database gain nothing from a
        # second pass; `make test` runs them in the SQLite pass.
        for item in items:
            marker = item.get_closest_marker("sqlite_only")
            if marker:
                why = marker.args[0] if marker.args else "serves its own SQLite file"
                item.add_marker(pytest.mark.skip(reason=f"{why}: runs in the SQLite pass"))
        return
    for item in items:
        marker = item.get_closest_marker("postgres")
        if marker:
            needs = marker.args[0] if marker.args else "row locks and real concurrency"
            item.add_marker(
                pytest.mark.skip(reason=f"needs PostgreSQL ({needs}); this run uses SQLite")
            )


class UnmarkedServer(Exception):
    """A test without the `live` marker started a process or a listening server."""


def _refuse(what):
    def refuse(*args, **kwargs):
        raise UnmarkedServer(
            f"this test {what} without the `live` marker: mark it (pytest.mark.live) so that "
            "`make test-fast` leaves it out"
        )

    return refuse


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """Only `live` (and `browser`) tests may start processes or listening servers: the check
    holds from the test's setup (module fixtures included) to its teardown."""
    import socket
    import subprocess

    if item.get_closest_marker("live") or item.get_closest_marker("browser"):
        yield
        return
    patch = pytest.MonkeyPatch()
    patch.setattr(subprocess.Popen, "_execute_child", _refuse("started a process"))
    patch.setattr(socket.socket, "listen", _refuse("opened a listening socket"))
    item.stash[_unmarked_guard] = patch
    yield


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    patch = item.stash.get(_unmarked_guard, None)
    if patch is not None:
        patch.undo()


_unmarked_guard = pytest.StashKey()


@pytest.fixture(scope="session", autouse=True)
def _migrated_rows_survive_flushes():
    """A transactional test ends with a flush, which empties the categories and the
    compliance rules the migrations seed. Django sends post_migrate after that flush; putting the rows back then keeps every
    later test in the process (`make test` runs files in parallel, in no fixed order) on the
    shop as migrated."""
    import importlib

    from django.apps import apps
    from django.db.models.signals import post_migrate

    seeds = [
        importlib.import_module("shop.migrations.0002_categories").create_categories,
        importlib.import_module("shop.migrations.0005_category_flags").set_flags,
        importlib.import_module("shop.migrations.0017_excise_and_compare_at").set_excise,
        importlib.import_module("shop.migrations.0020_regulatory_attributes").first_run_defaults,
    ]
    first_run_rules = importlib.import_module("compliance.migrations.0002_first_run_rules")

    def reseed(sender, **kwargs):
        from auditlog.context import disable_auditlog

        # As the migrations wrote them: no history entries (activity/'s tests read them).
        with disable_auditlog():
            for seed in seeds:  # a flush sends no `apps`: the models as they are
                seed(kwargs.get("apps") or apps, None)

    def reseed_rules(sender, **kwargs):
        from auditlog.context import disable_auditlog

        models = kwargs.get("apps") or apps
        if not models.get_model("compliance", "Rule").objects.exists():
            with disable_auditlog():
                first_run_rules.first_run_rules(models, None)

    shop = apps.get_app_config("shop")
    compliance = apps.get_app_config("compliance")
    post_migrate.connect(reseed, sender=shop, dispatch_uid="tests-reseed-categories")
    post_migrate.connect(reseed_rules, sender=compliance, dispatch_uid="tests-reseed-rules")
    yield
    post_migrate.disconnect(sender=shop, dispatch_uid="tests-reseed-categories")
    post_migrate.disconnect(sender=compliance, dispatch_uid="tests-reseed-rules")


@pytest.fixture(autouse=True)
def _test_settings(settings):
    # A fast hasher: Argon2 costs ~50 ms per user created, which no test is about.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Each test's client builds its own middleware chain, and whitenoise's would scan the
    # collected static files (a thousand, after `make build`) every time: half a second per
    # test. Looked up on request instead; frontend/tests/test_static_caching.py checks the
    # production way.
    settings.WHITENOISE_AUTOREFRESH = True
    settings.THROTTLE_RATES = {key: None for key in settings.THROTTLE_RATES}
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    # Background tasks (emails) run at once, inside the on_commit callbacks tests execute;
    # common/tests/test_mail_tasks.py runs the real database queue and its worker.
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    # The default profile's cache is a database table, which tests without database access
    # cannot reach; the live-server tests (tests/test_live_security.py) exercise that one.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import cache

    # Test factories write catalog rows directly, without moving the catalog version that
    # keys the cached answers: no answer may outlive its test.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def media_root(settings, tmp_path):
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path / "media", "base_url": "/media/"},
        },
    }
    settings.MEDIA_ROOT = tmp_path / "media"
    return tmp_path / "media"


@pytest.fixture
def make_user(db):
    from accounts.models import User

    counter = {"n": 0}

    from tests.factories import ADULT_BIRTH

    def make(*, admin=False, password=None, email=None, name=None, role=None, born=ADULT_BIRTH):
        # A customer is an adult with a date of birth on file unless a test says otherwise
        # (born=None, or a date): the 21+ age check is met on purpose, never by accident.
        counter["n"] += 1
        n = counter["n"]
        role = role or ("admin" if admin else "customer")
        return User.objects.create_user(
            email=email or f"user{n}@example.com",
            password=password or f"pass-{n}-word",
            name=name or f"User {n}",
            role=role,
            date_of_birth=born if role == "customer" else None,
        )

    return make


@pytest.fixture
def customer(make_user):
    return make_user(name="Casey Customer", email="casey@example.com", password="casey-secret-1")


@pytest.fixture
def other_customer(make_user):
    return make_user(name="Olive Other", email="olive@example.com", password="olive-secret-1")


@pytest.fixture
def admin_user(make_user):
    return make_user(admin=True, name="Ada Admin", email="ada@example.com", password="ada-secret-1")


@pytest.fixture
def staff_user(make_user):
    return make_user(
        role="staff", name="Sam Staff", email="sam@example.com", password="sam-secret-1"
    )


@pytest.fixture
def plain_static_files(settings):
    """Pages that link static files (the admin's) render without the production manifest,
    which is not built for tests."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture
def admin_browser(client, admin_user, plain_static_files):
    """The Django admin's test client, signed in as staff."""
    client.force_login(admin_user)
    return client


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def client_for():
    """client_for(user) -> an APIClient that sends that user's bearer token."""
    from rest_framework.test import APIClient

    from accounts.tokens import token_for

    def make(user):
        client = APIClient()
        if user is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_for(user)}")
        return client

    return make


@pytest.fixture
def customer_client(client_for, customer):
    return client_for(customer)


@pytest.fixture
def other_client(client_for, other_customer):
    return client_for(other_customer)


@pytest.fixture
def admin_client_api(client_for, admin_user):
    return client_for(admin_user)


@pytest.fixture
def staff_client(client_for, staff_user):
    return client_for(staff_user)
