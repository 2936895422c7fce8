"""Every write of the compliance rules (the API and the Django admin): each checked
whole before it is stored, refusals in plain words under the API's field names."""

import re
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from common.errors import InvalidInput, NotFound
from common.services import editable_fields, model_update, unknown_fields_check
from compliance.models import Action, Attribute, Requirement, Rule
from compliance.selectors import RULE_NOT_FOUND
from shop.selectors import category_list

# What a rule's writes may set: every field of the model but its id and timestamps (the
# activity history tracks the same, activity.registry).
RULE_FIELDS = editable_fields(Rule)
# What an owner's save changes without it counting as a review of the rule's content.
NOT_CONTENT = {"active", "reviewed"}
ASKS = (Action.ID_AT_HANDOVER, Action.RECORD)
_STATE = re.compile(r"[A-Z]{2}")
_ZIP = re.compile(r"\d{5}")

NAME_REQUIRED = "Please give the rule a name."
APPLIES_REQUIRED = "Please choose what the rule applies to: an attribute, a category or both."
UNKNOWN_ATTRIBUTE = "Unknown attribute {value}: choose one of " + ", ".join(Attribute.values) + "."
UNKNOWN_CATEGORY = "Unknown category {value}: choose one of the shop's categories."
BAD_STATE = "The state must be two letters, like CA (got {value})."
BAD_ZIP = "A ZIP code must be 5 digits (got {value})."
BAD_CITY = "A city must be a name (got {value})."
UNTIL_BEFORE_FROM = "The rule cannot end ({until}) before it starts ({start})."
BAD_ACTION = "Unknown action {value}: choose one of " + ", ".join(Action.values) + "."
ACTION_REQUIRED = "Please choose what the rule does: " + ", ".join(Action.values) + "."
BAD_REQUIRES = "Unknown requirement {value}: choose from " + ", ".join(Requirement.values) + "."
REQUIRES_NOT_ASKED = "Only id_at_handover and record rules ask for something at hand-over."
MESSAGE_REQUIRED = "A {action} rule needs a message: the words the shopper or staff will read."


def rule_problems(rule: Rule) -> dict[str, list[str]]:
    """What is wrong with `rule` as it would be stored, under the API's field names (the
    Django admin's form shows them too)."""
    errors: dict[str, list[str]] = {}

    def refuse(field: str, message: str) -> None:
        errors.setdefault(field, []).append(message)

    if not rule.name.strip():
        refuse("name", NAME_REQUIRED)
    _check_applies(rule, refuse)
    _check_where(rule, refuse)
    if rule.valid_from and rule.valid_until and rule.valid_until < rule.valid_from:
        refuse("until", UNTIL_BEFORE_FROM.format(until=rule.valid_until, start=rule.valid_from))
    _check_action(rule, refuse)
    return errors


def _check_applies(rule: Rule, refuse: Any) -> None:
    if not rule.attribute and not rule.category:
        refuse("applies", APPLIES_REQUIRED)
    if rule.attribute and rule.attribute not in Attribute.values:
        refuse("applies", UNKNOWN_ATTRIBUTE.format(value=rule.attribute))
    if rule.category and not category_list().filter(pk=rule.category).exists():
        refuse("applies", UNKNOWN_CATEGORY.format(value=rule.category))


def _check_where(rule: Rule, refuse: Any) -> None:
    if rule.state and not _STATE.fullmatch(rule.state):
        refuse("where", BAD_STATE.format(value=rule.state))
    for city in rule.cities or []:
        if not isinstance(city, str) or not city.strip():
            refuse("where", BAD_CITY.format(value=city))
    for zip_code in rule.zips or []:
        if not isinstance(zip_code, str) or not _ZIP.fullmatch(zip_code):
            refuse("where", BAD_ZIP.format(value=zip_code))


def _check_action(rule: Rule, refuse: Any) -> None:
    if rule.action not in Action.values:
        refuse("action", BAD_ACTION.format(value=rule.action) if rule.action else ACTION_REQUIRED)
        return
    for item in rule.requires or []:
        if item not in Requirement.values:
            refuse("requires", BAD_REQUIRES.format(value=item))
    if rule.requires and rule.action not in ASKS:
        refuse("requires", REQUIRES_NOT_ASKED)
    if rule.action in (Action.BLOCK, Action.NO_MAIL_CARRIER) and not rule.message.strip():
        refuse("message", MESSAGE_REQUIRED.format(action=rule.action))


def normalized(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Spaces trimmed, the state in capitals, lists without repeats (order kept)."""
    values = dict(fields)
    for name in ("name", "attribute", "category", "message", "source"):
        if isinstance(values.get(name), str):
            values[name] = values[name].strip()
    if isinstance(values.get("state"), str):
        values["state"] = values["state"].strip().upper()
    for name in ("cities", "zips", "requires"):
        if name in values and values[name] is None:
            values[name] = []
        if isinstance(values.get(name), list):
            items = [v.strip() if isinstance(v, str) else v for v in values[name]]
            values[name] = list(dict.fromkeys(items))
    return values


def _validated(rule: Rule) -> None:
    errors = rule_problems(rule)
    if errors:
        first = next(iter(errors.values()))[0]
        raise InvalidInput(first, errors=errors)


def rule_create(**fields: Any) -> Rule:
    """A new rule (active unless said otherwise). An owner's rule is reviewed: it is theirs."""
    unknown_fields_check("rule_create", fields, RULE_FIELDS)
    rule = Rule(**{"reviewed": True, **normalized(fields)})
    _validated(rule)
    with transaction.atomic():
        rule.save()
    return rule


def _locked(rule_id: int) -> Rule:
    rule = Rule.objects.select_for_update().filter(pk=rule_id).first()
    if rule is None:
        raise NotFound(RULE_NOT_FOUND)
    return rule


def rule_update(*, rule_id: int, **changes: Any) -> Rule:
    """Change the fields given; saving a rule's content marks it reviewed (unless the
    change says otherwise), switching it on or off does not."""
    unknown_fields_check("rule_update", changes, RULE_FIELDS)
    changes = normalized(changes)
    if set(changes) - NOT_CONTENT and "reviewed" not in changes:
        changes["reviewed"] = True
    with transaction.atomic():
        rule = _locked(rule_id)
        for name, value in changes.items():
            setattr(rule, name, value)
        _validated(rule)
        rule.refresh_from_db()  # model_update saves only what differs from the stored row
        model_update(rule, data=changes)
    return rule


def rule_activate(*, rule_id: int, active: bool) -> Rule:
    """Switch a rule (a kill switch among them) on or off: the next check follows it."""
    return rule_update(rule_id=rule_id, active=active)


def rule_delete(*, rule_id: int) -> None:
    """Orders placed keep their copy of the rule (Order.compliance_rules)."""
    with transaction.atomic():
        _locked(rule_id).delete()
