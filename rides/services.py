"""Every write to rides: a request, its status (rides.models.RIDE_TRANSITIONS, enforced by
common.status.transition), an admin's corrections and deletion, and the pricing text."""

import logging
from datetime import date
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction

from accounts.models import User
from common.announcements import announce
from common.errors import InvalidInput, NotFound
from common.services import model_update, unknown_fields_check
from common.shoptime import shop_today
from common.status import log_status_change, record_event, transition
from rides.models import RIDE_TRANSITIONS, Ride, RideStatus, Setting, SettingKey
from rides.notifications import ride_requested_email
from rides.selectors import ride_status_checked

logger = logging.getLogger("shop.rides")

RIDE_NOT_FOUND = "Ride request not found"
PICKUP_DATE_PAST = "Pickup date cannot be earlier than today."
PRICING_EMPTY = "Please enter a pricing description."


def ride_request(
    *,
    user: User | AnonymousUser | None,
    name: str,
    phone: str,
    address: str,
    dropoff_address: str,
    pickup_date: date,
    pickup_time: str,
    item_description: str,
    notify: bool = True,
) -> Ride:
    """Store a ride request (linked to `user` when signed in) and tell the shop by email."""
    if pickup_date < shop_today():
        raise InvalidInput(PICKUP_DATE_PAST, errors={"pickupDate": [PICKUP_DATE_PAST]})
    signed_in = user if isinstance(user, User) and user.is_authenticated else None
    with transaction.atomic():
        ride = Ride.objects.create(
            user=signed_in,
            name=name,
            phone=phone,
            address=address,
            dropoff_address=dropoff_address,
            pickup_date=pickup_date,
            pickup_time=pickup_time,
            item_description=item_description,
        )
        record_event(ride, from_status="", to_status=ride.status, actor=signed_in)
        announce()  # open back-office tabs hear of it once it commits
        if notify:
            ride_requested_email(ride)  # queued with the ride: common/mail.py
    logger.info(
        "ride requested",
        extra={
            "ride_id": ride.pk,
            "user_id": signed_in.pk if signed_in else None,
            "to_status": ride.status,
        },
    )
    return ride


def _already(from_status: str, to_status: str) -> str:
    return f"This ride request is already {RideStatus(to_status).label.lower()}."


def ride_set_status(*, ride_id: int, status: str, actor: User | None) -> Ride:
    """Admins move a ride as rides.models.RIDE_TRANSITIONS allows: to any status but its
    current one."""
    new_status = ride_status_checked(status)
    with transaction.atomic():
        ride = Ride.objects.select_for_update().filter(pk=ride_id).first()
        if ride is None:
            raise NotFound(RIDE_NOT_FOUND)
        old_status = transition(
            ride,
            to_status=new_status,
            actor=actor,
            allowed=RIDE_TRANSITIONS,
            refusal=_already,
        )
    log_status_change(
        logger,
        "ride status changed",
        from_status=old_status,
        to_status=new_status.value,
        actor=actor,
        ride_id=ride.pk,
    )
    return ride


RIDE_FIELDS = {
    "name",
    "phone",
    "address",
    "dropoff_address",
    "pickup_date",
    "pickup_time",
    "item_description",
}


def ride_update(*, ride_id: int, actor: User, **changes: Any) -> Ride:
    """Correct the request's details (the Django admin's page); the status moves only
    through ride_set_status, which records an event."""
    unknown_fields_check("ride_update", changes, RIDE_FIELDS)
    with transaction.atomic():
        ride = Ride.objects.select_for_update().filter(pk=ride_id).first()
        if ride is None:
            raise NotFound(RIDE_NOT_FOUND)
        model_update(ride, data=changes)
    logger.info(
        "ride updated",
        extra={
            "ride_id": ride_id,
            "fields": sorted(changes),
            "actor_id": getattr(actor, "pk", None),
        },
    )
    return ride


def ride_delete(*, ride_id: int, actor: User) -> None:
    with transaction.atomic():
        ride = Ride.objects.select_for_update().filter(pk=ride_id).first()
        if ride is None:
            raise NotFound(RIDE_NOT_FOUND)
        status = ride.status
        ride.delete()
    logger.info(
        "ride deleted",
        extra={"ride_id": ride_id, "from_status": status, "actor_id": getattr(actor, "pk", None)},
    )


def setting_set(*, key: str, value: str, actor: User) -> Setting:
    if not value or not value.strip():
        raise InvalidInput(PRICING_EMPTY, errors={"description": [PRICING_EMPTY]})
    with transaction.atomic():
        setting, _ = Setting.objects.update_or_create(
            key=key,
            defaults={
                "value": value.strip(),
                "updated_by": actor if getattr(actor, "pk", None) else None,
            },
        )
    logger.info("setting changed", extra={"key": key, "actor_id": getattr(actor, "pk", None)})
    return setting


def ride_pricing_set(*, description: str, actor: User) -> str:
    return setting_set(
        key=SettingKey.RIDE_PRICING_DESCRIPTION, value=description, actor=actor
    ).value


__all__ = [
    "ride_request",
    "ride_set_status",
    "ride_update",
    "ride_delete",
    "ride_pricing_set",
    "setting_set",
    "RideStatus",
]


def rides_erase_for_user(*, user: User) -> int:
    """A closing account's ride requests are deleted: they are not sales, so nothing needs
    them kept, and each holds a name, a phone and two addresses. Returns how many."""
    deleted, _ = Ride.objects.filter(user=user).delete()
    return deleted
