from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAdminUser, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from hero import selectors, services
from hero.serializers import (
    HeroFormSerializer,
    HeroReorderSerializer,
    HeroSerializer,
    HeroToggleSerializer,
)


def _error(text):
    return OpenApiResponse(description=text)


def _form_values(validated):
    values = dict(validated)
    values["image_file"] = values.pop("image", None)
    return values


def _hero_list(user):
    return Response(HeroSerializer(selectors.hero_list(user=user), many=True).data)


FORM_REQUEST = {
    "multipart/form-data": HeroFormSerializer,
    "application/x-www-form-urlencoded": HeroFormSerializer,
}


class HeroCollection(APIView):
    def get_permissions(self):
        method = getattr(getattr(self, "request", None), "method", None)
        return [IsAuthenticated()] if method == "GET" else [IsAdminUser()]

    @extend_schema(
        operation_id="hero_images_list",
        responses={200: HeroSerializer(many=True), 401: _error("No or bad token")},
        description="The homepage carousel, ordered by display_order (0-based) then id. "
        "Customers get only active images, admins every image (to manage them).",
    )
    def get(self, request):
        return _hero_list(request.user)

    @extend_schema(
        operation_id="hero_images_create",
        request=FORM_REQUEST,
        responses={
            201: HeroSerializer,
            400: _error("Please provide an image URL or upload an image file"),
            413: _error("Image larger than 10 MB"),
        },
        description="Multipart form. `display_order` counts from 1 (stored 0-based); without it "
        "the image goes last. `is_active` is 1/0 or true/false, default active. Either "
        "`image_url` (http(s) with a host, or a path on this site starting with a single /; "
        "other schemes are a 400) or an `image` file (checked and re-encoded to WebP, at most "
        "2400 px a side) is required; when both are sent, the file wins.",
    )
    def post(self, request):
        data = HeroFormSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hero = services.hero_create(**_form_values(data.validated_data))
        return Response(HeroSerializer(hero).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["PUT"],
    request={**FORM_REQUEST, "application/json": HeroToggleSerializer},
    responses={200: HeroSerializer, 400: _error("Bad field"), 404: _error("Hero image not found")},
    description="Multipart: the fields sent change, the others stay (same rules as create). "
    "The picture changes only for a new `image` file or a non-empty `image_url` different "
    "from the current one, so an edit form that sends the current URL back keeps the stored "
    'file; a replaced file is deleted once no hero image uses it. JSON `{"is_active": '
    "true|false}` (the toggle) sets that flag and nothing else.",
)
@extend_schema(
    methods=["DELETE"],
    request=None,
    responses={204: None, 404: _error("Hero image not found")},
    description="Deletes the hero image and its stored file (when no other hero image uses it).",
)
@api_view(["PUT", "DELETE"])
@permission_classes([IsAdminUser])
def hero_detail(request, pk):
    if request.method == "DELETE":
        services.hero_delete(hero_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.content_type.startswith("application/json"):
        data = HeroToggleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hero = services.hero_update(hero_id=pk, is_active=data.validated_data["is_active"])
    else:
        data = HeroFormSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        hero = services.hero_update(hero_id=pk, **_form_values(data.validated_data))
    return Response(HeroSerializer(hero).data)


@extend_schema(
    request=HeroReorderSerializer,
    responses={
        200: HeroSerializer(many=True),
        400: _error("Unknown id or bad entry; nothing changes"),
    },
    description="Sets the 1-based positions given (stored 0-based) in one transaction. The "
    "list may name some of the images: the others keep their stored position, and equal "
    "positions are shown by id. An unknown or repeated id is a 400 and nothing changes. "
    "Answers the full list, as GET does for an admin.",
)
@api_view(["PUT"])
@permission_classes([IsAdminUser])
def hero_reorder(request):
    data = HeroReorderSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    orders = [
        (entry["id"], entry["display_order"] - 1) for entry in data.validated_data["imageOrders"]
    ]
    return Response(HeroSerializer(services.hero_reorder(orders=orders), many=True).data)
