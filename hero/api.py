"""Hero image endpoints: thin views over hero.selectors and hero.services."""

from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from common.permissions import IsAdmin, ReadForUsersWriteForAdmins
from common.schema import error, see_api_docs
from hero import selectors, services
from hero.serializers import (
    HeroFormSerializer,
    HeroReorderSerializer,
    HeroSerializer,
    HeroToggleSerializer,
)


def _form_values(validated: dict[str, Any]) -> dict[str, Any]:
    values = dict(validated)
    values["image_file"] = values.pop("image", None)
    return values


def _hero_list(user: User | AnonymousUser) -> Response:
    return Response(HeroSerializer(selectors.hero_list(user=user), many=True).data)


FORM_REQUEST = {
    "multipart/form-data": HeroFormSerializer,
    "application/x-www-form-urlencoded": HeroFormSerializer,
}
HERO = "Hero images"
NOT_FOUND = error("Hero image not found")


class HeroCollection(ReadForUsersWriteForAdmins, APIView):
    @extend_schema(
        operation_id="hero_images_list",
        responses={200: HeroSerializer(many=True)},
        description=see_api_docs(
            "The homepage carousel in display order; customers get the active images only.",
            HERO,
        ),
    )
    def get(self, request: Request) -> Response:
        return _hero_list(request.user)

    @extend_schema(
        operation_id="hero_images_create",
        request=FORM_REQUEST,
        responses={
            201: HeroSerializer,
            400: error("Please provide an image URL or upload an image file"),
            413: error("Image larger than 10 MB"),
        },
        description=see_api_docs(
            "Multipart form: an `image_url` or an `image` file is required; without "
            "`display_order` (from 1) the image goes last.",
            HERO,
        ),
    )
    def post(self, request: Request) -> Response:
        data = HeroFormSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hero = services.hero_create(**_form_values(data.validated_data))
        return Response(HeroSerializer(hero).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["PUT"],
    request={**FORM_REQUEST, "application/json": HeroToggleSerializer},
    responses={200: HeroSerializer, 404: NOT_FOUND},
    description=see_api_docs(
        'Multipart: the fields sent change, the others stay. JSON `{"is_active": true|false}` '
        "sets that flag and nothing else.",
        HERO,
    ),
)
@extend_schema(
    methods=["DELETE"],
    request=None,
    responses={204: None, 404: NOT_FOUND},
    description=see_api_docs(
        "Deletes the hero image, and its stored file when no other hero image uses it.", HERO
    ),
)
@api_view(["PUT", "DELETE"])
@permission_classes([IsAdmin])
def hero_detail(request: Request, pk: int) -> Response:
    if request.method == "DELETE":
        services.hero_delete(hero_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.content_type.startswith("application/json"):
        toggle = HeroToggleSerializer(data=request.data)
        toggle.is_valid(raise_exception=True)
        hero = services.hero_update(hero_id=pk, is_active=toggle.validated_data["is_active"])
    else:
        form = HeroFormSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        hero = services.hero_update(hero_id=pk, **_form_values(form.validated_data))
    return Response(HeroSerializer(hero).data)


@extend_schema(
    request=HeroReorderSerializer,
    responses={
        200: HeroSerializer(many=True),
        400: error("Unknown id or bad entry; nothing changes"),
    },
    description=see_api_docs(
        "Sets the positions given (from 1), all or none. Answers the full list, as GET does for "
        "an admin.",
        HERO,
    ),
)
@api_view(["PUT"])
@permission_classes([IsAdmin])
def hero_reorder(request: Request) -> Response:
    data = HeroReorderSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    orders = [
        (entry["id"], entry["display_order"] - 1) for entry in data.validated_data["imageOrders"]
    ]
    return Response(HeroSerializer(services.hero_reorder(orders=orders), many=True).data)
