from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Category(models.Model):
    """The 13 fixed categories (created by a data migration); `id` is the slug the app uses."""

    id = models.SlugField(primary_key=True, max_length=40)
    name = models.CharField(max_length=60)
    color_class = models.CharField(max_length=60, blank=True)
    description = models.CharField(max_length=200, blank=True)
    icon = models.CharField(
        max_length=40, blank=True, help_text="Key of an icon in the app's fixed list."
    )
    position = models.PositiveSmallIntegerField(default=0)
    # Read by checkout on every order (never cached), so an admin's change applies at once.
    age_restricted = models.BooleanField(
        default=False,
        help_text="21+: checkout asks for an age confirmation and the order an ID check.",
    )
    shippable = models.BooleanField(
        default=True, help_text="Off: products of this category can only be picked up or delivered."
    )
    # California's excise on electronic cigarettes and their liquids (orders/pricing.py);
    # read by checkout on every order, like age_restricted.
    excise_tax = models.BooleanField(
        default=False,
        help_text="Nicotine vapes and liquids: checkout adds the excise tax "
        "(a product marked exempt, e.g. 0 mg, is not taxed).",
    )

    # Regulatory defaults of its products (shop/regulatory.py; a product or type may set
    # its own). Read by the compliance rules on every check, never cached.
    nicotine_mg = models.DecimalField(
        "nicotine (mg)", max_digits=6, decimal_places=2, default=Decimal(0)
    )
    flavoured = models.BooleanField(default=False)
    utl_entry = models.CharField(
        "Unflavored Tobacco List entry",
        max_length=200,
        blank=True,
        help_text="Brand and style as listed by the Attorney General; empty: not listed.",
    )
    kratom = models.BooleanField("kratom or 7-OH", default=False)
    n2o = models.BooleanField("N2O", default=False)
    inhalable = models.BooleanField(default=False)
    thc_detectable = models.BooleanField("THC detectable", default=False)
    alcohol = models.BooleanField(default=False)

    class Meta:
        ordering = ["position", "id"]
        verbose_name_plural = "categories"

    def __str__(self) -> str:
        return self.name


class OwnRegulatory(models.Model):
    """A product's or a type's own regulatory attributes (shop/regulatory.py). Null: the
    layer above applies (a product's category, a type's product)."""

    nicotine_mg = models.DecimalField(
        "nicotine (mg)", max_digits=6, decimal_places=2, null=True, blank=True
    )
    flavoured = models.BooleanField(null=True, blank=True)
    utl_entry = models.CharField(
        "Unflavored Tobacco List entry", max_length=200, null=True, blank=True
    )
    kratom = models.BooleanField("kratom or 7-OH", null=True, blank=True)
    n2o = models.BooleanField("N2O", null=True, blank=True)
    inhalable = models.BooleanField(null=True, blank=True)
    thc_detectable = models.BooleanField("THC detectable", null=True, blank=True)
    alcohol = models.BooleanField(null=True, blank=True)

    class Meta:
        abstract = True


class Product(OwnRegulatory):
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    # Null means "Price not set": shown, but cannot be ordered.
    price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # The "compare at" price shown struck through beside `price` (a sale); null: not on sale.
    compare_at_price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    availability = models.BooleanField(default=True)
    category = models.ForeignKey(Category, on_delete=models.PROTECT, related_name="products")
    # In an excise category but without nicotine (0 mg): the excise does not apply.
    excise_exempt = models.BooleanField(default=False)
    # Units still available: checkout takes units out, a cancelled order puts them back.
    quantity = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Bumped in the same transaction by every write that changes this product's answer
    # (shop.versioning); the ETag of its answers.
    version = models.PositiveIntegerField(default=1)
    # Whether a checkout would sell a unit now (shop/stock.py `sellable_now`, the one rule),
    # stored by every service that writes stock, availability, price or types
    # (`sellable_refresh`), for the list's inStock=1: the rule over every product's types
    # at every list cost 15x to 28x a list page at 100,000 products (docs/performance.md).
    sellable = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="product_newest"),
            models.Index(fields=["category", "-created_at", "-id"], name="product_category_newest"),
            # The in-stock list's page and count read only this index.
            models.Index(
                fields=["-created_at", "-id"],
                condition=Q(sellable=True),
                name="product_sellable_newest",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=0), name="product_quantity_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(price__isnull=True) | Q(price__gte=0), name="product_price_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # `version` only ever moves by an UPDATE ... version + 1 (shop.versioning), and
        # `sellable` by shop.stock.sellable_refresh; a save of a row loaded earlier (the
        # admin's forms) must not write back an older value.
        adding = self._state.adding
        if not adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in ("version", "sellable")
            ]
        super().save(*args, **kwargs)
        if adding:
            # A new product's name words, for the search's typos, however it is created
            # (the services, fixtures); a rename records them in `product_update`.
            # Imported here: shop.search imports this module.
            from shop.search import record_words

            record_words([self.name])


