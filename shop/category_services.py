"""Writes to the 13 fixed categories: the Django admin's page and list, and the back office's
21+ and shippable switches (shop/api.py)."""

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from common.errors import NotFound
from common.services import model_update, unknown_fields_check
from shop.models import Category
from shop.regulatory import FIELDS as REGULATORY_FIELDS
from shop.versioning import category_changed

CATEGORY_NOT_FOUND = "Category not found"


CATEGORY_FIELDS = {
    "name",
    "color_class",
    "description",
    "icon",
    "position",
    "age_restricted",
    "shippable",
    "excise_tax",
    *REGULATORY_FIELDS,
}


def category_update(*, category_id: str, **changes: Any) -> Category:
    """Change the category fields given (the Django admin's page and list). Its name and
    flags show in each of its products' answers, so their versions move with it; checkout
    reads the flags on every order, so a change applies to the next checkout."""
    unknown_fields_check("category_update", changes, CATEGORY_FIELDS)
    with transaction.atomic():
        category = Category.objects.select_for_update().filter(pk=category_id).first()
        if category is None:
            raise NotFound(CATEGORY_NOT_FOUND)
        model_update(category, data=changes)
        if changes:  # as ever, a write that names a field moves the versions, changed or not
            category_changed(category.pk)
    return category


def category_flags_update(
    *,
    category_id: str,
    age_restricted: bool | None = None,
    shippable: bool | None = None,
    excise_tax: bool | None = None,
    regulatory: Mapping[str, Any] | None = None,
) -> Category:
    """Set a category's 21+, shippable and excise flags (None: unchanged) and the
    regulatory defaults `regulatory` names (model fields, shop/regulatory.py)."""
    flags = {"age_restricted": age_restricted, "shippable": shippable, "excise_tax": excise_tax}
    return category_update(
        category_id=category_id,
        **{name: value for name, value in flags.items() if value is not None},
        **(regulatory or {}),
    )
