from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.permissions import AllowAny, BasePermission, IsAdminUser, IsAuthenticated
from rest_framework.response import Response

from common.errors import Forbidden
from common.pagination import paginate
from common.parsers import JSONParser
from common.schema import ErrorSerializer
from orders import delivery, selectors, services
from orders.checkout import ADMINS_DO_NOT_SHOP, order_checkout
from orders.filters import parse_order_filters
from orders.models import OrderStatus
from orders.pricing import (
    DELIVERY_OPTIONS_TEXT,
    NEEDS_ADDRESS,
    NEEDS_APPOINTMENT,
    DeliveryOption,
)
from orders.serializers import (
    CheckoutSerializer,
    OrderAnswerSerializer,
    OrderPageSerializer,
    OrderSerializer,
    request_fingerprint,
)
from shop.stock import StockLine

ORDERS_PAGE_SIZE = 6


class CustomersOnly(BasePermission):
    """Admins do not shop (docs/api.md, Permissions): their checkout is a 403 with a sentence saying why."""

    def has_permission(self, request, view):
        if request.user is not None and request.user.is_staff:
            raise Forbidden(ADMINS_DO_NOT_SHOP)
        return True


def _error(text):
    return OpenApiResponse(ErrorSerializer, description=text)


NOT_SIGNED_IN = _error("No or bad token (with a WWW-Authenticate header).")
NOT_AN_ADMIN = _error("Signed in, but not an admin.")


def _orders(orders):
    return OrderSerializer(orders, many=True).data


def _answer(message, order, status_code=status.HTTP_200_OK):
    return Response({"message": message, "order": OrderSerializer(order).data}, status=status_code)


