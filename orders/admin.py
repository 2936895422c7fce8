import base64
import re
from collections.abc import Callable
from decimal import Decimal
from typing import cast

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html

from accounts.models import User
from common.admin import StatusEventInline
from orders import services
from orders.age import id_notice
from orders.export import (
    export_expired,
    export_gone_message,
    export_parts,
    export_stream,
    orders_csv_stream,
    orders_export_later,
)
from orders.models import Order, OrderEvent, OrderLine
from orders.selectors import orders_for_export
from orders.services import BulkAction

EXPORT_TOKEN = re.compile(r"[0-9a-f]{32}")


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
        # In the N2O log (a `record` rule covered it), which keeps it after its product goes.
        "recorded",
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


EXPORT_QUEUED = (
    "{count} orders are more than one download carries at once ({limit} at most). The CSV "
    "is being written in the background; {email} will be emailed a link to it, which opens "
    "once signed in here."
)


@admin.action(description="Export selected orders as CSV")
def export_csv(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Order]
) -> HttpResponseBase:
    """Up to EXPORT_STREAM_MAX_ROWS orders stream at once, a chunk at a time; more are
    written by the worker and their link emailed (orders/export.py): 202 with that said."""
    count = queryset.count()
    # Only staff reach the Django admin's actions.
    user = cast(User, request.user)
    if count > settings.EXPORT_STREAM_MAX_ROWS:
        link = request.build_absolute_uri(
            reverse("admin:orders_order_export", args=["TOKEN"])
        ).replace("TOKEN", "{token}")
        orders_export_later(queryset=queryset, user_id=user.pk, link=link)
        message = EXPORT_QUEUED.format(
            count=count, limit=settings.EXPORT_STREAM_MAX_ROWS, email=user.email
        )
        return TemplateResponse(
            request,
            "admin/orders/export_notice.html",
            {
                **modeladmin.admin_site.each_context(request),
                "title": "Export queued",
                "message": message,
            },
            status=202,
        )
    response = StreamingHttpResponse(
        orders_csv_stream(orders_for_export(queryset=queryset)),
        content_type="text/csv; charset=utf-8",
    )
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
    response["Content-Disposition"] = f'attachment; filename="orders-{stamp}.csv"'
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

    def get_urls(self) -> list[URLPattern]:
        download = self.admin_site.admin_view(self.export_download)
        return [
            path("exports/<str:token>/", download, name="orders_order_export"),
            *super().get_urls(),
        ]

    def export_download(self, request: HttpRequest, token: str) -> HttpResponseBase:
        """A background export's CSV (its emailed link): only for staff signed in here who
        may view orders; 404 saying so once it is past EXPORT_FILES_KEEP_DAYS."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        parts = export_parts(token) if EXPORT_TOKEN.fullmatch(token) else []
        if not parts or export_expired(parts):
            return TemplateResponse(
                request,
                "admin/orders/export_notice.html",
                {
                    **self.admin_site.each_context(request),
                    "title": "Export not available",
                    "message": export_gone_message(),
                },
                status=404,
            )
        response = StreamingHttpResponse(
            export_stream(parts), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="orders-{token[:8]}.csv"'
        return response

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
