"""The catalog's Django admin. Every save goes through shop.services, as the API's do: a
product with its type inlines and images in one product_create/product_update call (one
transaction, versions moved, files removed only after the commit), a row of the list
through product_update with the version the list showed, a category through
category_services.category_update. The forms (shop/admin_forms.py) check what was typed and whether the page
is still current."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from django.contrib import admin, messages
from django.core.validators import MaxValueValidator
from django.db import transaction
from django.db.models import Field, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from common.errors import DomainError
from common.images import url_for
from shop import category_services, services
from shop.admin_forms import ProductForm, ProductListForm, ProductTypeForm
from shop.models import Category, Product, ProductType, StockMove
from shop.regulatory import FIELDS as REGULATORY_FIELDS
from shop.serializers import MAX_PRICE, MAX_QUANTITY, PRICE_TOO_HIGH, QUANTITY_TOO_HIGH

if TYPE_CHECKING:
    from accounts.models import User

    # The mixin's super() is the admin class it is mixed into.
    _AdminBase = admin.options.BaseModelAdmin[Any]
else:
    _AdminBase = object


def _staff(request: HttpRequest) -> "User":
    # The admin site lets in signed-in staff only.
    return cast("User", request.user)


class BoundedPriceAndStock(_AdminBase):
    """The API's bounds on price and stock in every admin form (change form, inline types,
    the list's editable quantity)."""

    BOUNDS = {
        "price": MaxValueValidator(MAX_PRICE, PRICE_TOO_HIGH),
        "compare_at_price": MaxValueValidator(MAX_PRICE, PRICE_TOO_HIGH),
        "quantity": MaxValueValidator(MAX_QUANTITY, QUANTITY_TOO_HIGH),
    }

    def formfield_for_dbfield(
        self, db_field: Field[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Any:
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is not None and db_field.name in self.BOUNDS:
            field.validators.append(self.BOUNDS[db_field.name])
        return field


class ProductTypeInline(BoundedPriceAndStock, admin.TabularInline):
    model = ProductType
    form = ProductTypeForm
    extra = 0
    fields = ("name", "price", "compare_at_price", "availability", "quantity", "quantity_at_open")


@admin.register(Product)
class ProductAdmin(BoundedPriceAndStock, admin.ModelAdmin):
    form = ProductForm
    inlines = [ProductTypeInline]
    list_display = (
        "preview",
        "name",
        "category",
        "price",
        "quantity",
        "availability",
        "created_at",
    )
    list_display_links = ("preview", "name")
    list_editable = ("quantity", "availability")
    list_filter = ("category", "availability")
    search_fields = ("name", "description")
    list_select_related = ("category",)
    readonly_fields = ("image_previews", "stock_history", "created_at", "updated_at")
    fieldsets = [
        (
            None,
            {
                "fields": (
                    "name",
                    "description",
                    "category",
                    "price",
                    "compare_at_price",
                    "excise_exempt",
                    "quantity",
                    "quantity_at_open",
                    "version_at_open",
                    "availability",
                    "stock_history",
                )
            },
        ),
        ("Images", {"fields": ("image_previews", "remove_images", "new_images")}),
        ("Dates", {"fields": ("created_at", "updated_at"), "classes": ("collapse",)}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Product]:
        return super().get_queryset(request).prefetch_related("images")

    def get_fieldsets(self, request: HttpRequest, obj: Product | None = None) -> Any:
        if obj is None:
            return [(None, self.fieldsets[0][1]), ("Images", {"fields": ("new_images",)})]
        return self.fieldsets

    @admin.display(description="image")
    def preview(self, obj: Product) -> str:
        images = list(obj.images.all())
        if not images:
            return "-"
        return format_html(
            '<img src="{}" alt="" style="height:40px;width:40px;object-fit:cover">',
            url_for(images[0].thumbnail_path or images[0].path),
        )

    @admin.display(description="stock ledger")
    def stock_history(self, obj: Product | None) -> str:
        if obj is None or obj.pk is None:
            return "-"
        url = reverse("admin:shop_stockmove_changelist") + f"?product__id__exact={obj.pk}"
        return format_html('<a href="{}">Every change of this stock, with its reason</a>', url)

    @admin.display(description="current images")
    def image_previews(self, obj: Product | None) -> str:
        images = list(obj.images.all()) if obj and obj.pk else []
        if not images:
            return "-"
        return format_html_join(
            " ",
            '<a href="{}"><img src="{}" alt="" style="height:96px;margin-right:4px"></a>',
            (
                (url_for(image.path), url_for(image.thumbnail_path or image.path))
                for image in images
            ),
        )

    def has_change_permission(self, request: HttpRequest, obj: Product | None = None) -> bool:
        # Staff change stock counts and availability only (common/roles.py): in the list's
        # editable columns; a product's page, which edits everything, is read-only to them.
        if obj is not None and not _staff(request).is_superuser:
            return False
        return super().has_change_permission(request, obj)

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> Any:
        return super().get_changelist_form(request, form=ProductListForm, **kwargs)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # Django validates the list's rows before its own transaction; the rows' checks lock
        # their products (ProductListForm), so the locks and the saves share one transaction.
        if request.method != "POST":
            return super().changelist_view(request, extra_context)
        with transaction.atomic():
            return super().changelist_view(request, extra_context)

    def save_model(self, request: HttpRequest, obj: Product, form: Any, change: bool) -> None:
        """Nothing yet: save_related writes the product, its types and images in one service
        call once the inlines are known."""

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        try:
            if isinstance(form, ProductForm):
                product = self._save_product(form, formsets, actor=_staff(request))
            else:  # a row of the list: only what was edited in it
                product = services.product_update(
                    product_id=form.instance.pk,
                    if_match=form.if_match(),
                    actor=_staff(request),
                    **{field: form.cleaned_data[field] for field in form.edited_fields()},
                )
        except DomainError as exc:  # the forms check first under the row lock; a backstop
            if not form.instance.pk:
                raise  # an add has no page to go back to; nothing was stored
            transaction.set_rollback(True)
            self.message_user(request, f"Not saved: {exc.message}", level=messages.ERROR)
            return
        form.instance.pk = product.pk
        form.instance.refresh_from_db()

    def _save_product(self, form: ProductForm, formsets: Any, *, actor: Any) -> Product:
        data = form.cleaned_data
        fields = {
            "name": data["name"],
            "description": data.get("description", ""),
            "price": data.get("price"),
            "compare_at_price": data.get("compare_at_price"),
            "excise_exempt": data.get("excise_exempt", False),
            "availability": data.get("availability", False),
            "category": data["category"].pk,
            "quantity": data["quantity"],
        }
        types = _types_from(formsets)
        uploads = data.get("new_images") or []
        if not form.instance.pk:
            return services.product_create(**fields, uploads=uploads, types=types, actor=actor)
        removed = {image.pk for image in data.get("remove_images") or []}
        kept = form.instance.images.exclude(pk__in=removed).order_by("position", "id")
        return services.product_update(
            product_id=form.instance.pk,
            if_match=form.if_match(),
            existing_images=[image.path for image in kept],
            uploads=uploads,
            types=types,
            actor=actor,
            **fields,
        )

    def delete_model(self, request: HttpRequest, obj: Product) -> None:
        services.product_delete(product_id=obj.pk, actor=_staff(request))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Product]) -> None:
        for product_id in queryset.order_by("id").values_list("id", flat=True):
            try:
                services.product_delete(product_id=product_id, actor=_staff(request))
            except DomainError:
                continue


@admin.register(StockMove)
class StockMoveAdmin(admin.ModelAdmin):
    """The stock ledger, read only: its rows are written with the stock changes themselves
    (shop/stock.py), so that they add up (`manage.py stock_audit`)."""

    list_display = (
        "created_at",
        "product_name",
        "type_name",
        "delta",
        "balance_after",
        "reason",
        "order_id",
        "actor",
        "note",
    )
    list_filter = ("reason",)
    search_fields = ("product_name", "type_name", "note")
    list_select_related = ("actor",)
    date_hierarchy = "created_at"

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest) -> bool:
        # The product's page links here with ?product__id__exact=<id>.
        return lookup == "product__id__exact" or super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "id",
        "age_restricted",
        "shippable",
        "excise_tax",
        "color_class",
        "icon",
        "position",
    )
    list_editable = ("age_restricted", "shippable", "excise_tax")
    ordering = ("position", "id")
    # The regulatory defaults are edited in the back office (PATCH /api/categories/{id}).
    exclude = REGULATORY_FIELDS

    def get_readonly_fields(
        self, request: HttpRequest, obj: Category | None = None
    ) -> tuple[str, ...]:
        return ("id",) if obj else ()  # the id is the slug links and filters use

    def save_model(
        self, request: HttpRequest, obj: Category, form: ModelForm[Category], change: bool
    ) -> None:
        changed = [
            field for field in form.changed_data if field in category_services.CATEGORY_FIELDS
        ]
        category_services.category_update(
            category_id=obj.pk, **{field: form.cleaned_data[field] for field in changed}
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the 13 categories are fixed (shop/categories.py)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _types_from(formsets: Iterable[Any]) -> list[dict[str, Any]] | None:
    """The full types list of the type inline (None without one), as the API's product form
    sends it; the formset gets the record Django's change message reads."""
    types = None
    for formset in formsets:
        if formset.model is not ProductType:
            continue
        types = []
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for type_form in formset.forms:
            instance = type_form.cleaned_data.get("id")
            if formset._should_delete_form(type_form):
                if instance is not None:
                    formset.deleted_objects.append(instance)
                continue
            if instance is None and not type_form.has_changed():
                continue  # an empty extra row
            row = {name: type_form.cleaned_data.get(name) for name in services.TYPE_FIELDS}
            types.append({"id": instance.pk if instance else None, **row})
            if instance is not None and type_form.has_changed():
                formset.changed_objects.append((instance, type_form.edited_fields()))
    return types
