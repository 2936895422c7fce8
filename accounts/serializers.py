"""Request validation and answer shapes of the accounts API (accounts/api.py)."""

import re
from typing import Any

from rest_framework import serializers

from accounts.birth import DATE_OF_BIRTH_INVALID
from accounts.models import Role, User
from common.contact import PHONE_INVALID, ZIP_INVALID, clean_phone
from common.errors import InvalidInput
from common.schema import KeysetPaginationSerializer


def _required(label: str) -> dict[str, Any]:
    text = f"{label} is required"
    return {"required": text, "blank": text, "null": text}


class UserSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    email = serializers.EmailField()
    role = serializers.CharField()


class UserListEntrySerializer(UserSummarySerializer):
    active = serializers.BooleanField(help_text="False: disabled; its tokens are refused.")
    created_at = serializers.DateTimeField()


class UserPageSerializer(serializers.Serializer):
    users = UserListEntrySerializer(many=True)
    pagination = KeysetPaginationSerializer()


def user_list_entry(user: User) -> dict:
    return {**user_summary(user), "active": user.is_active, "created_at": user.created_at}


ROLE_UNKNOWN = "Role must be admin, staff or customer"


class UserCreateSerializer(serializers.Serializer):
    """An admin adds a person (POST /api/auth/users)."""

    email = serializers.EmailField(
        max_length=254,
        error_messages={**_required("Email"), "invalid": "Please enter a valid email address"},
    )
    name = serializers.CharField(max_length=150, error_messages=_required("Name"))
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Password")
    )
    role = serializers.ChoiceField(
        choices=Role.choices,
        error_messages={**_required("Role"), "invalid_choice": ROLE_UNKNOWN},
    )


def date_of_birth_field(**options: Any) -> serializers.DateField:
    return serializers.DateField(
        required=False,
        source="date_of_birth",
        error_messages=dict.fromkeys(("invalid", "datetime", "null"), DATE_OF_BIRTH_INVALID),
        help_text="YYYY-MM-DD, from 1900 to today.",
        **options,
    )


class UserUpdateSerializer(serializers.Serializer):
    """An admin changes a person's role, disables them or corrects their date of birth
    (PATCH /api/auth/users/{id})."""

    role = serializers.ChoiceField(
        choices=Role.choices, required=False, error_messages={"invalid_choice": ROLE_UNKNOWN}
    )
    active = serializers.BooleanField(required=False)
    dateOfBirth = date_of_birth_field(allow_null=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError("Send a role, active or dateOfBirth to change.")
        return attrs


def user_summary(user: User) -> dict:
    return {"id": user.pk, "name": user.name, "email": user.email, "role": str(user.role)}


class ChallengedSerializer(serializers.Serializer):
    """A request that may meet the sign-in ceiling's challenge (accounts/limits.py)."""

    altcha = serializers.CharField(
        required=False,
        max_length=2000,
        help_text="While sign-in is under attack: the solved `GET /api/auth/challenge`, as the "
        "base64 ALTCHA payload (docs/api.md, 'Sign-in challenge').",
    )


class ChallengeSerializer(serializers.Serializer):
    """An ALTCHA challenge (its v1 protocol): find `number` <= `maxNumber` whose
    SHA-256(salt + number) is `challenge`."""

    algorithm = serializers.CharField()
    challenge = serializers.CharField()
    maxNumber = serializers.IntegerField()
    salt = serializers.CharField()
    signature = serializers.CharField()


class LoginSerializer(ChallengedSerializer):
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Password")
    )
    email = serializers.EmailField(required=False, allow_blank=True)


class RegisterSerializer(ChallengedSerializer):
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


class PasswordChangeSerializer(ChallengedSerializer):
    newPassword = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("New password")
    )


class PasswordChangedSerializer(serializers.Serializer):
    message = serializers.CharField()
    user = UserSummarySerializer()


class PasswordResetRequestSerializer(serializers.Serializer):
    email = serializers.EmailField(
        max_length=254,
        error_messages={**_required("Email"), "invalid": "Please enter a valid email address"},
    )


class PasswordResetConfirmSerializer(ChallengedSerializer):
    token = serializers.CharField(max_length=512, error_messages=_required("Reset link token"))
    newPassword = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("New password")
    )


class PasswordResetCheckSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=512, error_messages=_required("Reset link token"))


class PasswordResetCheckAnswerSerializer(serializers.Serializer):
    valid = serializers.BooleanField(help_text="The link may still set a password.")
    message = serializers.CharField(
        allow_blank=True, help_text="Why it may not (expired or used), as the confirm says it."
    )


class MessageSerializer(serializers.Serializer):
    message = serializers.CharField()


class ProfileSerializer(serializers.Serializer):
    """The customer's own details; each PATCH changes the fields it names."""

    name = serializers.CharField(max_length=150, error_messages=_required("Name"))
    phone = serializers.CharField(max_length=40, required=False, allow_blank=True)
    deliveryAddress = serializers.CharField(
        max_length=500, required=False, allow_blank=True, source="delivery_address"
    )
    deliveryZip = serializers.CharField(
        max_length=5,
        required=False,
        allow_blank=True,
        source="delivery_zip",
        error_messages={"max_length": ZIP_INVALID},
    )
    dateOfBirth = date_of_birth_field()

    def validate_phone(self, value: str) -> str:
        # Checkout's rule and form, "(714) 555-0142", so the prefilled number passes there.
        try:
            return clean_phone(value)
        except InvalidInput:
            raise serializers.ValidationError(PHONE_INVALID)

    def validate_deliveryZip(self, value: str) -> str:
        value = value.strip()
        if value and not re.fullmatch(r"\d{5}", value):
            raise serializers.ValidationError(ZIP_INVALID)
        return value


class MeSerializer(UserSummarySerializer):
    phone = serializers.CharField()
    deliveryAddress = serializers.CharField()
    deliveryZip = serializers.CharField()
    dateOfBirth = serializers.DateField(
        allow_null=True,
        help_text="YYYY-MM-DD or null: set once by the customer, then only by an admin.",
    )


def me_answer(user: User) -> dict:
    return {
        **user_summary(user),
        "phone": user.phone,
        "deliveryAddress": user.delivery_address,
        "deliveryZip": user.delivery_zip,
        "dateOfBirth": user.date_of_birth,
    }


class OwnPasswordChangeSerializer(PasswordChangeSerializer):
    currentPassword = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Current password")
    )


class CloseAccountSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, error_messages=_required("Password")
    )
