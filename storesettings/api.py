"""GET, PUT and PATCH /api/shop/settings: thin views over storesettings' services."""

from typing import cast

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import User
from common.parsers import JSONParser
from common.permissions import IsAdmin
from common.schema import error, see_api_docs
from storesettings import selectors, services
from storesettings.serializers import (
    ShopSettingsAnswerSerializer,
    ShopSettingsSerializer,
    settings_answer,
)

SECTION = "Shop settings"


def _answer() -> Response:
    config = selectors.shop_config()
    zip_codes = frozenset() if config.delivery_zip_codes else selectors.first_run_zip_codes()
    return Response(settings_answer(config, zip_codes, selectors.recent_changes()))


@extend_schema(
    methods=["GET"],
    responses={200: ShopSettingsAnswerSerializer},
    description=see_api_docs(
        "The settings in force (the environment's until the first save) and the last 20 "
        "changes, newest first.",
        SECTION,
    ),
)
@extend_schema(
    methods=["PUT", "PATCH"],
    request=ShopSettingsSerializer,
    responses={
        200: ShopSettingsAnswerSerializer,
        400: error("Deliveries from must be a time like 10:00."),
    },
    description=see_api_docs(
        "PUT sends every setting, PATCH those to change; a wrong value stores nothing and "
        "names its field. Applies to the next request on every server.",
        SECTION,
    ),
)
@api_view(["GET", "PUT", "PATCH"])
@permission_classes([IsAdmin])
@parser_classes([JSONParser])
def shop_settings(request: Request) -> Response:
    if request.method != "GET":
        # IsAdmin let only a signed-in admin this far.
        admin = cast(User, request.user)
        services.shop_settings_save(
            user=admin, data=request.data, partial=request.method == "PATCH"
        )
    return _answer()
