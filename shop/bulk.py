"""Many believable products fast (bulk_create), for benchmarks and load tests.

Images are a handful of generated pictures stored once through common.images and shared by
every bulk product (stored names are content hashes; deleting one product keeps a file
another product still uses)."""

import io
import random
from collections.abc import Iterable
from decimal import Decimal
from operator import attrgetter

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from PIL import Image, ImageDraw

from common.images import StoredImage, store_image
from shop.categories import CATEGORIES
from shop.models import Product, ProductImage, ProductType, StockReason
from shop.search import record_words
from shop.services import PRODUCT_FOLDER, PRODUCT_MAX_SIDE
from shop.stock import Why, ledger_move, ledger_write, sellable_refresh
from shop.versioning import catalog_changed

ADJECTIVES = [
    "Classic",
    "Frosty",
    "Golden",
    "Midnight",
    "Tropical",
    "Velvet",
    "Wild",
    "Crisp",
    "Royal",
    "Smooth",
    "Electric",
    "Silver",
    "Sunset",
    "Arctic",
    "Rustic",
    "Neon",
]
NOUNS = [
    "Mango",
    "Berry",
    "Mint",
    "Citrus",
    "Vanilla",
    "Cherry",
    "Melon",
    "Peach",
    "Grape",
    "Cola",
    "Coffee",
    "Lychee",
    "Apple",
    "Guava",
    "Kiwi",
    "Honey",
]
KINDS = ["Blast", "Cloud", "Pod", "Kit", "Pack", "Edition", "Bundle", "Series", "Reserve", "Mix"]
TYPE_NAMES = [
    "Small",
    "Medium",
    "Large",
    "Mint",
    "Original",
    "Ice",
    "Double",
    "Light",
    "Strong",
    "Mini",
]
BATCH = 2000
POOL_SIZE = 4


def _picture(seed: int) -> SimpleUploadedFile:
    rng = random.Random(seed)
    colour = tuple(rng.randrange(40, 220) for _ in range(3))
    image = Image.new("RGB", (480, 480), colour)
    draw = ImageDraw.Draw(image)
    for _ in range(6):
        x, y, r = rng.randrange(480), rng.randrange(480), rng.randrange(30, 120)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return SimpleUploadedFile(f"bulk-{seed}.png", out.getvalue(), content_type="image/png")


def image_pool(size: int = POOL_SIZE) -> list[StoredImage]:
    return [
        store_image(_picture(i), folder=PRODUCT_FOLDER, max_side=PRODUCT_MAX_SIDE)
        for i in range(size)
    ]


def _image_row(product: Product, position: int, stored: StoredImage) -> ProductImage:
    return ProductImage(
        product=product,
        path=stored.path,
        thumbnail_path=stored.thumbnail_path or "",
        width=stored.width,
        thumbnail_width=stored.thumbnail_width,
        position=position,
    )


BULK = Why(StockReason.IMPORT, note="manage.py bulk_products")


def _opening_moves(products: list[Product], product_types: list[ProductType]) -> None:
    """The ledger's first move of each new figure, so `manage.py stock_audit` holds."""
    by_id = {product.pk: product for product in products}
    ledger_write(
        [
            ledger_move(product=p, product_type=None, before=0, after=p.quantity, why=BULK)
            for p in products
        ]
        + [
            ledger_move(
                product=by_id[t.product_id], product_type=t, before=0, after=t.quantity, why=BULK
            )
            for t in product_types
        ]
    )


def _ids(rows: Iterable[Product] | Iterable[ProductType]) -> list[int]:
    return [row.pk for row in rows]


def bulk_create_products(
    count: int, *, types: int = 5, images: int = 2, seed: int | None = None
) -> int:
    """Create `count` products, each with `types` types and `images` images; return how many.

    `seed` makes names, prices and stock repeatable (the same seed, the same catalog)."""
    rng = random.Random(seed)
    pool = image_pool() if images else []
    categories = [slug for slug, *_ in CATEGORIES]
    made = 0
    while made < count:
        size = min(BATCH, count - made)
        with transaction.atomic():
            products = Product.objects.bulk_create(
                Product(
                    name=f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} {rng.choice(KINDS)} {made + i + 1}",
                    description=f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS).lower()} flavour, "
                    f"{rng.choice(KINDS).lower()} size. Bulk item for benchmarks.",
                    price=None if rng.random() < 0.02 else Decimal(rng.randrange(199, 9999)) / 100,
                    availability=rng.random() > 0.05,
                    category_id=rng.choice(categories),
                    quantity=rng.randrange(0, 200),
                )
                for i in range(size)
            )
            product_types = ProductType.objects.bulk_create(
                ProductType(
                    product=product,
                    name=TYPE_NAMES[t % len(TYPE_NAMES)],
                    price=Decimal(rng.randrange(199, 9999)) / 100 if rng.random() < 0.3 else None,
                    availability=rng.random() > 0.1,
                    quantity=rng.randrange(0, 50),
                )
                for product in products
                for t in range(types)
            )
            ProductImage.objects.bulk_create(
                _image_row(product, n, pool[(product.pk + n) % len(pool)])
                for product in products
                for n in range(images)
            )
            _opening_moves(products, product_types)
            record_words(map(attrgetter("name"), products))  # bulk_create skips save()
            sellable_refresh(_ids(products))
            catalog_changed()  # new products start at version 1
        made += size
    return made
