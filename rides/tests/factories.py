from datetime import timedelta

from common.shoptime import shop_today
from rides import services


def ride_body(**overrides):
    """The seven fields of the ride request form, as the React app sends them."""
    body = {
        "name": "Pat Rider",
        "phone": "(714) 555-0199",
        "address": "1 Pickup Way, Garden Grove, CA",
        "dropoffAddress": "2 Dropoff Ave, Santa Ana, CA",
        "pickupDate": (shop_today() + timedelta(days=1)).isoformat(),
        "pickupTime": "14:30",
        "itemDescription": "A mid-size bookshelf",
    }
    body.update(overrides)
    return body


def make_ride(*, user=None, status=None, actor=None, **fields):
    values = {
        "name": "Pat Rider",
        "phone": "714-555-0199",
        "address": "1 Pickup Way",
        "dropoff_address": "2 Dropoff Ave",
        "pickup_date": shop_today() + timedelta(days=1),
        "pickup_time": "10:00",
        "item_description": "A chair",
        **fields,
    }
    ride = services.ride_request(user=user, notify=False, **values)
    if status is not None and status != ride.status:
        ride = services.ride_set_status(ride_id=ride.pk, status=status, actor=actor)
    return ride
