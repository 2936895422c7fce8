"""Reads of promotions: whether a code applies to a cart now (the checkout and the quote),
and the back office's list with the uses so far."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Count, QuerySet
from django.utils import timezone

from common.errors import InvalidInput, NotFound
from common.shoptime import format_when
from promotions.models import Promotion, PromotionKind, PromotionUse
from shop.stock import ReservedLine

# The refusals a shopper reads, in the order they are checked.
UNKNOWN = "This code is not valid."
NOT_YET = "This code is not valid yet. It starts on {when}."
EXPIRED = "This code has expired."
USED_UP = "This code has been used up."
USED_BY_YOU = "You have already used this code as many times as it allows."
NOT_FOR_ITEMS = "This code does not apply to the items in your cart."
MINIMUM = "This code needs ${least} of eligible items in your cart (you have ${have})."
PROMOTION_NOT_FOUND = "Promotion not found"


@dataclass(frozen=True)
class Terms:
    """What a promotion gives and to which lines, as a checkout applies it."""

    promotion_id: int
    code: str
    kind: str
    value: Decimal
    categories: frozenset[str]
    products: frozenset[int]
    exclude_categories: frozenset[str]
    include_nicotine: bool

    def covers(self, line: ReservedLine) -> bool:
        """Whether the promotion takes its share off `line`: nicotine lines (those the
        excise applies to) only when included; never an excluded category's; with
        categories or products named, only theirs."""
        if line.excise and not self.include_nicotine:
            return False
        if line.category_id in self.exclude_categories:
            return False
        if not self.categories and not self.products:
            return True
        return line.category_id in self.categories or line.product_id in self.products

    @property
    def summary(self) -> str:
        """What the code gives, in a shopper's words."""
        if self.kind == PromotionKind.FREE_DELIVERY:
            return "Free delivery"
        if self.kind == PromotionKind.PERCENT:
            return f"{self.value.normalize():f}% off"
        return f"${self.value:.2f} off"


def _terms(promotion: Promotion) -> Terms:
    return Terms(
        promotion_id=promotion.pk,
        code=promotion.code,
        kind=promotion.kind,
        value=promotion.value,
        categories=frozenset(c.pk for c in promotion.categories.all()),
        products=frozenset(p.pk for p in promotion.products.all()),
        exclude_categories=frozenset(c.pk for c in promotion.exclude_categories.all()),
        include_nicotine=promotion.include_nicotine,
    )


def _refuse(message: str) -> InvalidInput:
    return InvalidInput(message, errors={"promoCode": [message]})


def promotion_check(
    *, code: str, user_id: int, lines: Sequence[ReservedLine], lock: bool = False
) -> Terms:
    """The terms of `code` for this customer's `lines` now, or an InvalidInput saying why
    not (under `errors.promoCode`). With `lock` (the checkout, in its transaction) the
    promotion's row is locked first, so concurrent checkouts count its uses one at a time
    and a limit is never passed."""
    # Codes are kept in capitals: an exact match on the unique index.
    rows = Promotion.objects.filter(code=code.strip().upper(), active=True)
    if lock:
        rows = rows.select_for_update()
    promotion = rows.first()
    if promotion is None:
        raise _refuse(UNKNOWN)
    _check_dates(promotion, timezone.now())
    _check_uses(promotion, user_id)
    terms = _terms(promotion)
    covered = [line for line in lines if terms.covers(line)]
    if not covered:
        raise _refuse(NOT_FOR_ITEMS)
    have = sum((line.unit_price * line.quantity for line in covered), Decimal(0))
    if promotion.min_subtotal is not None and have < promotion.min_subtotal:
        raise _refuse(MINIMUM.format(least=f"{promotion.min_subtotal:.2f}", have=f"{have:.2f}"))
    return terms


def _check_dates(promotion: Promotion, now: datetime) -> None:
    if promotion.starts_at is not None and now < promotion.starts_at:
        raise _refuse(NOT_YET.format(when=format_when(promotion.starts_at)))
    if promotion.ends_at is not None and now >= promotion.ends_at:
        raise _refuse(EXPIRED)


def _check_uses(promotion: Promotion, user_id: int) -> None:
    uses = PromotionUse.objects.filter(promotion=promotion)
    if promotion.max_uses is not None and uses.count() >= promotion.max_uses:
        raise _refuse(USED_UP)
    most = promotion.max_uses_per_customer
    if most is not None and uses.filter(user_id=user_id).count() >= most:
        raise _refuse(USED_BY_YOU)


def promotion_list() -> QuerySet[Promotion]:
    """Every promotion, newest first, with its uses so far and the ids it names."""
    return Promotion.objects.annotate(use_count=Count("uses")).prefetch_related(
        "categories", "products", "exclude_categories"
    )


def promotion_get(*, promotion_id: int) -> Promotion:
    promotion = promotion_list().filter(pk=promotion_id).first()
    if promotion is None:
        raise NotFound(PROMOTION_NOT_FOUND)
    return promotion
