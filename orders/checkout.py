"""Checkout: a cart becomes a pending order with its stock reserved, or is refused and
nothing is stored.

Refusal order, written here only (POST /api/orders/checkout, orders/serializers.py and
docs/api.md point here). The first problem found is the answer:

1. Not signed in (401); an admin (403 `Admins cannot place orders...`); a body that is not
   JSON (415).
2. The form, in the order the checkout form shows it (orders.serializers.CheckoutSerializer;
   400, the sentence also under `errors.<field>`): a malformed field first (a line that is not
   an object or names no possible id, a quantity over 10,000, over 200 lines, an overlong
   text), then an empty cart, no or an unknown delivery option, the customer's name, the
   address (shipping and delivery); for local delivery the phone (given, then its form), the
   date (not before today in the shop's zone) and the time; for another option a phone given
   (pickup asks for one to text on arrival), its form; then a line's quantity below 1. The wording is
   orders.rules' and is served as `checkoutMessages`.
3. An Idempotency-Key over 255 characters (400). A replay of a placed order is answered here
   (200, that order as it is now); the same key with another body is a 409.
4. In the transaction, once the customer's row is locked (a replay that waited is answered):
   `maxPendingOrders` pending orders already (400, orders.rules.check_pending_orders).
5. A product sold in types without a type (400, shop.stock.stock_check_types).
6. The shop rules (400, orders.rules.checkout_plan): more than `maxUnitsPerLine` units of one
   product or type (every such line named); more than `maxPendingUnits` of one product or
   type with what the customer's pending orders hold (every such line named); shipping a product that cannot be shipped; the
   delivery ZIP code; the phone number's form; the delivery date and time (hours, lead time,
   horizon); the 21+ confirmation. Then the compliance rules for the delivery place on the
   shop's today (400, every blocked line under `errors.cartItems`: orders/compliance.py);
   then the buyer's age (orders.age.verify_buyer: a `dateOfBirth` sent is stored when none is
   on file, and a 21+ order needs the verifier's yes, 400 under `errors.dateOfBirth`).
   The pending caps of steps 4, 6 and 10 are also served by the quote (`pending.message`),
   so the cart says them before the form is filled.
7. A full delivery hour (409, orders.delivery.delivery_slot_take).
8. The stock (shop.stock.stock_reserve): an unknown item or a type of another product (400),
   an unavailable or unpriced item (409), short items, every short line named at once (409).
9. A promo code that does not apply (400, the reason under `errors.promoCode`:
   promotions.selectors.promotion_check, its promotion's row locked to the end).
10. A total beyond what an order can hold (400); goods that with those of the customer's
   pending orders pass `maxPendingValue` (400, orders.rules.check_pending_value); then a
   delivery fee or total other than the one the shopper was shown, compared to the cent (409
   `Prices have changed...`). The figures are orders/pricing.py's (`price_order`), the rates
   those in force on the shop's day, kept on the order.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from common import metrics
from common.announcements import announce
from common.errors import Conflict, InvalidInput, NotAllowed
from common.shoptime import shop_today
from common.status import log_status_change, record_event
from orders import age
from orders.compliance import cart_allowed
from orders.delivery import delivery_slot_take
from orders.models import Order, OrderLine, OrderStatus
from orders.notifications import order_placed_emails
from orders.pricing import (
    DeliveryOption,
    Figures,
    Offer,
    PriceLine,
    TaxRates,
    delivery_fee,
    money,
    price_order,
    tax_rates,
)
from orders.records import recorded_pairs
from orders.rollups import rollup_add
from orders.rules import (
    CART_EMPTY,
    QUANTITY_TOO_LOW,
    CheckoutPlan,
    check_pending_orders,
    check_pending_value,
    checkout_plan,
)
from orders.selectors import (
    PendingHoldings,
    order_by_idempotency_key,
    order_get,
    order_pending_holdings,
)
from promotions.selectors import Terms, promotion_check
from promotions.services import promotion_use
from shop.stock import (
    ReservedLine,
    StockLine,
    stock_check_types,
    stock_reserve,
)
from storesettings.selectors import ShopConfig, shop_config

logger = logging.getLogger("shop.orders")

ADMINS_DO_NOT_SHOP = "Admins cannot place orders. Please sign in as a customer to shop."
PRICES_CHANGED = "Prices have changed. Please review your cart."
ORDER_TOO_LARGE = "This order is too large for one checkout. Please split it into smaller orders."
# What Order.total (12 digits, 2 decimals) can hold.
MAX_ORDER_TOTAL = Decimal("9999999999.99")
FIGURE_FIELDS = ("subtotal", "discount", "delivery_fee", "excise_tax", "sales_tax", "total")
RATE_FIELDS = (
    "sales_tax_rate",
    "excise_tax_rate",
    "tax_place",
    "excise_tax_label",
    "promo_code",
    "promo_kind",
    "promo_value",
)
IDEMPOTENCY_KEY_TOO_LONG = "The Idempotency-Key header must be at most 255 characters."
IDEMPOTENCY_KEY_REUSED = (
    "This Idempotency-Key was already used for a different order. Use a new key for a new order."
)


@dataclass(frozen=True)
class CheckoutResult:
    order: Order
    # False when an earlier checkout with the same Idempotency-Key is answered again.
    created: bool


@dataclass(frozen=True)
class CheckoutInput:
    """One checkout request: built by orders.serializers.CheckoutSerializer (to_checkout) from
    the body and the Idempotency-Key header, taken by order_checkout."""

    lines: Sequence[StockLine]
    customer_name: str
    delivery_option: DeliveryOption
    delivery_address: str = ""
    phone_number: str = ""
    delivery_date: date | None = None
    delivery_time: str = ""
    delivery_zip: str = ""
    age_confirmed: bool = False
    # Sent to set the profile's date of birth now (orders.age.verify_buyer).
    date_of_birth: date | None = None
    special_instructions: str = ""
    # Shipping: the state shipped to (its sales-tax rate applies).
    shipping_state: str = ""
    promo_code: str = ""
    # The fee and total the shopper was shown, if sent: a different server figure is a 409.
    client_delivery_fee: Decimal | None = None
    client_total: Decimal | None = None
    idempotency_key: str | None = None
    # request_fingerprint of the body: tells a true retry from another cart under one key.
    request_hash: str = ""


def order_checkout(*, user: User, checkout: CheckoutInput, notify: bool = True) -> CheckoutResult:
    """Place an order for `checkout.lines`: reserve the stock, price it from the database,
    store the order with copies of names and prices, and email both sides (unless not
    `notify`). Refusals: the module's docstring.

    All or nothing: any refusal rolls back every reservation. With an idempotency key, a
    repeat of the same request answers the first order (created=False) instead of placing a
    second one, even once the customer is at MAX_PENDING_ORDERS.
    """
    refuse_early(user, checkout)
    replayed = _replay(user, checkout)
    if replayed is not None:
        return replayed
    try:
        result = _place(user, checkout, notify=notify)
    except IntegrityError:
        # Two requests with one key at once: the other committed first; answer its order.
        replayed = _replay(user, checkout)
        if replayed is None:
            raise
        return replayed
    if not result.created:
        return result
    log_order_status(result.order, from_status="", to_status=OrderStatus.PENDING, actor=user)
    metrics.order_placed()
    placed = order_get(order_id=result.order.pk)
    assert placed is not None  # committed just above, and orders are never deleted
    return CheckoutResult(order=placed, created=True)


def refuse_early(user: User, checkout: CheckoutInput) -> None:
    """What needs no database: who is shopping, an empty cart or line, an overlong key."""
    if user.is_staff:
        raise NotAllowed(ADMINS_DO_NOT_SHOP)
    if not checkout.lines:
        raise InvalidInput(CART_EMPTY, errors={"cartItems": [CART_EMPTY]})
    if any(line.quantity < 1 for line in checkout.lines):
        raise InvalidInput(QUANTITY_TOO_LOW, errors={"cartItems": [QUANTITY_TOO_LOW]})
    key = checkout.idempotency_key
    most = Order._meta.get_field("idempotency_key").max_length
    if key and most is not None and len(key) > most:
        raise InvalidInput(IDEMPOTENCY_KEY_TOO_LONG)


def _replay(user: User, checkout: CheckoutInput) -> CheckoutResult | None:
    """The order an earlier request with the same Idempotency-Key placed, if any."""
    if not checkout.idempotency_key:
        return None
    order = order_by_idempotency_key(user=user, key=checkout.idempotency_key)
    if order is None:
        return None
    if order.request_hash != checkout.request_hash:
        raise Conflict(IDEMPOTENCY_KEY_REUSED)
    return CheckoutResult(order=order, created=False)


def _place(user: User, checkout: CheckoutInput, *, notify: bool) -> CheckoutResult:
    """Steps 4 to 10 of the refusal order, in one transaction."""
    with transaction.atomic():
        # The customer's row lock makes their checkouts take turns, so parallel requests
        # cannot all count the same pending orders and together pass the cap.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        # A retry that waited on the lock for its original answers that order, which may
        # be the one that reached the cap.
        replayed = _replay(user, checkout)
        if replayed is not None:
            return replayed
        # Read once: every rule of this checkout applies the same settings.
        config = shop_config()
        held = order_pending_holdings(user=user)
        plan = _plan(checkout, config, held)
        sale = cart_allowed(checkout)
        age.verify_buyer(
            user=user, restricted=plan.id_check_required, date_of_birth=checkout.date_of_birth
        )
        order = _order_row(user, checkout, plan, config, compliance_rules=sale.applied)
        reserved = stock_reserve(lines=checkout.lines, order_id=order.pk, actor=user)
        promotion = promotion_terms(user, checkout, reserved, lock=True)
        figures = _price(order, reserved, checkout, config, promotion, held.value)
        _lines(order, reserved, figures, sale.regulatory)
        if promotion is not None:
            promotion_use(promotion_id=promotion.promotion_id, user=user, order_id=order.pk)
        record_event(order, from_status="", to_status=OrderStatus.PENDING, actor=user)
        rollup_add(order)  # the list's counts and the reports (orders/rollups.py)
        announce()  # open back-office tabs hear of it once it commits
        if notify:
            # In the order's own transaction: the emails are due exactly when the order
            # exists, never for a rolled-back one (common/mail.py).
            order_placed_emails(order.pk)
    return CheckoutResult(order=order, created=True)


def _plan(checkout: CheckoutInput, config: ShopConfig, held: PendingHoldings) -> CheckoutPlan:
    """The pending caps, a type for every typed product, then the shop rules (all 400s)."""
    check_pending_orders(held.orders, config=config)
    stock_check_types(lines=checkout.lines)
    return checkout_plan(
        option=checkout.delivery_option,
        lines=checkout.lines,
        age_confirmed=checkout.age_confirmed,
        delivery_zip=checkout.delivery_zip,
        phone_number=checkout.phone_number,
        delivery_date=checkout.delivery_date,
        delivery_time=checkout.delivery_time,
        config=config,
        held_units=held.units,
    )


def _order_row(
    user: User,
    checkout: CheckoutInput,
    plan: CheckoutPlan,
    config: ShopConfig,
    *,
    compliance_rules: list[dict[str, Any]],
) -> Order:
    """The pending order, unpriced, and its delivery hour taken (409 when full).

    A retry racing its original was answered after the customer's lock; the unique index on
    the key stays the backstop, and is met before any stock lock, so a retry can never be
    refused for stock its original just took."""
    key = checkout.idempotency_key
    order = Order.objects.create(
        user=user,
        customer_name=checkout.customer_name,
        delivery_option=checkout.delivery_option,
        delivery_address=checkout.delivery_address,
        phone_number=plan.phone_number,
        delivery_date=checkout.delivery_date,
        delivery_time=plan.delivery_time,
        delivery_zip=plan.delivery_zip or checkout.delivery_zip,
        shipping_state=checkout.shipping_state,
        delivery_at=plan.delivery_at,
        id_check_required=plan.id_check_required,
        # Recorded only when the order needs it: a box ticked for a cart of unrestricted
        # goods confirms nothing an ID check will look for.
        age_confirmed_at=(
            timezone.now() if plan.id_check_required and checkout.age_confirmed is True else None
        ),
        special_instructions=checkout.special_instructions,
        compliance_rules=compliance_rules,
        idempotency_key=key or None,
        request_hash=checkout.request_hash if key else "",
    )
    if plan.delivery_at is not None:
        delivery_slot_take(order=order, moment=plan.delivery_at, config=config)
    return order


def promotion_terms(
    user: User, checkout: CheckoutInput, reserved: list[ReservedLine], *, lock: bool
) -> Terms | None:
    """The terms of the checkout's promo code for these lines, or None without one; a code
    that does not apply is a 400 saying why (promotions.selectors). With `lock`, the
    promotion's row stays locked to the end of the checkout, which counts the use."""
    if not checkout.promo_code:
        return None
    return promotion_check(code=checkout.promo_code, user_id=user.pk, lines=reserved, lock=lock)


