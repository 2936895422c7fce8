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

from accounts import limits, selectors, services
from accounts.limits import AuthThrottle, PasswordCheckThrottle
from accounts.tokens import token_for
from common.errors import Unauthorized


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
        503: OpenApiResponse(description="Sign-in is busy right now"),
    },
    description="Password-only sign-in: the password finds its user through a keyed digest. "
    "An optional `email` narrows the lookup to that account. Limits (docs/security.md): "
    "AUTH_THROTTLE_RATE attempts per client address; while the shop-wide count of failed "
    "sign-ins this minute is at FAILED_SIGN_INS_PER_MINUTE (each address adds at most "
    "FAILED_SIGN_IN_SHARE_PER_ADDRESS), 429 until the minute ends. A browser that signed in "
    "before (the `shop_device` cookie this answer sets) is exempt from both for its own "
    "user's password. 503 with Retry-After when the server's password hashing is busy.",
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
        400: OpenApiResponse(description="Invalid input or registration code"),
        409: OpenApiResponse(description="Email or password already in use"),
        429: OpenApiResponse(description="Throttled"),
        503: OpenApiResponse(description="Sign-in is busy right now"),
    },
    description="Registration needs a registration code an admin handed out. The code is "
    "checked first (400 `Invalid registration code`), then the password rules, then "
    "whether the email (409) or the password (409 `Please choose a different password.`) "
    "is taken; either answer takes the same time (the password is hashed first), and a "
    "taken password counts as a failed sign-in. Refused (429) like sign-in while the client "
    "address is throttled or the shop-wide failed sign-in count is at its ceiling. Only a "
    "successful registration uses the code up.",
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
    "then on (the user is signed out everywhere). A password another account uses is a 409 "
    "that takes as long as a change and counts as a failed sign-in of the admin's address; "
    "the attempts count toward the address's sign-in throttle (AUTH_THROTTLE_RATE).",
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
    return Response({"message": "Password updated successfully", "user": _summary(user)})
