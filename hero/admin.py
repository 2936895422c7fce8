from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from common.errors import DomainError
from common.images import validate_image
from hero import services
from hero.models import HeroImage
from hero.validators import DEFAULT_FOCAL_POINT

EDITABLE = (
    "title",
    "description",
    "alt_text",
    "cta_label",
    "cta_link",
    "object_position",
    "display_order",
    "is_active",
)
PREVIEW = '<img src="{}" alt="" style="{}object-fit:cover;object-position:{}">'


class HeroImageForm(forms.ModelForm):
    upload = forms.ImageField(
        required=False,
        label="Upload image",
        help_text="Re-encoded to WebP, at most 2400 px a side. Replaces the image URL.",
    )

    class Meta:
        model = HeroImage
        fields = (*EDITABLE, "external_url")
        labels = {"external_url": "Image URL", "display_order": "Display order (0 = first)"}
        help_texts = {
            "external_url": "http(s)://... or a path on this site starting with /.",
            "title": "Shown as text over the picture (draw pictures without lettering).",
            "cta_link": "https://... or a path on this site starting with /; needs a label.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Left empty, the centre (a form posted without the field keeps working).
        self.fields["object_position"].required = False

    def clean_object_position(self) -> str:
        return self.cleaned_data.get("object_position") or DEFAULT_FOCAL_POINT

    def clean_upload(self) -> UploadedFile | None:
        # The service's own checks (size, pixel count, format), as form errors.
        upload = self.cleaned_data.get("upload")
        if upload:
            try:
                validate_image(upload)
            except DomainError as exc:
                raise forms.ValidationError(exc.message)
        return upload

    def clean(self) -> dict[str, Any]:
        # A ModelForm's clean() always answers the cleaned data.
        cleaned = cast(dict[str, Any], super().clean())
        has_picture = (
            cleaned.get("upload") or cleaned.get("external_url") or self.instance.image_path
        )
        if not has_picture and not self.errors:
            raise forms.ValidationError(services.IMAGE_REQUIRED)
        if not self.errors:
            try:
                services.slide_check(
                    cleaned.get("cta_label", ""),
                    cleaned.get("cta_link", ""),
                    cleaned.get("object_position", ""),
                )
            except DomainError as exc:
                raise forms.ValidationError(exc.message)
        return cleaned


@admin.register(HeroImage)
class HeroImageAdmin(admin.ModelAdmin):
    form = HeroImageForm
    list_display = ("preview", "title", "display_order", "is_active", "created_at")
    list_display_links = ("preview", "title")
    list_editable = ("display_order", "is_active")
    list_filter = ("is_active",)
    search_fields = ("title", "description", "alt_text")
    ordering = ("display_order", "id")
    readonly_fields = ("large_preview", "image_path", "created_at", "updated_at")

    @admin.display(description="image")
    def preview(self, obj: HeroImage) -> str:
        # Cropped around the slide's focal point, as the carousel crops it.
        return format_html(PREVIEW, obj.image_url, "height:48px;width:120px;", obj.object_position)

    @admin.display(description="current image")
    def large_preview(self, obj: HeroImage) -> str:
        if not obj.pk:
            return "-"
        return format_html(
            PREVIEW,
            obj.image_url,
            "aspect-ratio:4/1;width:100%;max-width:720px;",
            obj.object_position,
        )

    def save_model(self, request: HttpRequest, obj: HeroImage, form: Any, change: bool) -> None:
        # Through the services, like the API: the same URL checks, image processing and
        # clean-up of files no slide uses any more.
        upload = form.cleaned_data.get("upload")
        try:
            if not change:
                saved = services.hero_create(
                    **{field: getattr(obj, field) for field in EDITABLE},
                    image_url=obj.external_url,
                    image_file=upload,
                )
            else:
                changes = {
                    field: getattr(obj, field) for field in EDITABLE if field in form.changed_data
                }
                if "external_url" in form.changed_data and obj.external_url:
                    changes["image_url"] = obj.external_url
                saved = services.hero_update(hero_id=obj.pk, image_file=upload, **changes)
        except DomainError as exc:  # the form checks first; a backstop that saves nothing
            if not change:
                raise
            transaction.set_rollback(True)
            self.message_user(request, f"Not saved: {exc.message}", level=messages.ERROR)
            return
        obj.pk = saved.pk
        obj.refresh_from_db()  # what the service stored (stored path, cleared URL, order)

    def delete_model(self, request: HttpRequest, obj: HeroImage) -> None:
        services.hero_delete(hero_id=obj.pk)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[HeroImage]) -> None:
        for hero_id in queryset.order_by("id").values_list("id", flat=True):
            try:
                services.hero_delete(hero_id=hero_id)
            except DomainError:
                continue