def _price(
    order: Order,
    reserved: list[ReservedLine],
    checkout: CheckoutInput,
    config: ShopConfig,
    offer: Terms | None,
    held_value: Decimal,
) -> Figures:
    """Every figure from the database's prices, the rates in force today and the promotion
    (orders/pricing.py), stored on the order with the rates and terms they were made with."""
    rates = tax_rates(
        checkout.delivery_option,
        delivery_zip=order.delivery_zip,
        shipping_state=checkout.shipping_state,
        day=shop_today(),
        config=config,
    )
    figures = figures_of(reserved, checkout.delivery_option, rates, offer, config)
    if figures.total > MAX_ORDER_TOTAL:
        # Raised before the totals are stored: the whole checkout rolls back.
        raise InvalidInput(ORDER_TOO_LARGE, errors={"cartItems": [ORDER_TOO_LARGE]})
    check_pending_value(figures.subtotal, held_value, config=config)
    fee, total = figures.delivery_fee, figures.total
    if _differs(checkout.client_delivery_fee, fee) or _differs(checkout.client_total, total):
        raise Conflict(PRICES_CHANGED)
    store_figures(order, figures)
    order.sales_tax_rate, order.excise_tax_rate = rates.sales_tax_rate, rates.excise_tax_rate
    order.tax_place, order.excise_tax_label = rates.place, config.excise_tax_label
    if offer is not None:
        order.promo_code, order.promo_kind, order.promo_value = offer.code, offer.kind, offer.value
    order.save(update_fields=[*FIGURE_FIELDS, *RATE_FIELDS])
    return figures


