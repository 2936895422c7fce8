"""The promotion's shape (GET/POST /api/promotions, GET/PATCH/DELETE /api/promotions/{id})."""

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from common.shoptime import SHOP_TIME_ZONE
from promotions.models import Promotion, PromotionKind


def _money(**kwargs: Any) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=10, decimal_places=2, **kwargs)


def _moment(source: str, help_text: str) -> serializers.DateTimeField:
    # A time written without an offset is the shop's (Los Angeles).
    return serializers.DateTimeField(
        source=source,
        required=False,
        allow_null=True,
        default_timezone=SHOP_TIME_ZONE,
        help_text=help_text,
    )


def _limit(source: str, help_text: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        source=source, required=False, allow_null=True, min_value=1, help_text=help_text
    )


class PromotionSerializer(serializers.Serializer):
    """The body of POST (code and kind required) and PATCH (any field), and the answer."""

    id = serializers.IntegerField(read_only=True)
    code = serializers.RegexField(
        r"^[A-Za-z0-9_-]{3,40}$",
        error_messages={"invalid": "code is 3 to 40 letters, digits, - or _."},
        help_text="What the shopper types, matched in any case; kept in capitals.",
    )
    kind = serializers.ChoiceField(choices=PromotionKind.choices)
    value = _money(
        min_value=Decimal(0),
        max_value=Decimal("100000"),
        required=False,
        default=Decimal(0),
        help_text="percent: from 0.01 to 100; amount: off the lines it applies to; "
        "free_delivery: 0.",
    )
    minSubtotal = _money(
        source="min_subtotal",
        min_value=Decimal(0),
        max_value=Decimal("100000"),
        required=False,
        allow_null=True,
        help_text="The subtotal of the lines it applies to that the cart must reach.",
    )
    startsAt = _moment("starts_at", "From then on (shop time); null: at once.")
    endsAt = _moment("ends_at", "Until then (shop time); null: no end.")
    maxUses = _limit("max_uses", "Orders in all; null: no limit.")
    maxUsesPerCustomer = _limit("max_uses_per_customer", "Orders per customer; null: no limit.")
    categories = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Category ids it is limited to; empty with no products: every line.",
    )
    products = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, help_text="Product ids."
    )
    excludeCategories = serializers.ListField(
        source="exclude_categories", child=serializers.CharField(), required=False
    )
    includeNicotine = serializers.BooleanField(
        source="include_nicotine",
        required=False,
        default=False,
        help_text="Nicotine products (those the excise applies to) are left out unless true.",
    )
    active = serializers.BooleanField(
        required=False, default=True, help_text="false: paused, the code is refused."
    )
    uses = serializers.IntegerField(
        read_only=True, help_text="Orders placed with it (a cancelled order gives its use back)."
    )


def promotion_answer(promotion: Promotion) -> dict[str, Any]:
    starts, ends = promotion.starts_at, promotion.ends_at
    return {
        "id": promotion.pk,
        "code": promotion.code,
        "kind": promotion.kind,
        "value": promotion.value,
        "minSubtotal": promotion.min_subtotal,
        "startsAt": starts.astimezone(SHOP_TIME_ZONE).isoformat() if starts else None,
        "endsAt": ends.astimezone(SHOP_TIME_ZONE).isoformat() if ends else None,
        "maxUses": promotion.max_uses,
        "maxUsesPerCustomer": promotion.max_uses_per_customer,
        "categories": sorted(c.pk for c in promotion.categories.all()),
        "products": sorted(p.pk for p in promotion.products.all()),
        "excludeCategories": sorted(c.pk for c in promotion.exclude_categories.all()),
        "includeNicotine": promotion.include_nicotine,
        "active": promotion.active,
        "uses": getattr(promotion, "use_count", 0),
    }
