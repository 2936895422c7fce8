"""The records an inspector may ask for: thin views over reports.compliance (docs/api.md,
"Compliance records")."""

from collections.abc import Iterator

from django.http import HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from common.permissions import CanHandleOrders, IsAdmin
from common.schema import error, see_api_docs
from reports import compliance
from reports.compliance_export import (
    N2O_COLUMNS,
    SALES_COLUMNS,
    csv_lines,
    delivery_sales_pdf,
)
from storesettings.selectors import shop_config

SECTION = "Compliance records"


class N2ORowSerializer(serializers.Serializer):
    handedOverAt = serializers.DateTimeField(help_text="Los Angeles time, with its offset.")
    orderId = serializers.IntegerField()
    buyerName = serializers.CharField(
        help_text="The recipient's name recorded at hand-over, else the order's name."
    )
    homeAddress = serializers.CharField(help_text="As recorded at hand-over.")
    idType = serializers.CharField()
    birthYear = serializers.IntegerField(allow_null=True)
    product = serializers.CharField()
    type = serializers.CharField(help_text="Empty when sold without a type.")
    quantity = serializers.IntegerField()
    handedOverBy = serializers.CharField()
    signatureUrl = serializers.CharField(
        help_text="GET it as staff or an admin (image/png); empty when none was drawn."
    )


class N2OLogSerializer(serializers.Serializer):
    to = serializers.DateField()
    rows = N2ORowSerializer(many=True)


N2OLogSerializer._declared_fields["from"] = serializers.DateField()


class SalesRowSerializer(serializers.Serializer):
    deliveredAt = serializers.DateTimeField(help_text="Los Angeles time, with its offset.")
    orderId = serializers.IntegerField()
    buyerName = serializers.CharField()
    deliveryAddress = serializers.CharField()
    brand = serializers.CharField(
        help_text="The brand of the line's Unflavored Tobacco List entry, else the product's name."
    )
    product = serializers.CharField()
    type = serializers.CharField()
    quantity = serializers.IntegerField()
    deliveredBy = serializers.CharField()


class SalesTotalsSerializer(serializers.Serializer):
    orders = serializers.IntegerField()
    lines = serializers.IntegerField()
    units = serializers.IntegerField()


class DeliverySalesSerializer(serializers.Serializer):
    month = serializers.CharField(help_text="YYYY-MM")
    to = serializers.DateField()
    rows = SalesRowSerializer(many=True)
    totals = SalesTotalsSerializer()


DeliverySalesSerializer._declared_fields["from"] = serializers.DateField()

LOG_PARAMETERS = [
    OpenApiParameter(
        "from", OpenApiTypes.DATE, description="First Los Angeles day (default: 30 days before to)."
    ),
    OpenApiParameter("to", OpenApiTypes.DATE, description="Last Los Angeles day (default: today)."),
]
LOG_DESCRIPTION = see_api_docs(
    "Staff and admins. The N2O log (California Penal Code 381e): one row per line of an order "
    "handed over between `from` and `to` that a `record` rule covered when it was placed.",
    SECTION,
)
LOG_ERRORS = {400: error("A bad date, from after to, or over 3660 days")}


def _csv_answer(lines: Iterator[str], filename: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


@extend_schema(
    operation_id="compliance_n2o_log",
    parameters=LOG_PARAMETERS,
    responses={200: N2OLogSerializer, **LOG_ERRORS},
    description=LOG_DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([CanHandleOrders])
def n2o_log(request: Request) -> Response:
    period = compliance.log_period(request.query_params)
    rows = list(compliance.n2o_log(period))
    return Response(N2OLogSerializer({"from": period.first, "to": period.last, "rows": rows}).data)


@extend_schema(
    operation_id="compliance_n2o_log_csv",
    parameters=LOG_PARAMETERS,
    responses={
        (200, "text/csv"): OpenApiResponse(
            OpenApiTypes.STR, description="The same rows, one CSV line each, with a header."
        ),
        **LOG_ERRORS,
    },
    description="The same log as CSV. " + LOG_DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([CanHandleOrders])
def n2o_log_csv(request: Request) -> StreamingHttpResponse:
    period = compliance.log_period(request.query_params)
    return _csv_answer(
        csv_lines(N2O_COLUMNS, compliance.n2o_log(period)),
        f"n2o-log-{period.first}-{period.last}.csv",
    )


MONTH_PARAMETERS = [
    OpenApiParameter(
        "month", OpenApiTypes.STR, description="YYYY-MM, a Los Angeles month (default: last month)."
    )
]
SALES_DESCRIPTION = see_api_docs(
    "Admin only. The monthly delivery-sales report (PACT Act): every line with nicotine of a "
    "local delivery handed over in `month`, with the buyer, address, brand, quantity and who "
    "delivered it.",
    SECTION,
)
SALES_ERRORS = {400: error("A month not written YYYY-MM")}


@extend_schema(
    operation_id="compliance_delivery_sales",
    parameters=MONTH_PARAMETERS,
    responses={200: DeliverySalesSerializer, **SALES_ERRORS},
    description=SALES_DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def delivery_sales(request: Request) -> Response:
    period = compliance.month_period(request.query_params.get("month"))
    return Response(DeliverySalesSerializer(compliance.delivery_sales(period)).data)


@extend_schema(
    operation_id="compliance_delivery_sales_csv",
    parameters=MONTH_PARAMETERS,
    responses={
        (200, "text/csv"): OpenApiResponse(
            OpenApiTypes.STR, description="The month's rows, one CSV line each, with a header."
        ),
        **SALES_ERRORS,
    },
    description="The same report as CSV. " + SALES_DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def delivery_sales_csv(request: Request) -> StreamingHttpResponse:
    period = compliance.month_period(request.query_params.get("month"))
    return _csv_answer(
        csv_lines(SALES_COLUMNS, compliance.delivery_sales_rows(period)),
        f"delivery-sales-{period.first:%Y-%m}.csv",
    )


@extend_schema(
    operation_id="compliance_delivery_sales_pdf",
    parameters=MONTH_PARAMETERS,
    responses={
        (200, "application/pdf"): OpenApiResponse(
            OpenApiTypes.BINARY,
            description="The month's report as a PDF table: the shop, the month, the rows, "
            "the totals.",
        ),
        **SALES_ERRORS,
    },
    description="The same report as PDF. " + SALES_DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def delivery_sales_pdf_file(request: Request) -> HttpResponse:
    period = compliance.month_period(request.query_params.get("month"))
    config = shop_config()
    body = delivery_sales_pdf(
        compliance.delivery_sales(period),
        shop_name=config.shop_name,
        shop_address=config.pickup_location,
    )
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="delivery-sales-{period.first:%Y-%m}.pdf"'
    )
    response["Cache-Control"] = "no-store"
    return response
