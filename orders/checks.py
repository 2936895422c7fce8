"""What must be checked and recorded when an order is handed over: one function,
`order_checks`, that the order answer serves as `checks`, the hand-over requires
(orders/handover.py) and the plain complete refuses (orders.services.order_complete), so a
check is never skipped by completing instead.

Two sources, joined: the 21+ ID check of an order with age-restricted goods (`idType`,
`birthYear`), and the `requires` of every `id_at_handover` or `record` compliance rule the
order was placed under (Order.compliance_rules, the snapshot taken at checkout, so a later
change of rule never changes what a placed order asks)."""

from dataclasses import dataclass, field
from typing import Any

from common.errors import InvalidInput
from orders.models import Order
from orders.pricing import DeliveryOption

# The request's names of what can be recorded, in the order a form asks for them.
FIELDS = ("idType", "birthYear", "recipientName", "signature", "homeAddress")
ID_CHECK_FIELDS = ("idType", "birthYear")
FIELD_LABELS = {
    "idType": "The ID type",
    "birthYear": "The birth year on the ID",
    "recipientName": "The recipient's name",
    "signature": "The recipient's signature",
    "homeAddress": "The buyer's full home address",
}
ID_CHECK = "21+ ID check"
ID_CHECK_MESSAGE = "Check a photo ID: the person receiving the order must be 21 or older."
# The rule actions that ask something of the person handing over (compliance rules).
HANDOVER_ACTIONS = ("id_at_handover", "record")
# Who hands an order over: the counter (pickup) and the driver (local delivery); a shipped
# parcel is handed over by the carrier, who checks ID at the door itself.
HANDED_OVER_BY_SHOP = (DeliveryOption.PICKUP, DeliveryOption.DELIVERY)


@dataclass(frozen=True)
class Checks:
    """`required_fields`: what the handover must carry (FIELDS' order); `messages`: what the
    person handing over reads (the rules' warnings); `reasons`: per field, the check that
    first asked for it (for the refusal's message)."""

    required_fields: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.required_fields)


def _handover_rules(order: Order) -> list[dict[str, Any]]:
    rules = order.compliance_rules or []
    return [rule for rule in rules if rule.get("action") in HANDOVER_ACTIONS]


def order_checks(order: Order) -> Checks:
    """What the person handing `order` over must record and read; empty for none."""
    if order.delivery_option not in HANDED_OVER_BY_SHOP:
        return Checks()
    reasons: dict[str, str] = {}
    messages: list[str] = []
    if order.id_check_required:
        reasons.update(dict.fromkeys(ID_CHECK_FIELDS, ID_CHECK))
        messages.append(ID_CHECK_MESSAGE)
    for rule in _handover_rules(order):
        _add_rule(rule, reasons, messages)
    required = [name for name in FIELDS if name in reasons]
    return Checks(required_fields=required, messages=messages, reasons=reasons)


def _add_rule(rule: dict[str, Any], reasons: dict[str, str], messages: list[str]) -> None:
    """A rule's fields (the first check to ask for one names it) and message, once each."""
    for name in rule.get("requires") or []:
        if name in FIELD_LABELS:
            reasons.setdefault(name, rule.get("name") or "a compliance rule")
    message = (rule.get("message") or "").strip()
    if message and message not in messages:
        messages.append(message)


NEEDS_CHECK = (
    "This order needs a check at handover: use Hand over, which records it, instead of Complete."
)


def refuse_unchecked_complete(order: Order) -> None:
    """The plain complete's refusal of an order that needs a check (400)."""
    if order_checks(order):
        raise InvalidInput(NEEDS_CHECK, code="check_required")
