"""The hand-over's record served to the shop's people: the recipient's signature image
(docs/api.md, "Ready and hand-over"). Never to customers: the order answer they read has no
link to it either (OrderSerializer.signatureUrl)."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request

from common.errors import NotFound
from common.permissions import CanHandleOrders
from common.schema import error, see_api_docs
from orders.selectors import order_signature

NO_SIGNATURE = "Order not found, or no signature was recorded for it."


@extend_schema(
    operation_id="orders_signature",
    responses={
        (200, "image/png"): OpenApiResponse(OpenApiTypes.BINARY, description="The PNG."),
        404: error(NO_SIGNATURE),
    },
    description=see_api_docs(
        "Admin or staff: the recipient's signature recorded at handover, as a PNG.",
        "Ready and hand-over",
    ),
)
@api_view(["GET"])
@permission_classes([CanHandleOrders])
def order_signature_png(request: Request, order_id: int) -> HttpResponse:
    image = order_signature(order_id=order_id)
    if image is None:
        raise NotFound(NO_SIGNATURE)
    response = HttpResponse(image, content_type="image/png")
    # A record about a person: no shared cache keeps it, no browser cache outlives the page.
    response["Cache-Control"] = "private, no-store"
    return response
