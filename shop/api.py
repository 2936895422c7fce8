"""Catalog endpoints: thin views over shop.selectors and shop.services."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import SAFE_METHODS, AllowAny, IsAdminUser, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import paginate
from shop import selectors, services
from shop.serializers import (
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


class ReadForUsersWriteForAdmins:
    """GET for any signed-in user; every write for admins (api.md's permission table)."""

    def get_permissions(self):
        method = getattr(getattr(self, "request", None), "method", None)
        return [IsAuthenticated()] if method in SAFE_METHODS else [IsAdminUser()]


def _product_values(validated):
    values = dict(validated)
    values["uploads"] = values.pop("images", None) or []
    if "existingImages" in values:
        values["existing_images"] = values.pop("existingImages")
    return values


@extend_schema(
    responses={200: CategorySerializer(many=True)},
    description="The 13 categories in the spec's order. Public: no token needed.",
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def category_list(request):
    return Response(CategorySerializer(selectors.category_list(), many=True).data)


class ProductCollection(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="products_list",
        parameters=[
            OpenApiParameter("page", int, description="From 1 (0 or text: 400). A page past the end is an empty page (200)."),
            OpenApiParameter("limit", int, description="Default 12, capped at 100."),
            OpenApiParameter("category", str, description="A category id; an unknown one gives an empty page."),
            OpenApiParameter(
                "search", str,
                description="Case-insensitive match in name or description, taken literally (% and _ are "
                "not wildcards). Surrounding spaces are ignored; more than 200 characters is a 400.",
            ),
        ],
        responses={200: ProductPageSerializer, 400: BAD_INPUT, 401: NO_TOKEN},
        description="A page of products, newest first, ties by id.",
    )
    def get(self, request):
        products = selectors.product_list(
            category=request.query_params.get("category"), search=request.query_params.get("search")
        )
        return Response(paginate(
            request, products, key="products", default_limit=PAGE_SIZE,
            serialize=lambda rows: ProductSerializer(rows, many=True).data,
        ))

    @extend_schema(
        operation_id="products_create",
        request=FORM_REQUEST,
        responses={201: ProductSerializer, 400: BAD_INPUT, 401: NO_TOKEN, 403: NOT_ADMIN, 413: TOO_LARGE},
        description="Multipart form. `name` and `category` are required; `availability` defaults to "
        "true, `quantity` to 0, `price` to null (an empty field is null). Up to 5 `images`: each "
        "is opened with Pillow (JPEG, PNG, WebP or GIF, else 400), 10 MB at most (413), rotated "
        "by EXIF, capped at 1600 px, re-encoded to WebP without metadata, with a 400 px thumbnail. "
        "Any bad field or file: nothing is stored.",
    )
    def post(self, request):
        form = ProductFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        values = _product_values(form.validated_data)
        values.pop("existing_images", None)  # nothing to keep on a new product
        product = services.product_create(**values)
        return Response(ProductSerializer(product).data, status=status.HTTP_201_CREATED)


class ProductDetail(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="products_retrieve",
        responses={200: ProductSerializer, 401: NO_TOKEN, 404: NOT_FOUND},
        description="One product with its types and images.",
    )
    def get(self, request, pk):
        return Response(ProductSerializer(selectors.product_get(product_id=pk)).data)

    @extend_schema(
        operation_id="products_update",
        request=FORM_REQUEST,
        responses={200: ProductSerializer, 400: BAD_INPUT, 401: NO_TOKEN, 403: NOT_ADMIN, 404: NOT_FOUND,
                   413: TOO_LARGE},
        description="Multipart form, same fields and rules as create, but every field is optional: "
        "fields sent change, the others stay. `existingImages` (JSON list of URLs exactly as in "
        "`images`) keeps those images in that order and deletes the others (files removed after "
        "the commit); without `existingImages` every image stays. New `images` go after the kept "
        "ones; kept + new over 5 is a 400. A URL that is not one of this product's images is a "
        "400 and nothing changes.",
    )
    def put(self, request, pk):
        form = ProductFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product = services.product_update(product_id=pk, **_product_values(form.validated_data))
        return Response(ProductSerializer(product).data)

    @extend_schema(
        operation_id="products_destroy",
        responses={204: None, 401: NO_TOKEN, 403: NOT_ADMIN, 404: NOT_FOUND},
        description="Deletes the product, its types and images; image files are removed after the "
        "commit unless another product uses the same file. Placed orders keep their own copy.",
    )
    def delete(self, request, pk):
        services.product_delete(product_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=ImagePathsSerializer,
    responses={200: ProductSerializer, 400: BAD_INPUT, 401: NO_TOKEN, 403: NOT_ADMIN, 404: NOT_FOUND},
    description="JSON `{\"imagePaths\": [url, ...]}` with URLs exactly as in the product's `images` "
    "(its stored names are accepted too). All named images are removed, or none: anything that is "
    "not one of this product's images (another product's, `../`, an empty list) is a 400. Answers "
    "the updated product.",
)
@api_view(["DELETE"])
@permission_classes([IsAdminUser])
def product_images(request, pk):
    form = ImagePathsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    product = services.product_images_delete(product_id=pk, image_paths=form.validated_data["imagePaths"])
    return Response(ProductSerializer(product).data)


class ProductTypeCollection(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="product_types_list",
        responses={200: ProductTypeSerializer(many=True), 401: NO_TOKEN, 404: NOT_FOUND},
        description="The product's types, oldest first.",
    )
    def get(self, request, pk):
        return Response(ProductTypeSerializer(selectors.product_types(product_id=pk), many=True).data)

    @extend_schema(
        operation_id="product_types_create",
        request=ProductTypeFormSerializer,
        responses={201: ProductTypeSerializer, 400: BAD_INPUT, 401: NO_TOKEN, 403: NOT_ADMIN, 404: NOT_FOUND},
        description="JSON (or form) `{name, availability, price, quantity}`. `name` is required "
        "('Please enter name for the product type'); `price` null or empty = the product's price "
        "applies; `availability` defaults to true, `quantity` to 0.",
    )
    def post(self, request, pk):
        form = ProductTypeFormSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_create(product_id=pk, **form.validated_data)
        return Response(ProductTypeSerializer(product_type).data, status=status.HTTP_201_CREATED)


class ProductTypeDetail(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(
        operation_id="product_types_update",
        request=ProductTypeFormSerializer,
        responses={200: ProductTypeSerializer, 400: BAD_INPUT, 401: NO_TOKEN, 403: NOT_ADMIN,
                   404: OpenApiResponse(description="Product not found / Product type not found")},
        description="Fields sent change, the others stay (same rules as create). A type of another "
        "product is a 404 'Product type not found'.",
    )
    def put(self, request, pk, type_id):
        form = ProductTypeFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        product_type = services.product_type_update(product_id=pk, type_id=type_id, **form.validated_data)
        return Response(ProductTypeSerializer(product_type).data)

    @extend_schema(
        operation_id="product_types_destroy",
        responses={204: None, 401: NO_TOKEN, 403: NOT_ADMIN,
                   404: OpenApiResponse(description="Product not found / Product type not found")},
        description="Deletes the type. Placed orders keep their own copy of its name and price.",
    )
    def delete(self, request, pk, type_id):
        services.product_type_delete(product_id=pk, type_id=type_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
