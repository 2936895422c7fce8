"""Write helpers every app's services share (HackSoftware's Django-Styleguide)."""

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from django.db import models

M = TypeVar("M", bound=models.Model)


def editable_fields(model: type[models.Model]) -> tuple[str, ...]:
    """A model's own fields a form may set, in its order: not its id, nor what Django sets
    (auto_now, auto_now_add)."""
    return tuple(
        field.name
        for field in model._meta.concrete_fields
        if field.editable and not field.primary_key
    )


def unknown_fields_check(
    function: str, changes: Mapping[str, Any], allowed: Collection[str]
) -> None:
    """A service's keyword `**changes` may only name the fields it edits: a typo in a
    caller is a bug, raised as TypeError like any unexpected keyword argument."""
    unknown = set(changes) - set(allowed)
    if unknown:
        raise TypeError(f"{function}() got unexpected fields {sorted(unknown)}")


def model_update(
    instance: M,
    *,
    data: Mapping[str, Any],
    attribute_names: Mapping[str, str] | None = None,
) -> list[str]:
    """Set each field `data` names on `instance` and save those whose value differs (with
    `updated_at` when the model has one). Returns the attributes that changed: a write
    that changes nothing saves nothing.

    The caller holds the row lock (`select_for_update`) and the transaction, and has
    checked the names (`unknown_fields_check`). `attribute_names` maps a name of `data` to
    the attribute it sets (`{"category": "category_id"}`).
    """
    names = attribute_names or {}
    changed = []
    for field, value in data.items():
        attribute = names.get(field, field)
        if getattr(instance, attribute) != value:
            setattr(instance, attribute, value)
            changed.append(attribute)
    if changed:
        has_updated_at = any(f.name == "updated_at" for f in instance._meta.concrete_fields)
        instance.save(update_fields=[*changed, "updated_at"] if has_updated_at else changed)
    return changed
