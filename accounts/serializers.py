"""Request validation and answer shapes of the accounts API (accounts/api.py)."""

from rest_framework import serializers

from accounts.models import User


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


def user_summary(user: User) -> dict:
    return {"id": user.pk, "name": user.name, "email": user.email, "role": user.role.value}


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