@extend_schema(
    request=CheckoutSerializer,
    parameters=[
        OpenApiParameter(
            "Idempotency-Key",
            str,
            OpenApiParameter.HEADER,
            required=False,
            description="Up to 255 characters, unique per user. A retry with the same key and body "
            "answers 200 with the first order; the same key with another body is a 409.",
        )
    ],
    responses={
        201: OpenApiResponse(OrderAnswerSerializer, description="Order placed successfully"),
        200: OpenApiResponse(
            OrderAnswerSerializer,
            description="Replay of an earlier checkout with the same Idempotency-Key.",
        ),
        400: _error(
            "A missing field (the messages of docs/api.md, Orders), a bad line, an unknown "
            "item, more units of one item than maxUnitsPerLine, maxPendingOrders pending "
            "orders already, or an overlong key"
        ),
        401: NOT_SIGNED_IN,
        403: _error("Admins cannot place orders. Please sign in as a customer to shop."),
        409: _error(
            "Short stock (every short line named at once, each in errors.cartItems), an "
            "unavailable or unpriced item, changed prices, or a reused key"
        ),
        415: _error("The body is not JSON."),
    },
    description=(
        "Places an order. Problems are reported one at a time in the form's order: empty cart, "
        "delivery option, name, address (shipping and delivery), phone, date (not before today "
        "in America/Los_Angeles) and time (delivery), then the lines (quantity at least 1, "
        "unknown items 400, unavailable, unpriced or short items 409). Delivery options and "
        f"fees: {DELIVERY_OPTIONS_TEXT} Prices come from the database (a type's price when set, "
        "else the product's); `deliveryFee` and `total` are optional and compared to the cent "
        "after rounding, so a client's float arithmetic (68.99000000000001) is not a mismatch. "
        "The address is stored for shipping and delivery only, the date and time for delivery "
        "only (they mean nothing for pickup); the phone number is kept whenever given. "
        "Identical lines are merged. The body must be JSON (415 otherwise). "
        "Holds: nothing is paid online, so the limits of GET /api/shop/info apply, after the "
        "fields above and before anything is stored: a customer with `maxPendingOrders` "
        "pending orders is refused (`You already have 3 orders waiting to be completed. Please "
        "wait until one is completed or cancelled before placing another.`), and so is more "
        "than `maxUnitsPerLine` units of one product or type, lines of it counted together "
        "(`You can order at most 10 of {name}[ - {type}] per order.`; several such lines are "
        "named at once, each in `errors.cartItems`). Both are 400s with the sentence in "
        "`errors.cartItems`; a replay of an order already placed is answered as always. A "
        "pending order is cancelled once its hold runs out (`PENDING_HOLD_HOURS` after it "
        "was placed, or after its booked delivery time), its stock back. "
        "Shop rules, after the fields above (400 unless said): shipping a product whose "
        "category is not shippable (`{name} can't be shipped. Please choose pickup or local "
        "delivery.`); local delivery needs `deliveryZip` (missing, not five digits, or outside "
        "the delivery area listed by GET /api/shop/info), a valid US `phoneNumber` (any "
        "option's phone, when given, is stored as `(714) 555-0142`), and a date and time "
        "inside the delivery hours, at least the lead time from now and at most the booking "
        "horizon ahead (the message names the allowed window; `deliveryTime` is HH:MM, also "
        "accepted as 2:30 PM, and stored as HH:MM); a full delivery hour, when an hourly "
        "capacity is set, is a 409 `That delivery time is full. Please choose another time.` "
        "Any line whose category is age-restricted needs `ageConfirmed: true` (`Please confirm "
        "you are 21 or older to order age-restricted products.`); the order then has "
        "`idCheckRequired`, `ageConfirmedAt` and the `idNotice` to show. Flags are read on "
        "every checkout, so an admin's change applies to the next order. "
        "Idempotency-Key: stored on the order row in the database, so every app server sees "
        "it, and kept for as long as the order exists (orders are never deleted), well past "
        "the 24 hours docs/api.md promises; there is nothing to expire. A key is used up only by a placed "
        "order: a refused checkout (400/409) may be retried with the same key. A retry that "
        "arrives while the first request is still running waits for it and then answers its "
        "order. A replay answers the order as it is now (its status may have moved on) and "
        "sends no second email. Emails (confirmation to the customer, alert to the shop) go "
        "out after the order is committed; a mail failure is logged and never fails the order."
    ),
)
@api_view(["POST"])
@parser_classes([JSONParser])
@permission_classes([IsAuthenticated, CustomersOnly])
def checkout(request):
    data = CheckoutSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    option = values["deliveryOption"]
    result = order_checkout(
        user=request.user,
        lines=[
            StockLine(
                product_id=item["productId"],
                type_id=item.get("productTypeId"),
                quantity=item["quantity"],
            )
            for item in values["cartItems"]
        ],
        customer_name=values["customerName"],
        delivery_option=option,
        delivery_address=(values.get("deliveryAddress") or "") if option in NEEDS_ADDRESS else "",
        phone_number=values.get("phoneNumber") or "",
        delivery_date=values["parsedDeliveryDate"],
        delivery_time=(values.get("deliveryTime") or "") if option in NEEDS_APPOINTMENT else "",
        delivery_zip=(values.get("deliveryZip") or "") if option in NEEDS_APPOINTMENT else "",
        age_confirmed=values.get("ageConfirmed") is True,
        special_instructions=values.get("specialInstructions") or "",
        client_delivery_fee=values.get("deliveryFee"),
        client_total=values.get("total"),
        idempotency_key=request.headers.get("Idempotency-Key") or None,
        request_hash=request_fingerprint(request.data),
    )
    return _answer(
        "Order placed successfully",
        result.order,
        status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
    )


