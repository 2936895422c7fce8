"""The quote (POST /api/orders/quote): what a checkout of the same body would charge now,
and what the compliance rules would refuse, placing and reserving nothing. The pricing and
the refusals are the checkout's own (orders/checkout.py)."""

from dataclasses import dataclass

from accounts.models import User
from common.errors import InvalidInput
from common.shoptime import shop_today
from compliance.selectors import Blocked
from orders.checkout import CheckoutInput, figures_of, promotion_terms, refuse_early
from orders.compliance import cart_check
from orders.pricing import Figures, TaxRates, tax_rates
from orders.rules import pending_refusal
from orders.selectors import PendingHoldings, order_pending_holdings
from shop.stock import ReservedLine, stock_price_lines
from storesettings.selectors import shop_config


@dataclass(frozen=True)
class Quote:
    """What a checkout of the same body would charge now (POST /api/orders/quote)."""

    lines: list[ReservedLine]
    figures: Figures
    rates: TaxRates
    excise_tax_label: str
    promo_code: str
    promo_applied: bool
    promo_message: str
    # The lines the compliance rules would refuse (compliance.selectors.Blocked).
    blocked: list[Blocked]
    # The customer's pending orders and the pending caps' refusal for this cart ("": none).
    held: PendingHoldings
    pending_message: str


def order_quote(*, user: User, checkout: CheckoutInput) -> Quote:
    """Price `checkout` as order_checkout would, placing and reserving nothing: today's
    prices and rates, the promotion checked but not used. Short stock is the checkout's
    to refuse; an unknown, unavailable or unpriced item is refused here as there."""
    refuse_early(user, checkout)
    config = shop_config()
    reserved = stock_price_lines(lines=checkout.lines)
    rates = tax_rates(
        checkout.delivery_option,
        delivery_zip=checkout.delivery_zip,
        shipping_state=checkout.shipping_state,
        day=shop_today(),
        config=config,
    )
    offer, refusal = None, ""
    try:
        offer = promotion_terms(user, checkout, reserved, lock=False)
    except InvalidInput as refused:
        refusal = refused.message
    figures = figures_of(reserved, checkout.delivery_option, rates, offer, config)
    sale = cart_check(checkout)
    held = order_pending_holdings(user=user)
    return Quote(
        lines=reserved,
        figures=figures,
        rates=rates,
        excise_tax_label=config.excise_tax_label,
        promo_code=checkout.promo_code,
        promo_applied=offer is not None,
        promo_message=refusal or (offer.summary if offer is not None else ""),
        blocked=sale.blocked,
        held=held,
        pending_message=pending_refusal(
            checkout.lines,
            orders=held.orders,
            units=held.units,
            value=figures.subtotal,
            held_value=held.value,
            config=config,
        ),
    )
