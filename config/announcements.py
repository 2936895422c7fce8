"""GET /api/announcements: what an open back-office tab has not seen yet, new orders and
ride requests (docs/api.md, "Announcements"). It lives in config/, which composes the apps
(as shop_info.py does): orders and rides each read their own rows, and the version that
answers a poll with a 304 is common/announcements.py's.

A poll names the newest ids it has seen; the ETag is the version and those ids, so a tab
that polls every few seconds gets a 304 (the user row and one cache read, no other query)
until an order or a ride request is created anywhere."""

from datetime import UTC

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from common.announcements import announcements_version
from common.etags import etag_matches, not_modified, with_etag
from common.permissions import CanHandleOrders
from common.schema import error, see_api_docs
from orders.selectors import latest_order_id, orders_placed_after
from rides.selectors import latest_ride_id, rides_requested_after

# The most of each kind one answer lists (newest first); a tab that was away longer
# reloads its page anyway.
MOST = 50
MAX_ID = 2**63 - 1
AFTER_INVALID = "afterOrder and afterRide must be order and ride numbers (0 or more)."


class AfterSerializer(serializers.Serializer):
    afterOrder = serializers.IntegerField(
        min_value=0,
        max_value=MAX_ID,
        required=False,
        error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), AFTER_INVALID),
    )
    afterRide = serializers.IntegerField(
        min_value=0,
        max_value=MAX_ID,
        required=False,
        error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), AFTER_INVALID),
    )


class AnnouncedOrderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    customerName = serializers.CharField(source="customer_name")
    deliveryOption = serializers.CharField(source="delivery_option")
    total = serializers.DecimalField(max_digits=12, decimal_places=2)
    createdAt = serializers.DateTimeField(source="created_at", default_timezone=UTC)


class AnnouncedRideSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    createdAt = serializers.DateTimeField(source="created_at", default_timezone=UTC)


class AnnouncementsSerializer(serializers.Serializer):
    latestOrderId = serializers.IntegerField(help_text="The newest order's id (0: none).")
    latestRideId = serializers.IntegerField(help_text="The newest ride request's id (0: none).")
    orders = AnnouncedOrderSerializer(
        many=True, help_text=f"Placed after afterOrder, newest first, at most {MOST}."
    )
    rides = AnnouncedRideSerializer(
        many=True, help_text=f"Requested after afterRide, newest first, at most {MOST}."
    )


def _etag(version: str, after_order: int | None, after_ride: int | None) -> str:
    return f'"announcements-{version}-{after_order}-{after_ride}"'


@extend_schema(
    operation_id="announcements",
    parameters=[
        OpenApiParameter(
            "afterOrder",
            int,
            description="The newest order id the tab has seen; omitted: list no orders.",
        ),
        OpenApiParameter(
            "afterRide",
            int,
            description="The newest ride request id the tab has seen; omitted: list none.",
        ),
        OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER),
    ],
    responses={
        200: AnnouncementsSerializer,
        304: OpenApiResponse(description="Nothing was created since the ETag named."),
        400: error(AFTER_INVALID),
    },
    description=see_api_docs(
        "Admin or staff: orders and ride requests newer than the ids given, with the newest "
        "ids; poll with If-None-Match for a 304 while nothing is new.",
        "Announcements",
    ),
)
@api_view(["GET"])
@permission_classes([CanHandleOrders])
def announcements(request: Request) -> HttpResponse:
    after = AfterSerializer(data=request.query_params)
    after.is_valid(raise_exception=True)
    after_order = after.validated_data.get("afterOrder")
    after_ride = after.validated_data.get("afterRide")
    version = announcements_version()
    etag = _etag(version, after_order, after_ride) if version else None
    if etag and etag_matches(request, etag):
        return not_modified(etag)
    body = {
        "latestOrderId": latest_order_id(),
        "latestRideId": latest_ride_id(),
        "orders": []
        if after_order is None
        else AnnouncedOrderSerializer(
            orders_placed_after(order_id=after_order, limit=MOST), many=True
        ).data,
        "rides": []
        if after_ride is None
        else AnnouncedRideSerializer(
            rides_requested_after(ride_id=after_ride, limit=MOST), many=True
        ).data,
    }
    response = Response(body)
    # Each poll asks again: a browser or proxy never answers it from its own copy.
    response["Cache-Control"] = "private, no-cache"
    return with_etag(response, etag) if etag else response
