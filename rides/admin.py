from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import User
from common.admin import StatusEventInline
from common.errors import DomainError
from rides import services
from rides.models import Ride, RideEvent, RideStatus, Setting, SettingKey
from rides.selectors import DEFAULT_PRICING_DESCRIPTION


class RideEventInline(StatusEventInline):
    model = RideEvent


def _staff(request: HttpRequest) -> User:
    """Only staff reach the Django admin's pages and actions."""
    return cast(User, request.user)


def _status_action(status: RideStatus) -> Callable[..., None]:
    @admin.action(description=f"Mark selected as {status.label.lower()}")
    def action(
        modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Ride]
    ) -> None:
        changed, refused = 0, 0
        # Through the same service as the API, so each change is an event and a log line.
        for ride_id in queryset.order_by("id").values_list("id", flat=True):
            try:
                services.ride_set_status(ride_id=ride_id, status=status, actor=_staff(request))
                changed += 1
            except DomainError:
                refused += 1
        modeladmin.message_user(
            request, f"{changed} ride request(s) marked as {status.label.lower()}."
        )
        if refused:
            modeladmin.message_user(
                request,
                f"{refused} ride request(s) were already {status.label.lower()} and were left "
                "as they were.",
                level=messages.WARNING,
            )

    action.__name__ = f"mark_{status.value}"
    return action


@admin.register(Ride)
class RideAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "pickup_date", "pickup_time", "status", "user", "created_at")
    list_filter = ("status", "pickup_date", "created_at")
    search_fields = (
        "name",
        "phone",
        "address",
        "dropoff_address",
        "item_description",
        "user__email",
    )
    date_hierarchy = "pickup_date"
    list_select_related = ("user",)
    ordering = ("-created_at", "-id")
    # Status changes only through the actions, which record who changed what.
    readonly_fields = ("status", "user", "created_at", "updated_at")
    fields = (
        "status",
        "user",
        "name",
        "phone",
        "address",
        "dropoff_address",
        "pickup_date",
        "pickup_time",
        "item_description",
        "created_at",
        "updated_at",
    )
    inlines = [RideEventInline]
    actions = [_status_action(status) for status in RideStatus]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Ride, form: Any, change: bool) -> None:
        # Through the service, like every other write: locked, logged.
        changed = {
            field: form.cleaned_data[field]
            for field in form.changed_data
            if field in services.RIDE_FIELDS
        }
        services.ride_update(ride_id=obj.pk, actor=_staff(request), **changed)
        obj.refresh_from_db()

    def delete_model(self, request: HttpRequest, obj: Ride) -> None:
        services.ride_delete(ride_id=obj.pk, actor=_staff(request))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Ride]) -> None:
        for ride_id in queryset.order_by("id").values_list("id", flat=True):
            try:
                services.ride_delete(ride_id=ride_id, actor=_staff(request))
            except DomainError:
                continue


class SettingForm(forms.ModelForm):
    class Meta:
        model = Setting
        fields = ("key", "value")
        widgets = {"value": forms.Textarea(attrs={"rows": 6, "cols": 80})}
        help_texts = {
            "value": "Shown to customers in the ride request form. Delete this setting to show "
            "the default text again: " + DEFAULT_PRICING_DESCRIPTION,
        }


@admin.register(Setting)
class SettingAdmin(admin.ModelAdmin):
    form = SettingForm
    list_display = ("key", "value", "updated_at", "updated_by")
    readonly_fields = ("updated_at", "updated_by")

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, str | list[str]]:
        return {"key": SettingKey.RIDE_PRICING_DESCRIPTION, "value": DEFAULT_PRICING_DESCRIPTION}

    def get_readonly_fields(
        self, request: HttpRequest, obj: Setting | None = None
    ) -> tuple[str, ...]:
        return self.readonly_fields + (("key",) if obj else ())

    def save_model(self, request: HttpRequest, obj: Setting, form: Any, change: bool) -> None:
        try:
            saved = services.setting_set(key=obj.key, value=obj.value, actor=_staff(request))
        except DomainError as exc:
            self.message_user(request, exc.message, level=messages.ERROR)
            return
        obj.pk = saved.pk
