"""The admins' user endpoints (GET/POST /api/auth/users, PATCH/DELETE /api/auth/users/{id},
PUT /api/auth/users/{id}/password): thin views over accounts/people.py, accounts/services.py
and accounts/selectors.py. The rules are in docs/api.md, "Accounts" and "Roles"."""

from collections.abc import Iterable, Mapping
from typing import Any, cast

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import limits, people, selectors, services
from accounts.models import Role, User
from accounts.serializers import (
    ROLE_UNKNOWN,
    PasswordChangedSerializer,
    PasswordChangeSerializer,
    UserCreateSerializer,
    UserListEntrySerializer,
    UserPageSerializer,
    UserUpdateSerializer,
    user_list_entry,
    user_summary,
)
from common.errors import InvalidInput
from common.pagination import NewestPosition, keyset_answer, page_params, parse_newest_cursor
from common.permissions import IsAdmin
from common.schema import THROTTLED, error, see_api_docs

SECTION = "Accounts"
# A table row is short: a page fills a screen (the Users page asks for this many too).
USERS_PAGE_SIZE = 50
MAX_SEARCH_LENGTH = 200
SEARCH_TOO_LONG = f"Search must be at most {MAX_SEARCH_LENGTH} characters"


def _admin(request: Request) -> User:
    # Views behind IsAdmin: DRF's user is then ours (accounts.authentication).
    return cast(User, request.user)


def _search(params: Mapping[str, str]) -> str:
    search = (params.get("search") or "").strip()
    if len(search) > MAX_SEARCH_LENGTH:
        raise InvalidInput(SEARCH_TOO_LONG, errors={"search": [SEARCH_TOO_LONG]})
    return search


def _roles(params: Mapping[str, str]) -> list[str]:
    roles = [role.strip() for role in (params.get("role") or "").split(",") if role.strip()]
    if any(role not in Role.values for role in roles):
        raise InvalidInput(ROLE_UNKNOWN, errors={"role": [ROLE_UNKNOWN]})
    return roles


def _entries(users: Iterable[User]) -> list[dict[str, Any]]:
    return [user_list_entry(user) for user in users]


def _user_page(request: Request) -> dict[str, Any]:
    """The page after `cursor`, or page `page` (an OFFSET: the first page, or a client that
    jumps) when no cursor is given; either way with the cursor of the next page (as the
    order list, orders/api.py)."""
    search, roles = _search(request.query_params), _roles(request.query_params)
    number, limit = page_params(request, USERS_PAGE_SIZE)
    cursor = request.query_params.get("cursor")
    after = None
    if cursor:
        after, number = parse_newest_cursor(cursor)
    total = selectors.user_count(search=search, roles=roles)
    if after is not None:
        rows = selectors.user_list(search=search, roles=roles, after=after)
    else:
        # A page past the end is empty (as common.pagination.page_answer's), and its OFFSET
        # is never sent: past a 64-bit integer the database would refuse it.
        start = (number - 1) * limit
        rows = selectors.user_list(search=search, roles=roles)
        rows = rows[start:] if start < total else rows.none()
    return keyset_answer(
        rows,
        page=number,
        limit=limit,
        total=total,
        key="users",
        serialize=_entries,
        next_cursor=lambda last, next_page: NewestPosition(last.created_at, last.pk).as_cursor(
            next_page
        ),
    )


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter(
            "search",
            str,
            description=f"Up to {MAX_SEARCH_LENGTH} characters: people whose name or email "
            "holds it, in any case.",
        ),
        OpenApiParameter(
            "role",
            str,
            description="admin, staff or customer, or several separated by commas: only "
            "people of those roles.",
        ),
        OpenApiParameter("limit", int, description=f"1-100, default {USERS_PAGE_SIZE}."),
        OpenApiParameter(
            "page", int, description="From 1 (default); `cursor` is the faster way on."
        ),
        OpenApiParameter("cursor", str, description="The previous page's `pagination.nextCursor`."),
    ],
    # A list, though not a bare array any more: the name it had.
    operation_id="auth_users_list",
    responses={
        200: UserPageSerializer,
        400: error("A bad page, limit, cursor, search or role (the message names it)."),
    },
    description=see_api_docs(
        "The shop's people newest first (ties by id), with their role and whether active; "
        "closed accounts are not listed (admin only).",
        SECTION,
    ),
)
@extend_schema(
    methods=["POST"],
    request=UserCreateSerializer,
    responses={
        201: UserListEntrySerializer,
        400: error("Invalid input, or a password the rules refuse"),
        409: error("Email or password already in use"),
    },
    description=see_api_docs(
        "Admin adds a person (staff, admin or customer) with a password under the same rules "
        "as registration.",
        "Roles",
    ),
)
@api_view(["GET", "POST"])
@permission_classes([IsAdmin])
def user_list(request: Request) -> Response:
    if request.method == "POST":
        data = UserCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = people.user_create(**data.validated_data)
        return Response(user_list_entry(user), status=status.HTTP_201_CREATED)
    return Response(_user_page(request))


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
@permission_classes([IsAdmin])
def user_password(request: Request, user_id: int) -> Response:
    # The admin would learn whether the password is in use: counted against the admin.
    limits.admit_password_choice(request, _admin(request))
    data = PasswordChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        with limits.hashing_lane(request):
            user = services.user_change_password(
                user_id=user_id, new_password=data.validated_data["newPassword"]
            )
    except services.PasswordTaken:
        limits.note_failed_sign_in(request)
        raise
    return Response({"message": "Password updated successfully", "user": user_summary(user)})


@extend_schema(
    methods=["PATCH"],
    request=UserUpdateSerializer,
    responses={
        200: UserListEntrySerializer,
        400: error(people.LAST_ADMIN),
        403: error(people.OWN_ROLE_RAISED),
    },
    description=see_api_docs(
        "Admin changes a person's role or disables (or enables) the account; a disabled "
        "account's tokens are refused at once. The last active admin stays one.",
        "Roles",
    ),
)
@extend_schema(
    methods=["DELETE"],
    responses={204: None, 400: error(people.CANNOT_ERASE_SELF)},
    description=see_api_docs(
        'Admin deletes a user: erased like a closed account; their orders stay as "Deleted '
        'customer".',
        SECTION,
    ),
)
@api_view(["PATCH", "DELETE"])
@permission_classes([IsAdmin])
def user_detail(request: Request, user_id: int) -> Response:
    if request.method == "PATCH":
        data = UserUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = people.user_update(user_id=user_id, actor=_admin(request), **data.validated_data)
        return Response(user_list_entry(user))
    people.user_erase_by_admin(user_id=user_id, admin=_admin(request))
    return Response(status=status.HTTP_204_NO_CONTENT)
