"""The accounts API of sign-in and one's own account: thin views over accounts/services.py and
accounts/limits.py (the admins' user endpoints are accounts/people_api.py). The rules each
one follows are in docs/api.md, "Accounts"."""

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import limits, people, selectors, services
from accounts.limits import AuthThrottle, PasswordCheckThrottle
from accounts.models import User
from accounts.serializers import (
    ChallengeSerializer,
    CloseAccountSerializer,
    LoginSerializer,
    MeSerializer,
    MessageSerializer,
    OwnPasswordChangeSerializer,
    PasswordCheckResultSerializer,
    PasswordCheckSerializer,
    PasswordResetCheckAnswerSerializer,
    PasswordResetCheckSerializer,
    PasswordResetConfirmSerializer,
    PasswordResetRequestSerializer,
    ProfileSerializer,
    RegisterSerializer,
    SessionSerializer,
    me_answer,
    user_summary,
)
from accounts.tokens import token_for
from common.errors import SignInRefused
from common.schema import THROTTLED, error, see_api_docs
from common.throttles import ScopedThrottle

SECTION = "Accounts"
HASHING_BUSY = error("Sign-in is busy right now: try again after `Retry-After`.")


def _signed_in(request: Request) -> User:
    # Views behind IsAuthenticated: DRF's user is then ours (accounts.authentication).
    user = request.user
    assert isinstance(user, User)
    return user


def _session(user: User, message: str) -> dict[str, Any]:
    return {"token": token_for(user), "user": user_summary(user), "message": message}


