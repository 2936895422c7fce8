"""Every write to promotions: the back office's create, edit and delete (the API and the
Django admin), and the uses a checkout records and a cancel gives back."""

from decimal import Decimal
from typing import Any

from django.db import transaction

from accounts.models import User
from common.errors import Conflict, InvalidInput, NotFound
from common.services import unknown_fields_check
from promotions.models import Promotion, PromotionKind, PromotionUse
from promotions.selectors import PROMOTION_NOT_FOUND, promotion_get
from shop.models import Category, Product

FIELDS = {
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
}
LINKS = {"categories", "products", "exclude_categories"}
CODE_TAKEN = "Another promotion already has this code."
PERCENT_RANGE = "A percent off is more than 0 and at most 100."
AMOUNT_POSITIVE = "An amount off is more than 0."
DATES_ORDER = "endsAt must be after startsAt."
UNKNOWN_CATEGORY = "{field} names a category that does not exist: {ids}."
UNKNOWN_PRODUCT = "products names a product that does not exist: {ids}."
USED = "This promotion has been used on orders; pause it (active: false) instead."
API_NAMES = {"exclude_categories": "excludeCategories"}


def _refuse(field: str, message: str) -> InvalidInput:
    return InvalidInput(message, errors={field: [message]})


def _check(promotion: Promotion) -> None:
    """The rules between fields, on the values as they will be stored."""
    if promotion.kind == PromotionKind.PERCENT and not 0 < promotion.value <= 100:
        raise _refuse("value", PERCENT_RANGE)
    if promotion.kind == PromotionKind.AMOUNT and promotion.value <= 0:
        raise _refuse("value", AMOUNT_POSITIVE)
    if promotion.kind == PromotionKind.FREE_DELIVERY:
        promotion.value = Decimal(0)
    if promotion.starts_at and promotion.ends_at and promotion.ends_at <= promotion.starts_at:
        raise _refuse("endsAt", DATES_ORDER)
    taken = Promotion.objects.filter(code__iexact=promotion.code).exclude(pk=promotion.pk)
    if taken.exists():
        raise Conflict(CODE_TAKEN, errors={"code": [CODE_TAKEN]})


def _link(promotion: Promotion, links: dict[str, Any]) -> None:
    """Set the categories and products a promotion names (those sent; unknown ids: 400)."""
    for field, ids in links.items():
        model = Product if field == "products" else Category
        wanted = set(ids)
        found = set(model.objects.filter(pk__in=wanted).values_list("pk", flat=True))
        if wanted - found:
            template = UNKNOWN_PRODUCT if field == "products" else UNKNOWN_CATEGORY
            missing = ", ".join(str(pk) for pk in sorted(wanted - found, key=str))
            name = API_NAMES.get(field, field)
            raise _refuse(name, template.format(field=name, ids=missing))
        getattr(promotion, field).set(sorted(found, key=str))


def _split(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    unknown_fields_check("promotion write", values, FIELDS | LINKS)
    fields = {k: v for k, v in values.items() if k in FIELDS}
    if "code" in fields:
        fields["code"] = fields["code"].strip().upper()
    return fields, {k: v for k, v in values.items() if k in LINKS}


def promotion_create(*, actor: User | None = None, **values: Any) -> Promotion:
    fields, links = _split(values)
    with transaction.atomic():
        promotion = Promotion(**fields)
        _check(promotion)
        promotion.save()
        _link(promotion, links)
    return promotion_get(promotion_id=promotion.pk)


def promotion_update(*, promotion_id: int, actor: User | None = None, **values: Any) -> Promotion:
    """Change the fields sent (PATCH); pausing is `active=False`."""
    fields, links = _split(values)
    with transaction.atomic():
        promotion = Promotion.objects.select_for_update().filter(pk=promotion_id).first()
        if promotion is None:
            raise NotFound(PROMOTION_NOT_FOUND)
        for name, value in fields.items():
            setattr(promotion, name, value)
        # The rules between fields hold for the row as it will be stored (free delivery's
        # value becomes 0).
        _check(promotion)
        promotion.save(update_fields=sorted({*fields, "value", "updated_at"}))
        _link(promotion, links)
    return promotion_get(promotion_id=promotion_id)


def promotion_delete(*, promotion_id: int) -> None:
    """A promotion never used goes; one used on orders is paused instead (409)."""
    with transaction.atomic():
        promotion = Promotion.objects.select_for_update().filter(pk=promotion_id).first()
        if promotion is None:
            raise NotFound(PROMOTION_NOT_FOUND)
        if PromotionUse.objects.filter(promotion=promotion).exists():
            raise Conflict(USED)
        promotion.delete()


def promotion_use(*, promotion_id: int, user: User, order_id: int) -> None:
    """Count one use, by the checkout placing `order_id`, in its transaction and under the
    row lock its promotion_check(lock=True) took."""
    PromotionUse.objects.create(promotion_id=promotion_id, user=user, order_id=order_id)


def promotion_give_back(*, order_id: int) -> None:
    """A cancelled order's use is given back (in the cancel's transaction)."""
    PromotionUse.objects.filter(order_id=order_id).delete()
