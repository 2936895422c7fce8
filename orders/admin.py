import base64
from collections.abc import Callable
from decimal import Decimal
from typing import cast

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.html import format_html

from accounts.models import User
from common.admin import StatusEventInline
from orders import services
from orders.age import id_notice
from orders.export import write_orders_csv
from orders.models import Order, OrderEvent, OrderLine
from orders.selectors import orders_for_export
from orders.services import BulkAction


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 0
    can_delete = False
    fields = (
        "product_name",
        "product_type_name",
        "product",
        "product_type",
        "unit_price",
        "compare_at_price",
        "quantity",
        "line_subtotal",
        "discount",
        "excise_tax",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False

    @admin.display(description="subtotal")
    def line_subtotal(self, line: OrderLine) -> Decimal:
        return line.subtotal


class OrderEventInline(StatusEventInline):
    model = OrderEvent
    fields = (*StatusEventInline.fields, "note")
    readonly_fields = fields


def _status_action(kind: BulkAction, verb: str) -> Callable[..., None]:
    @admin.action(description=f"Mark selected pending orders as {verb}")
    def action(
        modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Order]
    ) -> None:
        # The back office's bulk service (POST /api/orders/bulk): per order its own row lock,
        # stock, event, email and log line, exactly as the single action.
        results = services.orders_bulk_action(
            action=kind,
            order_ids=list(queryset.order_by("id").values_list("id", flat=True)),
            # Only staff reach the Django admin's actions.
            actor=cast(User, request.user),
        )
        done = sum(1 for result in results if result.done)
        refused = len(results) - done
        modeladmin.message_user(request, f"{done} order(s) {verb}.")
        if refused:
            modeladmin.message_user(
                request,
                f"{refused} order(s) were not pending and were left as they were.",
                level="warning",
            )

    action.__name__ = f"mark_{verb}"
    return action


@admin.action(description="Export selected orders as CSV")
def export_csv(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Order]
) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
    response["Content-Disposition"] = f'attachment; filename="orders-{stamp}.csv"'
    write_orders_csv(orders_for_export(queryset=queryset), response)
    return response


# The hand-over's record (orders/handover.py): who checked, when, and what was seen.
HANDOVER_RECORD = (
    "handed_over_by",
    "handed_over_at",
    "handover_id_type",
    "handover_birth_year",
    "handover_recipient",
    "handover_home_address",
    "signature_image",
)


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "created_at",
        "customer_name",
        "user",
        "delivery_option",
        "status",
        "id_check_required",
        "total",
    )
    list_filter = ("status", "delivery_option", "id_check_required", "created_at", "delivery_date")
    search_fields = ("customer_name", "user__email", "user__name", "phone_number", "=id")
    date_hierarchy = "created_at"
    list_select_related = ("user",)
    ordering = ("-created_at", "-id")
    inlines = [OrderLineInline, OrderEventInline]
    actions = [
        _status_action("complete", "completed"),
        _status_action("cancel", "cancelled"),
        export_csv,
    ]
    # An order is a record of a sale: it changes only through the actions (which move stock
    # and record events); cancel it rather than delete it.
    fields = (
        "id",
        "status",
        "user",
        "customer_name",
        "created_at",
        "updated_at",
        "delivery_option",
        "delivery_address",
        "phone_number",
        "delivery_date",
        "delivery_time",
        "delivery_zip",
        "shipping_state",
        "id_check_required",
        "id_notice",
        "age_confirmed_at",
        "special_instructions",
        "subtotal",
        "promo_code",
        "discount",
        "delivery_fee",
        "excise_tax_label",
        "excise_tax_rate",
        "excise_tax",
        "tax_place",
        "sales_tax_rate",
        "sales_tax",
        "total",
        "idempotency_key",
        *HANDOVER_RECORD,
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Order]:
        # The signature's bytes are read for the one order whose page shows them, not per row.
        return super().get_queryset(request).defer("handover_signature_png")

    @admin.display(description="ID check")
    def id_notice(self, order: Order) -> str:
        return id_notice(order) or "-"

    @admin.display(description="signature")
    def signature_image(self, order: Order) -> str:
        # Inline, so the page needs no API token; only staff reach the Django admin.
        image = order.handover_signature_png
        if not image:
            return "-"
        encoded = base64.b64encode(bytes(image)).decode()
        return format_html(
            '<img src="data:image/png;base64,{}" alt="Signature of the recipient" '
            'style="max-width: 320px; background: #fff; border: 1px solid #ccc">',
            encoded,
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False
