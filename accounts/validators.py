"""Password rules (settings.AUTH_PASSWORD_VALIDATORS), each message saying what to do.

Sign-in is by password alone, so a guessable password is an open account: docs/security.md
explains each rule. Registration, an admin's password change (API and Django admin),
`create_admin` and the sign-up form's strength hint (POST /api/auth/password-check) all run
the same list through django.contrib.auth.password_validation.
"""

import re
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth import password_validation as django_rules
from django.core.exceptions import ValidationError
from zxcvbn import zxcvbn

PASSWORD_TOO_SHORT = "Password must be at least 6 characters long"
ONLY_SPACES = "Password cannot be only spaces. Please use letters, numbers or symbols."
TOO_FEW_DISTINCT = (
    "Password must use at least {min} different characters. Please use a longer, more varied "
    "password."
)
TOO_COMMON = "This password is too common. Please choose a less common one."
ONLY_DIGITS = "Password cannot be only numbers. Please add letters or symbols."
TOO_SIMILAR = (
    "Password is too similar to your email or name. Please choose one that has nothing to do "
    "with them."
)
HAS_SHOP_NAME = "Password must not contain the shop's name. Please choose a different one."
TOO_GUESSABLE = (
    "This password is too easy to guess. Please add more words or characters, or choose a "
    "less predictable one."
)
# zxcvbn refuses longer input, and its cost grows with the length: the first 72 characters
# decide (a password whose first 72 characters are strong is strong).
ZXCVBN_MAX_LENGTH = 72


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text or "").casefold()


def user_inputs(user: Any = None) -> list[str]:
    """Words a guesser would try first for this user: email, its parts, name, shop name."""
    words = [settings.SHOP_NAME, _squash(settings.SHOP_NAME)]
    if user is not None:
        email = getattr(user, "email", "") or ""
        name = getattr(user, "name", "") or ""
        words += [email, *re.split(r"[@.+_-]", email), name, *name.split()]
    return [word for word in words if word]


def zxcvbn_score(password: str, user: Any = None) -> int:
    result = zxcvbn(password[:ZXCVBN_MAX_LENGTH], user_inputs=user_inputs(user))
    return result["score"]


class MinimumLengthValidator(django_rules.MinimumLengthValidator):
    def get_error_message(self) -> str:
        return PASSWORD_TOO_SHORT

    def get_help_text(self) -> str:
        return f"At least {self.min_length} characters."


class NotOnlySpacesValidator:
    def validate(self, password: str, user: Any = None) -> None:
        if password and not password.strip():
            raise ValidationError(ONLY_SPACES, code="password_only_spaces")

    def get_help_text(self) -> str:
        return "Not only spaces."


class DistinctCharactersValidator:
    def __init__(self, min_distinct: int = 4) -> None:
        self.min_distinct = min_distinct

    def validate(self, password: str, user: Any = None) -> None:
        if password.strip() and len(set(password)) < self.min_distinct:
            raise ValidationError(
                TOO_FEW_DISTINCT.format(min=self.min_distinct), code="password_too_few_distinct"
            )

    def get_help_text(self) -> str:
        return f"At least {self.min_distinct} different characters."


class CommonPasswordValidator(django_rules.CommonPasswordValidator):
    def get_error_message(self) -> str:
        return TOO_COMMON


class NumericPasswordValidator(django_rules.NumericPasswordValidator):
    def get_error_message(self) -> str:
        return ONLY_DIGITS


class UserAttributeSimilarityValidator(django_rules.UserAttributeSimilarityValidator):
    # Our user has an email and a name; Django's default attributes (username, first and
    # last name) do not exist on it.
    def __init__(
        self, user_attributes: Sequence[str] = ("email", "name"), max_similarity: float = 0.7
    ) -> None:
        super().__init__(user_attributes, max_similarity)

    def get_error_message(self) -> str:
        return TOO_SIMILAR


class ShopNameValidator:
    """The shop's name is the first word a guesser tries, in any case and spacing."""

    def validate(self, password: str, user: Any = None) -> None:
        name = _squash(settings.SHOP_NAME)
        if name and name in _squash(password):
            raise ValidationError(HAS_SHOP_NAME, code="password_has_shop_name")

    def get_help_text(self) -> str:
        return "Not the shop's name."


class ZxcvbnValidator:
    """zxcvbn's score (0-4) estimates the guesses an attacker needs; below 3 is refused."""

    def __init__(self, min_score: int = 3) -> None:
        self.min_score = min_score

    def validate(self, password: str, user: Any = None) -> None:
        if zxcvbn_score(password, user) < self.min_score:
            raise ValidationError(TOO_GUESSABLE, code="password_too_guessable")

    def get_help_text(self) -> str:
        return "Hard to guess."


def password_problems(password: str, user: Any = None) -> list[str]:
    """Every rule the password breaks, as messages (empty when it passes)."""
    try:
        django_rules.validate_password(password, user=user)
    except ValidationError as exc:
        return list(exc.messages)
    return []