def figures_of(
    reserved: list[ReservedLine],
    option: str,
    rates: TaxRates,
    offer: Terms | None,
    config: ShopConfig,
) -> Figures:
    """What `reserved` costs: the one pricing of the quote and the checkout."""
    lines = [
        PriceLine(
            unit_price=line.unit_price,
            quantity=line.quantity,
            excise=line.excise,
            discountable=offer is not None and offer.covers(line),
        )
        for line in reserved
    ]
    subtotal = money(sum((line.unit_price * line.quantity for line in reserved), start=money(0)))
    return price_order(
        lines,
        delivery_fee=delivery_fee(option, subtotal, config),
        rates=rates,
        offer=Offer(offer.kind, offer.value) if offer is not None else None,
    )


def store_figures(order: Order, figures: Figures) -> None:
    """The order's money fields from `figures` (the caller saves FIGURE_FIELDS)."""
    order.subtotal, order.discount = figures.subtotal, figures.discount
    order.delivery_fee, order.total = figures.delivery_fee, figures.total
    order.excise_tax, order.sales_tax = figures.excise_tax, figures.sales_tax


def _differs(client_value: Decimal | None, server_value: Decimal) -> bool:
    """Whether a figure the shopper was shown differs from the server's, to the cent."""
    if client_value is None:
        return False
    try:
        return bool(money(client_value) != server_value)
    except InvalidOperation:
        # Too many digits to round to cents (1e30): certainly not the server's figure.
        return True


