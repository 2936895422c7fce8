"""The compliance endpoints: thin views over compliance.selectors and compliance.services."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from common.permissions import IsAdmin
from common.schema import error, see_api_docs
from common.shoptime import shop_today
from compliance import selectors, services
from compliance.places import place_for
from compliance.serializers import (
    CheckAnswerSerializer,
    CheckQuerySerializer,
    RuleFormSerializer,
    RuleSerializer,
)

SECTION = "Compliance"
NOT_FOUND = error("Rule not found")


@extend_schema(
    methods=["GET"],
    responses={200: RuleSerializer(many=True)},
    description=see_api_docs("Admins: every rule, in id order.", SECTION),
)
@extend_schema(
    methods=["POST"],
    request=RuleFormSerializer,
    responses={201: RuleSerializer},
    description=see_api_docs(
        "Admins: a new rule (reviewed: it is the owner's). A bad field: 400 naming it, "
        "nothing stored.",
        SECTION,
    ),
)
@api_view(["GET", "POST"])
@permission_classes([IsAdmin])
def rule_collection(request: Request) -> Response:
    if request.method == "GET":
        return Response(RuleSerializer(selectors.rule_list(), many=True).data)
    form = RuleFormSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    rule = services.rule_create(**form.fields_of())
    return Response(RuleSerializer(rule).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    responses={200: RuleSerializer, 404: NOT_FOUND},
    description=see_api_docs("Admins: one rule.", SECTION),
)
@extend_schema(
    methods=["PATCH"],
    request=RuleFormSerializer,
    responses={200: RuleSerializer, 404: NOT_FOUND},
    description=see_api_docs(
        "Admins: the fields sent change (`applies` and `where` each whole). A change of "
        "content marks the rule reviewed; `active` alone switches it on or off.",
        SECTION,
    ),
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None, 404: NOT_FOUND},
    description=see_api_docs("Admins: deletes the rule; placed orders keep their copy.", SECTION),
)
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes([IsAdmin])
def rule_detail(request: Request, pk: int) -> Response:
    if request.method == "GET":
        return Response(RuleSerializer(selectors.rule_get(rule_id=pk)).data)
    if request.method == "DELETE":
        services.rule_delete(rule_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
    form = RuleFormSerializer(data=request.data, partial=True)
    form.is_valid(raise_exception=True)
    rule = services.rule_update(rule_id=pk, **form.fields_of())
    return Response(RuleSerializer(rule).data)


@extend_schema(
    parameters=[
        OpenApiParameter("productIds", str, required=True, description="Ids, comma separated."),
        OpenApiParameter("deliveryOption", str, enum=["pickup", "delivery", "shipping"]),
        OpenApiParameter("deliveryZip", str, description="For delivery: 5 digits."),
        OpenApiParameter("shippingState", str, description="For shipping: two letters."),
    ],
    responses={200: CheckAnswerSerializer},
    description=see_api_docs(
        "Anyone: what the rules in force today say of these products (each as such and "
        "each of its types) for the delivery place; pickup when no option is given. Never "
        "cached.",
        SECTION,
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def check(request: Request) -> Response:
    query = CheckQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    values = query.validated_data
    place = place_for(values["deliveryOption"], values["deliveryZip"], values["shippingState"])
    result = selectors.product_check(values["productIds"], place, shop_today())
    answer = Response(
        {
            "blocked": selectors.lines_answer(result.blocked),
            "notices": selectors.lines_answer(result.notices),
        }
    )
    answer["Cache-Control"] = "no-store"
    return answer
