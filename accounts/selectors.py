from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from accounts.models import RegistrationCode, User
from accounts.passwords import password_digests

if TYPE_CHECKING:
    from orders.models import Order
    from rides.models import Ride


def user_list() -> QuerySet[User]:
    return User.objects.order_by("-created_at", "-id")


def user_by_password(raw_password: str, *, email: str | None = None) -> User | None:
    """The active user this password belongs to, found by one indexed lookup, or None."""
    users = User.objects.filter(is_active=True)
    if email:
        return users.filter(email__iexact=email.strip()).first()
    # Under the current key or an older one (the sign-in re-keys it); password_in_use checks
    # every key, so at most one user matches.
    return users.filter(password_digest__in=password_digests(raw_password)).first()


def password_in_use(raw_password: str, *, exclude_user_id: int | None = None) -> bool:
    users = User.objects.filter(password_digest__in=password_digests(raw_password))
    if exclude_user_id is not None:
        users = users.exclude(pk=exclude_user_id)
    return users.exists()


def registration_code_list() -> QuerySet[RegistrationCode]:
    return RegistrationCode.objects.all()


def registration_code_exists(code: str) -> bool:
    return RegistrationCode.objects.filter(code=code).exists()


def user_for_reset(email: str) -> User | None:
    """The active account a reset request's email names, or None."""
    return User.objects.filter(is_active=True, email__iexact=email.strip()).first()


def _money(value: Decimal) -> str:
    return f"{value:.2f}"


def _order_export(order: Order) -> dict[str, Any]:
    return {
        "id": order.pk,
        "createdAt": order.created_at.isoformat(),
        "status": order.status,
        "customerName": order.customer_name,
        "deliveryOption": order.delivery_option,
        "deliveryAddress": order.delivery_address,
        "deliveryZip": order.delivery_zip,
        "phoneNumber": order.phone_number,
        "deliveryDate": order.delivery_date.isoformat() if order.delivery_date else None,
        "deliveryTime": order.delivery_time,
        "specialInstructions": order.special_instructions,
        "subtotal": _money(order.subtotal),
        "deliveryFee": _money(order.delivery_fee),
        "total": _money(order.total),
        "lines": [
            {
                "product": line.product_name,
                "type": line.product_type_name,
                "unitPrice": _money(line.unit_price),
                "quantity": line.quantity,
            }
            for line in order.items.all()
        ],
    }


def _ride_export(ride: Ride) -> dict[str, Any]:
    return {
        "id": ride.pk,
        "createdAt": ride.created_at.isoformat(),
        "status": ride.status,
        "name": ride.name,
        "phone": ride.phone,
        "pickupAddress": ride.address,
        "dropoffAddress": ride.dropoff_address,
        "pickupDate": ride.pickup_date.isoformat(),
        "pickupTime": ride.pickup_time,
        "itemDescription": ride.item_description,
    }


def user_export(user: User) -> dict[str, Any]:
    """Everything the shop keeps about a customer (GET /api/auth/me/export, CCPA's right
    to know): the profile, the orders with their lines, the ride requests."""
    from orders.selectors import orders_for_user_export
    from rides.selectors import rides_for_export

    return {
        "profile": {
            "id": user.pk,
            "email": user.email,
            "name": user.name,
            "phone": user.phone,
            "deliveryAddress": user.delivery_address,
            "deliveryZip": user.delivery_zip,
            "role": user.role.value,
            "createdAt": user.created_at.isoformat(),
        },
        "orders": [_order_export(order) for order in orders_for_user_export(user=user)],
        "rideRequests": [_ride_export(ride) for ride in rides_for_export(user=user)],
    }
