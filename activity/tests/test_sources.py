"""Where each write came from (activity/context.py): the Django admin, a manage.py command,
the shop's own jobs; and the person, read after DRF authenticated the bearer token."""

import io
import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.utils import timezone

from activity.context import SYSTEM_COMMANDS
from activity.registry import CHANGED
from activity.tests.helpers import changes_of, history, latest
from orders.models import Order
from shop import services
from shop.models import Category
from shop.tests.test_admin import list_row
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db


def _by_admin_browser(entry, admin_user):
    assert (entry["source"], entry["command"]) == ("admin", None)
    assert entry["person"] == {"id": admin_user.pk, "name": admin_user.name}


def test_a_product_saved_in_the_django_admin(admin_browser, admin_user, admin_client_api):
    product = make_product(quantity=3)
    page = admin_browser.get("/admin/shop/product/")

    response = admin_browser.post(
        "/admin/shop/product/", list_row(page, product, **{"form-0-quantity": "12"})
    )

    assert response.status_code == 302
    entry = latest(admin_client_api, entity="product", id=product.pk)
    _by_admin_browser(entry, admin_user)
    assert changes_of(entry) == {"quantity": (3, 12)}


def test_category_flags_saved_in_the_django_admin(admin_browser, admin_user, admin_client_api):
    categories = list(Category.objects.order_by("position", "id"))
    form = {
        "form-TOTAL_FORMS": str(len(categories)),
        "form-INITIAL_FORMS": str(len(categories)),
        "_save": "Save",
    }
    for n, category in enumerate(categories):
        form[f"form-{n}-id"] = category.pk
        flags = {"age_restricted": category.age_restricted, "shippable": category.shippable}
        if category.pk == "party-supplies":
            flags["age_restricted"] = True
        form.update({f"form-{n}-{name}": "on" for name, on in flags.items() if on})

    # Only what this save wrote (a flush by an earlier transactional test reseeds the rows).
    before = {entry["id"] for entry in history(admin_client_api, entity="category")}
    assert admin_browser.post("/admin/shop/category/", form).status_code == 302

    entries = [e for e in history(admin_client_api, entity="category") if e["id"] not in before]
    assert [entry["entityId"] for entry in entries] == ["party-supplies"]
    _by_admin_browser(entries[0], admin_user)
    assert changes_of(entries[0]) == {"ageRestricted": (False, True)}


def test_a_user_made_admin_and_given_a_password_in_the_django_admin(
    admin_browser, admin_user, admin_client_api, customer
):
    response = admin_browser.post(
        f"/admin/accounts/user/{customer.pk}/change/",
        {
            "email": customer.email,
            "name": customer.name,
            "phone": "",
            "delivery_address": "",
            "delivery_zip": "",
            "is_active": "on",
            "role": "admin",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    entry = latest(admin_client_api, entity="user", id=customer.pk)
    _by_admin_browser(entry, admin_user)
    assert changes_of(entry) == {"role": ("customer", "admin")}
    assert {c["field"]: c["label"] for c in entry["changes"]} == {"role": "Role"}

    response = admin_browser.post(
        f"/admin/accounts/user/{customer.pk}/password/",
        {"password1": "quiet-harbor-lantern-58", "password2": "quiet-harbor-lantern-58"},
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    entry = latest(admin_client_api, entity="user", id=customer.pk)
    _by_admin_browser(entry, admin_user)
    assert changes_of(entry) == {"password": (CHANGED, CHANGED)}
    customer.refresh_from_db()
    text = json.dumps(history(admin_client_api))
    assert customer.password not in text and "quiet-harbor-lantern-58" not in text


def test_a_command_names_itself_and_no_person(admin_client_api, customer):
    call_command(
        "create_admin",
        email=customer.email,
        password="granite-meadow-violet-31",
        stdout=io.StringIO(),
    )

    password, flags = history(admin_client_api, entity="user", id=customer.pk)[:2]
    for entry in (password, flags):
        assert (entry["source"], entry["command"], entry["person"]) == (
            "command",
            "create_admin",
            None,
        )
    assert changes_of(flags)["role"] == ("customer", "admin")
    assert changes_of(password) == {"password": (CHANGED, CHANGED)}


def test_expired_holds_are_the_shop_s_own_job(admin_client_api, customer_client, settings):
    settings.PENDING_HOLD_HOURS = 48
    answer = post_checkout(customer_client, checkout_body(line(make_product())))
    order_id = answer["order"]["id"]
    Order.objects.filter(pk=order_id).update(created_at=timezone.now() - timedelta(hours=49))

    call_command("expire_pending_orders", stdout=io.StringIO())

    entry = latest(admin_client_api, entity="order", id=order_id)
    assert (entry["source"], entry["command"], entry["person"]) == (
        "system",
        "expire_pending_orders",
        None,
    )
    assert changes_of(entry) == {"status": ("pending", "cancelled")}


def test_a_write_with_no_source_is_the_system_s(admin_client_api):
    product = make_product(price="3.00")

    services.product_update(product_id=product.pk, price="4.00")

    entry = latest(admin_client_api, entity="product", id=product.pk)
    assert (entry["source"], entry["command"], entry["person"]) == ("system", None, None)


def test_every_scheduled_command_is_a_system_source():
    units = (Path(django_settings.BASE_DIR) / "deploy").glob("*.service")
    scheduled = {
        name for unit in units for name in re.findall(r"manage\.py (\w+)", unit.read_text())
    }

    assert scheduled and scheduled <= SYSTEM_COMMANDS


def test_a_save_of_untracked_fields_costs_no_query(django_assert_num_queries):
    # auditlog would read the row back before every save; ours skips saves of fields it does
    # not track (activity/registry.py), such as the checkout's totals.
    product = make_product()

    with django_assert_num_queries(1):
        product.save(update_fields=["updated_at"])
    with django_assert_num_queries(3):  # the row as stored, the save, the entry
        product.name = "Renamed"
        product.save(update_fields=["name", "updated_at"])


def test_the_django_admin_lists_the_entries(admin_browser):
    product = make_product(name="Listed Lamp")

    page = admin_browser.get("/admin/auditlog/logentry/")
    entry = admin_browser.get(f"/admin/auditlog/logentry/?q={product.pk}")

    assert page.status_code == 200 and "Listed Lamp" in page.content.decode()
    assert entry.status_code == 200
