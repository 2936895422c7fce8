"""GET /api/shop/info: the operator's details and every rule the client shows, one dict per
domain. It lives in config/, which composes the apps (as urls.py does), so common imports
no domain app; each domain owns its rules, their wording and their schema."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from common.schema import see_api_docs
from orders.rules import checkout_rules, checkout_rules_schema
from orders.selectors import order_rules
from rides.selectors import ride_rules
from storesettings.policies import shop_policies
from storesettings.selectors import shop_config


def _statuses_schema(name: str) -> serializers.Serializer:
    return inline_serializer(
        name,
        {
            "id": serializers.CharField(),
            "label": serializers.CharField(),
            "next": serializers.ListField(
                child=serializers.CharField(), help_text="Statuses it may move to."
            ),
        },
        many=True,
    )


@extend_schema(
    summary="The operator's shop details and the rules the client shows",
    description=see_api_docs(
        "The operator's details (the back office's settings) and the rules the client shows, "
        "from the code that enforces them; the client keeps no copy.",
        "Shop information",
    ),
    responses=inline_serializer(
        "ShopInfo",
        {
            "name": serializers.CharField(),
            "pickupLocation": serializers.CharField(),
            "pickupPhone": serializers.CharField(),
            "pickupInstructions": serializers.CharField(),
            "deliveryArea": serializers.CharField(),
            "deliveryOptions": inline_serializer(
                "DeliveryOptionInfo",
                {
                    "id": serializers.CharField(),
                    "label": serializers.CharField(),
                    "fee": serializers.FloatField(),
                    "freeFrom": serializers.FloatField(
                        allow_null=True, help_text="Subtotal from which the fee is waived."
                    ),
                    "description": serializers.CharField(),
                    "payment": serializers.CharField(
                        help_text="How and when an order with this option is paid."
                    ),
                    "needsAddress": serializers.BooleanField(),
                    "needsAppointment": serializers.BooleanField(
                        help_text="Phone, date and time are required too."
                    ),
                },
                many=True,
            ),
            "orderStatuses": _statuses_schema("OrderStatusInfo"),
            "rideStatuses": _statuses_schema("RideStatusInfo"),
            "defaultRidePricing": serializers.CharField(),
            "policies": inline_serializer(
                "PolicyInfo",
                {
                    "id": serializers.CharField(help_text="privacy, returns or age."),
                    "title": serializers.CharField(),
                    "paragraphs": serializers.ListField(child=serializers.CharField()),
                },
                many=True,
                help_text="The shop's policy pages, linked from the shop front's footer.",
            ),
            **checkout_rules_schema(),
        },
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def shop_info(request: Request) -> Response:
    config = shop_config()
    operator = {
        "name": config.shop_name,
        "pickupLocation": config.pickup_location,
        "pickupPhone": config.pickup_phone,
        "pickupInstructions": config.pickup_instructions,
        "deliveryArea": config.delivery_area,
        "policies": shop_policies(config),
    }
    return Response({**operator, **order_rules(), **ride_rules(), **checkout_rules()})
