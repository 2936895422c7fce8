from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm, AdminUserCreationForm, UserChangeForm
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import timezone

from accounts import hashers, limits, people, services
from accounts.birth import date_of_birth_check
from accounts.hashers import SignInBusy
from accounts.lockout import username
from accounts.models import RegistrationCode, User
from accounts.roles import role_group_sync
from accounts.selectors import password_in_use
from common.errors import DomainError, InvalidInput, TooManyAttempts, error_status
from common.shoptime import shop_today

_django_admin_login = admin.site.login


def admin_login(request: HttpRequest, extra_context: Any = None) -> HttpResponse:
    """The Django admin's sign-in behind the API's limits (accounts/limits.py): the address
    throttle and the ceiling before any password is checked, unless the browser's device
    cookie names this account; a successful sign-in gets a device cookie."""
    if request.method != "POST":
        return _django_admin_login(request, extra_context)
    try:
        limits.admit_admin_sign_in(request, username(request, None))
        # The form cannot carry a challenge: a stranger's sign-in waits for a seat.
        with hashers.lane(hashers.KNOWN if limits.trusted(request) else hashers.OTHER):
            response = _django_admin_login(request, extra_context)
    except (TooManyAttempts, SignInBusy) as refusal:
        return _refused(refusal)
    if response.status_code == 302 and request.user.is_authenticated:
        limits.remember_device(response, request.user)
    return response


admin.site.login = admin_login  # type: ignore[method-assign]


def _refused(refusal: TooManyAttempts | SignInBusy) -> HttpResponse:
    return HttpResponse(
        refusal.message,
        status=error_status(refusal),
        headers={"Retry-After": str(refusal.retry_after)},
        content_type="text/plain; charset=utf-8",
    )


def _password_answer_admitted(request: HttpRequest) -> HttpResponse | None:
    """A form that says whether a password is in use is a guess like a sign-in
    (accounts/limits.py): admitted like one, counted against the acting admin; the
    refusal page if not admitted."""
    if request.method != "POST":
        return None
    try:
        limits.admit_password_choice(request, request.user, challenge=False)
    except TooManyAttempts as refusal:
        return _refused(refusal)
    return None


def _taken(password: str) -> ValidationError:
    # As long as a change that goes through (the form's save hashes), so the answer's time
    # does not tell that someone signs in with this password.
    make_password(password)
    return ValidationError(services.PASSWORD_TAKEN)


class UserCreationForm(AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "name")

    def clean_password1(self) -> str | None:
        password = self.cleaned_data.get("password1")
        if password and password_in_use(password):
            raise _taken(password)
        return password


class PasswordChangeForm(AdminPasswordChangeForm):
    # The password is the sign-in key (accounts.passwords), so no two users share one.
    def clean_password1(self) -> str | None:
        password = self.cleaned_data.get("password1")
        if password and password_in_use(password, exclude_user_id=self.user.pk):
            raise _taken(password)
        return password


class UserEditForm(UserChangeForm):
    class Meta:
        model = User
        fields = ("email", "name", "is_active", "role", "date_of_birth")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        # The API's rule (accounts.people.user_update): the last active admin stays one.
        role, active = data.get("role"), data.get("is_active")
        if self.instance.pk and role is not None and active is not None:
            try:
                people.admin_kept_check(self.instance, role=role, active=active)
            except InvalidInput as refusal:
                raise ValidationError(refusal.message)
        born = data.get("date_of_birth")
        if born is not None:
            try:
                date_of_birth_check(born, today=shop_today())
            except InvalidInput as refusal:
                self.add_error("date_of_birth", refusal.message)
        return data


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    add_form = UserCreationForm
    form = UserEditForm
    change_password_form = PasswordChangeForm
    ordering = ("-created_at",)
    list_display = ("email", "name", "role_display", "is_active", "created_at", "last_login")
    list_filter = ("role", "is_active", "created_at")
    search_fields = ("email", "name")
    readonly_fields = ("created_at", "last_login", "password_version")
    fieldsets = (
        (None, {"fields": ("email", "name", "password")}),
        ("Details", {"fields": ("phone", "delivery_address", "delivery_zip", "date_of_birth")}),
        ("Role", {"fields": ("is_active", "role")}),
        ("History", {"fields": ("created_at", "last_login", "password_version")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("email", "name", "password1", "password2")}),
    )

    def user_change_password(self, request: HttpRequest, id: str, form_url: str = "") -> Any:
        refused = _password_answer_admitted(request)
        return refused or super().user_change_password(request, id, form_url)

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> Any:
        refused = _password_answer_admitted(request)
        return refused or super().add_view(request, form_url, extra_context)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        role_group_sync(obj)  # in the Staff group exactly while staff (accounts/roles.py)

    @admin.display(description="role", ordering="role")
    def role_display(self, obj: Any) -> str:
        return obj.get_role_display()

    # Deleting a user erases the person (accounts.people.user_erase) and keeps the row,
    # so the orders it protects stay in the books: nothing else is deleted, so the
    # confirmation lists the users alone and needs no permission on orders (the view checks
    # the delete permission on users itself).
    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        return [str(obj) for obj in objs], {"users": len(objs)}, set(), []

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> Any:
        # The last admin's page answers 400 with the reason before any confirmation.
        user = User.objects.filter(pk=object_id).first() if object_id.isdigit() else None
        if user is not None:
            try:
                people.last_admin_check(user, keeps_role=False)
            except DomainError as refused:
                return HttpResponseBadRequest(refused.message)
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        people.user_erase(user_id=obj.pk)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for pk in queryset.values_list("pk", flat=True):
            try:
                people.user_erase(user_id=pk)
            except DomainError as refused:
                self.message_user(request, refused.message, level=messages.ERROR)


@admin.register(RegistrationCode)
class RegistrationCodeAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "note",
        "is_active",
        "usable",
        "use_count",
        "max_uses",
        "expires_at",
        "created_at",
    )
    list_filter = ("is_active", "expires_at", "created_at")
    search_fields = ("code", "note")
    readonly_fields = ("use_count", "created_at")
    actions = ["disable"]

    @admin.display(boolean=True)
    def usable(self, obj: Any) -> bool:
        return obj.is_usable(timezone.now())

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        # Through the services, as `manage.py registration_codes` does.
        fields = {name: form.cleaned_data[name] for name in services.CODE_FIELDS}
        if change:
            changed = {name: fields[name] for name in form.changed_data if name in fields}
            services.registration_code_update(code_id=obj.pk, **changed)
        else:
            obj.pk = services.registration_code_create(code=form.cleaned_data["code"], **fields).pk
        obj.refresh_from_db()

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # A code that was handed out keeps its letters; disable it and make another.
        return self.readonly_fields + (("code",) if obj else ())

    @admin.action(description="Disable the selected codes")
    def disable(self, request: HttpRequest, queryset: Any) -> None:
        count = services.registration_codes_disable(codes=queryset.values_list("code", flat=True))
        self.message_user(request, services.CODES_DISABLED.format(count=count))
