"""Catalog endpoints: thin views over shop.selectors and shop.services."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    renderer_classes,
)
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import NotFound
from common.etags import etag_matches, json_answer, not_modified, with_etag
from common.pagination import page_params
from common.permissions import ReadForUsersWriteForAdmins
from common.renderers import ORJSONRenderer
from shop import readcache, selectors, services, versioning
from shop.preconditions import if_match_tags
from shop.serializers import (
    CategoryFlagsSerializer,
    CategorySerializer,
    ImagePathsSerializer,
    ProductFormSerializer,
    ProductPageSerializer,
    ProductSerializer,
    ProductTypeFormSerializer,
    ProductTypeSerializer,
)

PAGE_SIZE = 12
FORM_REQUEST = {
    "multipart/form-data": ProductFormSerializer,
    "application/x-www-form-urlencoded": ProductFormSerializer,
    "application/json": ProductFormSerializer,
}
NOT_FOUND = OpenApiResponse(description="Product not found")
BAD_INPUT = OpenApiResponse(description="Bad field: {message, errors}; nothing changes")
TOO_LARGE = OpenApiResponse(description="An image over 10 MB; nothing changes")
NO_TOKEN = OpenApiResponse(description="No or bad token")
NOT_ADMIN = OpenApiResponse(description="Signed in, but not an admin")
NOT_MODIFIED = OpenApiResponse(
    description="Not Modified: the `If-None-Match` header names the current `ETag`; no body"
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="An `ETag` from an earlier answer: 304 with no body while it is still current.",
)


IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description="The product's `ETag` as last read. Stale: 412 and nothing changes. Required "
    "(428) when the write changes a stock figure (`quantity`).",
)
STALE = OpenApiResponse(description="If-Match names an older version of the product")
IF_MATCH_NEEDED = OpenApiResponse(description="The stock would change and If-Match is missing")


def _type_response(product_id, product_type, status=status.HTTP_200_OK):
    """A type answer, with its product's ETag (a type is part of its product's version)."""
    version = versioning.product_version(product_id)
    return with_etag(
        Response(ProductTypeSerializer(product_type).data, status=status),
        versioning.product_etag(product_id, version),
    )


def product_response(product, status=status.HTTP_200_OK):
    """A product answer of a write, with the product's ETag (its version after the write)."""
    return with_etag(
        Response(ProductSerializer(product).data, status=status),
        versioning.product_etag(product.pk, product.version),
    )


def _product_values(validated):
    values = dict(validated)
    values["uploads"] = values.pop("images", None) or []
    if "existingImages" in values:
        values["existing_images"] = values.pop("existingImages")
    return values


