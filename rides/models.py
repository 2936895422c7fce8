from django.conf import settings
from django.db import models

from common.models import StatusEvent


class RideStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    ACCEPTED = "accepted", "Accepted"
    IN_PROGRESS = "in_progress", "In Progress"
    COMPLETED = "completed", "Completed"
    CANCELLED = "cancelled", "Cancelled"


# An admin may move a ride to any status but its current one (rides follow no fixed order).
# Enforced by common.status.transition (rides/services.py) and served as rideStatuses[].next
# (rides.selectors.ride_rules).
RIDE_TRANSITIONS = {status: tuple(to for to in RideStatus if to != status) for status in RideStatus}


class Ride(models.Model):
    """A request to pick an item up at one address and take it to another."""

    # Null for requests sent without a (valid) token: the ride form may send none.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rides",
    )
    name = models.CharField(max_length=150)
    phone = models.CharField(max_length=40)
    address = models.CharField("pickup address", max_length=300)
    dropoff_address = models.CharField(max_length=300)
    pickup_date = models.DateField(db_index=True)
    # Free text ("14:30", "after 5pm"): the form's time input has no fixed format.
    pickup_time = models.CharField(max_length=50)
    item_description = models.TextField()
    status = models.CharField(max_length=20, choices=RideStatus.choices, default=RideStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="ride_newest"),
            models.Index(fields=["status", "-created_at", "-id"], name="ride_status_newest"),
            models.Index(fields=["user", "-created_at", "-id"], name="ride_user_newest"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=RideStatus.values), name="ride_status_known"
            )
        ]

    def __str__(self) -> str:
        return f"Ride #{self.pk} ({self.get_status_display()})"


class RideEvent(StatusEvent):
    """A ride's status changes (and one for the request itself)."""

    ride = models.ForeignKey(Ride, on_delete=models.CASCADE, related_name="events")
    from_status = models.CharField(max_length=20, choices=RideStatus.choices, blank=True)
    to_status = models.CharField(max_length=20, choices=RideStatus.choices)


class SettingKey(models.TextChoices):
    RIDE_PRICING_DESCRIPTION = "ride_pricing_description", "Ride pricing description"


class Setting(models.Model):
    """Small texts an admin edits without a deploy, one row per key."""

    key = models.CharField(max_length=60, choices=SettingKey.choices, unique=True)
    value = models.TextField()
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["key"]

    def __str__(self) -> str:
        return self.get_key_display()
