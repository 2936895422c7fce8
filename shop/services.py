"""Every write to the catalog. Other apps (orders) call these, never the models."""

import logging
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import F

from common.errors import BadRequest, Conflict, NotFound
from common.images import delete_stored, store_image, url_for
from shop.models import Product, ProductImage, ProductType
from shop.selectors import PRODUCT_NOT_FOUND, image_path_in_use, product_get

logger = logging.getLogger("shop.catalog")

CART_ITEMS_GONE = "Some items in your cart are no longer available. Please review your cart."


@dataclass(frozen=True)
class StockLine:
    product_id: int
    type_id: int | None
    quantity: int


@dataclass(frozen=True)
class ReservedLine:
    product_id: int
    type_id: int | None
    product_name: str
    type_name: str
    unit_price: Decimal
    quantity: int


def _label(product, product_type):
    return f"{product.name} - {product_type.name}" if product_type else product.name


def stock_reserve(*, lines):
    """Take `lines` (StockLine) out of stock; return ReservedLine copies with prices.

    Must run inside the caller's transaction.atomic. Rows are locked products first, then
    types, each in id order, so two checkouts (or a checkout and a cancel) never deadlock.
    Raises BadRequest for unknown items and Conflict for unavailable, unpriced or
    short items; the caller's transaction then rolls back and nothing changes.
    """
    product_ids = sorted({line.product_id for line in lines})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    products = {p.pk: p for p in Product.objects.select_for_update().filter(pk__in=product_ids).order_by("pk")}
    types = {t.pk: t for t in ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk")}

    wanted = defaultdict(int)
    for line in lines:
        product = products.get(line.product_id)
        product_type = types.get(line.type_id) if line.type_id is not None else None
        if product is None or (line.type_id is not None and (product_type is None or product_type.product_id != product.pk)):
            raise BadRequest(CART_ITEMS_GONE)
        wanted[(line.product_id, line.type_id)] += line.quantity

    reserved = []
    for (product_id, type_id), quantity in wanted.items():
        product = products[product_id]
        product_type = types.get(type_id)
        label = _label(product, product_type)
        if not product.availability or (product_type is not None and not product_type.availability):
            raise Conflict(f"{label} is no longer available. Please remove it from your cart.")
        unit_price = product_type.effective_price if product_type is not None else product.price
        if unit_price is None:
            raise Conflict(f"{label} has no price yet and cannot be ordered.")
        stock = product_type.quantity if product_type is not None else product.quantity
        if quantity > stock:
            raise Conflict(f"Only {stock} items available in stock for {label}")
        reserved.append(
            ReservedLine(
                product_id=product_id,
                type_id=type_id,
                product_name=product.name,
                type_name=product_type.name if product_type else "",
                unit_price=unit_price,
                quantity=quantity,
            )
        )

    for line in reserved:
        if line.type_id is not None:
            ProductType.objects.filter(pk=line.type_id).update(quantity=F("quantity") - line.quantity)
        else:
            Product.objects.filter(pk=line.product_id).update(quantity=F("quantity") - line.quantity)
    return reserved


def stock_release(*, lines):
    """Put `lines` (StockLine) back in stock, e.g. when an order is cancelled. Items deleted
    from the catalog since are skipped. Must run inside the caller's transaction; locks in
    the same order as stock_reserve."""
    product_ids = sorted({line.product_id for line in lines if line.type_id is None})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    list(Product.objects.select_for_update().filter(pk__in=product_ids).order_by("pk").values_list("pk", flat=True))
    list(ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk").values_list("pk", flat=True))
    for line in lines:
        if line.type_id is not None:
            ProductType.objects.filter(pk=line.type_id).update(quantity=F("quantity") + line.quantity)
        else:
            Product.objects.filter(pk=line.product_id).update(quantity=F("quantity") + line.quantity)


# --- Products, images and types (admin writes) ---------------------------------------
# Uploads are checked and re-encoded before the transaction (CPU work holds no row lock);
# if the transaction then fails they are removed again, and files a committed change no
# longer uses are removed only after the commit, so a rollback never loses a picture.

MAX_IMAGES = 5
PRODUCT_FOLDER = "products"
PRODUCT_MAX_SIDE = 1600
TOO_MANY_IMAGES = f"A product can have at most {MAX_IMAGES} images."
TYPE_NOT_FOUND = "Product type not found"
PRODUCT_FIELDS = {"name", "description", "price", "availability", "category", "quantity"}
TYPE_FIELDS = {"name", "price", "availability", "quantity"}


def _discard_unused(paths):
    for path in set(filter(None, paths)):
        if image_path_in_use(path):
            continue
        try:
            delete_stored(path)
        except Exception:  # a storage hiccup must not turn a committed change into a 500
            logger.exception("could not delete stored image", extra={"path": path})


def _release_after_commit(paths):
    paths = list(paths)
    if paths:
        transaction.on_commit(lambda: _discard_unused(paths))


def _store_uploads(uploads):
    stored = []
    try:
        for upload in uploads:
            stored.append(store_image(upload, folder=PRODUCT_FOLDER, max_side=PRODUCT_MAX_SIDE))
    except Exception:
        _discard_unused(_paths_of(stored))
        raise
    return stored


def _paths_of(rows):
    # StoredImage and ProductImage both name their files `path` and `thumbnail_path`.
    return [p for row in rows for p in (row.path, row.thumbnail_path)]


def _check_image_count(count):
    if count > MAX_IMAGES:
        raise BadRequest(TOO_MANY_IMAGES, errors={"images": [TOO_MANY_IMAGES]})


def _locked_product(product_id):
    product = Product.objects.select_for_update().filter(pk=product_id).first()
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def _add_images(product, stored, start):
    ProductImage.objects.bulk_create(
        ProductImage(product=product, path=item.path, thumbnail_path=item.thumbnail_path or "", position=start + i)
        for i, item in enumerate(stored)
    )


def _resolve_images(product_id, references, field):
    """Map image references (URLs as in `images`, or stored names) to this product's
    ProductImage rows, keeping their order. Anything else, `../` included, is a 400."""
    images = list(ProductImage.objects.filter(product_id=product_id).order_by("position", "id"))
    by_reference = {}
    for image in images:
        by_reference[image.path] = image
        by_reference[url_for(image.path)] = image
    unknown = [ref for ref in references if ref not in by_reference]
    if unknown:
        message = f"Not an image of this product: {unknown[0]}"
        raise BadRequest(message, errors={field: [message]})
    chosen = list({by_reference[ref].pk: by_reference[ref] for ref in references}.values())
    return images, chosen


def _run_with_uploads(stored, write):
    try:
        with transaction.atomic():
            return write()
    except Exception:
        _discard_unused(_paths_of(stored))
        raise


def product_create(*, name, category, description="", price=None, availability=True, quantity=0, uploads=()):
    _check_image_count(len(uploads))
    stored = _store_uploads(uploads)

    def write():
        product = Product.objects.create(
            name=name, description=description, price=price, availability=availability,
            category_id=category, quantity=quantity,
        )
        _add_images(product, stored, start=0)
        return product

    product = _run_with_uploads(stored, write)
    logger.info("product created", extra={"product_id": product.pk, "images": len(stored)})
    return product_get(product_id=product.pk)


def product_update(*, product_id, existing_images=None, uploads=(), **changes):
    """Change the fields given; others stay. `existing_images` (None = keep all) lists the
    images to keep, in the order to show them; new uploads go after them."""
    unknown = set(changes) - PRODUCT_FIELDS
    if unknown:
        raise TypeError(f"product_update() got unexpected fields {sorted(unknown)}")
    product_get(product_id=product_id)  # 404 before any upload is processed
    current, kept = _resolve_images(product_id, existing_images or [], "existingImages")
    if existing_images is None:
        kept = current
    _check_image_count(len(kept) + len(uploads))
    stored = _store_uploads(uploads)

    def write():
        product = _locked_product(product_id)
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
        for field, value in changes.items():
            setattr(product, "category_id" if field == "category" else field, value)
        product.save()
        _release_after_commit(_paths_of(dropped))
        return product

    _run_with_uploads(stored, write)
    logger.info("product updated", extra={"product_id": product_id, "fields": sorted(changes)})
    return product_get(product_id=product_id)


def product_delete(*, product_id):
    with transaction.atomic():
        product = _locked_product(product_id)
        images = list(product.images.all())
        product.delete()
        _release_after_commit(_paths_of(images))
    logger.info("product deleted", extra={"product_id": product_id})


def product_images_delete(*, product_id, image_paths):
    """Remove the named images (all or none) and, after the commit, their files."""
    if not image_paths:
        message = "imagePaths must name at least one image."
        raise BadRequest(message, errors={"imagePaths": [message]})
    with transaction.atomic():
        product = _locked_product(product_id)
        current, doomed = _resolve_images(product_id, image_paths, "imagePaths")
        ProductImage.objects.filter(pk__in=[image.pk for image in doomed]).delete()
        remaining = [image for image in current if image not in doomed]
        for position, image in enumerate(remaining):
            if image.position != position:
                ProductImage.objects.filter(pk=image.pk).update(position=position)
        product.save(update_fields=["updated_at"])
        _release_after_commit(_paths_of(doomed))
    logger.info("product images deleted", extra={"product_id": product_id, "count": len(doomed)})
    return product_get(product_id=product_id)


def product_type_create(*, product_id, name, price=None, availability=True, quantity=0):
    with transaction.atomic():
        product = _locked_product(product_id)
        product_type = ProductType.objects.create(
            product=product, name=name, price=price, availability=availability, quantity=quantity
        )
        product.save(update_fields=["updated_at"])
    return product_type


def _locked_type(product_id, type_id):
    product = _locked_product(product_id)
    product_type = ProductType.objects.select_for_update().filter(pk=type_id, product_id=product_id).first()
    if product_type is None:
        raise NotFound(TYPE_NOT_FOUND)
    return product, product_type


def product_type_update(*, product_id, type_id, **changes):
    unknown = set(changes) - TYPE_FIELDS
    if unknown:
        raise TypeError(f"product_type_update() got unexpected fields {sorted(unknown)}")
    with transaction.atomic():
        product, product_type = _locked_type(product_id, type_id)
        for field, value in changes.items():
            setattr(product_type, field, value)
        product_type.save()
        product.save(update_fields=["updated_at"])
    return product_type


def product_type_delete(*, product_id, type_id):
    with transaction.atomic():
        product, product_type = _locked_type(product_id, type_id)
        product_type.delete()
        product.save(update_fields=["updated_at"])
