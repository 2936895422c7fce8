"""The Django admin's rules page: its saves and deletes call compliance.services, whose
refusals show as the form's errors."""

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from common.errors import InvalidInput
from compliance import services
from compliance.models import Rule

# What the page edits: a save is the owner's review (compliance.services), so `reviewed`
# is shown, not edited.
EDITABLE = sorted(set(services.RULE_FIELDS) - {"reviewed"})
# The API's field names (the service's errors) -> the form's.
FORM_FIELDS = {
    "applies": "attribute",
    "where": "state",
    "from": "valid_from",
    "until": "valid_until",
}


class RuleForm(forms.ModelForm):
    class Meta:
        model = Rule
        fields = EDITABLE

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        fields = {name: cleaned.get(name) for name in EDITABLE if name in cleaned}
        rule = Rule(**services.normalized(fields))
        for field, messages in services.rule_problems(rule).items():
            for message in messages:
                self.add_error(FORM_FIELDS.get(field, field), message)
        return cleaned


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin):
    form = RuleForm
    list_display = ("name", "action", "attribute", "category", "state", "active", "reviewed")
    list_filter = ("action", "active", "reviewed")
    readonly_fields = ("reviewed",)

    def save_model(self, request: HttpRequest, obj: Rule, form: Any, change: bool) -> None:
        values = {name: form.cleaned_data[name] for name in EDITABLE}
        try:
            if change:
                saved = services.rule_update(rule_id=obj.pk, **values)
            else:
                saved = services.rule_create(**values)
        except InvalidInput as refused:  # checked by the form already; a race at most
            raise forms.ValidationError(refused.message) from refused
        obj.pk = saved.pk

    def delete_model(self, request: HttpRequest, obj: Rule) -> None:
        services.rule_delete(rule_id=obj.pk)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for rule in queryset:
            services.rule_delete(rule_id=rule.pk)
