"""Answer shapes and request parsing of the compliance API (docs/api.md, Compliance). The
rules' content is checked by compliance/services.py, so the Django admin meets the same
words; these only check each value's type."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compliance.models import Action, Rule

ZIP_TEXT = "deliveryZip must be 5 digits."
PRODUCT_IDS = "productIds must be product ids separated by commas (at most 200)."
OPTION_TEXT = "deliveryOption must be pickup, delivery or shipping."
STATE_TEXT = "shippingState must be two letters, like CA."
MAX_IDS = 200


def _text(**kwargs: Any) -> serializers.CharField:
    return serializers.CharField(
        required=False, allow_blank=True, allow_null=True, default="", **kwargs
    )


def _texts(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(max_length=120),
        required=False,
        default=list,
        max_length=500,
        help_text=help_text,
    )


class AppliesSerializer(serializers.Serializer):
    attribute = _text(
        max_length=20,
        help_text="nicotine, flavoured, notOnUtl, kratom, n2o, inhalable, thcDetectable, alcohol.",
    )
    category = _text(max_length=40, help_text="A category id.")


class WhereSerializer(serializers.Serializer):
    state = _text(max_length=10, help_text="Two letters (CA).")
    cities = _texts("City names, as the USPS names a ZIP's city (compliance/places.py).")
    zips = _texts("ZIP codes (5 digits).")
    counter = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="true: only pickup at the counter; false: only away from it; null: either.",
    )


class RuleFormSerializer(serializers.Serializer):
    """POST and PATCH bodies. `applies` and `where` are each replaced whole when sent."""

    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    applies = AppliesSerializer(required=False)
    where = WhereSerializer(required=False, help_text="Empty: everywhere.")
    locals()["from"] = serializers.DateField(
        required=False, allow_null=True, help_text="ISO date, inclusive; null: open."
    )
    until = serializers.DateField(
        required=False, allow_null=True, help_text="ISO date, inclusive; null: open."
    )
    action = serializers.CharField(max_length=20, required=False, help_text=", ".join(Action))
    message = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    requires = _texts("idType, birthYear, recipientName, signature, homeAddress.")
    # Named through locals(): `source` is also an attribute of every DRF field.
    locals()["source"] = serializers.CharField(max_length=4000, required=False, allow_blank=True)
    active = serializers.BooleanField(required=False)
    reviewed = serializers.BooleanField(required=False)

    def fields_of(self) -> dict[str, Any]:
        """The model fields the body sets (only those it sends)."""
        sent, given = self.validated_data, set(self.initial_data)
        values = {name: sent[name] for name in PLAIN & given if name in sent}
        values |= {DATES[name]: sent.get(name) for name in set(DATES) & given}
        if "applies" in given:
            values |= _applies(sent.get("applies") or {})
        if "where" in given:
            values |= _where(sent.get("where") or {})
        return values


def _applies(applies: dict[str, Any]) -> dict[str, Any]:
    return {name: applies.get(name) or "" for name in ("attribute", "category")}


def _where(where: dict[str, Any]) -> dict[str, Any]:
    values = {name: where.get(name) or [] for name in ("cities", "zips")}
    return values | {"state": where.get("state") or "", "counter": where.get("counter")}


# The body's names kept as the model's, and its dates.
PLAIN = {"name", "action", "message", "source", "active", "reviewed", "requires"}
DATES = {"from": "valid_from", "until": "valid_until"}


class AppliesAnswerSerializer(serializers.Serializer):
    attribute = serializers.CharField(allow_null=True)
    category = serializers.CharField(allow_null=True)


class WhereAnswerSerializer(serializers.Serializer):
    state = serializers.CharField(allow_null=True)
    cities = serializers.ListField(child=serializers.CharField())
    zips = serializers.ListField(child=serializers.CharField())
    counter = serializers.BooleanField(allow_null=True)


class RuleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    applies = serializers.SerializerMethodField()
    where = serializers.SerializerMethodField()
    locals()["from"] = serializers.DateField(source="valid_from", allow_null=True)
    until = serializers.DateField(source="valid_until", allow_null=True)
    action = serializers.ChoiceField(choices=Action.choices)
    message = serializers.CharField()
    requires = serializers.ListField(child=serializers.CharField())
    locals()["source"] = serializers.CharField()
    active = serializers.BooleanField()
    reviewed = serializers.BooleanField(help_text="false: check before relying on it.")

    @extend_schema_field(AppliesAnswerSerializer)
    def get_applies(self, rule: Rule) -> dict[str, Any]:
        return {"attribute": rule.attribute or None, "category": rule.category or None}

    @extend_schema_field(WhereAnswerSerializer)
    def get_where(self, rule: Rule) -> dict[str, Any]:
        return {
            "state": rule.state or None,
            "cities": list(rule.cities),
            "zips": list(rule.zips),
            "counter": rule.counter,
        }


class CheckQuerySerializer(serializers.Serializer):
    """GET /api/compliance/check's query."""

    productIds = serializers.CharField(
        error_messages={"required": PRODUCT_IDS, "blank": PRODUCT_IDS}
    )
    deliveryOption = serializers.ChoiceField(
        choices=["pickup", "delivery", "shipping"],
        required=False,
        default="pickup",
        error_messages={"invalid_choice": OPTION_TEXT},
    )
    deliveryZip = serializers.RegexField(
        r"^\d{5}$",
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid": ZIP_TEXT},
    )
    shippingState = serializers.RegexField(
        r"^[A-Za-z]{2}$",
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid": STATE_TEXT},
    )

    def validate_productIds(self, value: str) -> list[int]:
        parts = [part.strip() for part in value.split(",") if part.strip()]
        if not parts or len(parts) > MAX_IDS or not all(p.isdigit() and len(p) < 10 for p in parts):
            raise serializers.ValidationError(PRODUCT_IDS)
        return list(dict.fromkeys(int(part) for part in parts))


class CheckLineSerializer(serializers.Serializer):
    productId = serializers.IntegerField()
    productTypeId = serializers.IntegerField(
        allow_null=True, help_text="null: the product as such (its own and its category's)."
    )
    message = serializers.CharField()


class CheckAnswerSerializer(serializers.Serializer):
    blocked = CheckLineSerializer(many=True, help_text="What cannot be bought there now.")
    notices = CheckLineSerializer(many=True, help_text="What the hand-over will ask.")


class RuleSnapshotSerializer(serializers.Serializer):
    """A rule as a placed order keeps it (compliance.selectors.snapshot)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    action = serializers.ChoiceField(choices=Action.choices)
    message = serializers.CharField()
    requires = serializers.ListField(child=serializers.CharField())
    locals()["source"] = serializers.CharField()
    lines = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(allow_null=True)),
        help_text="[[productId, productTypeId or null], ...] the rule matched.",
    )
