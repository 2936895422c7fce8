"""The compliance rules at the checkout and the quote: one call of
compliance.selectors.sale_check (the one evaluation) for the cart and its delivery place
on the shop's today; what it blocks refuses a checkout and fills the quote's `blocked`,
what it matched the order keeps (Order.compliance_rules, OrderLine.regulatory)."""

from collections.abc import Sequence
from typing import Protocol

from common.errors import InvalidInput
from common.shoptime import shop_today
from compliance.places import place_for
from compliance.selectors import SaleCheck, blocked_messages, sale_check
from shop.stock import StockLine


class Cart(Protocol):
    """What of a checkout the rules read (orders.checkout.CheckoutInput)."""

    @property
    def lines(self) -> Sequence[StockLine]: ...
    @property
    def delivery_option(self) -> str: ...
    @property
    def delivery_zip(self) -> str: ...
    @property
    def shipping_state(self) -> str: ...


def cart_check(cart: Cart) -> SaleCheck:
    """What the rules in force today say of selling the cart's lines where it goes."""
    place = place_for(cart.delivery_option, cart.delivery_zip, cart.shipping_state)
    lines = [(line.product_id, line.type_id) for line in cart.lines]
    return sale_check(lines, place, shop_today())


def cart_allowed(cart: Cart) -> SaleCheck:
    """cart_check, refusing a blocked line: 400, the first line's message, and under
    `errors.cartItems` one "<Product - Type>: <rule's message>" per blocked line."""
    check = cart_check(cart)
    if check.blocked:
        messages = blocked_messages(check)
        raise InvalidInput(messages[0], errors={"cartItems": messages})
    return check
