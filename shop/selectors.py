"""Every read of the catalog. Querysets carry their own select_related/prefetch_related so a
page of products costs the same few queries whatever its size, types or images."""

from django.db.models import Prefetch, Q

from common.errors import BadRequest, NotFound
from shop.models import Category, Product, ProductImage, ProductType

PRODUCT_NOT_FOUND = "Product not found"
# Longer than any product name a shopper would type; a longer text is a mistake or a probe,
# and refusing it keeps a trigram search from building a pattern of thousands of characters.
MAX_SEARCH_LENGTH = 200
SEARCH_TOO_LONG = f"Search must be at most {MAX_SEARCH_LENGTH} characters"


def category_list():
    return Category.objects.order_by("position", "id")


def _with_details(queryset):
    return queryset.select_related("category").prefetch_related(
        Prefetch("types", queryset=ProductType.objects.order_by("id")),
        Prefetch("images", queryset=ProductImage.objects.order_by("position", "id")),
    )


def product_list(*, category=None, search=None):
    """Newest first, ties by id (stable pages). `search` matches name or description,
    case-insensitively; the ORM escapes %, _ and quotes. On PostgreSQL the trigram GIN
    indexes of migration 0003 serve UPPER(col) LIKE UPPER('%...%')."""
    products = Product.objects.all()
    if category:
        products = products.filter(category_id=category)
    search = (search or "").strip()
    if len(search) > MAX_SEARCH_LENGTH:
        raise BadRequest(SEARCH_TOO_LONG, errors={"search": [SEARCH_TOO_LONG]})
    if search:
        products = products.filter(Q(name__icontains=search) | Q(description__icontains=search))
    return _with_details(products).order_by("-created_at", "-id")


def product_get(*, product_id):
    product = _with_details(Product.objects.filter(pk=product_id)).first()
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def product_types(*, product_id):
    if not Product.objects.filter(pk=product_id).exists():
        raise NotFound(PRODUCT_NOT_FOUND)
    return ProductType.objects.filter(product_id=product_id).order_by("id")


def image_path_in_use(path):
    """Stored names are content hashes, so two products can share one file."""
    return ProductImage.objects.filter(Q(path=path) | Q(thumbnail_path=path)).exists()
