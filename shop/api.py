"""Catalog endpoints: thin views over shop.selectors and shop.services."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    renderer_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import NotFound
from common.etags import etag_matches, json_answer, not_modified, with_etag
from common.pagination import page_params, paginate
from common.permissions import CanChangeStock, IsAdmin, ReadForUsersWriteForAdmins
from common.renderers import ORJSONRenderer
from common.schema import IF_NONE_MATCH, NOT_MODIFIED, error, see_api_docs
from shop import answers, category_services, readcache, selectors, services, versioning
from shop.models import ProductType
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
    StockMovePageSerializer,
    StockMoveSerializer,
)

if TYPE_CHECKING:
    from accounts.models import User

PAGE_SIZE = 12
STOCK_MOVES_PAGE_SIZE = 50
FORM_REQUEST = {
    "multipart/form-data": ProductFormSerializer,
    "application/x-www-form-urlencoded": ProductFormSerializer,
    "application/json": ProductFormSerializer,
}
NOT_FOUND = error("Product not found")
TYPE_NOT_FOUND = error("Product not found / Product type not found")
TOO_LARGE = error("An image over 10 MB; nothing changes.")
IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description="The product's `ETag` as last read. Stale: 412 and nothing changes. Required "
    "(428) when the write changes a stock figure (`quantity`).",
)
STALE = error("If-Match names an older version of the product; nothing changes.")
IF_MATCH_NEEDED = error("The stock would change and If-Match is missing; nothing changes.")
CATALOG = "Catalog"
VERSIONS = "Versions, caching and stale writes"


def _type_response(
    product_id: int, product_type: ProductType, status: int = status.HTTP_200_OK
) -> HttpResponse:
    """A type answer, with its product's ETag (a type is part of its product's version)."""
    # The type was just written, so its product exists and has a version.
    version = cast(int, versioning.product_version(product_id))
    return with_etag(
        Response(ProductTypeSerializer(product_type).data, status=status),
        versioning.product_etag(product_id, version),
    )


def product_response(product_id: int, status: int = status.HTTP_200_OK) -> HttpResponse:
    """A product answer of a write, rendered as the reads render it, with the product's ETag
    (its version after the write)."""
    answer, version = answers.product_answer(product_id=product_id)
    return with_etag(Response(answer, status=status), versioning.product_etag(product_id, version))


def _admin(request: Request) -> "User":
    # The write views admit signed-in admins, and staff for stock (common/permissions.py).
    return cast("User", request.user)


def _product_values(validated: Mapping[str, Any]) -> dict[str, Any]:
    values = dict(validated)
    values["uploads"] = values.pop("images", None) or []
    if "existingImages" in values:
        values["existing_images"] = values.pop("existingImages")
    return _flat(values)


def _flat(validated: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a validated form, its `regulatory` (model fields already) among them."""
    values = dict(validated)
    return values | values.pop("regulatory", {})


