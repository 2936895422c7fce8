"""Promotions for admins: thin views over promotions' services and selectors."""

from typing import cast

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import User
from common.parsers import JSONParser
from common.permissions import IsAdmin
from common.schema import error, see_api_docs
from promotions import selectors, services
from promotions.serializers import PromotionSerializer, promotion_answer

SECTION = "Money"
NOT_FOUND = error("Promotion not found")


@extend_schema(
    methods=["GET"],
    responses={200: PromotionSerializer(many=True)},
    description=see_api_docs("Admins: every promotion, newest first, with its uses.", SECTION),
)
@extend_schema(
    methods=["POST"],
    request=PromotionSerializer,
    responses={
        201: PromotionSerializer,
        400: error("A bad field (named in errors)."),
        409: error("Another promotion already has this code."),
    },
    description=see_api_docs("Admins: a new promotion.", SECTION),
)
@api_view(["GET", "POST"])
@parser_classes([JSONParser])
@permission_classes([IsAdmin])
def promotion_collection(request: Request) -> Response:
    if request.method == "GET":
        return Response([promotion_answer(p) for p in selectors.promotion_list()])
    form = PromotionSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    promotion = services.promotion_create(
        actor=cast(User, request.user), **dict(form.validated_data)
    )
    return Response(promotion_answer(promotion), status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    responses={200: PromotionSerializer, 404: NOT_FOUND},
    description=see_api_docs("Admins: one promotion with its uses.", SECTION),
)
@extend_schema(
    methods=["PATCH"],
    request=PromotionSerializer,
    responses={200: PromotionSerializer, 400: error("A bad field."), 404: NOT_FOUND},
    description=see_api_docs(
        'Admins: change the fields sent; `{"active": false}` pauses it.', SECTION
    ),
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None, 404: NOT_FOUND, 409: error(services.USED)},
    description=see_api_docs("Admins: a promotion never used is deleted.", SECTION),
)
@api_view(["GET", "PATCH", "DELETE"])
@parser_classes([JSONParser])
@permission_classes([IsAdmin])
def promotion_detail(request: Request, promotion_id: int) -> Response:
    if request.method == "GET":
        return Response(promotion_answer(selectors.promotion_get(promotion_id=promotion_id)))
    if request.method == "DELETE":
        services.promotion_delete(promotion_id=promotion_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
    form = PromotionSerializer(data=request.data, partial=True)
    form.is_valid(raise_exception=True)
    promotion = services.promotion_update(
        promotion_id=promotion_id, actor=cast(User, request.user), **dict(form.validated_data)
    )
    return Response(promotion_answer(promotion))
