"""What the activity history tracks (docs/api.md, Activity history): one entry per kind,
its model and the fields that matter. django-auditlog writes the entries (its LogEntry
table) from the models' save and delete signals; this module registers the models and
stamps each new entry with its source, its person and, for a product's types and images,
the product it belongs to.

Writes done with queryset.update() or bulk_create() send no signal: stock taken by
checkouts and released by cancels is in the stock ledger (shop/stock.py), not here; the
services that bulk-write a tracked row record it through activity.services."""

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from auditlog.models import LogEntry
from auditlog.receivers import log_update
from auditlog.registry import auditlog
from auditlog.signals import pre_log
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models.signals import pre_save

from activity.context import current_source
from common.services import editable_fields

# A kind's `fields` for "all the model's own fields" (common.services.editable_fields),
# read from the model once the apps are loaded.
EDITABLE: tuple[str, ...] = ()

# What a masked field shows, before and after: a password change, never its hash.
CHANGED = "(changed)"


def hidden(value: str) -> str:
    return CHANGED


@dataclass(frozen=True)
class Kind:
    name: str
    label_plural: str
    model: str
    # The fields tracked; EDITABLE: every field the model's writes may set (editable_fields).
    fields: tuple[str, ...]
    masked: tuple[str, ...] = ()
    # The product a row belongs to (types and images show in the product's history).
    parent: Callable[[Any], int | None] | None = None
    # The entry's label when the model's str() says more than the history should keep.
    label: Callable[[Any], str] | None = None
    # Creations recorded elsewhere (an order's or a ride's own events), not here.
    record_creation: bool = True


def _product_of(row: Any) -> int | None:
    return row.product_id


# The regulatory attributes (shop/regulatory.py), the same field names on all three models.
REGULATORY = (
    "nicotine_mg",
    "flavoured",
    "utl_entry",
    "kratom",
    "n2o",
    "inhalable",
    "thc_detectable",
    "alcohol",
)

KINDS = (
    Kind(
        "product",
        "Products",
        "shop.Product",
        ("name", "description", "price", "availability", "category", "quantity", *REGULATORY),
    ),
    Kind(
        "type",
        "Product types",
        "shop.ProductType",
        ("name", "price", "quantity", "availability", *REGULATORY),
        parent=_product_of,
    ),
    Kind("image", "Product images", "shop.ProductImage", ("path",), parent=_product_of),
    Kind(
        "category",
        "Categories",
        "shop.Category",
        (
            "name",
            "description",
            "color_class",
            "icon",
            "position",
            "age_restricted",
            "shippable",
            *REGULATORY,
        ),
    ),
    Kind(
        "rule",
        "Compliance rules",
        "compliance.Rule",
        EDITABLE,  # as compliance.services.RULE_FIELDS
    ),
    Kind(
        "hero",
        "Hero images",
        "hero.HeroImage",
        (
            "title",
            "description",
            "alt_text",
            "display_order",
            "is_active",
            "external_url",
            "image_path",
        ),
    ),
    Kind(
        "user",
        "Users",
        "accounts.User",
        (
            "email",
            "name",
            "phone",
            "delivery_address",
            "delivery_zip",
            # The role says it all: is_staff and is_superuser follow from it.
            "role",
            "is_active",
            "password",
        ),
        masked=("password",),
    ),
    Kind(
        "settings",
        "Settings",
        "storesettings.ShopSettings",
        (
            "shop_name",
            "pickup_location",
            "pickup_phone",
            "pickup_instructions",
            "delivery_area",
            "shipping_fee",
            "delivery_fee",
            "shipping_free_from",
            "delivery_free_from",
            "delivery_zip_codes",
            "delivery_hours_start",
            "delivery_hours_end",
            "delivery_lead_minutes",
            "delivery_max_days_ahead",
            "delivery_hourly_capacity",
            "low_stock_threshold",
            "max_units_per_line",
            "max_pending_orders",
            "pending_hold_hours",
            "max_pending_units",
            "max_pending_value",
        ),
    ),
    # Orders and rides: their status and when they are due, never the customer's details
    # (the row's label is its number alone).
    Kind(
        "order",
        "Orders",
        "orders.Order",
        ("status", "delivery_date", "delivery_time"),
        label=lambda row: f"Order #{row.pk}",
        record_creation=False,
    ),
    Kind(
        "ride",
        "Rides",
        "rides.Ride",
        ("status", "pickup_date", "pickup_time"),
        label=lambda row: f"Ride #{row.pk}",
        record_creation=False,
    ),
)
BY_NAME = {kind.name: kind for kind in KINDS}
KIND_NAMES = tuple(BY_NAME)