@extend_schema(
    parameters=[IF_NONE_MATCH],
    responses={200: CategorySerializer(many=True), 304: NOT_MODIFIED},
    description=see_api_docs(
        "The 13 categories in display order; public. The `ETag` names the catalog version.",
        CATALOG,
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@renderer_classes([ORJSONRenderer])
def category_list(request: Request) -> HttpResponse:
    version = versioning.catalog_version()
    etag = versioning.catalog_etag(version) if version else None  # None: the cache is down
    if etag and etag_matches(request, etag):
        return not_modified(etag)
    return json_answer(*readcache.category_list_answer(version))


@extend_schema(
    request=CategoryFlagsSerializer,
    responses={200: CategorySerializer, 404: error("Category not found")},
    description=see_api_docs(
        "Admins: `{ageRestricted?, shippable?, exciseTax?, regulatory?}`; the flags sent "
        "change, the others stay (`regulatory`: the defaults of its products, partial). "
        "Answers the category.",
        CATALOG,
    ),
)
@api_view(["PATCH"])
@permission_classes([IsAdmin])
def category_flags(request: Request, category_id: str) -> HttpResponse:
    form = CategoryFlagsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    category = category_services.category_flags_update(
        category_id=category_id,
        age_restricted=form.validated_data.get("ageRestricted"),
        shippable=form.validated_data.get("shippable"),
        excise_tax=form.validated_data.get("exciseTax"),
        regulatory=form.validated_data.get("regulatory"),
    )
    return Response(CategorySerializer(category).data)


class ProductCollection(ReadForUsersWriteForAdmins, APIView):
    renderer_classes = [ORJSONRenderer]

    @extend_schema(
        operation_id="products_list",
        parameters=[
            OpenApiParameter("page", int, description="From 1; past the end: an empty page."),
            OpenApiParameter("limit", int, description="Default 12, at most 100."),
            OpenApiParameter("category", str, description="A category id."),
            OpenApiParameter(
                "search",
                str,
                description="At most 200 characters. Every word must match a word of the "
                "name: exactly, as its start, or with typos (4-7 letters: one, 8 or more: "
                "two, 3 or fewer: none). Best first unless `sort` is given.",
            ),
            OpenApiParameter(
                "sort",
                str,
                enum=list(selectors.SORTS),
                description="Default `newest` (a search: best match first). Price sorts "
                "put products without a price last; ties newest first by id.",
            ),
            OpenApiParameter(
                "inStock",
                str,
                enum=list(selectors.IN_STOCK_VALUES),
                description="`1`: only products that can be sold now (available, priced, "
                "a unit in stock, through a type for products with types).",
            ),
            OpenApiParameter("stock", str, enum=["low", "out"], description="Admins only."),
            IF_NONE_MATCH,
        ],
        responses={
            200: ProductPageSerializer,
            304: NOT_MODIFIED,
            403: error("A customer filtering by `stock`."),
        },
        description=see_api_docs(
            "A page of products, newest first (or as `sort` says), ties by id. The `ETag` "
            "names the catalog version.",
            CATALOG,
        ),
    )
    def get(self, request: Request) -> HttpResponse:
        page, limit = page_params(request, PAGE_SIZE)
        category = request.query_params.get("category") or ""
        search = selectors.clean_search(request.query_params.get("search"))
        stock = selectors.clean_stock_filter(request.query_params.get("stock"), user=request.user)
        sort = selectors.clean_sort(request.query_params.get("sort"))
        in_stock = selectors.clean_in_stock(request.query_params.get("inStock"))
        filters = readcache.ListFilters(category, search, stock, in_stock, sort)
        found = readcache.list_page(filters, page=page, limit=limit)
        # No version: the cache is down, and there is no ETag.
        etag = versioning.catalog_etag(found.version) if found.version else None
        if etag and etag_matches(request, etag):
            return not_modified(etag)
        return json_answer(*readcache.product_list_answer(found, filters, page=page, limit=limit))

    @extend_schema(
        operation_id="products_create",
        request=FORM_REQUEST,
        responses={201: ProductSerializer, 413: TOO_LARGE},
        description=see_api_docs(
            "Multipart form: `name` and `category` required, up to 5 `images`, optional `types` "
            "(a JSON list). Any bad field, file or type: nothing is stored.",
            CATALOG,
        ),
    )
    def post(self, request: Request) -> HttpResponse:
        form = ProductFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        values = _product_values(form.validated_data)
        values.pop("existing_images", None)  # nothing to keep on a new product
        product = services.product_create(**values, actor=_admin(request))
        return product_response(product.pk, status=status.HTTP_201_CREATED)


class ProductDetail(ReadForUsersWriteForAdmins, APIView):
    renderer_classes = [ORJSONRenderer]
    # Staff change a product's stock count and availability, nothing else (a 403 says so).
    write_permission = CanChangeStock

    @extend_schema(
        operation_id="products_retrieve",
        parameters=[IF_NONE_MATCH],
        responses={200: ProductSerializer, 304: NOT_MODIFIED, 404: NOT_FOUND},
        description=see_api_docs(
            "One product with its types and images. The `ETag` names the product's version.",
            VERSIONS,
        ),
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
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
            404: NOT_FOUND,
            412: STALE,
            413: TOO_LARGE,
            428: IF_MATCH_NEEDED,
        },
        description=see_api_docs(
            "Multipart form as for create, every field optional: the fields sent change. "
            "`existingImages` lists the images to keep, `types` every type the product should "
            "have.",
            CATALOG,
        ),
    )
    def put(self, request: Request, pk: int) -> HttpResponse:
        form = ProductFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product = services.product_update(
            product_id=pk,
            if_match=if_match_tags(request),
            actor=_admin(request),
            **_product_values(form.validated_data),
        )
        return product_response(product.pk)

    @extend_schema(
        operation_id="products_destroy",
        parameters=[IF_MATCH],
        responses={204: None, 404: NOT_FOUND, 412: STALE},
        description=see_api_docs(
            "Deletes the product, its types and images; placed orders keep their own copy.",
            CATALOG,
        ),
    )
    def delete(self, request: Request, pk: int) -> HttpResponse:
        services.product_delete(
            product_id=pk, if_match=if_match_tags(request), actor=_admin(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=ImagePathsSerializer,
    responses={
        200: ProductSerializer,
        400: error("Not one of this product's images, or none named; nothing is deleted."),
        404: NOT_FOUND,
    },
    description=see_api_docs(
        '`{"imagePaths": [url, ...]}`: removes every named image of this product, or none. '
        "Answers the product.",
        CATALOG,
    ),
)
@api_view(["DELETE"])
@permission_classes([IsAdmin])
def product_images(request: Request, pk: int) -> HttpResponse:
    form = ImagePathsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    product = services.product_images_delete(
        product_id=pk, image_paths=form.validated_data["imagePaths"]
    )
    return product_response(product.pk)


class ProductTypeCollection(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="product_types_list",
        responses={200: ProductTypeSerializer(many=True), 404: NOT_FOUND},
        description=see_api_docs("The product's types, oldest first.", CATALOG),
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return Response(
            ProductTypeSerializer(selectors.product_types(product_id=pk), many=True).data
        )

    @extend_schema(
        operation_id="product_types_create",
        request=ProductTypeFormSerializer,
        responses={201: ProductTypeSerializer, 404: NOT_FOUND},
        description=see_api_docs(
            "JSON (or form) `{name, availability, price, quantity}`; `name` is required.",
            CATALOG,
        ),
    )
    def post(self, request: Request, pk: int) -> HttpResponse:
        form = ProductTypeFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_create(
            product_id=pk, actor=_admin(request), **_flat(form.validated_data)
        )
        return _type_response(pk, product_type, status=status.HTTP_201_CREATED)


class ProductTypeDetail(APIView):
    # Staff change a type's stock count and availability, nothing else (a 403 says so).
    permission_classes = [CanChangeStock]

    @extend_schema(
        operation_id="product_types_update",
        request=ProductTypeFormSerializer,
        parameters=[IF_MATCH],
        responses={
            200: ProductTypeSerializer,
            404: TYPE_NOT_FOUND,
            412: STALE,
            428: IF_MATCH_NEEDED,
        },
        description=see_api_docs(
            "The fields sent change, the others stay. `If-Match` and the answer's `ETag` are "
            "the product's (a type is part of its product).",
            CATALOG,
        ),
    )
    def put(self, request: Request, pk: int, type_id: int) -> HttpResponse:
        form = ProductTypeFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_update(
            product_id=pk,
            type_id=type_id,
            if_match=if_match_tags(request),
            actor=_admin(request),
            **_flat(form.validated_data),
        )
        return _type_response(pk, product_type)

    @extend_schema(
        operation_id="product_types_destroy",
        parameters=[IF_MATCH],
        responses={204: None, 404: TYPE_NOT_FOUND, 412: STALE},
        description=see_api_docs(
            "Deletes the type; placed orders keep their own copy of its name and price.",
            CATALOG,
        ),
    )
    def delete(self, request: Request, pk: int, type_id: int) -> HttpResponse:
        services.product_type_delete(
            product_id=pk, type_id=type_id, if_match=if_match_tags(request), actor=_admin(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


def _stock_moves(moves: Any) -> Any:
    return StockMoveSerializer(moves, many=True).data


@extend_schema(
    operation_id="products_stock_moves_list",
    parameters=[
        OpenApiParameter("page", int, description="From 1; past the end: an empty page."),
        OpenApiParameter("limit", int, description="Default 50, at most 100."),
        OpenApiParameter(
            "type",
            str,
            description=f"One figure's moves: a type's id, or `{selectors.OWN_STOCK}` for the "
            "product's own stock. Absent: every figure's.",
        ),
    ],
    responses={
        200: StockMovePageSerializer,
        400: error(selectors.STOCK_FIGURE_REFUSED),
        404: NOT_FOUND,
    },
    description=see_api_docs(
        "Admins and staff: the product's stock ledger (its own stock and its types'), newest first, "
        "ties by id: each move's reason, order, who, and the balance after it; and `manage.py "
        "stock_audit`'s verdict on each of its figures.",
        "Stock ledger",
    ),
)
@api_view(["GET"])
@permission_classes([CanChangeStock])
def stock_moves(request: Request, pk: int) -> HttpResponse:
    figure = selectors.stock_figure_of(request.query_params.get("type"))
    moves = selectors.stock_moves(product_id=pk, figure=figure)
    page = paginate(
        request,
        moves,
        key="moves",
        serialize=_stock_moves,
        default_limit=STOCK_MOVES_PAGE_SIZE,
    )
    return Response({**page, "audit": selectors.product_stock_audit(product_id=pk)})
