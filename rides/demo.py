"""Demo ride requests for `manage.py demo_data` (idempotent: each is made once, by name)."""

from datetime import timedelta
from typing import TextIO, TypedDict

from django.contrib.auth import get_user_model

from accounts.demo import CUSTOMER_EMAIL
from common.shoptime import shop_today
from rides import services
from rides.models import Ride, RideStatus


class DemoRide(TypedDict):
    name: str
    phone: str
    address: str
    dropoff_address: str
    days_ahead: int
    pickup_time: str
    item_description: str
    status: RideStatus


DEMO_RIDES: list[DemoRide] = [
    {
        "name": "Jordan Demo",
        "phone": "(714) 555-0101",
        "address": "12000 Harbor Blvd, Garden Grove, CA",
        "dropoff_address": "400 W 4th St, Santa Ana, CA",
        "days_ahead": 1,
        "pickup_time": "10:00",
        "item_description": "Two-seat sofa, about 70 inches wide.",
        "status": RideStatus.PENDING,
    },
    {
        "name": "Riley Demo",
        "phone": "714.555.0102",
        "address": "2800 N Main St, Santa Ana, CA",
        "dropoff_address": "18000 Beach Blvd, Huntington Beach, CA",
        "days_ahead": 2,
        "pickup_time": "14:30",
        "item_description": "Mini fridge and three boxes of kitchen things.",
        "status": RideStatus.ACCEPTED,
    },
    {
        "name": "Sam Demo",
        "phone": "+1 714 555 0103",
        "address": "1500 S Anaheim Blvd, Anaheim, CA",
        "dropoff_address": "9000 Garden Grove Blvd, Garden Grove, CA",
        "days_ahead": 0,
        "pickup_time": "after 5pm",
        "item_description": "Bicycle (adult size).",
        "status": RideStatus.COMPLETED,
    },
]


def seed(out: TextIO) -> None:
    User = get_user_model()
    # The demo shopper sees one request as their own on /rides.
    customer = User.objects.filter(email=CUSTOMER_EMAIL).first()
    admin = User.objects.filter(is_staff=True).order_by("id").first()
    made = 0
    for entry in DEMO_RIDES:
        if Ride.objects.filter(
            name=entry["name"], item_description=entry["item_description"]
        ).exists():
            continue
        ride = services.ride_request(
            user=customer if entry is DEMO_RIDES[0] else None,
            name=entry["name"],
            phone=entry["phone"],
            address=entry["address"],
            dropoff_address=entry["dropoff_address"],
            pickup_date=shop_today() + timedelta(days=entry["days_ahead"]),
            pickup_time=entry["pickup_time"],
            item_description=entry["item_description"],
            notify=False,
        )
        if entry["status"] != RideStatus.PENDING:
            services.ride_set_status(ride_id=ride.pk, status=entry["status"], actor=admin)
        made += 1
    out.write(
        f"  rides:             {made} demo ride request(s) added, {Ride.objects.count()} in all"
    )