@extend_schema(
    parameters=[IF_NONE_MATCH],
    responses={200: CategorySerializer(many=True), 304: NOT_MODIFIED},
    description="The 13 categories in display order. Public: no token needed. The `ETag` "
    "names the catalog version.",
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@renderer_classes([ORJSONRenderer])
def category_list(request):
    version = versioning.catalog_version()
    etag = versioning.catalog_etag(version)
    if etag_matches(request, etag):
        return not_modified(etag)
    return json_answer(*readcache.category_list_answer(version))


@extend_schema(
    request=CategoryFlagsSerializer,
    responses={
        200: CategorySerializer,
        400: BAD_INPUT,
        401: NO_TOKEN,
        403: NOT_ADMIN,
        404: OpenApiResponse(description="Category not found"),
    },
    description="Admin only. JSON `{ageRestricted?, shippable?}`: fields sent change, the others "
    "stay. `ageRestricted` makes checkout ask for `ageConfirmed` and marks orders for an ID "
    "check; `shippable: false` refuses standard shipping for the category's products. Checkout "
    "reads the flags on every order, so a change applies to the next checkout. Answers the "
    "category.",
)
@api_view(["PATCH"])
@permission_classes([IsAdminUser])
def category_flags(request, category_id):
    form = CategoryFlagsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    category = services.category_flags_update(
        category_id=category_id,
        age_restricted=form.validated_data.get("ageRestricted"),
        shippable=form.validated_data.get("shippable"),
    )
    return Response(CategorySerializer(category).data)


class ProductCollection(ReadForUsersWriteForAdmins, APIView):
    renderer_classes = [ORJSONRenderer]

    @extend_schema(
        operation_id="products_list",
        parameters=[
            OpenApiParameter(
                "page",
                int,
                description="From 1 (0 or text: 400). A page past the end is an empty page (200).",
            ),
            OpenApiParameter("limit", int, description="Default 12, capped at 100."),
            OpenApiParameter(
                "category", str, description="A category id; an unknown one gives an empty page."
            ),
            OpenApiParameter(
                "search",
                str,
                description="Case-insensitive match in name or description, taken literally (% and _ are "
                "not wildcards). Surrounding spaces are ignored; more than 200 characters is a 400. "
                "A search that matches nothing forgives typos: a word of 4-7 letters one edit, "
                "8 or more two, 3 or fewer none; fewest edits first (docs/api.md).",
            ),
            OpenApiParameter(
                "stock",
                str,
                enum=["low", "out"],
                description="Admins only (a customer gets 403): `out` = sold out (no units, or "
                "no type with units), `low` = in stock with LOW_STOCK_THRESHOLD units or fewer "
                "(a product's own quantity, or any of its types'). The threshold is in "
                "GET /api/shop/info as `lowStockThreshold`.",
            ),
            IF_NONE_MATCH,
        ],
        responses={
            200: ProductPageSerializer,
            304: NOT_MODIFIED,
            400: BAD_INPUT,
            401: NO_TOKEN,
            403: NOT_ADMIN,
        },
        description="A page of products, newest first, ties by id. The strong `ETag` names the "
        "catalog version, which every change to a product, type, image, stock or category moves; "
        "send it back in `If-None-Match` for a 304 while nothing changed.",
    )
    def get(self, request):
        page, limit = page_params(request, PAGE_SIZE)
        category = request.query_params.get("category") or ""
        search = selectors.clean_search(request.query_params.get("search"))
        stock = selectors.clean_stock_filter(request.query_params.get("stock"), user=request.user)
        version = versioning.catalog_version()
        etag = versioning.catalog_etag(version)
        if etag_matches(request, etag):
            return not_modified(etag)
        return json_answer(
            *readcache.product_list_answer(
                version, category=category, search=search, stock=stock, page=page, limit=limit
            )
        )

    @extend_schema(
        operation_id="products_create",
        request=FORM_REQUEST,
        responses={
            201: ProductSerializer,
            400: BAD_INPUT,
            401: NO_TOKEN,
            403: NOT_ADMIN,
            413: TOO_LARGE,
        },
        description="Multipart form. `name` and `category` are required; `availability` defaults to "
        "true, `quantity` to 0, `price` to null (an empty field is null). Up to 5 `images`: each "
        "is opened with Pillow (JPEG, PNG, WebP or GIF, else 400), 10 MB at most (413), rotated "
        "by EXIF, capped at 1600 px, re-encoded to WebP without metadata, with a 400 px thumbnail. "
        "Optional `types`: a JSON list of the product's types, created with it in one "
        "transaction. Any bad field, file or type: nothing is stored.",
    )
    def post(self, request):
        form = ProductFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        values = _product_values(form.validated_data)
        values.pop("existing_images", None)  # nothing to keep on a new product
        product = services.product_create(**values)
        return product_response(product, status=status.HTTP_201_CREATED)


class ProductDetail(ReadForUsersWriteForAdmins, APIView):
    renderer_classes = [ORJSONRenderer]

    @extend_schema(
        operation_id="products_retrieve",
        parameters=[IF_NONE_MATCH],
        responses={200: ProductSerializer, 304: NOT_MODIFIED, 401: NO_TOKEN, 404: NOT_FOUND},
        description="One product with its types and images. The strong `ETag` names the "
        "product's version, which every change to it (fields, types, images, stock, its "
        "category) moves.",
    )
    def get(self, request, pk):
        version = versioning.product_version(pk)
        if version is None:
            raise NotFound(selectors.PRODUCT_NOT_FOUND)
        etag = versioning.product_etag(pk, version)
        if etag_matches(request, etag):
            return not_modified(etag)
        return json_answer(*readcache.product_answer(pk, version))

    @extend_schema(
        operation_id="products_update",
        request=FORM_REQUEST,
        parameters=[IF_MATCH],
        responses={
            200: ProductSerializer,
            400: BAD_INPUT,
            401: NO_TOKEN,
            403: NOT_ADMIN,
            404: NOT_FOUND,
            412: STALE,
            413: TOO_LARGE,
            428: IF_MATCH_NEEDED,
        },
        description="Multipart form, same fields and rules as create, but every field is optional: "
        "fields sent change, the others stay. `existingImages` (JSON list of URLs exactly as in "
        "`images`) keeps those images in that order and deletes the others (files removed after "
        "the commit); without `existingImages` every image stays. New `images` go after the kept "
        "ones; kept + new over 5 is a 400. A URL that is not one of this product's images is a "
        "400 and nothing changes. `types` (optional JSON list) is every type the product should "
        "have: items with an `id` update that type (fields an item leaves out stay), items without "
        "one are created, types left out are deleted, in the product's transaction; an `id` of another product is a 400 "
        "'Product type not found' and nothing changes. With `If-Match` naming an older version: "
        "412; a changed `quantity` (the product's or a type's) without `If-Match`: 428 (a sale "
        "made meanwhile is never overwritten).",
    )
    def put(self, request, pk):
        form = ProductFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product = services.product_update(
            product_id=pk, if_match=if_match_tags(request), **_product_values(form.validated_data)
        )
        return product_response(product)

    @extend_schema(
        operation_id="products_destroy",
        parameters=[IF_MATCH],
        responses={204: None, 401: NO_TOKEN, 403: NOT_ADMIN, 404: NOT_FOUND, 412: STALE},
        description="Deletes the product, its types and images; image files are removed after the "
        "commit unless another product uses the same file. Placed orders keep their own copy. "
        "With `If-Match` naming an older version: 412 and nothing is deleted.",
    )
    def delete(self, request, pk):
        services.product_delete(product_id=pk, if_match=if_match_tags(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=ImagePathsSerializer,
    responses={
        200: ProductSerializer,
        400: BAD_INPUT,
        401: NO_TOKEN,
        403: NOT_ADMIN,
        404: NOT_FOUND,
    },
    description='JSON `{"imagePaths": [url, ...]}` with URLs exactly as in the product\'s `images` '
    "(its stored names are accepted too). All named images are removed, or none: anything that is "
    "not one of this product's images (another product's, `../`, an empty list) is a 400. Answers "
    "the updated product.",
)
@api_view(["DELETE"])
@permission_classes([IsAdminUser])
def product_images(request, pk):
    form = ImagePathsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    product = services.product_images_delete(
        product_id=pk, image_paths=form.validated_data["imagePaths"]
    )
    return product_response(product)


class ProductTypeCollection(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="product_types_list",
        responses={200: ProductTypeSerializer(many=True), 401: NO_TOKEN, 404: NOT_FOUND},
        description="The product's types, oldest first.",
    )
    def get(self, request, pk):
        return Response(
            ProductTypeSerializer(selectors.product_types(product_id=pk), many=True).data
        )

    @extend_schema(
        operation_id="product_types_create",
        request=ProductTypeFormSerializer,
        responses={
            201: ProductTypeSerializer,
            400: BAD_INPUT,
            401: NO_TOKEN,
            403: NOT_ADMIN,
            404: NOT_FOUND,
        },
        description="JSON (or form) `{name, availability, price, quantity}`. `name` is required "
        "('Please enter name for the product type'); `price` null or empty = the product's price "
        "applies; `availability` defaults to true, `quantity` to 0.",
    )
    def post(self, request, pk):
        form = ProductTypeFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_create(product_id=pk, **form.validated_data)
        return _type_response(pk, product_type, status=status.HTTP_201_CREATED)


class ProductTypeDetail(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(
        operation_id="product_types_update",
        request=ProductTypeFormSerializer,
        parameters=[IF_MATCH],
        responses={
            200: ProductTypeSerializer,
            400: BAD_INPUT,
            401: NO_TOKEN,
            403: NOT_ADMIN,
            404: OpenApiResponse(description="Product not found / Product type not found"),
            412: STALE,
            428: IF_MATCH_NEEDED,
        },
        description="Fields sent change, the others stay (same rules as create). A type of another "
        "product is a 404 'Product type not found'. `If-Match` carries the product's `ETag` "
        "(a type is part of its product): stale is a 412, a changed `quantity` without it a "
        "428. The answer's `ETag` is the product's after the write.",
    )
    def put(self, request, pk, type_id):
        form = ProductTypeFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_update(
            product_id=pk, type_id=type_id, if_match=if_match_tags(request), **form.validated_data
        )
        return _type_response(pk, product_type)

    @extend_schema(
        operation_id="product_types_destroy",
        parameters=[IF_MATCH],
        responses={
            204: None,
            401: NO_TOKEN,
            403: NOT_ADMIN,
            404: OpenApiResponse(description="Product not found / Product type not found"),
            412: STALE,
        },
        description="Deletes the type. Placed orders keep their own copy of its name and price. "
        "With `If-Match` naming an older version of the product: 412 and nothing is deleted.",
    )
    def delete(self, request, pk, type_id):
        services.product_type_delete(
            product_id=pk, type_id=type_id, if_match=if_match_tags(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