class SearchWord(models.Model):
    """A word of a product name, or two neighbouring ones ("geek bar"; shop/search.py
    `record_words`), recorded when a product is created (`Product.save`), renamed
    (`product_update`) or bulk-imported, never removed: a word no name holds any more only
    gives a candidate the rule drops. Numbers are left out (they forgive no typo). On
    PostgreSQL the search looks its typos and words typed together up here, among the
    catalog's distinct words, rather than over every product row near them; on both, a
    search that finds nothing takes its suggestions' words from here."""

    # Text: a name of 200 letters may have a longer word in small letters ("İ" is two).
    word = models.TextField(unique=True)

    def __str__(self) -> str:
        return self.word


class ProductType(OwnRegulatory):
    """A variant (flavour, size, colour) with its own stock and optionally its own price."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="types")
    name = models.CharField(max_length=120)
    # Null: the product's price applies.
    price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # Null: the product's compare-at price applies when the type has no price of its own.
    compare_at_price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    availability = models.BooleanField(default=True)
    quantity = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=0), name="product_type_quantity_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(price__isnull=True) | Q(price__gte=0),
                name="product_type_price_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product.name} - {self.name}" if self.product_id else self.name

    @property
    def effective_price(self) -> Decimal | None:
        return self.price if self.price is not None else self.product.price

    @property
    def effective_compare_at_price(self) -> Decimal | None:
        if self.compare_at_price is not None:
            return self.compare_at_price
        return self.product.compare_at_price if self.price is None else None


class ProductImage(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="images")
    # Storage names (see common.images); URLs are made from them when serialized.
    path = models.CharField(max_length=300)
    thumbnail_path = models.CharField(max_length=300, blank=True)
    # The files' real widths in px (null: not known), served so a srcset labels each truthfully.
    width = models.PositiveIntegerField(null=True, blank=True, editable=False)
    thumbnail_width = models.PositiveIntegerField(null=True, blank=True, editable=False)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.path


class LowStockDigest(models.Model):
    """One row per day the low-stock digest was queued, written in the transaction that queues
    it: a second run that day, on this server or another, finds the row and sends nothing."""

    day = models.DateField(primary_key=True)
    queued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"low-stock digest of {self.day}"


class StockReason(models.TextChoices):
    """Why a stock figure moved (StockMove.reason)."""

    OPENING = "opening", "Opening balance"
    SALE = "sale", "Sale"
    CANCEL = "cancel", "Order cancelled"
    HOLD_EXPIRED = "hold_expired", "Hold expired"
    ADMIN_EDIT = "admin_edit", "Admin edit"
    CREATED = "created", "Added to the catalog"
    IMPORT = "import", "Import"
    DELETED = "deleted", "Deleted from the catalog"
    CORRECTION = "correction", "Audit correction"
    ADJUSTED = "order_adjusted", "Order adjusted"


class StockMove(models.Model):
    """One change of a product's own stock or of a type's stock, written in the transaction
    and under the row lock of the change itself (shop.stock.record_moves), so the moves of a
    figure add up to it (`manage.py stock_audit`).

    The ledger outlives the catalog: product and type are kept as ids without a database
    constraint (a deleted product's moves stay, ending with its "deleted" move), and the
    names are copied as they were at the move."""

    product = models.ForeignKey(
        Product,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    product_type = models.ForeignKey(
        ProductType,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
    )
    product_name = models.CharField(max_length=200)
    type_name = models.CharField(max_length=120, blank=True)
    delta = models.IntegerField()
    balance_after = models.PositiveIntegerField()
    reason = models.CharField(max_length=20, choices=StockReason.choices)
    # The order's number for a sale, a cancel or an expired hold (orders are never deleted).
    order_id = models.PositiveIntegerField(null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["product", "-created_at", "-id"], name="stock_move_product_newest"
            ),
            models.Index(fields=["product_type", "-id"], name="stock_move_type_newest"),
        ]

    def __str__(self) -> str:
        label = f"{self.product_name} - {self.type_name}" if self.type_name else self.product_name
        return f"{label}: {self.delta:+d} -> {self.balance_after} ({self.get_reason_display()})"
