"""Roles (docs/api.md, Roles): an admin adds and disables people and changes their role;
staff handle orders, rides and stock and nothing else; nobody raises their own role; the
last active admin stays one; the Django admin's Staff group holds the staff role's
permissions (common/roles.py, written once)."""

import pytest
from django.contrib.auth.models import Group

from accounts import people
from accounts.models import User
from common.errors import NotAllowed
from common.permissions import STOCK_ONLY
from common.roles import STAFF_GROUP, Role, group_permissions
from shop.versioning import product_etag
from tests.factories import make_product

pytestmark = pytest.mark.django_db

USERS = "/api/auth/users"
CLERK = {
    "email": "Clerk@Example.com",
    "name": "Cleo Clerk",
    "password": "counter-clerk-4417",
    "role": "staff",
}


def test_an_admin_adds_a_staff_member_who_signs_in_as_staff(admin_client_api, api_client):
    response = admin_client_api.post(USERS, CLERK, format="json")

    assert response.status_code == 201
    answer = response.json()
    assert (answer["email"], answer["role"], answer["active"]) == (
        "clerk@example.com",
        "staff",
        True,
    )
    clerk = User.objects.get(pk=answer["id"])
    assert (clerk.is_staff, clerk.is_superuser) == (True, False)
    assert list(clerk.groups.values_list("name", flat=True)) == [STAFF_GROUP]
    session = api_client.post("/api/auth/login", {"password": CLERK["password"]}, format="json")
    assert session.json()["user"]["role"] == "staff"
    listed = {row["email"]: row for row in admin_client_api.get(USERS).json()["users"]}
    assert (listed["clerk@example.com"]["role"], listed["clerk@example.com"]["active"]) == (
        "staff",
        True,
    )


@pytest.mark.parametrize(
    "change, status, field",
    [
        ({"password": "short"}, 400, "password"),
        ({"role": "owner"}, 400, "role"),
        ({"email": "ada@example.com"}, 409, "email"),
    ],
    ids=["weak password", "unknown role", "email taken"],
)
def test_a_person_the_rules_refuse_is_not_added(admin_client_api, change, status, field):
    before = User.objects.count()

    response = admin_client_api.post(USERS, {**CLERK, **change}, format="json")

    assert response.status_code == status
    assert field in response.json()["errors"]
    assert User.objects.count() == before


def test_staff_cannot_change_a_price(staff_client):
    lamp = make_product(name="Lamp", price="10.00", quantity=3)

    response = staff_client.put(
        f"/api/products/{lamp.pk}",
        {"price": "1.00", "quantity": "9"},
        format="multipart",
        HTTP_IF_MATCH=product_etag(lamp.pk, lamp.version),
    )

    assert response.status_code == 403
    assert response.json()["message"] == STOCK_ONLY
    lamp.refresh_from_db()
    assert (str(lamp.price), lamp.quantity) == ("10.00", 3)


def test_staff_change_stock_and_availability(staff_client):
    lamp = make_product(name="Lamp", price="10.00", quantity=3)

    response = staff_client.put(
        f"/api/products/{lamp.pk}",
        {"quantity": "9", "availability": "false"},
        format="multipart",
        HTTP_IF_MATCH=product_etag(lamp.pk, lamp.version),
    )

    assert response.status_code == 200
    lamp.refresh_from_db()
    assert (lamp.quantity, lamp.availability, str(lamp.price)) == (9, False, "10.00")


def test_staff_cannot_change_a_setting(staff_client, admin_client_api):
    before = admin_client_api.get("/api/shop/settings").json()["pickupInstructions"]

    response = staff_client.patch(
        "/api/shop/settings", {"pickupInstructions": "Back door"}, format="json"
    )

    assert response.status_code == 403
    assert response.json()["message"]
    assert admin_client_api.get("/api/shop/settings").json()["pickupInstructions"] == before


@pytest.mark.parametrize("path", ["/api/reports/sales", "/api/activity", USERS])
def test_staff_see_no_reports_activity_or_people(staff_client, path):
    assert staff_client.get(path).status_code == 403


def test_staff_cannot_raise_their_own_role(staff_client, staff_user):
    response = staff_client.patch(f"{USERS}/{staff_user.pk}", {"role": "admin"}, format="json")

    assert response.status_code == 403
    staff_user.refresh_from_db()
    assert (staff_user.role, staff_user.is_superuser) == (Role.STAFF, False)
    # Nor through the service, whoever calls it.
    with pytest.raises(NotAllowed):
        people.user_update(user_id=staff_user.pk, actor=staff_user, role="admin")


