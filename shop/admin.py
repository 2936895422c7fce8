from django import forms
from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join

from common.errors import DomainError
from common.images import url_for, validate_image
from shop import services
from shop.models import Category, Product, ProductImage, ProductType


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleImageField(forms.FileField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": "image/*"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        files = data if isinstance(data, (list, tuple)) else [data] if data else []
        cleaned = [super(MultipleImageField, self).clean(item, initial) for item in files]
        for upload in cleaned:
            try:
                validate_image(upload)
            except DomainError as exc:
                raise forms.ValidationError(exc.message)
        return cleaned


class ProductForm(forms.ModelForm):
    new_images = MultipleImageField(
        required=False, label="Add images",
        help_text=f"Up to {services.MAX_IMAGES} images in all; re-encoded to WebP, 1600 px at most, with thumbnails.",
    )
    remove_images = forms.ModelMultipleChoiceField(
        queryset=ProductImage.objects.none(), required=False, widget=forms.CheckboxSelectMultiple,
        label="Remove images",
    )

    class Meta:
        model = Product
        fields = ("name", "description", "price", "availability", "category", "quantity")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["remove_images"].queryset = self.instance.images.order_by("position", "id")
            self.fields["remove_images"].label_from_instance = lambda image: format_html(
                '<img src="{}" alt="" style="height:48px;vertical-align:middle"> {}',
                url_for(image.thumbnail_path or image.path), image.path,
            )
        else:
            del self.fields["remove_images"]

    def clean(self):
        cleaned = super().clean()
        current = self.instance.images.count() if self.instance.pk else 0
        removed = len(cleaned.get("remove_images") or [])
        if current - removed + len(cleaned.get("new_images") or []) > services.MAX_IMAGES:
            raise forms.ValidationError(services.TOO_MANY_IMAGES)
        return cleaned


class ProductTypeInline(admin.TabularInline):
    model = ProductType
    extra = 0
    fields = ("name", "price", "availability", "quantity")


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    form = ProductForm
    inlines = [ProductTypeInline]
    list_display = ("preview", "name", "category", "price", "quantity", "availability", "created_at")
    list_display_links = ("preview", "name")
    list_editable = ("quantity", "availability")
    list_filter = ("category", "availability")
    search_fields = ("name", "description")
    list_select_related = ("category",)
    readonly_fields = ("image_previews", "created_at", "updated_at")
    fieldsets = [
        (None, {"fields": ("name", "description", "category", "price", "quantity", "availability")}),
        ("Images", {"fields": ("image_previews", "remove_images", "new_images")}),
        ("Dates", {"fields": ("created_at", "updated_at"), "classes": ("collapse",)}),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("images")

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            return [(None, self.fieldsets[0][1]), ("Images", {"fields": ("new_images",)})]
        return self.fieldsets

    @admin.display(description="image")
    def preview(self, obj):
        images = list(obj.images.all())
        if not images:
            return "-"
        return format_html('<img src="{}" alt="" style="height:40px;width:40px;object-fit:cover">',
                           url_for(images[0].thumbnail_path or images[0].path))

    @admin.display(description="current images")
    def image_previews(self, obj):
        images = list(obj.images.all()) if obj and obj.pk else []
        if not images:
            return "-"
        return format_html_join(
            " ", '<a href="{}"><img src="{}" alt="" style="height:96px;margin-right:4px"></a>',
            ((url_for(image.path), url_for(image.thumbnail_path or image.path)) for image in images),
        )

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # Images go through the same services as the API: re-encoding, thumbnails, the
        # 5-image limit, and file deletion only after the commit.
        product = form.instance
        try:
            removed = form.cleaned_data.get("remove_images") or []
            if removed:
                services.product_images_delete(product_id=product.pk, image_paths=[image.path for image in removed])
            uploads = form.cleaned_data.get("new_images") or []
            if uploads:
                services.product_update(product_id=product.pk, uploads=uploads)
        except DomainError as exc:
            self.message_user(request, f"Images not changed: {exc.message}", level=messages.ERROR)

    def delete_model(self, request, obj):
        services.product_delete(product_id=obj.pk)

    def delete_queryset(self, request, queryset):
        for product_id in queryset.order_by("id").values_list("id", flat=True):
            try:
                services.product_delete(product_id=product_id)
            except DomainError:
                continue


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "color_class", "icon", "position")
    ordering = ("position", "id")

    def has_add_permission(self, request):
        return False  # the 13 categories are fixed by the spec; the React app knows their ids

    def has_delete_permission(self, request, obj=None):
        return False