@extend_schema(
    request=LoginSerializer,
    responses={
        200: SessionSerializer,
        400: error("Password is required"),
        401: error("Invalid password"),
        429: error(
            "Too many attempts; or code `challenge_required`: solve `GET /api/auth/challenge` "
            "and retry with `altcha`"
        ),
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
def login(request: Request) -> Response:
    data = LoginSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    password, email = data.validated_data["password"], data.validated_data.get("email")
    # After validation: the limits need the password (a trusted browser's own user is exempt).
    limits.admit_sign_in(request, password=password, email=email)
    try:
        with limits.hashing_lane(request):
            user = services.user_login(password=password, email=email)
    except SignInRefused:
        limits.note_failed_sign_in(request)
        raise
    return limits.remember_device(Response(_session(user, "Login successful")), user)


@extend_schema(
    responses={200: ChallengeSerializer},
    description=see_api_docs(
        "A proof-of-work challenge (ALTCHA) to solve when sign-in answers 429 "
        "`challenge_required`; send the solution as `altcha` with the retried request.",
        SECTION,
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def challenge(request: Request) -> Response:
    response = Response(limits.new_challenge())
    response["Cache-Control"] = "no-store"
    return response


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
def register(request: Request) -> Response:
    limits.refuse_untrusted(request)
    data = RegisterSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    limits.admit_registration(request, values["registrationCode"])
    try:
        with limits.hashing_lane(request):
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
def password_check(request: Request) -> Response:
    data = PasswordCheckSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return Response(services.password_check(**data.validated_data))


@extend_schema(
    methods=["GET"],
    responses=MeSerializer,
    description=see_api_docs("The signed-in user and their saved details.", SECTION),
)
@extend_schema(
    methods=["PATCH"],
    request=ProfileSerializer,
    responses={200: MeSerializer, 400: error("Please enter a valid phone number"), 429: THROTTLED},
    description=see_api_docs(
        "Change your own name, phone, delivery address or ZIP (they prefill checkout).", SECTION
    ),
)
@extend_schema(
    methods=["DELETE"],
    request=CloseAccountSerializer,
    responses={204: None, 400: error(services.WRONG_CURRENT_PASSWORD), 429: THROTTLED},
    description=see_api_docs(
        'Close your own account: your details are erased; orders stay, as "Deleted customer".',
        SECTION,
    ),
)
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes([IsAuthenticated])
def me(request: Request) -> Response:
    if request.method == "PATCH":
        ProfileEditThrottle().allow_request(request, None)
        data = ProfileSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(
            me_answer(services.profile_update(user=_signed_in(request), **data.validated_data))
        )
    if request.method == "DELETE":
        return _close_account(request)
    return Response(me_answer(_signed_in(request)))


class ProfileEditThrottle(ScopedThrottle):
    """A person's own profile saves, counted per user from any address (issue 43)."""

    scope = "profile_edit"

    def ident(self, request: Any) -> str | None:
        return f"user-{request.user.pk}"


def _close_account(request: Request) -> Response:
    AuthThrottle().allow_request(request, None)
    data = CloseAccountSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        people.user_close(user=_signed_in(request), password=data.validated_data["password"])
    except services.WrongPassword:
        limits.note_failed_sign_in(request)
        raise
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=OwnPasswordChangeSerializer,
    responses={
        200: SessionSerializer,
        400: error(services.WRONG_CURRENT_PASSWORD),
        409: error("Another account uses this password"),
        429: THROTTLED,
    },
    description=see_api_docs(
        "Change your own password: other sessions are signed out; this one gets a fresh token.",
        SECTION,
    ),
)
@api_view(["PUT"])
@permission_classes([IsAuthenticated])
def my_password(request: Request) -> Response:
    limits.admit_password_choice(request, _signed_in(request))
    data = OwnPasswordChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        with limits.hashing_lane(request):
            user = services.own_password_change(
                user=_signed_in(request),
                current_password=data.validated_data["currentPassword"],
                new_password=data.validated_data["newPassword"],
            )
    except (services.PasswordTaken, services.WrongPassword):
        limits.note_failed_sign_in(request)
        raise
    return Response(_session(user, "Password updated successfully"))


@extend_schema(
    responses={(200, "application/json"): OpenApiTypes.OBJECT},
    description=see_api_docs(
        "Download everything the shop keeps about you: profile, orders, ride requests, and the "
        "compliance records closing the account would keep (what, why, until when).",
        SECTION,
    ),
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def my_export(request: Request) -> HttpResponse:
    response = Response(selectors.user_export(_signed_in(request)))
    response["Content-Disposition"] = f'attachment; filename="{EXPORT_FILENAME}"'
    response["Cache-Control"] = "no-store"
    return response


EXPORT_FILENAME = "my-shop-data.json"
RESET_REQUESTED = (
    "If an account uses this email, we have sent it a link to reset the password. "
    "The link works for one hour."
)


@extend_schema(
    request=PasswordResetRequestSerializer,
    responses={
        202: MessageSerializer,
        400: error("Please enter a valid email address"),
        429: THROTTLED,
    },
    description=see_api_docs(
        "Ask for a password-reset link by email; the same answer whether or not the email has "
        "an account.",
        SECTION,
    ),
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def password_reset(request: Request) -> Response:
    data = PasswordResetRequestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    email = data.validated_data["email"]
    limits.admit_reset_request(request, email)
    services.password_reset_request(email=email, origin=request.build_absolute_uri("/"))
    return Response({"message": RESET_REQUESTED}, status=status.HTTP_202_ACCEPTED)


@extend_schema(
    request=PasswordResetCheckSerializer,
    responses={200: PasswordResetCheckAnswerSerializer, 400: error("Reset link token is required")},
    description=see_api_docs(
        "Whether a reset link may still set a password (not expired, not used), so the page "
        "says so when it opens; changes nothing.",
        SECTION,
    ),
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def password_reset_check(request: Request) -> Response:
    data = PasswordResetCheckSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    refusal = services.password_reset_link_check(data.validated_data["token"])
    return Response({"valid": not refusal, "message": refusal})


@extend_schema(
    request=PasswordResetConfirmSerializer,
    responses={
        200: SessionSerializer,
        400: error(services.RESET_LINK_REFUSED),
        409: error("Another account uses this password"),
        429: THROTTLED,
        503: HASHING_BUSY,
    },
    description=see_api_docs(
        "Set a new password from a reset link; signs out every other session and signs in.",
        SECTION,
    ),
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def password_reset_confirm(request: Request) -> Response:
    data = PasswordResetConfirmSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    token = data.validated_data["token"]
    named = selectors.user_by_id(services.password_reset_user_id(token))
    limits.admit_reset_confirm(request, named)
    try:
        with limits.hashing_lane(request):
            user = services.password_reset_confirm(
                token=token, new_password=data.validated_data["newPassword"]
            )
    except services.PasswordTaken:
        limits.note_failed_sign_in(request)
        raise
    response = Response(_session(user, "Your password has been reset"))
    return limits.remember_device(response, user)