@extend_schema(
    parameters=[
        OpenApiParameter("page", int, description="From 1."),
        OpenApiParameter("limit", int, description=f"Default {ORDERS_PAGE_SIZE}, at most 100."),
        OpenApiParameter("status", str, enum=list(OrderStatus.values)),
        OpenApiParameter("deliveryOption", str, enum=list(DeliveryOption.values)),
        OpenApiParameter(
            "search",
            str,
            description="Part of the customer's name or email (any case), or an order number "
            "(`123` or `#123`). At most 200 characters.",
        ),
        OpenApiParameter(
            "from",
            str,
            description="YYYY-MM-DD (2000-01-01 to 2100-12-31): orders placed on or after that "
            "Los Angeles day.",
        ),
        OpenApiParameter(
            "to",
            str,
            description="YYYY-MM-DD (2000-01-01 to 2100-12-31): orders placed on or before that "
            "Los Angeles day.",
        ),
        OpenApiParameter(
            "due",
            str,
            enum=["today"],
            description="`today`: pickups placed today and deliveries dated today (Los Angeles), "
            "in time order (deliveries at their booked time, pickups when placed).",
        ),
    ],
    operation_id="orders_list",
    responses={
        200: OrderPageSerializer,
        400: _error("A bad page, limit or filter value (the message names it)"),
        401: NOT_SIGNED_IN,
    },
    description="Orders newest first (ties by id). A customer sees only their own orders, an "
    "admin every order; filters narrow that set and never widen it. Filters combine freely. "
    "`counts` gives the orders per status under every filter except `status` (for chips). "
    "`productId`/`productTypeId` of a line become null once that product or type is deleted; "
    "names and prices stay as they were at checkout.",
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def order_list(request):
    filters = parse_order_filters(request.query_params)
    # The per-status counts (one GROUP BY) hold the page's total too: no COUNT(*) besides.
    counts = selectors.order_status_counts(user=request.user, filters=filters)
    total = counts[filters.status] if filters.status else sum(counts.values())
    page = paginate(
        request,
        selectors.order_list(user=request.user, filters=filters),
        key="orders",
        serialize=_orders,
        default_limit=ORDERS_PAGE_SIZE,
        count=lambda: total,
    )
    page["counts"] = counts
    return Response(page)


@extend_schema(
    request=None,
    responses={
        200: OrderAnswerSerializer,
        401: NOT_SIGNED_IN,
        403: NOT_AN_ADMIN,
        404: _error("Order not found"),
        409: _error("Only pending orders can be changed; nothing changed."),
    },
    description="Admin only (a customer gets 403, even for their own order). The sale becomes "
    "final; stock does not change (the units left it at checkout). Only a pending order can "
    "be completed: otherwise 409 and nothing changes. A complete and a cancel of one order "
    "at the same moment take turns on the order's row lock: exactly one succeeds. The change "
    "is recorded as an order event (who, when, from, to), shown in the Django admin.",
)
@api_view(["PUT"])
@permission_classes([IsAdminUser])
def order_complete(request, order_id):
    order = services.order_complete(order_id=order_id, actor=request.user)
    return _answer("Order completed. Inventory updated.", order)


@extend_schema(
    request=None,
    responses={
        200: OrderAnswerSerializer,
        401: NOT_SIGNED_IN,
        403: NOT_AN_ADMIN,
        404: _error("Order not found"),
        409: _error("Only pending orders can be changed; nothing changed."),
    },
    description="Admin only (a customer gets 403, even for their own order). Answers "
    "`Order cancelled. Items returned to stock.` Every reserved unit goes back to the product "
    "or type it came from, in the same transaction as the status change (lines whose product "
    "or type has since been deleted are skipped; a deleted type's units are not put on its "
    "product). Only a pending order can be cancelled: otherwise 409 and nothing changes. The "
    "change is recorded as an order event (who, when, from, to), shown in the Django admin.",
)
@api_view(["PUT"])
@permission_classes([IsAdminUser])
def order_cancel(request, order_id):
    order = services.order_cancel(order_id=order_id, actor=request.user)
    return _answer("Order cancelled. Items returned to stock.", order)


@extend_schema(
    operation_id="shop_delivery_zip",
    responses={
        200: inline_serializer(
            "DeliveryZipCheck",
            {
                "zip": serializers.CharField(),
                "served": serializers.BooleanField(),
                "message": serializers.CharField(),
            },
        ),
        400: _error("Please enter a valid 5-digit ZIP code"),
    },
    description="Whether local delivery serves a ZIP code, with the sentence to show: "
    "`We deliver to 92840.` or `Sorry, local delivery is only available in Orange County. "
    "90210 is outside our delivery area.` Public: no token needed. Checkout applies the same "
    "rule.",
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def delivery_zip(request, zip_code):
    return Response(delivery.zip_check(zip_code))
