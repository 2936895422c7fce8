"""The accounts API: thin views over accounts/services.py and accounts/limits.py. The rules
each one follows are in docs/api.md, "Accounts"."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny, IsAdminUser, IsAuthenticated
from rest_framework.response import Response

from accounts import limits, selectors, services
from accounts.limits import AuthThrottle, PasswordCheckThrottle
from accounts.serializers import (
    LoginSerializer,
    PasswordChangedSerializer,
    PasswordChangeSerializer,
    PasswordCheckResultSerializer,
    PasswordCheckSerializer,
    RegisterSerializer,
    SessionSerializer,
    UserListEntrySerializer,
    UserSummarySerializer,
    user_summary,
)
from accounts.tokens import token_for
from common.errors import Unauthorized
from common.schema import THROTTLED, error, see_api_docs

SECTION = "Accounts"
HASHING_BUSY = error("Sign-in is busy right now: try again after `Retry-After`.")


def _session(user, message):
    return {"token": token_for(user), "user": user_summary(user), "message": message}


@extend_schema(
    request=LoginSerializer,
    responses={
        200: SessionSerializer,
        400: error("Password is required"),
        401: error("Invalid password"),
        429: THROTTLED,
        503: HASHING_BUSY,
    },
    description=see_api_docs(
        "Password-only sign-in: the password finds its user; an optional `email` narrows the "
        "lookup. Sets the `shop_device` cookie.",
        SECTION,
    ),
)
@api_view(["POST"])
# Who is signed in does not matter here: a stale token must not stop a sign-in.
@authentication_classes([])
@permission_classes([AllowAny])
def login(request):
    data = LoginSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    password, email = data.validated_data["password"], data.validated_data.get("email")
    # After validation: the limits need the password (a trusted browser's own user is exempt).
    limits.admit_sign_in(request, password=password, email=email)
    try:
        user = services.user_login(password=password, email=email)
    except Unauthorized:
        limits.note_failed_sign_in(request)
        raise
    return limits.remember_device(Response(_session(user, "Login successful")), user)


@extend_schema(
    request=RegisterSerializer,
    responses={
        201: SessionSerializer,
        400: error("Invalid input or registration code"),
        409: error("Email or password already in use"),
        429: THROTTLED,
        503: HASHING_BUSY,
    },
    description=see_api_docs(
        "Registration with a registration code an admin handed out; answers like sign-in.",
        SECTION,
    ),
)
@api_view(["POST"])
# Who is signed in does not matter here: a stale token must not stop a sign-in.
@authentication_classes([])
@permission_classes([AllowAny])
def register(request):
    limits.refuse_untrusted(request)
    data = RegisterSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    try:
        user = services.user_register(
            email=values["email"],
            password=values["password"],
            name=values["name"],
            registration_code=values["registrationCode"],
        )
    except services.PasswordTaken:
        limits.note_failed_sign_in(request)
        raise
    response = Response(_session(user, "Registration successful"), status=status.HTTP_201_CREATED)
    return limits.remember_device(response, user)


@extend_schema(
    request=PasswordCheckSerializer,
    responses={
        200: PasswordCheckResultSerializer,
        400: error("Password missing or over 128 characters"),
        429: THROTTLED,
    },
    description=see_api_docs(
        "The sign-up form's strength hint: whether registration's password rules pass.",
        SECTION,
    ),
)
@api_view(["POST"])
# Who is signed in does not matter here: a stale token must not stop a sign-in.
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([PasswordCheckThrottle])
def password_check(request):
    data = PasswordCheckSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return Response(services.password_check(**data.validated_data))


@extend_schema(
    responses=UserSummarySerializer,
    description=see_api_docs("The signed-in user.", SECTION),
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    return Response(user_summary(request.user))


@extend_schema(
    responses=UserListEntrySerializer(many=True),
    description=see_api_docs("Every user (admin only).", SECTION),
)
@api_view(["GET"])
@permission_classes([IsAdminUser])
def user_list(request):
    users = selectors.user_list()
    return Response([{**user_summary(user), "created_at": user.created_at} for user in users])


@extend_schema(
    request=PasswordChangeSerializer,
    responses={
        200: PasswordChangedSerializer,
        409: error("Another account uses this password"),
        429: THROTTLED,
    },
    description=see_api_docs(
        "Admin sets a user's password; the user is signed out everywhere.", SECTION
    ),
)
@api_view(["PUT"])
@permission_classes([IsAdminUser])
@throttle_classes([AuthThrottle])
def user_password(request, user_id):
    data = PasswordChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        user = services.user_change_password(
            user_id=user_id, new_password=data.validated_data["newPassword"]
        )
    except services.PasswordTaken:
        limits.note_failed_sign_in(request)
        raise
    return Response({"message": "Password updated successfully", "user": user_summary(user)})
