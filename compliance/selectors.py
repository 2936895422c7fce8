"""Every read of the compliance rules, and the one evaluation of a sale against them
(`sale_check`): the checkout, the quote, the check endpoint and the hand-over all ask it."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet

from common.errors import NotFound
from compliance.models import Action, Attribute, Rule
from compliance.places import Place
from shop.regulatory import Line, line_attributes, product_lines

RULE_NOT_FOUND = "Rule not found"
# What a line's effective attributes (shop/regulatory.py) must show for each attribute.
_ATTRIBUTE_TESTS = {
    Attribute.NICOTINE: lambda a: (a["nicotineMg"] or 0) > 0,
    Attribute.FLAVOURED: lambda a: bool(a["flavoured"]),
    Attribute.NOT_ON_UTL: lambda a: (a["nicotineMg"] or 0) > 0 and not a["utlEntry"],
    Attribute.KRATOM: lambda a: bool(a["kratom"]),
    Attribute.N2O: lambda a: bool(a["n2o"]),
    Attribute.INHALABLE: lambda a: bool(a["inhalable"]),
    Attribute.THC_DETECTABLE: lambda a: bool(a["thcDetectable"]),
    Attribute.ALCOHOL: lambda a: bool(a["alcohol"]),
}
NOTICE_ACTIONS = (Action.ID_AT_HANDOVER, Action.RECORD)


@dataclass(frozen=True)
class Blocked:
    """A line a rule refuses (or, for `notices`, a line a rule asks something of)."""

    product_id: int
    type_id: int | None
    message: str
    label: str
    rule_id: int


@dataclass(frozen=True)
class SaleCheck:
    """`blocked`: the lines refused (a `block` rule, or `no_mail_carrier` for a shipment),
    each once, by its first rule in id order; `applied`: a snapshot of every active rule
    in force that matched a line, whatever its action (what an order keeps); `notices`:
    the lines an id_at_handover or record rule asks something of; `regulatory`: each
    known line's effective attributes."""

    blocked: list[Blocked]
    applied: list[dict[str, Any]]
    notices: list[Blocked] = field(default_factory=list)
    regulatory: dict[Line, dict[str, Any]] = field(default_factory=dict)


def rule_list() -> QuerySet[Rule]:
    return Rule.objects.order_by("id")


def rule_get(*, rule_id: int) -> Rule:
    rule = Rule.objects.filter(pk=rule_id).first()
    if rule is None:
        raise NotFound(RULE_NOT_FOUND)
    return rule


def rules_in_force(day: date) -> list[Rule]:
    """The active rules whose dates hold `day` (inclusive), in id order."""
    return list(
        Rule.objects.filter(active=True)
        .filter(Q(valid_from__isnull=True) | Q(valid_from__lte=day))
        .filter(Q(valid_until__isnull=True) | Q(valid_until__gte=day))
        .order_by("id")
    )


def place_matches(rule: Rule, place: Place) -> bool:
    """Every `where` key the rule gives holds for `place` (cities or ZIP codes when both;
    counter false: anywhere but the counter)."""
    if rule.state and rule.state.upper() != place.state.upper():
        return False
    if rule.counter is not None and rule.counter != place.counter:
        return False
    if rule.cities or rule.zips:
        cities = {city.casefold() for city in rule.cities}
        in_city = bool(place.city) and place.city.casefold() in cities
        if not in_city and not (place.zip and place.zip in rule.zips):
            return False
    return True


def applies_to(rule: Rule, category_id: str, attributes: dict[str, Any]) -> bool:
    """The rule's attribute and category (both when both are given) hold for a line."""
    if not rule.attribute and not rule.category:
        return False
    if rule.category and rule.category != category_id:
        return False
    test = _ATTRIBUTE_TESTS.get(Attribute(rule.attribute)) if rule.attribute else None
    return test is None or test(attributes)


def _refuses(rule: Rule, place: Place) -> bool:
    return rule.action == Action.BLOCK or (rule.action == Action.NO_MAIL_CARRIER and place.shipping)


def snapshot(rule: Rule, lines: Iterable[Line]) -> dict[str, Any]:
    """A rule as an order keeps it (Order.compliance_rules)."""
    return {
        "id": rule.pk,
        "name": rule.name,
        "action": rule.action,
        "message": rule.message,
        "requires": list(rule.requires),
        "source": rule.source,
        "lines": [[pid, tid] for pid, tid in lines],
    }


def sale_check(lines: Sequence[Line], place: Place, day: date) -> SaleCheck:
    """What the rules in force on `day` say of selling `lines` ((product id, type id or
    None) pairs) at `place`. Three queries whatever the number of lines; lines whose
    product does not exist are left to the stock check."""
    known = line_attributes(lines)
    blocked: dict[Line, Blocked] = {}
    notices: list[Blocked] = []
    applied = []
    for rule in rules_in_force(day):
        matched = _matched(rule, place, known)
        if matched:
            applied.append(snapshot(rule, matched))
        for line in matched:
            found = Blocked(line[0], line[1], rule.message, known[line][0], rule.pk)
            if _refuses(rule, place):
                blocked.setdefault(line, found)
            elif rule.action in NOTICE_ACTIONS:
                notices.append(found)
    return SaleCheck(
        blocked=[blocked[line] for line in known if line in blocked],
        applied=applied,
        notices=notices,
        regulatory={line: attributes for line, (_, _, attributes) in known.items()},
    )


def _matched(
    rule: Rule, place: Place, known: dict[Line, tuple[str, str, dict[str, Any]]]
) -> list[Line]:
    """The lines `rule` applies to at `place` (none when the place is not its)."""
    if not place_matches(rule, place):
        return []
    return [
        line
        for line, (_, category_id, attributes) in known.items()
        if applies_to(rule, category_id, attributes)
    ]


def blocked_messages(check: SaleCheck) -> list[str]:
    """One message per blocked line: "<Product - Type>: <rule message>"."""
    return [f"{item.label}: {item.message}" for item in check.blocked]


def lines_answer(items: Iterable[Blocked]) -> list[dict[str, Any]]:
    """Blocked lines or notices as the API answers them (the check and the quote)."""
    return [
        {"productId": item.product_id, "productTypeId": item.type_id, "message": item.message}
        for item in items
    ]


def product_check(product_ids: Sequence[int], place: Place, day: date) -> SaleCheck:
    """GET /api/compliance/check: each product as such and each of its types."""
    return sale_check(product_lines(product_ids), place, day)
