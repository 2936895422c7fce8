"""Reads of rides: lists, the pricing text, and the ride rules served to the client."""

from typing import Any

from django.db.models import QuerySet

from accounts.models import User
from common.errors import InvalidInput
from rides.models import RIDE_TRANSITIONS, Ride, RideStatus, Setting, SettingKey

# The shop's standard prices; shown until an admin stores a text of their own.
DEFAULT_PRICING_DESCRIPTION = (
    "Our ride pricing is simple: a $15 base pickup fee plus $2.50 per mile. "
    "Large items add $10, and same-day rush requests add $20. "
    "We confirm the final price with you after reviewing your request, "
    "and payment is due when your delivery is completed."
)

UNKNOWN_STATUS = "Unknown ride status. Use one of: " + ", ".join(RideStatus.values) + "."


def ride_status_checked(raw: str | None) -> RideStatus:
    """A RideStatus for `raw`, or InvalidInput naming the statuses that exist."""
    if raw not in RideStatus.values:
        raise InvalidInput(UNKNOWN_STATUS, errors={"status": [UNKNOWN_STATUS]})
    return RideStatus(raw)


def ride_list(*, user: User, status: str | None = None) -> QuerySet[Ride]:
    """Admins see every request, customers their own; newest first, ties by id."""
    rides = Ride.objects.all()
    if not user.is_staff:
        rides = rides.filter(user=user)
    if status not in (None, ""):
        rides = rides.filter(status=ride_status_checked(status))
    return rides.order_by("-created_at", "-id")


def setting_value(key: str, default: str = "") -> str:
    value = Setting.objects.filter(key=key).values_list("value", flat=True).first()
    return value if value and value.strip() else default


def ride_pricing_description() -> str:
    return setting_value(SettingKey.RIDE_PRICING_DESCRIPTION, DEFAULT_PRICING_DESCRIPTION)


def ride_rules() -> dict[str, Any]:
    """The ride rules the client reads from GET /api/shop/info: where an admin may move a
    ride (rides.models.RIDE_TRANSITIONS), and the pricing text shown until an admin stores
    one."""
    return {
        "rideStatuses": [
            {
                "id": status.value,
                "label": status.label,
                "next": [to.value for to in RIDE_TRANSITIONS[status]],
            }
            for status in RideStatus
        ],
        "defaultRidePricing": DEFAULT_PRICING_DESCRIPTION,
    }


def rides_export(*, user: User) -> list[dict[str, Any]]:
    """A customer's own ride requests, oldest first (GET /api/auth/me/export)."""
    return [
        {
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
        for ride in Ride.objects.filter(user=user).order_by("created_at", "id")
    ]


def rides_requested_after(*, ride_id: int, limit: int) -> list[Ride]:
    """The ride requests made after `ride_id`, newest first, at most `limit` (GET
    /api/announcements)."""
    return list(
        Ride.objects.filter(pk__gt=ride_id).only("id", "name", "created_at").order_by("-id")[:limit]
    )


def latest_ride_id() -> int:
    return Ride.objects.order_by("-id").values_list("id", flat=True).first() or 0