def _lines(
    order: Order,
    reserved: list[ReservedLine],
    figures: Figures,
    regulatory: dict[tuple[int, int | None], dict[str, Any]],
) -> None:
    """The order's lines: copies of names, prices and regulatory attributes, untouched by
    later catalog edits, with their share of the discount and the excise."""
    recorded = recorded_pairs(order.compliance_rules)
    OrderLine.objects.bulk_create(
        OrderLine(
            order=order,
            product_id=line.product_id,
            product_type_id=line.type_id,
            sold_as_type=line.type_id is not None,
            product_name=line.product_name,
            product_type_name=line.type_name,
            unit_price=line.unit_price,
            quantity=line.quantity,
            compare_at_price=line.compare_at_price,
            excise=line.excise,
            discountable=shares.discountable,
            discount=shares.discount,
            excise_tax=shares.excise_tax,
            regulatory=regulatory.get((line.product_id, line.type_id), {}),
            recorded=(line.product_id, line.type_id) in recorded,
        )
        for line, shares in zip(reserved, figures.lines, strict=True)
    )


def log_order_status(order: Order, *, from_status: str, to_status: str, actor: User | None) -> None:
    """The log line of an order's status change (orders.services logs its changes with it)."""
    log_status_change(
        logger,
        "order status changed",
        from_status=from_status,
        to_status=to_status,
        actor=actor,
        order_id=order.pk,
        user_id=order.user_id,
    )
