"""The promotion a checkout or a quote carries: its terms for orders/pricing.py and which
lines it covers. The promotions themselves (codes, limits, uses) are promotions' own."""

from dataclasses import dataclass, field

from orders.pricing import Offer
from shop.stock import ReservedLine


@dataclass(frozen=True)
class PromoOffer:
    code: str
    terms: Offer
    promotion_id: int | None = None
    # Empty: every line not excluded; else only these.
    categories: frozenset[str] = frozenset()
    products: frozenset[int] = frozenset()
    exclude_categories: frozenset[str] = frozenset()
    include_nicotine: bool = False
    message: str = field(default="", compare=False)

    def covers(self, line: ReservedLine) -> bool:
        """Whether the promotion takes its share off `line` (nicotine lines, those the
        excise applies to, only when the owner included them)."""
        if line.excise and not self.include_nicotine:
            return False
        if line.category_id in self.exclude_categories:
            return False
        if not self.categories and not self.products:
            return True
        return line.category_id in self.categories or line.product_id in self.products


def offer_for(checkout: object, reserved: list[ReservedLine]) -> PromoOffer | None:
    """The checkout's promotion, if it names one (promotions land in their own app)."""
    return None


def quote_offer(
    *, user: object, checkout: object, reserved: list[ReservedLine]
) -> tuple[PromoOffer | None, str]:
    """(the offer, "") when the quote's code applies, else (None, why not)."""
    return None, ""
