"""The shop's people acting on orders (admin or staff): complete, cancel, change a line,
mark ready, hand over, and the same for many at once. Each answers the order as changed
(orders.api.order_answer); the rules live in orders/services.py and orders/handover.py."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from common.parsers import JSONParser
from common.permissions import CanHandleOrders
from common.schema import error, see_api_docs
from orders import handover, services
from orders.answer_serializers import BulkAnswerSerializer, OrderAnswerSerializer
from orders.api import NOT_PENDING, order_answer, signed_in
from orders.handover_serializers import HandoverSerializer
from orders.models import OrderStatus
from orders.serializers import (
    BulkOrderActionSerializer,
    LineAdjustSerializer,
    LineRemoveSerializer,
)

ORDER_NOT_FOUND = error("Order not found")
# The answers of an action that only a pending order takes.
PENDING_ONLY = {200: OrderAnswerSerializer, 404: ORDER_NOT_FOUND, 409: NOT_PENDING}


@extend_schema(
    request=None,
    responses=PENDING_ONLY,
    description=see_api_docs(
        "Admin or staff. A pending order's sale becomes final; stock does not change.", "Orders"
    ),
)
@api_view(["PUT"])
@permission_classes([CanHandleOrders])
def order_complete(request: Request, order_id: int) -> Response:
    order = services.order_complete(order_id=order_id, actor=signed_in(request))
    return order_answer(request, "Order completed. Inventory updated.", order)


@extend_schema(
    request=None,
    responses=PENDING_ONLY,
    description=see_api_docs(
        "Admin or staff. A pending order is cancelled and every reserved unit goes back to stock.",
        "Orders",
    ),
)
@api_view(["PUT"])
@permission_classes([CanHandleOrders])
def order_cancel(request: Request, order_id: int) -> Response:
    order = services.order_cancel(order_id=order_id, actor=signed_in(request))
    return order_answer(request, "Order cancelled. Items returned to stock.", order)


ADJUST_REFUSED = error(
    "A quantity not lower than the line's, or the order's last line (cancel the order instead)."
)
LINE_GONE = error("Order not found, or the line is not on it.")


@extend_schema(
    methods=["PATCH"],
    request=LineAdjustSerializer,
    responses={200: OrderAnswerSerializer, 400: ADJUST_REFUSED, 404: LINE_GONE, 409: NOT_PENDING},
    description=see_api_docs(
        "Admin or staff. Lowers a line of a pending order (0 removes it): its units go back to "
        "stock, the figures are computed again under the order's own rates and promotion, "
        "the customer is emailed the new total and the history records the change.",
        "Money",
    ),
)
@extend_schema(
    methods=["DELETE"],
    request=LineRemoveSerializer,
    responses={200: OrderAnswerSerializer, 400: ADJUST_REFUSED, 404: LINE_GONE, 409: NOT_PENDING},
    description=see_api_docs(
        "Admin or staff. Removes a line of a pending order, as PATCH with quantity 0.", "Money"
    ),
)
@api_view(["PATCH", "DELETE"])
@parser_classes([JSONParser])
@permission_classes([CanHandleOrders])
def order_line(request: Request, order_id: int, item_id: int) -> Response:
    if request.method == "DELETE":
        form: serializers.Serializer = LineRemoveSerializer(data=request.data or {})
    else:
        form = LineAdjustSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    order = services.order_line_adjust(
        order_id=order_id,
        item_id=item_id,
        quantity=form.validated_data.get("quantity", 0),
        reason=form.validated_data.get("reason", "").strip(),
        actor=signed_in(request),
    )
    return order_answer(request, "Order changed. The customer was emailed the new total.", order)


@extend_schema(
    request=None,
    responses={
        200: OrderAnswerSerializer,
        404: ORDER_NOT_FOUND,
        409: error("Only a pending pickup order can be marked ready."),
    },
    description=see_api_docs(
        "Admin or staff. A pending pickup order gains `readyAt` and its customer is emailed "
        "that it is ready and where to collect it (once); it stays pending.",
        "Ready and hand-over",
    ),
)
@api_view(["PUT"])
@permission_classes([CanHandleOrders])
def order_ready(request: Request, order_id: int) -> Response:
    order = handover.order_mark_ready(order_id=order_id, actor=signed_in(request))
    return order_answer(request, "Order marked ready. The customer was emailed.", order)


HANDED_OVER = {
    "delivered": "Order handed over.",
    "failed": "Delivery failure recorded; the order stays pending.",
    "cancelled": "Delivery failed; order cancelled and items returned to stock.",
}


@extend_schema(
    request=HandoverSerializer,
    responses={
        200: OrderAnswerSerializer,
        400: error(
            "A required check's field missing (each named in errors), a birth year under 21, "
            "a bad signature, or a failure without a reason; nothing changed."
        ),
        404: ORDER_NOT_FOUND,
        409: NOT_PENDING,
    },
    description=see_api_docs(
        "Admin or staff. `delivered` completes the order with who handed it over, when, and "
        "the checks `checks` asks for; `failed` records the reason in its events and keeps "
        "it pending, or with `cancel` cancels it (stock back).",
        "Ready and hand-over",
    ),
)
@api_view(["POST"])
@parser_classes([JSONParser])
@permission_classes([CanHandleOrders])
def order_handover(request: Request, order_id: int) -> Response:
    data = HandoverSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    attempt = data.to_handover()
    order = handover.order_handover(order_id=order_id, actor=signed_in(request), handover=attempt)
    outcome = "cancelled" if order.status == OrderStatus.CANCELLED else attempt.outcome
    return order_answer(request, HANDED_OVER[outcome], order)


def _bulk_message(action: str, done: int, refused: int) -> str:
    verb = "completed" if action == "complete" else "cancelled"
    text = f"{done} {'order' if done == 1 else 'orders'} {verb}."
    return f"{text} {refused} refused." if refused else text


@extend_schema(
    request=BulkOrderActionSerializer,
    responses={
        200: BulkAnswerSerializer,
        400: error(
            f"A bad action, or ids not a list of 1 to {services.MAX_BULK_ORDERS} order numbers."
        ),
    },
    description=see_api_docs(
        "Admin or staff. Completes or cancels each listed order as the single action does, each in "
        "its own transaction with its customer's email; answers each order's result (done, or "
        "refused with the reason) with a 200, whatever the mix.",
        "Orders, Bulk actions",
    ),
)
@api_view(["POST"])
@parser_classes([JSONParser])
@permission_classes([CanHandleOrders])
def order_bulk(request: Request) -> Response:
    data = BulkOrderActionSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    action = data.validated_data["action"]
    results = services.orders_bulk_action(
        action=action, order_ids=data.validated_data["ids"], actor=signed_in(request)
    )
    done = sum(1 for result in results if result.done)
    return Response(
        {
            "message": _bulk_message(action, done, len(results) - done),
            "done": done,
            "refused": len(results) - done,
            "results": [
                {
                    "id": result.order_id,
                    "result": "done" if result.done else "refused",
                    "message": result.message,
                    "status": result.status,
                }
                for result in results
            ],
        }
    )
