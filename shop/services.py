"""Every admin write to the catalog: products, their images and types, categories. Stock taken
and given back by orders is in shop/stock.py. Other apps call these, never the models."""

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeVar

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from activity.services import activity_record_created
from common.errors import InvalidInput, NotFound
from common.images import StoredImage, store_image, url_for
from common.services import model_update, unknown_fields_check
from common.storedfiles import delete_after_commit, store_each, written_or_discarded
from shop.models import (
    Product,
    ProductImage,
    ProductType,
    StockReason,
)
from shop.preconditions import check_if_match, types_stock_changes
from shop.product_types import TYPE_NOT_FOUND, product_types_reconcile
from shop.regulatory import FIELDS as REGULATORY_FIELDS
from shop.search import record_words
from shop.selectors import PRODUCT_NOT_FOUND, image_path_in_use, product_get
from shop.stock import Why, ledger_move, ledger_write, sellable_refresh
from shop.versioning import catalog_changed, products_changed

if TYPE_CHECKING:
    from accounts.models import User

logger = logging.getLogger("shop.catalog")

# Uploads follow the stored-file lifecycle of common/storedfiles.py: stored before the
# transaction, removed again if it fails, and files no longer used removed after the commit.

MAX_IMAGES = 5
PRODUCT_FOLDER = "products"
PRODUCT_MAX_SIDE = 1600
TOO_MANY_IMAGES = f"A product can have at most {MAX_IMAGES} images."
PRODUCT_FIELDS = {
    "name",
    "description",
    "price",
    "compare_at_price",
    "availability",
    "category",
    "quantity",
    "excise_exempt",
    *REGULATORY_FIELDS,
}
TYPE_FIELDS = {"name", "price", "compare_at_price", "availability", "quantity", *REGULATORY_FIELDS}
COMPARE_AT_NOT_ABOVE = (
    "The compare-at price must be more than the price (it is the price before the sale)."
)

T = TypeVar("T")
# A product's types as the form sends them (shop/product_types.py).
TypeItems = Sequence[Mapping[str, Any]]


def _store_uploads(uploads: Sequence[UploadedFile]) -> list[StoredImage]:
    return store_each(
        uploads,
        lambda upload: store_image(upload, folder=PRODUCT_FOLDER, max_side=PRODUCT_MAX_SIDE),
        in_use=image_path_in_use,
        paths_of=_paths_of,
    )


def _paths_of(rows: Iterable[StoredImage | ProductImage]) -> list[str | None]:
    # StoredImage and ProductImage both name their files `path` and `thumbnail_path`.
    return [p for row in rows for p in (row.path, row.thumbnail_path)]


def _check_image_count(count: int) -> None:
    if count > MAX_IMAGES:
        raise InvalidInput(TOO_MANY_IMAGES, errors={"images": [TOO_MANY_IMAGES]})


def _locked_product(product_id: int) -> Product:
    product = Product.objects.select_for_update().filter(pk=product_id).first()
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def _add_images(product: Product, stored: Sequence[StoredImage], start: int) -> None:
    rows = ProductImage.objects.bulk_create(
        ProductImage(
            product=product,
            path=item.path,
            thumbnail_path=item.thumbnail_path or "",
            width=item.width,
            thumbnail_width=item.thumbnail_width,
            position=start + i,
        )
        for i, item in enumerate(stored)
    )
    # bulk_create sends no signal: the history records the added images itself.
    activity_record_created(rows)


def _resolve_images(
    product_id: int, references: Iterable[str], field: str
) -> tuple[list[ProductImage], list[ProductImage]]:
    """Map image references (URLs as in `images`, or stored names) to this product's
    ProductImage rows, keeping their order. Anything else, `../` included, is a 400."""
    images = list(ProductImage.objects.filter(product_id=product_id).order_by("position", "id"))
    by_reference: dict[str, ProductImage] = {}
    for image in images:
        by_reference[image.path] = image
        by_reference[url_for(image.path)] = image
    unknown = [ref for ref in references if ref not in by_reference]
    if unknown:
        message = f"Not an image of this product: {unknown[0]}"
        raise InvalidInput(message, errors={field: [message]})
    chosen = list({by_reference[ref].pk: by_reference[ref] for ref in references}.values())
    return images, chosen


def _stock_moved(
    product: Product, product_type: ProductType | None, *, before: int, why: Why
) -> None:
    """The ledger row of a figure an admin's write set: `before` as read under the row
    lock, the figure now on the (saved) row."""
    after = product_type.quantity if product_type is not None else product.quantity
    ledger_write(
        [
            ledger_move(
                product=product, product_type=product_type, before=before, after=after, why=why
            )
        ]
    )


def _stock_deleted(product: Product, product_types: Iterable[ProductType], why: Why) -> None:
    """A deleted product's or type's units leave the books: each figure's last move takes it
    to 0, so the ledger of what is gone still adds up."""
    moves = [
        ledger_move(product=product, product_type=None, before=product.quantity, after=0, why=why)
    ]
    for product_type in product_types:
        moves.append(
            ledger_move(
                product=product,
                product_type=product_type,
                before=product_type.quantity,
                after=0,
                why=why,
            )
        )
    ledger_write(moves)


