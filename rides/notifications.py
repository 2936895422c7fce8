"""Telling the shop about a new ride request: a background task (common.mail), queued once
the request is committed, so a slow or broken mail server never loses or delays it."""

from typing import TYPE_CHECKING

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string

from common.mail import send_email_later
from common.shoptime import format_clock, format_day

if TYPE_CHECKING:
    from rides.models import Ride


def ride_request_email(ride_id: int) -> EmailMessage | None:
    """Builder for the task: the shop's alert, or None if the request is gone."""
    from rides.models import Ride

    ride = Ride.objects.filter(pk=ride_id).first()
    if ride is None:
        return None
    body = render_to_string(
        "rides/email/ride_request.txt",
        {
            "ride": ride,
            "pickup_date": format_day(ride.pickup_date),
            "pickup_time": format_clock(ride.pickup_time),
        },
    )
    return EmailMessage(
        subject=f"New ride request #{ride.pk} for {format_day(ride.pickup_date)}",
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )


def ride_requested_email(ride: "Ride") -> None:
    """Queue the shop's alert about `ride`."""
    send_email_later("rides.notifications.ride_request_email", ride.pk)
