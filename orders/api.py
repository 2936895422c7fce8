"""Orders listed, quoted and placed, the day's deliveries, and the public checks checkout
applies (delivery ZIP, phone, delivery times). What the shop's people do to an order (complete,
cancel, change a line, ready, hand over, bulk): orders/status_api.py."""

from collections.abc import Iterable
from typing import Any, cast

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
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from common.errors import NotAllowed
from common.pagination import MAX_NUMBER, keyset_answer, page_params, paginate
from common.parsers import JSONParser
from common.permissions import CanHandleOrders
from common.roles import Capability, role_may
from common.schema import error, see_api_docs
from common.shoptime import shop_today
from orders import delivery, rules, selectors
from orders.answer_serializers import (
    DeliveriesSerializer,
    OrderAnswerSerializer,
    OrderPageSerializer,
    OrderSerializer,
    QuoteAnswerSerializer,
    quote_answer,
)
from orders.checkout import ADMINS_DO_NOT_SHOP, order_checkout
from orders.filters import OrderFilters, OrderPosition, parse_order_cursor, parse_order_filters
from orders.models import Order, OrderStatus
from orders.pricing import DeliveryOption
from orders.quote import order_quote
from orders.rules import DATE_MISSING
from orders.serializers import (
    CheckoutSerializer,
    QuoteSerializer,
)

ORDERS_PAGE_SIZE = 6


