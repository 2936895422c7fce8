"""Registration codes, admin side (GET/POST /api/auth/registration-codes, PATCH
/api/auth/registration-codes/{id}): the owner makes codes with a use limit and an expiry,
and disables them, in the back office. Thin views over accounts/services.py; the rule of a
usable code is RegistrationCode.is_usable, which registration checks."""

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import services
from accounts.models import RegistrationCode
from accounts.selectors import registration_code_list
from common.schema import error, see_api_docs

SECTION = "Accounts"
# A code used by more people than this is no longer an invitation.
MAX_USES_MOST = 10000
EXPIRY_PAST = "The expiry must be in the future."


class RegistrationCodeSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    code = serializers.CharField(read_only=True)
    note = serializers.CharField(max_length=200, allow_blank=True, required=False)
    isActive = serializers.BooleanField(source="is_active", required=False)
    expiresAt = serializers.DateTimeField(
        source="expires_at", allow_null=True, required=False, help_text="null: never expires."
    )
    maxUses = serializers.IntegerField(
        source="max_uses",
        allow_null=True,
        required=False,
        min_value=1,
        max_value=MAX_USES_MOST,
        help_text="null: unlimited.",
    )
    useCount = serializers.IntegerField(source="use_count", read_only=True)
    usable = serializers.SerializerMethodField()
    createdAt = serializers.DateTimeField(source="created_at", read_only=True)

    def get_usable(self, code: RegistrationCode) -> bool:
        return code.is_usable(timezone.now())

    def validate_expiresAt(self, value: Any) -> Any:
        if value is not None and value <= timezone.now():
            raise serializers.ValidationError(EXPIRY_PAST)
        return value


@extend_schema(
    methods=["GET"],
    responses=RegistrationCodeSerializer(many=True),
    description=see_api_docs("Every registration code, newest first (admin only).", SECTION),
)
@extend_schema(
    methods=["POST"],
    request=RegistrationCodeSerializer,
    responses={201: RegistrationCodeSerializer, 400: error(EXPIRY_PAST)},
    description=see_api_docs(
        "Make a registration code (the server picks it) with an optional use limit and "
        "expiry (admin only).",
        SECTION,
    ),
)
@api_view(["GET", "POST"])
@permission_classes([IsAdminUser])
def code_list(request: Request) -> Response:
    if request.method == "POST":
        data = RegistrationCodeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = services.registration_code_create(**data.validated_data)
        return Response(RegistrationCodeSerializer(code).data, status=status.HTTP_201_CREATED)
    return Response(RegistrationCodeSerializer(registration_code_list(), many=True).data)


@extend_schema(
    request=RegistrationCodeSerializer,
    responses={200: RegistrationCodeSerializer, 400: error(EXPIRY_PAST), 404: error("Not found")},
    description=see_api_docs(
        "Change a code's note, use limit, expiry, or disable it (isActive false).", SECTION
    ),
)
@api_view(["PATCH"])
@permission_classes([IsAdminUser])
def code_detail(request: Request, code_id: int) -> Response:
    data = RegistrationCodeSerializer(data=request.data, partial=True)
    data.is_valid(raise_exception=True)
    code = services.registration_code_update(code_id=code_id, **data.validated_data)
    return Response(RegistrationCodeSerializer(code).data)