def _run_with_uploads(stored: Sequence[StoredImage], write: Callable[[], T]) -> T:
    with written_or_discarded(_paths_of(stored), in_use=image_path_in_use):
        return write()


def _release_after_commit(paths: Sequence[str | None]) -> None:
    delete_after_commit(paths, in_use=image_path_in_use)


def compare_at_check(product: Product, *types: ProductType) -> None:
    """A compare-at price (a sale's struck-through one) is above the price it is shown
    beside: a product's above its price, a type's above its own price or, without one, its
    product's. Checked in the writer's transaction, after the write: a refusal rolls it back."""
    rows: list[tuple[Decimal | None, Decimal | None]] = [(product.compare_at_price, product.price)]
    rows += [(t.compare_at_price, t.price if t.price is not None else product.price) for t in types]
    for compare_at, price in rows:
        if compare_at is not None and (price is None or compare_at <= price):
            raise InvalidInput(
                COMPARE_AT_NOT_ABOVE, errors={"compareAtPrice": [COMPARE_AT_NOT_ABOVE]}
            )


def product_create(
    *,
    name: str,
    category: str,
    description: str = "",
    price: Decimal | None = None,
    compare_at_price: Decimal | None = None,
    excise_exempt: bool = False,
    availability: bool = True,
    quantity: int = 0,
    uploads: Sequence[UploadedFile] = (),
    types: TypeItems | None = None,
    actor: "User | None" = None,
    stock_reason: StockReason = StockReason.CREATED,
    stock_note: str = "",
    **regulatory: Any,
) -> Product:
    """`types` (optional): the product's types, created in the same transaction. The
    ledger records the first stock figures with `stock_reason` (an import says so), who
    and `stock_note`. `regulatory`: the product's own attributes (shop/regulatory.py)."""
    unknown_fields_check("product_create", regulatory, REGULATORY_FIELDS)
    why = Why(reason=stock_reason, actor=actor, note=stock_note)
    _check_image_count(len(uploads))
    stored = _store_uploads(uploads)

    def write() -> Product:
        product = Product.objects.create(
            name=name,
            description=description,
            price=price,
            compare_at_price=compare_at_price,
            excise_exempt=excise_exempt,
            availability=availability,
            category_id=category,
            quantity=quantity,
            **regulatory,
        )
        compare_at_check(product)
        _stock_moved(product, None, before=0, why=why)
        _add_images(product, stored, start=0)
        if types is not None:
            product_types_reconcile(product=product, types=types, why=why)
        sellable_refresh([product.pk])
        catalog_changed()  # a new product starts at version 1
        return product

    product = _run_with_uploads(stored, write)
    logger.info("product created", extra={"product_id": product.pk, "images": len(stored)})
    return product_get(product_id=product.pk)


def product_update(
    *,
    product_id: int,
    existing_images: Sequence[str] | None = None,
    uploads: Sequence[UploadedFile] = (),
    types: TypeItems | None = None,
    if_match: Sequence[str] | None = None,
    actor: "User | None" = None,
    **changes: Any,
) -> Product:
    """Change the fields given; others stay. `existing_images` (None = keep all) lists the
    images to keep, in the order to show them; new uploads go after them. `types` (None = leave
    them) is the full list of the product's types, reconciled in the same transaction.
    `if_match` (the If-Match ETags, None = no header) is checked under the row lock
    (shop.preconditions). A stock figure set is an admin edit in the ledger, by `actor`."""
    unknown_fields_check("product_update", changes, PRODUCT_FIELDS)
    why = Why(reason=StockReason.ADMIN_EDIT, actor=actor)
    product_get(product_id=product_id)  # 404 before any upload is processed
    current, kept = _resolve_images(product_id, existing_images or [], "existingImages")
    if existing_images is None:
        kept = current
    _check_image_count(len(kept) + len(uploads))
    stored = _store_uploads(uploads)

    def write() -> Product:
        product = _locked_product(product_id)
        moved = changes.get("quantity", product.quantity) != product.quantity
        check_if_match(
            product, if_match, changes_stock=moved or types_stock_changes(product, types)
        )
        # Checked again under the lock: another admin may have changed the images meanwhile.
        keep = [image.path for image in kept] if existing_images is not None else None
        now_current, now_kept = _resolve_images(product_id, keep or [], "existingImages")
        if keep is None:
            now_kept = now_current
        _check_image_count(len(now_kept) + len(stored))
        dropped = [image for image in now_current if image.pk not in {k.pk for k in now_kept}]
        ProductImage.objects.filter(pk__in=[image.pk for image in dropped]).delete()
        for position, image in enumerate(now_kept):
            if image.position != position:
                ProductImage.objects.filter(pk=image.pk).update(position=position)
        _add_images(product, stored, start=len(now_kept))
        before = product.quantity
        if not model_update(product, data=changes, attribute_names={"category": "category_id"}):
            # Its images or types may have changed: updated_at moves with every write.
            product.save(update_fields=["updated_at"])
        compare_at_check(product)
        if "name" in changes:
            record_words([product.name])  # for the search's typos
        _stock_moved(product, None, before=before, why=why)
        if types is not None:
            product_types_reconcile(product=product, types=types, why=why)
        sellable_refresh([product.pk])
        products_changed(product.pk)
        _release_after_commit(_paths_of(dropped))
        return product

    _run_with_uploads(stored, write)
    logger.info("product updated", extra={"product_id": product_id, "fields": sorted(changes)})
    return product_get(product_id=product_id)


