"""Reports for admins: thin views over reports.selectors."""

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from common.permissions import IsAdmin
from common.schema import error, see_api_docs
from reports import selectors
from reports.export import write_sales_csv, write_taxes_csv


class MoneyField(serializers.DecimalField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_digits=14, decimal_places=2, **kwargs)


class DaySerializer(serializers.Serializer):
    date = serializers.DateField()
    orders = serializers.IntegerField()
    revenue = MoneyField()


class CategorySalesSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True, help_text="Null: products deleted since.")
    name = serializers.CharField()
    units = serializers.IntegerField()
    revenue = MoneyField(help_text="Goods only: unit price x quantity as sold.")


class ProductSalesSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="Null: a product deleted since.")
    name = serializers.CharField(
        help_text="The name it was sold under (renamed in between: the alphabetically last)."
    )
    units = serializers.IntegerField()
    revenue = MoneyField()


class TotalsSerializer(serializers.Serializer):
    orders = serializers.IntegerField()
    revenue = MoneyField(
        help_text="Goods less discounts, plus delivery fees: the totals less the taxes."
    )
    averageOrder = MoneyField()
    discounts = MoneyField(help_text="Promotion discounts given on these orders.")


class OptionSalesSerializer(serializers.Serializer):
    orders = serializers.IntegerField()
    revenue = MoneyField()


class SalesReportSerializer(serializers.Serializer):
    # "from" is a Python keyword: the field is declared by name below.
    to = serializers.DateField()
    totals = TotalsSerializer()
    days = DaySerializer(many=True)
    byCategory = CategorySalesSerializer(many=True)
    topProducts = ProductSalesSerializer(many=True)
    byStatus = serializers.DictField(child=serializers.IntegerField())
    byDeliveryOption = serializers.DictField(child=OptionSalesSerializer())


SalesReportSerializer._declared_fields["from"] = serializers.DateField()

PARAMETERS = [
    OpenApiParameter(
        "from", OpenApiTypes.DATE, description="First Los Angeles day (default: 29 days before to)."
    ),
    OpenApiParameter("to", OpenApiTypes.DATE, description="Last Los Angeles day (default: today)."),
]
ERRORS = {
    400: error(
        "A bad date (YYYY-MM-DD, 2000-01-01 to 2100-12-31), from after to, or over 3660 days"
    ),
}
DESCRIPTION = see_api_docs(
    "Admin only. Sales between `from` and `to` (Los Angeles days, both included; default the "
    "last 30 days): revenue of the orders that are not cancelled, by day, category, product "
    "and delivery option, and orders by status.",
    "Back office, added",
)


@extend_schema(
    operation_id="reports_sales",
    parameters=PARAMETERS,
    responses={200: SalesReportSerializer, **ERRORS},
    description=DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def sales(request: Request) -> Response:
    report = selectors.sales_report(selectors.report_range(request.query_params))
    return Response(SalesReportSerializer(report).data)


@extend_schema(
    operation_id="reports_sales_csv",
    parameters=PARAMETERS,
    responses={
        (200, "text/csv"): OpenApiResponse(
            OpenApiTypes.STR,
            description="One table: section (period, totals, day, category, product, status, "
            "deliveryOption), key, name, orders, units, revenue.",
        ),
        **ERRORS,
    },
    description="The same report as CSV. " + DESCRIPTION,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def sales_csv(request: Request) -> HttpResponse:
    period = selectors.report_range(request.query_params)
    report = selectors.sales_report(period)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="sales-{period.date_from}-{period.date_to}.csv"'
    )
    write_sales_csv(report, response)
    return response


class TaxRateSerializer(serializers.Serializer):
    rate = serializers.DecimalField(
        max_digits=6, decimal_places=3, help_text="The sales-tax percent the orders kept."
    )
    place = serializers.CharField(
        help_text='Where it is due: "Pickup" (the shop), "ZIP 92840" (local delivery), '
        '"State NV" (shipping).'
    )
    taxableSales = MoneyField()
    salesTax = MoneyField()


class TaxesReportSerializer(serializers.Serializer):
    to = serializers.DateField()
    taxableSales = MoneyField(help_text="Goods less discounts; delivery fees are not taxed.")
    salesTax = MoneyField()
    exciseSales = MoneyField(help_text="The sales (after discounts) the excise was charged on.")
    exciseTax = MoneyField()
    discounts = MoneyField(help_text="Promotion discounts given.")
    byRate = TaxRateSerializer(many=True)


TaxesReportSerializer._declared_fields["from"] = serializers.DateField()
TAXES = see_api_docs(
    "Admin only. The figures for filing sales tax and the excise between `from` and `to` (Los "
    "Angeles days, both included; default the last 30 days): orders that are not cancelled, "
    "with the rates each kept.",
    "Money",
)


@extend_schema(
    operation_id="reports_taxes",
    parameters=PARAMETERS,
    responses={200: TaxesReportSerializer, **ERRORS},
    description=TAXES,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def taxes(request: Request) -> Response:
    report = selectors.taxes_report(selectors.report_range(request.query_params))
    return Response(TaxesReportSerializer(report).data)


@extend_schema(
    operation_id="reports_taxes_csv",
    parameters=PARAMETERS,
    responses={
        (200, "text/csv"): OpenApiResponse(
            OpenApiTypes.STR,
            description="One table: section (period, totals, discounts, rate), rate, place, "
            "taxableSales, salesTax, exciseSales, exciseTax.",
        ),
        **ERRORS,
    },
    description="The same report as CSV. " + TAXES,
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def taxes_csv(request: Request) -> HttpResponse:
    period = selectors.report_range(request.query_params)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="taxes-{period.date_from}-{period.date_to}.csv"'
    )
    write_taxes_csv(selectors.taxes_report(period), response)
    return response
