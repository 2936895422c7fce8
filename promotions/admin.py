"""The Django admin's promotions: its saves and deletes call promotions.services, as the
back office's API does."""

from typing import Any

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import User
from common.errors import DomainError
from promotions import selectors, services
from promotions.models import Promotion

EDITABLE = (
    "code",
    "kind",
    "value",
    "min_subtotal",
    "starts_at",
    "ends_at",
    "max_uses",
    "max_uses_per_customer",
    "include_nicotine",
    "active",
)
LINKED = ("categories", "products", "exclude_categories")


@admin.register(Promotion)
class PromotionAdmin(admin.ModelAdmin):
    list_display = ("code", "kind", "value", "starts_at", "ends_at", "active", "uses")
    list_filter = ("kind", "active")
    search_fields = ("code",)
    fields = (*EDITABLE, *LINKED)
    filter_horizontal = LINKED
    raw_id_fields = ("products",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Promotion]:
        return selectors.promotion_list()

    @admin.display(description="Uses")
    def uses(self, promotion: Promotion) -> int:
        return getattr(promotion, "use_count", 0)

    def save_model(self, request: HttpRequest, obj: Promotion, form: Any, change: bool) -> None:
        """Saved with its links in save_related, once the form's many-to-many are clean."""

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        data = form.cleaned_data
        values = {name: data.get(name) for name in EDITABLE}
        values |= {name: [row.pk for row in data.get(name) or []] for name in LINKED}
        actor = request.user if isinstance(request.user, User) else None
        try:
            if change:
                saved = services.promotion_update(
                    promotion_id=form.instance.pk, actor=actor, **values
                )
            else:
                saved = services.promotion_create(actor=actor, **values)
        except DomainError as refused:
            if not change:
                raise
            transaction.set_rollback(True)
            self.message_user(request, f"Not saved: {refused.message}", level=messages.ERROR)
            return
        form.instance.pk = saved.pk

    def delete_model(self, request: HttpRequest, obj: Promotion) -> None:
        services.promotion_delete(promotion_id=obj.pk)
