from collections.abc import Iterable
from typing import Any, cast

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authentication import BaseAuthentication
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from accounts.authentication import OptionalTokenAuthentication, TokenAuthentication
from accounts.models import User
from common.pagination import paginate
from common.permissions import CanHandleRides, IsAdmin
from common.schema import THROTTLED, error, see_api_docs
from common.throttles import AnonymousRideThrottle, RideUserThrottle
from rides import selectors, services
from rides.models import Ride
from rides.serializers import (
    PricingAnswerSerializer,
    PricingSerializer,
    PricingUpdateSerializer,
    RideAnswerSerializer,
    RidePageSerializer,
    RideRequestSerializer,
    RideSerializer,
    RideStatusSerializer,
)

RIDES_PAGE_SIZE = 12  # the ride list's page (docs/api.md, Rides)
RIDE_SUBMITTED = "Your ride request has been submitted successfully. We will contact you soon to confirm the details."


def _signed_in(request: Request) -> User:
    """The user of a request IsAuthenticated (or IsAdmin) let through."""
    return cast(User, request.user)


def _rides(rides: Iterable[Ride]) -> Any:
    return RideSerializer(rides, many=True).data


class RideCollection(APIView):
    """GET lists requests (signed in); POST submits one (anyone; throttled per address when
    anonymous, per user when signed in)."""

    def _is_submission(self) -> bool:
        # The schema generator asks for authenticators before any request exists.
        return getattr(getattr(self, "request", None), "method", None) == "POST"

    def get_authenticators(self) -> list[BaseAuthentication]:
        # A submission with a bad or stale token is still accepted, as an anonymous one.
        if self._is_submission():
            return [OptionalTokenAuthentication()]
        return [TokenAuthentication()]

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self._is_submission() else [IsAuthenticated()]

    def get_throttles(self) -> list[BaseThrottle]:
        return [AnonymousRideThrottle(), RideUserThrottle()] if self._is_submission() else []

    @extend_schema(
        operation_id="rides_list",
        parameters=[
            OpenApiParameter("page", int, description="From 1."),
            OpenApiParameter("limit", int, description="Default 12, at most 100."),
            OpenApiParameter("status", str, enum=[s for s in services.RideStatus.values]),
        ],
        responses={
            200: RidePageSerializer,
            400: error("Unknown status, or a bad page/limit"),
        },
        description=see_api_docs(
            "Admins see every ride request, customers only their own; newest first (ties by "
            "id). An unknown `status` filter is a 400, not an empty page.",
            "Rides",
        ),
    )
    def get(self, request: Request) -> Response:
        rides = selectors.ride_list(
            user=_signed_in(request), status=request.query_params.get("status")
        )
        return Response(
            paginate(request, rides, key="rides", serialize=_rides, default_limit=RIDES_PAGE_SIZE)
        )

    @extend_schema(
        operation_id="rides_create",
        request=RideRequestSerializer,
        responses={
            201: RideAnswerSerializer,
            400: error("Please fill in all fields before submitting your ride request."),
            429: THROTTLED,
        },
        # Security requirement objects, which drf-spectacular takes though its hints say names.
        auth=[{"bearerAuth": []}, {}],  # type: ignore[list-item]
        description=see_api_docs(
            "Anyone may submit; a valid token links the request to that user (a missing or bad "
            "token gives an unlinked request, never a 401). The shop is emailed.",
            "Rides",
        ),
    )
    def post(self, request: Request) -> Response:
        data = RideRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        ride = services.ride_request(
            user=request.user,
            name=values["name"],
            phone=values["phone"],
            address=values["address"],
            dropoff_address=values["dropoffAddress"],
            pickup_date=values["pickupDate"],
            pickup_time=values["pickupTime"],
            item_description=values["itemDescription"],
        )
        return Response(
            {"message": RIDE_SUBMITTED, "ride": RideSerializer(ride).data},
            status=status.HTTP_201_CREATED,
        )


@extend_schema(
    request=RideStatusSerializer,
    responses={
        200: RideAnswerSerializer,
        400: error("Unknown status"),
        404: error("Ride request not found"),
        409: error("The ride already has that status"),
    },
    description=see_api_docs(
        "Admin or staff moves a ride as rideStatuses[].next of GET /api/shop/info allows: to any status "
        "but its current one.",
        "Rides",
    ),
)
@api_view(["PUT"])
@permission_classes([CanHandleRides])
def ride_status(request: Request, pk: int) -> Response:
    data = RideStatusSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    ride = services.ride_set_status(
        ride_id=pk, status=data.validated_data["status"], actor=_signed_in(request)
    )
    return Response(
        {
            "message": f"Ride status updated to {ride.get_status_display().lower()}.",
            "ride": RideSerializer(ride).data,
        }
    )


@extend_schema(
    request=None,
    responses={204: None, 404: error("Ride request not found")},
    description="Admin deletes a ride request and its status history.",
)
@api_view(["DELETE"])
@permission_classes([IsAdmin])
def ride_detail(request: Request, pk: int) -> Response:
    services.ride_delete(ride_id=pk, actor=_signed_in(request))
    return Response(status=status.HTTP_204_NO_CONTENT)


class RidePricing(APIView):
    """GET is public (the ride form fetches it without a token); PUT is for admins."""

    def _is_read(self) -> bool:
        return getattr(getattr(self, "request", None), "method", None) == "GET"

    def get_authenticators(self) -> list[BaseAuthentication]:
        # The public read ignores any token, so a stale one cannot turn it into a 401.
        return [] if self._is_read() else [TokenAuthentication()]

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self._is_read() else [IsAdmin()]

    @extend_schema(
        operation_id="rides_pricing_read",
        responses={200: PricingSerializer},
        # Security requirement objects (see rides_create).
        auth=[{}],  # type: ignore[list-item]
        description="The pricing text shown in the ride form: the text an admin stored, or the "
        "default text (defaultRidePricing of GET /api/shop/info) until one is stored.",
    )
    def get(self, request: Request) -> Response:
        return Response({"ride_pricing_description": selectors.ride_pricing_description()})

    @extend_schema(
        operation_id="rides_pricing_update",
        request=PricingUpdateSerializer,
        responses={
            200: PricingAnswerSerializer,
            400: error("Please enter a pricing description."),
        },
        description=see_api_docs("Admin stores the ride form's pricing text.", "Rides"),
    )
    def put(self, request: Request) -> Response:
        data = PricingUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        text = services.ride_pricing_set(
            description=data.validated_data["description"], actor=_signed_in(request)
        )
        return Response(
            {
                "message": "Pricing description updated successfully",
                "ride_pricing_description": text,
            }
        )