class CustomersOnly(BasePermission):
    """Admins do not shop (docs/api.md, Permissions): their checkout is a 403 with a sentence saying why."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.user is not None and request.user.is_staff:
            raise NotAllowed(ADMINS_DO_NOT_SHOP)
        return True


NOT_PENDING = error("Only pending orders can be changed; nothing changed.")


def signed_in(request: Request) -> User:
    """The user of a request that IsAuthenticated (or CanHandleOrders) let through."""
    return cast(User, request.user)


def _reader(request: Request) -> dict[str, bool]:
    # Who reads the answer: the shop's people see what a customer never does
    # (complianceRules, signatureUrl).
    return {"staff": role_may(getattr(request.user, "role", None), Capability.ORDERS)}


def _orders(request: Request, orders: Iterable[Order]) -> Any:
    return OrderSerializer(orders, many=True, context=_reader(request)).data


def order_answer(
    request: Request, message: str, order: Order, status_code: int = status.HTTP_200_OK
) -> Response:
    answer = OrderSerializer(order, context=_reader(request)).data
    return Response({"message": message, "order": answer}, status=status_code)


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
        400: error(
            "A missing or bad field, a bad or unknown line, a shop rule (units per line, "
            "pending orders, shipping, delivery area and time, 21+), or an overlong key."
        ),
        403: error(ADMINS_DO_NOT_SHOP),
        409: error(
            "Short stock (every short line named at once, each in errors.cartItems), an "
            "unavailable or unpriced item, a full delivery hour, changed prices, or a reused key."
        ),
        415: error("The body is not JSON."),
    },
    description=see_api_docs(
        "Places an order from the cart, priced from the database, with its stock reserved; "
        "any refusal stores nothing. The refusal order is the docstring of orders/checkout.py.",
        "Orders and Checkout rules, added",
    ),
)
@api_view(["POST"])
@parser_classes([JSONParser])
@permission_classes([IsAuthenticated, CustomersOnly])
def checkout(request: Request) -> Response:
    data = CheckoutSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    result = order_checkout(
        user=signed_in(request),
        checkout=data.to_checkout(idempotency_key=request.headers.get("Idempotency-Key")),
    )
    return order_answer(
        request,
        "Order placed successfully",
        result.order,
        status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
    )


@extend_schema(
    request=QuoteSerializer,
    responses={
        200: QuoteAnswerSerializer,
        400: error("An empty cart, a bad line, option, state or ZIP code, or an unknown item."),
        403: error(ADMINS_DO_NOT_SHOP),
        409: error("An unavailable or unpriced item."),
    },
    description=see_api_docs(
        "What checkout would charge for this body now, placing nothing: each line, the "
        "discount, delivery fee, excise, sales tax and total (orders/pricing.py). An "
        "unusable promoCode answers 200 with promo.applied false and the reason.",
        "Money",
    ),
)
@api_view(["POST"])
@parser_classes([JSONParser])
@permission_classes([IsAuthenticated, CustomersOnly])
def quote(request: Request) -> Response:
    data = QuoteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    result = order_quote(user=signed_in(request), checkout=data.to_checkout(idempotency_key=None))
    return Response(quote_answer(result))


@extend_schema(
    parameters=[
        OpenApiParameter(
            "page", int, description="From 1 (without `cursor`: read by position, slower deep)."
        ),
        OpenApiParameter("limit", int, description=f"Default {ORDERS_PAGE_SIZE}, at most 100."),
        OpenApiParameter(
            "cursor",
            str,
            description="`pagination.nextCursor` of the page before: the next page, however "
            "deep, with no order skipped or repeated while new ones arrive. Not with `due`.",
        ),
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
        400: error("A bad page, limit or filter value (the message names it)."),
    },
    description=see_api_docs(
        "Orders newest first (ties by id): a customer's own, or every order for an admin; "
        "filters narrow that set, and `counts` gives the orders per status.",
        "Orders and Back office, added",
    ),
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def order_list(request: Request) -> Response:
    filters = selectors.order_filters_resolved(parse_order_filters(request.query_params))
    user = signed_in(request)
    # The per-status counts (day totals, or one GROUP BY of a search) hold the page's total
    # too: no COUNT(*) besides.
    counts = selectors.order_status_counts(user=user, filters=filters)
    total = counts[filters.status] if filters.status else sum(counts.values())
    if filters.due_today:
        # A day's handovers, in time order: a short list, paged by number.
        page = paginate(
            request,
            selectors.order_list(user=user, filters=filters),
            key="orders",
            serialize=lambda rows: _orders(request, rows),
            default_limit=ORDERS_PAGE_SIZE,
            count=lambda: total,
        )
        page["pagination"]["nextCursor"] = None
    else:
        page = _keyset_page(request, user, filters, total)
    page["counts"] = counts
    return Response(page)


def _keyset_page(request: Request, user: User, filters: OrderFilters, total: int) -> Any:
    """The page after `cursor`, or page `page` (an OFFSET: the first page, or a client that
    jumps) when no cursor is given; either way with the cursor of the next page."""
    number, limit = page_params(request, ORDERS_PAGE_SIZE)
    cursor = request.query_params.get("cursor")
    if cursor:
        after, number = parse_order_cursor(cursor)
        rows = selectors.order_list(user=user, filters=filters, after=after)
    else:
        start = (number - 1) * limit
        rows = selectors.order_list(user=user, filters=filters)
        # Past a 64-bit OFFSET no row can be: an empty page, not a database error.
        rows = rows[start:] if start + limit < MAX_NUMBER else rows.none()
    return keyset_answer(
        rows,
        page=number,
        limit=limit,
        total=total,
        key="orders",
        serialize=lambda rows: _orders(request, rows),
        next_cursor=lambda last, next_page: OrderPosition(last.created_at, last.pk).as_cursor(
            next_page
        ),
    )


@extend_schema(
    operation_id="orders_deliveries",
    parameters=[
        OpenApiParameter(
            "date", str, description="YYYY-MM-DD; default today in the shop's time zone."
        )
    ],
    responses={200: DeliveriesSerializer, 400: error(DATE_MISSING)},
    description=see_api_docs(
        "Admin or staff: the day's local deliveries in booked-time order, every status, each "
        "with address, phone, booked time, items and `checks` (the driver's view).",
        "Deliveries",
    ),
)
@api_view(["GET"])
@permission_classes([CanHandleOrders])
def order_deliveries(request: Request) -> Response:
    day = shop_today()
    if request.query_params.get("date"):
        asked = DeliveryDaySerializer(data=request.query_params)
        asked.is_valid(raise_exception=True)
        day = asked.validated_data["date"]
    orders = selectors.order_deliveries(day=day)
    return Response({"date": day, "orders": _orders(request, orders)})


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
        400: error("Please enter a valid 5-digit ZIP code"),
    },
    description=see_api_docs(
        "Public. Whether local delivery serves a ZIP code, with the sentence to show; checkout "
        "applies the same rule.",
        "Checkout rules, added",
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def delivery_zip(request: Request, zip_code: str) -> Response:
    return Response(delivery.zip_check(zip_code))


@extend_schema(
    operation_id="shop_phone_check",
    parameters=[OpenApiParameter("phone", str, required=True, description="The number as typed.")],
    responses={
        200: inline_serializer(
            "PhoneCheck",
            {
                "phone": serializers.CharField(help_text="As checkout would store it when valid."),
                "valid": serializers.BooleanField(),
                "message": serializers.CharField(help_text="Checkout's refusal, or empty."),
            },
        ),
        400: error("Please enter your phone number for delivery"),
    },
    description=see_api_docs(
        "Public. Whether checkout would accept a phone number, by the rule checkout applies, "
        "with its sentence.",
        "Checkout rules, added",
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def phone_check(request: Request) -> Response:
    return Response(rules.phone_check(request.query_params.get("phone", "")))


class DeliveryDaySerializer(serializers.Serializer):
    date = serializers.DateField(
        error_messages={
            "required": DATE_MISSING,
            "invalid": DATE_MISSING,
            "null": DATE_MISSING,
        }
    )


@extend_schema(
    operation_id="shop_delivery_times",
    parameters=[DeliveryDaySerializer],
    responses={
        200: inline_serializer(
            "DeliveryTimes",
            {
                "date": serializers.DateField(),
                "times": serializers.ListField(
                    child=serializers.CharField(), help_text='"HH:MM", shop time.'
                ),
                "message": serializers.CharField(help_text="Why no time is offered, or empty."),
            },
        ),
        400: error(DATE_MISSING),
    },
    description=see_api_docs(
        "Public. The local delivery times checkout would accept on a date (hours, lead time, "
        "booking horizon, hours at capacity), or none and the sentence saying why.",
        "Checkout rules, added",
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def delivery_times(request: Request) -> Response:
    day = DeliveryDaySerializer(data=request.query_params)
    day.is_valid(raise_exception=True)
    return Response(rules.delivery_times(day.validated_data["date"]))
