"""Telling the shop about a new ride request. Runs after the request is committed; a mail
server that is down or slow must never lose or fail the customer's request."""

import logging

from django.conf import settings
from django.core.mail import send_mail

logger = logging.getLogger("shop.rides")


def ride_requested_email(ride):
    lines = [
        f"A new ride request (#{ride.pk}) was submitted.",
        "",
        f"Name: {ride.name}",
        f"Phone: {ride.phone}",
        f"Pickup address: {ride.address}",
        f"Drop-off address: {ride.dropoff_address}",
        f"Pickup date: {ride.pickup_date.isoformat()}",
        f"Pickup time: {ride.pickup_time}",
        "",
        "Item:",
        ride.item_description,
    ]
    try:
        send_mail(
            subject=f"New ride request #{ride.pk} for {ride.pickup_date.isoformat()}",
            message="\n".join(lines),
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[settings.SHOP_EMAIL],
        )
    except Exception as exc:
        # Only the id and the error class: the request holds names, phones and addresses.
        logger.error("ride request email failed", extra={"ride_id": ride.pk, "error": exc.__class__.__name__})
