"""Forms of the catalog's Django admin pages. They check what a person typed; the writes
themselves go through shop.services (shop/admin.py), like the API's.

A page carries the figures and the product version it showed (hidden fields). Under the
product's row lock, held by the admin's transaction until the save commits, a stock figure
that moved since the page was opened is refused with the figures named, and any other
change since is refused as the API refuses a stale If-Match (shop/preconditions.py)."""

from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.utils.html import format_html

from common.errors import DomainError
from common.images import url_for, validate_image
from shop import services
from shop.models import Product, ProductImage, ProductType
from shop.preconditions import STALE
from shop.versioning import product_etag

STOCK_MOVED = (
    "The stock changed from {opened} to {now} since you opened this page (a sale or another "
    "admin). Reload the page to see the current figures, then make your change again."
)
# The hidden fields that say what the page showed; they are not changes of their own.
AT_OPEN = ("quantity_at_open", "version_at_open")


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleImageField(forms.FileField):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": "image/*"}))
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        files = data if isinstance(data, (list, tuple)) else [data] if data else []
        cleaned = [super(MultipleImageField, self).clean(item, initial) for item in files]
        for upload in cleaned:
            try:
                validate_image(upload)
            except DomainError as exc:
                raise forms.ValidationError(exc.message)
        return cleaned


def locked_row(model: type[Product] | type[ProductType], pk: int) -> Any:
    # Inside the admin's transaction: the lock holds until this save commits.
    return model.objects.select_for_update().filter(pk=pk).first()


class StockGuardForm(forms.ModelForm):
    """Refuses to save a stock figure over one that moved since the form was opened: the
    form carries the quantity it showed, and the row is locked while it is compared."""

    quantity_at_open = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["quantity_at_open"].initial = self.instance.quantity

    def edited_fields(self) -> list[str]:
        return [name for name in self.changed_data if name not in AT_OPEN]

    def has_changed(self) -> bool:
        return bool(self.edited_fields())

    def clean(self) -> dict[str, Any]:
        # ModelForm.clean answers its cleaned_data, never None.
        cleaned = cast(dict[str, Any], super().clean())
        opened, sent = cleaned.get("quantity_at_open"), cleaned.get("quantity")
        if self.instance.pk and opened is not None and sent is not None:
            row = locked_row(type(self.instance), self.instance.pk)
            if row is not None and row.quantity != opened and sent != row.quantity:
                self.add_error("quantity", STOCK_MOVED.format(opened=opened, now=row.quantity))
        return cleaned


class ProductVersionForm(StockGuardForm):
    """A product page: it also carries the product version it showed, which the service is
    given as the If-Match an API client would send."""

    version_at_open = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            # Every page of an existing product shows it; a post without it is not one.
            self.fields["version_at_open"].initial = self.instance.version
            self.fields["version_at_open"].required = True

    def if_match(self) -> list[str] | None:
        """The If-Match the page stands for: the version it showed (None when not sent)."""
        version = self.cleaned_data.get("version_at_open")
        if version is None:
            return None
        return [product_etag(self.instance.pk, version)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        version = cleaned.get("version_at_open")
        if self.instance.pk and version is not None and not self.errors:
            row = locked_row(Product, self.instance.pk)
            if row is not None and row.version != version:
                raise forms.ValidationError(STALE)
        return cleaned


class ProductTypeForm(StockGuardForm):
    class Meta:
        model = ProductType
        fields = ("name", "price", "compare_at_price", "availability", "quantity")


class ProductForm(ProductVersionForm):
    new_images = MultipleImageField(
        required=False,
        label="Add images",
        help_text=f"Up to {services.MAX_IMAGES} images in all; re-encoded to WebP, 1600 px at most, with thumbnails.",
    )
    remove_images = forms.ModelMultipleChoiceField(
        queryset=ProductImage.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Remove images",
    )

    class Meta:
        model = Product
        fields = (
            "name",
            "description",
            "price",
            "compare_at_price",
            "excise_exempt",
            "availability",
            "category",
            "quantity",
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            remove = cast(forms.ModelMultipleChoiceField, self.fields["remove_images"])
            remove.queryset = self.instance.images.order_by("position", "id")
            # An instance attribute shadows the method, as Django itself calls it.
            remove.label_from_instance = lambda image: format_html(  # type: ignore[method-assign,assignment]
                '<img src="{}" alt="" style="height:48px;vertical-align:middle"> {}',
                url_for(image.thumbnail_path or image.path),
                image.path,
            )
        else:
            del self.fields["remove_images"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        current = self.instance.images.count() if self.instance.pk else 0
        removed = len(cleaned.get("remove_images") or [])
        if current - removed + len(cleaned.get("new_images") or []) > services.MAX_IMAGES:
            raise forms.ValidationError(services.TOO_MANY_IMAGES)
        return cleaned


class QuantityWithOpenedInput(forms.NumberInput):
    """The list's stock box, followed by its row's hidden figures at open: the changelist
    draws only the editable columns, so they ride along with this one."""

    def __init__(self, hidden: Callable[[], str], attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.hidden = hidden

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> Any:
        return super().render(name, value, attrs, renderer) + self.hidden()


class ProductListForm(ProductVersionForm):
    """One row of the product list (its editable stock and availability)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "quantity" in self.fields:
            self.fields["quantity"].widget = QuantityWithOpenedInput(
                lambda: str(self["quantity_at_open"]) + str(self["version_at_open"]),
                attrs=self.fields["quantity"].widget.attrs,
            )

    def clean(self) -> dict[str, Any]:
        # Only a row that was edited is saved, so only its figures need be current.
        if not self.edited_fields():
            return cast(dict[str, Any], forms.ModelForm.clean(self))
        return super().clean()
