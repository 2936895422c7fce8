"""Saving the shop settings: every value checked first, then one row and a change log."""

from dataclasses import asdict
from decimal import Decimal
from typing import Any

from django.db import transaction

from accounts.models import User
from common.errors import InvalidInput
from storesettings import fields, selectors
from storesettings.models import SINGLETON, SettingsChange, ShopSettings
from storesettings.signals import settings_changed

HOURS_ORDER = "Deliveries from must be earlier than Deliveries until."


def _parse(data: Any, *, partial: bool) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """(attribute -> checked value, API name -> messages) for what the request sends."""
    if not isinstance(data, dict):
        raise InvalidInput("Send the settings as a JSON object.")
    sent = {k: v for k, v in fields.flatten(data).items() if k not in fields.READ_ONLY}
    values: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for name in sorted(set(sent) - set(fields.BY_NAME)):
        errors[name] = [f"{name} is not a setting."]
    for setting in fields.SETTINGS:
        if setting.name not in sent:
            if not partial and not setting.optional:
                errors[setting.name] = [f"{setting.label} is required."]
            continue
        try:
            values[setting.attribute] = setting.check(setting.label, sent[setting.name])
        except fields.Invalid as refusal:
            errors[setting.name] = [str(refusal)]
    return values, errors


def _refuse(errors: dict[str, list[str]]) -> None:
    first = next(iter(errors.values()))[0]
    raise InvalidInput(first, errors=errors)


def shop_settings_save(*, user: User, data: Any, partial: bool) -> None:
    """PUT (every setting) or PATCH (those sent). Nothing is stored when one value is wrong;
    each changed field is logged with its before and after."""
    values, errors = _parse(data, partial=partial)
    if errors:
        _refuse(errors)
    with transaction.atomic():
        row = selectors.saved_row(lock=True)
        before = asdict(selectors.config_of(row))
        if row is None:
            # The first save stores every value in force, so later env changes stop counting.
            before["delivery_zip_codes"] = tuple(sorted(selectors.first_run_zip_codes()))
        _tax_tables(before)
        if row is None:
            row = _first_row(before, user)
        after = {name: before[name] for name in selectors.FIELDS} | values
        _reviewed(before, after)
        after["delivery_tax_rates"] = selectors.delivery_tax_table(
            selectors.ShopConfig(**after), after["delivery_zip_codes"]
        )
        if after["delivery_hours_start"] >= after["delivery_hours_end"]:
            _refuse({"deliveryHours.start": [HOURS_ORDER]})
        _assign(row, after)
        row.updated_by = user
        row.save()
        now = row.updated_at
        changed = {name for name in selectors.FIELDS if before[name] != after[name]}
        settings_changed.send(sender=ShopSettings, changed=changed)
        SettingsChange.objects.bulk_create(
            SettingsChange(
                at=now,
                by=user,
                field=setting.name,
                before=fields.json_value(before[setting.attribute]),
                after=fields.json_value(after[setting.attribute]),
            )
            for setting in fields.SETTINGS
            if before[setting.attribute] != after[setting.attribute]
        )


def _assign(row: ShopSettings, config: dict[str, Any]) -> None:
    for name, value in config.items():
        setattr(row, name, list(value) if name == "delivery_zip_codes" else value)


def _first_row(first_run: dict[str, Any], user: User) -> ShopSettings:
    """The row holding the values in force before the first save. bulk_create sends no
    signal, so the history gets no "Created settings" entry listing every value from
    (empty): the save that follows is logged as only what the owner changed."""
    row = ShopSettings(pk=SINGLETON, updated_by=user)
    _assign(row, first_run)
    (row,) = ShopSettings.objects.bulk_create([row])
    return row


def _tax_tables(config: dict[str, Any]) -> None:
    """The rate tables as the back office showed them (every delivery ZIP, the first-run
    state), so that sending a table back unchanged changes nothing."""
    zip_codes = config["delivery_zip_codes"] or selectors.first_run_zip_codes()
    shown = selectors.ShopConfig(**config)
    config["delivery_tax_rates"] = selectors.delivery_tax_table(shown, zip_codes)
    config["state_tax_rates"] = selectors.state_tax_table(shown)


def _reviewed(before: dict[str, Any], after: dict[str, Any]) -> None:
    """A ZIP whose rate the owner changed has been reviewed, whatever the row said."""
    rates = {row["zip"]: Decimal(row["rate"]) for row in before["delivery_tax_rates"]}
    after["delivery_tax_rates"] = tuple(
        {**row, "reviewed": True}
        if rates.get(row["zip"], Decimal(row["rate"])) != Decimal(row["rate"])
        else row
        for row in after["delivery_tax_rates"]
    )