def model_of(kind: Kind) -> type[models.Model]:
    return apps.get_model(kind.model)


def tracked_fields(kind: Kind) -> tuple[str, ...]:
    return kind.fields or editable_fields(model_of(kind))


def kind_of_model(model: type[models.Model]) -> Kind | None:
    return _BY_MODEL.get(model._meta.label)


_BY_MODEL: dict[str, Kind] = {kind.model: kind for kind in KINDS}

# The row whose entry is being written: auditlog's pre_log names it, the LogEntry's
# pre_save (a moment later, in the same call) reads it.
_subject: ContextVar[models.Model | None] = ContextVar("activity_subject", default=None)


def subject_set(row: models.Model) -> None:
    _subject.set(row)


def _before_log(sender: type[models.Model], instance: models.Model, action: int, **_: Any) -> Any:
    kind = kind_of_model(sender)
    if kind is not None and action == LogEntry.Action.CREATE and not kind.record_creation:
        return False  # auditlog skips the entry
    _subject.set(instance)
    return None


def _subject_of(entry: LogEntry) -> models.Model | None:
    row = _subject.get()
    if row is None or str(row.pk) != str(entry.object_pk):
        return None
    if ContentType.objects.get_for_model(row, for_concrete_model=False) != entry.content_type:
        return None
    return row


def _stamp(sender: type[LogEntry], instance: LogEntry, **_: Any) -> None:
    """A new entry's source, person, label and product; never the person's email."""
    if not instance._state.adding:
        return
    source = current_source()
    data: dict[str, Any] = dict(instance.additional_data or {})
    data["source"] = source.kind
    if source.command:
        data["command"] = source.command
    row = _subject_of(instance)
    _subject.set(None)
    kind = kind_of_model(type(row)) if row is not None else None
    if row is not None and kind is not None:
        if kind.parent is not None:
            data["productId"] = kind.parent(row)
        if kind.label is not None:
            instance.object_repr = kind.label(row)
    instance.additional_data = data
    if instance.actor_id is None:
        instance.actor = source.person()
    instance.actor_email = None
    instance.serialized_data = None


def _tracked_names(model: type[models.Model], kind: Kind) -> frozenset[str]:
    # A save names a foreign key by either name (`category` or `category_id`).
    fields = [model._meta.get_field(name) for name in tracked_fields(kind)]
    return frozenset(
        name for field in fields for name in (field.name, getattr(field, "attname", field.name))
    )


def _update_receiver(tracked: frozenset[str]) -> Callable[..., None]:
    def log_tracked_update(
        sender: type[models.Model], instance: models.Model, **kwargs: Any
    ) -> None:
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and not tracked.intersection(update_fields):
            # Nothing tracked is saved (a product's updated_at, an order's totals): skip
            # auditlog's read of the row as stored, one query per save.
            return
        log_update(sender=sender, instance=instance, **kwargs)

    return log_tracked_update


def register_all() -> None:
    for kind in KINDS:
        model = model_of(kind)
        auditlog.register(
            model,
            include_fields=list(tracked_fields(kind)),
            mask_fields=list(kind.masked),
            mask_callable="activity.registry.hidden" if kind.masked else None,
        )
        # auditlog's own update receiver reads every saved row back; ours first checks that
        # the save names a tracked field (activity/tests/test_sources.py counts the queries).
        pre_save.disconnect(sender=model, dispatch_uid=auditlog._dispatch_uid(pre_save, log_update))
        pre_save.connect(
            _update_receiver(_tracked_names(model, kind)),
            sender=model,
            weak=False,
            dispatch_uid=f"activity-update-{kind.name}",
        )
    pre_log.connect(_before_log, dispatch_uid="activity-before-log")
    pre_save.connect(_stamp, sender=LogEntry, dispatch_uid="activity-stamp")