def product_delete(
    *, product_id: int, if_match: Sequence[str] | None = None, actor: "User | None" = None
) -> None:
    """The ledger keeps the product's moves, ending with a "deleted" move per figure. Its
    types' figures are read under the product's lock, which every stock writer takes first."""
    with transaction.atomic():
        product = _locked_product(product_id)
        check_if_match(product, if_match)
        images = list(product.images.all())
        _stock_deleted(product, product.types.order_by("pk"), Why(StockReason.DELETED, actor=actor))
        product.delete()
        catalog_changed()
        _release_after_commit(_paths_of(images))
    logger.info("product deleted", extra={"product_id": product_id})


def product_images_delete(*, product_id: int, image_paths: Sequence[str]) -> Product:
    """Remove the named images (all or none) and, after the commit, their files."""
    if not image_paths:
        message = "imagePaths must name at least one image."
        raise InvalidInput(message, errors={"imagePaths": [message]})
    with transaction.atomic():
        product = _locked_product(product_id)
        current, doomed = _resolve_images(product_id, image_paths, "imagePaths")
        ProductImage.objects.filter(pk__in=[image.pk for image in doomed]).delete()
        remaining = [image for image in current if image not in doomed]
        for position, image in enumerate(remaining):
            if image.position != position:
                ProductImage.objects.filter(pk=image.pk).update(position=position)
        product.save(update_fields=["updated_at"])
        products_changed(product.pk)
        _release_after_commit(_paths_of(doomed))
    logger.info("product images deleted", extra={"product_id": product_id, "count": len(doomed)})
    return product_get(product_id=product_id)


def product_type_create(
    *,
    product_id: int,
    name: str,
    price: Decimal | None = None,
    compare_at_price: Decimal | None = None,
    availability: bool = True,
    quantity: int = 0,
    actor: "User | None" = None,
    **regulatory: Any,
) -> ProductType:
    """`regulatory`: the type's own attributes (shop/regulatory.py)."""
    unknown_fields_check("product_type_create", regulatory, REGULATORY_FIELDS)
    with transaction.atomic():
        product = _locked_product(product_id)
        product_type = ProductType.objects.create(
            product=product,
            name=name,
            price=price,
            compare_at_price=compare_at_price,
            availability=availability,
            quantity=quantity,
            **regulatory,
        )
        compare_at_check(product, product_type)
        _stock_moved(product, product_type, before=0, why=Why(StockReason.CREATED, actor=actor))
        product.save(update_fields=["updated_at"])
        sellable_refresh([product.pk])
        products_changed(product.pk)
    return product_type


def _locked_type(product_id: int, type_id: int) -> tuple[Product, ProductType]:
    product = _locked_product(product_id)
    product_type = (
        ProductType.objects.select_for_update().filter(pk=type_id, product_id=product_id).first()
    )
    if product_type is None:
        raise NotFound(TYPE_NOT_FOUND)
    return product, product_type


def product_type_update(
    *,
    product_id: int,
    type_id: int,
    if_match: Sequence[str] | None = None,
    actor: "User | None" = None,
    **changes: Any,
) -> ProductType:
    unknown_fields_check("product_type_update", changes, TYPE_FIELDS)
    with transaction.atomic():
        product, product_type = _locked_type(product_id, type_id)
        before = product_type.quantity
        check_if_match(
            product,
            if_match,
            changes_stock=changes.get("quantity", before) != before,
        )
        model_update(product_type, data=changes)
        compare_at_check(product, product_type)
        _stock_moved(
            product, product_type, before=before, why=Why(StockReason.ADMIN_EDIT, actor=actor)
        )
        product.save(update_fields=["updated_at"])
        sellable_refresh([product.pk])
        products_changed(product.pk)
    return product_type


def product_type_delete(
    *,
    product_id: int,
    type_id: int,
    if_match: Sequence[str] | None = None,
    actor: "User | None" = None,
) -> None:
    with transaction.atomic():
        product, product_type = _locked_type(product_id, type_id)
        check_if_match(product, if_match)
        ledger_write(
            [
                ledger_move(
                    product=product,
                    product_type=product_type,
                    before=product_type.quantity,
                    after=0,
                    why=Why(StockReason.DELETED, actor=actor),
                )
            ]
        )
        product_type.delete()
        product.save(update_fields=["updated_at"])
        sellable_refresh([product.pk])
        products_changed(product.pk)