def test_an_admin_changes_a_role_and_the_flags_and_group_follow(admin_client_api, staff_user):
    response = admin_client_api.patch(
        f"{USERS}/{staff_user.pk}", {"role": "customer"}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["role"] == "customer"
    staff_user.refresh_from_db()
    assert (staff_user.is_staff, staff_user.is_superuser) == (False, False)
    assert not staff_user.groups.exists()


@pytest.mark.parametrize("change", [{"role": "staff"}, {"active": False}])
def test_the_last_active_admin_cannot_be_demoted_or_disabled(
    admin_client_api, admin_user, make_user, change
):
    # Another admin who is disabled does not count.
    make_user(admin=True, email="gone@example.com").__class__.objects.filter(
        email="gone@example.com"
    ).update(is_active=False)

    response = admin_client_api.patch(f"{USERS}/{admin_user.pk}", change, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == people.LAST_ADMIN
    admin_user.refresh_from_db()
    assert (admin_user.role, admin_user.is_active) == (Role.ADMIN, True)


def test_an_admin_steps_down_once_another_admin_exists(admin_client_api, admin_user, make_user):
    make_user(admin=True, email="bea@example.com")

    response = admin_client_api.patch(f"{USERS}/{admin_user.pk}", {"role": "staff"}, format="json")

    assert response.status_code == 200
    assert response.json()["role"] == "staff"


def test_a_disabled_staff_members_token_is_refused_at_once(
    admin_client_api, staff_user, staff_client
):
    assert staff_client.get("/api/orders").status_code == 200

    response = admin_client_api.patch(f"{USERS}/{staff_user.pk}", {"active": False}, format="json")

    assert response.status_code == 200
    assert response.json()["active"] is False
    assert staff_client.get("/api/orders").status_code == 401


def test_an_empty_change_is_a_400(admin_client_api, staff_user):
    assert admin_client_api.patch(f"{USERS}/{staff_user.pk}", {}, format="json").status_code == 400


def test_the_staff_group_holds_exactly_the_staff_roles_permissions():
    group = Group.objects.get(name=STAFF_GROUP)

    held = sorted(
        f"{p.content_type.app_label}.{p.codename}"
        for p in group.permissions.select_related("content_type")
    )

    assert held == group_permissions(Role.STAFF)
    assert "orders.change_order" in held and "storesettings.change_shopsettings" not in held


def test_staff_use_the_django_admin_for_their_part_only(client, staff_user, plain_static_files):
    client.force_login(staff_user)

    assert client.get("/admin/orders/order/").status_code == 200
    assert client.get("/admin/accounts/user/").status_code == 403


def test_staff_change_stock_in_the_django_admin_list_but_not_a_products_page(
    client, staff_user, plain_static_files
):
    lamp = make_product(name="Lamp", price="10.00", quantity=3)
    client.force_login(staff_user)
    page = f"/admin/shop/product/{lamp.pk}/change/"

    assert client.get(page).status_code == 200  # to read
    refused = client.post(page, {"name": "Lamp", "price": "1.00", "quantity": "3"})

    assert refused.status_code == 403
    lamp.refresh_from_db()
    assert str(lamp.price) == "10.00"


def test_the_django_admin_keeps_the_last_admin_too(admin_browser, admin_user):
    response = admin_browser.post(
        f"/admin/accounts/user/{admin_user.pk}/change/",
        {
            "email": admin_user.email,
            "name": admin_user.name,
            "phone": "",
            "delivery_address": "",
            "delivery_zip": "",
            "is_active": "on",
            "role": "staff",
        },
    )

    assert response.status_code == 200  # the form again, with the message
    assert people.LAST_ADMIN in response.content.decode()
    admin_user.refresh_from_db()
    assert admin_user.role == Role.ADMIN


def test_the_migration_makes_every_admin_of_before_roles_an_admin(make_user):
    """Before roles, is_staff meant an admin: migration 0005 gives those users the role."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("accounts.migrations.0005_user_role")
    old_admin, customer = make_user(), make_user()
    User.objects.filter(pk=old_admin.pk).update(is_staff=True, is_superuser=False)

    migration.roles_from_flags(apps, None)

    old_admin.refresh_from_db()
    customer.refresh_from_db()
    assert (old_admin.role, old_admin.is_superuser) == (Role.ADMIN, True)
    assert customer.role == Role.CUSTOMER
