from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny, IsAdminUser, IsAuthenticated
from rest_framework.response import Response

from accounts import selectors, services
from accounts.tokens import token_for
from common.errors import TooManyRequests, Unauthorized
from common.throttles import (
    TOO_MANY_FAILED_SIGN_INS,
    AuthThrottle,
    PasswordCheckThrottle,
    failed_sign_in_ceiling_reached,
    note_failed_sign_in,
    seconds_until_the_ceiling_lifts,
)


def _required(label):
    text = f"{label} is required"
    return {"required": text, "blank": text, "null": text}


class UserSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    email = serializers.EmailField()
    role = serializers.CharField()


class UserListEntrySerializer(UserSummarySerializer):
    created_at = serializers.DateTimeField()


class LoginSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Password")
    )
    email = serializers.EmailField(required=False, allow_blank=True)


class RegisterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=150, error_messages=_required("Name"))
    email = serializers.EmailField(
        max_length=254,
        error_messages={**_required("Email"), "invalid": "Please enter a valid email address"},
    )
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Password")
    )
    registrationCode = serializers.CharField(
        max_length=64, error_messages=_required("Registration code")
    )


# zxcvbn's cost grows with the length; the hint needs no more than this.
PASSWORD_CHECK_MAX = 128
PASSWORD_CHECK_TOO_LONG = f"The strength check takes at most {PASSWORD_CHECK_MAX} characters."


class PasswordCheckSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=PASSWORD_CHECK_MAX,
        trim_whitespace=False,
        error_messages={**_required("Password"), "max_length": PASSWORD_CHECK_TOO_LONG},
    )
    email = serializers.CharField(required=False, allow_blank=True, max_length=254)
    name = serializers.CharField(required=False, allow_blank=True, max_length=150)


class PasswordCheckResultSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="Whether registration would accept it.")
    score = serializers.IntegerField(help_text="zxcvbn's 0 (guessed at once) to 4 (very hard).")
    messages = serializers.ListField(
        child=serializers.CharField(), help_text="Each rule it breaks, with what to do."
    )


class SessionSerializer(serializers.Serializer):
    token = serializers.CharField()
    user = UserSummarySerializer()
    message = serializers.CharField()


class PasswordChangeSerializer(serializers.Serializer):
    newPassword = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("New password")
    )


class PasswordChangedSerializer(serializers.Serializer):
    message = serializers.CharField()
    user = UserSummarySerializer()


def _summary(user):
    return {"id": user.pk, "name": user.name, "email": user.email, "role": user.role.value}


def _session(user, message):
    return {"token": token_for(user), "user": _summary(user), "message": message}


@extend_schema(
    request=LoginSerializer,
    responses={
        200: SessionSerializer,
        400: OpenApiResponse(description="Password is required"),
        401: OpenApiResponse(description="Invalid password"),
        429: OpenApiResponse(description="Throttled"),
    },
    description="Password-only sign-in: the password finds its user through a keyed digest. "
    "An optional `email` narrows the lookup to that account. Throttled per client address "
    "(AUTH_THROTTLE_RATE), counted in the shared cache; and when the failed sign-ins of the "
    "last minute, all addresses together, reach FAILED_SIGN_INS_PER_MINUTE every sign-in "
    "is a 429 until the minute is over.",
)
@api_view(["POST"])
# Who is signed in does not matter here: a stale token must not stop a sign-in.
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([AuthThrottle])
def login(request):
    if failed_sign_in_ceiling_reached():
        raise TooManyRequests(
            TOO_MANY_FAILED_SIGN_INS, retry_after=seconds_until_the_ceiling_lifts()
        )
    data = LoginSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        user = services.user_login(
            password=data.validated_data["password"], email=data.validated_data.get("email")
        )
    except Unauthorized:
        note_failed_sign_in()
        raise
    return Response(_session(user, "Login successful"))


@extend_schema(
    request=RegisterSerializer,
    responses={
        201: SessionSerializer,
        400: OpenApiResponse(description="Invalid input or registration code"),
        409: OpenApiResponse(description="Email or password already in use"),
    },
    description="Registration needs a registration code an admin handed out. The code is "
    "checked first (400 `Invalid registration code`), then the password rules, then "
    "whether the email (409) or the password (409 `Please choose a different password.`) "
    "is taken. Only a successful registration uses the code up.",
)
@api_view(["POST"])
# Who is signed in does not matter here: a stale token must not stop a sign-in.
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([AuthThrottle])
def register(request):
    data = RegisterSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    user = services.user_register(
        email=values["email"],
        password=values["password"],
        name=values["name"],
        registration_code=values["registrationCode"],
    )
    return Response(_session(user, "Registration successful"), status=status.HTTP_201_CREATED)


@extend_schema(
    request=PasswordCheckSerializer,
    responses={
        200: PasswordCheckResultSerializer,
        400: OpenApiResponse(description="Password missing or over 128 characters"),
        429: OpenApiResponse(description="Throttled"),
    },
    description="The sign-up form's strength hint: runs registration's password rules "
    "(with the optional `email` and `name` typed so far) and answers whether they pass. It "
    "never says whether another account uses the password; registration alone answers that "
    "(409). Throttled per client address (PASSWORD_CHECK_THROTTLE_RATE).",
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
    responses={200: UserSummarySerializer, 401: OpenApiResponse(description="No or bad token")},
    description="The signed-in user, as the token and the last check of it know them. "
    "Answered without reading the database while the user's row is kept (a few seconds).",
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    return Response(_summary(request.user))


@extend_schema(
    responses=UserListEntrySerializer(many=True),
    description="Every user, newest first (admin only).",
)
@api_view(["GET"])
@permission_classes([IsAdminUser])
def user_list(request):
    users = selectors.user_list()
    return Response([{**_summary(user), "created_at": user.created_at} for user in users])


@extend_schema(
    request=PasswordChangeSerializer,
    responses={200: PasswordChangedSerializer},
    description="Admin sets a user's password. Every token issued before it is refused from "
    "then on (the user is signed out everywhere).",
)
@api_view(["PUT"])
@permission_classes([IsAdminUser])
def user_password(request, user_id):
    data = PasswordChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    user = services.user_change_password(
        user_id=user_id, new_password=data.validated_data["newPassword"]
    )
    return Response({"message": "Password updated successfully", "user": _summary(user)})
