"""OpenAPI schema conventions shared by every app."""

from collections.abc import Iterator
from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from common.permissions import HasCapability


class ErrorSerializer(serializers.Serializer):
    """Every answer that is not 2xx (common.errors): a sentence, a stable code, field problems."""

    message = serializers.CharField()
    code = serializers.CharField(
        help_text="Stable and machine-readable: `invalid`, `not_authenticated`, "
        "`password_changed`, `sign_in_refused`, `not_allowed`, `not_found`, `conflict`, "
        "`throttled`, `unavailable`, ... (docs/api.md, General rules)."
    )
    errors = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()), required=False
    )


class PaginationSerializer(serializers.Serializer):
    page = serializers.IntegerField()
    limit = serializers.IntegerField()
    totalItems = serializers.IntegerField()
    totalPages = serializers.IntegerField()
    hasNextPage = serializers.BooleanField()


class KeysetPaginationSerializer(PaginationSerializer):
    nextCursor = serializers.CharField(
        allow_null=True,
        help_text="Send as `cursor` for the next page (null: the last page, or a list paged "
        "by number).",
    )


def error(description: str) -> OpenApiResponse:
    """An error answer of one operation: the shared body, with what this one means.
    401, 403, 404 and 400 are listed by AutoSchema from the view itself; name them here only
    to say something more specific."""
    return OpenApiResponse(ErrorSerializer, description=description)


def see_api_docs(contract: str, section: str) -> str:
    """An operation's description: its contract in a sentence or two, and where docs/api.md
    gives the rules and the decisions behind them."""
    return f"{contract} Rules: docs/api.md, {section}."


NOT_MODIFIED = OpenApiResponse(
    description="Not Modified: `If-None-Match` names the current `ETag`; no body."
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="An `ETag` from an earlier answer: 304 with no body while it is still current.",
)
THROTTLED = error("Too many requests: wait the seconds in `Retry-After`.")


class AutoSchema(SpectacularAutoSchema):
    """Lists the error answers any operation can give, from its permissions, method and path,
    so that views document only their own; every 4xx is documented with the error body."""

    def _get_response_bodies(
        self, direction: Literal["request", "response"] = "response"
    ) -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        for code, description in self._shared_errors():
            responses.setdefault(code, {"description": description})
        error_body = self._get_response_for_code(ErrorSerializer, "400", direction=direction)[
            "content"
        ]
        for code, response in responses.items():
            if code[0] in "45" and not response.get("content"):
                response["content"] = error_body
        return responses

    def _shared_errors(self) -> Iterator[tuple[str, str]]:
        permissions = self.view.get_permissions()
        if not all(isinstance(permission, AllowAny) for permission in permissions):
            yield "401", "No or bad token (with a WWW-Authenticate header)."
        if any(isinstance(permission, HasCapability) for permission in permissions):
            yield "403", "Signed in, but the role may not do this (docs/api.md, Roles)."
        if "{" in self.path:
            yield "404", "No such record."
        if (
            self.method in ("POST", "PUT", "PATCH")
            or self._get_filter_parameters()
            or self.get_override_parameters()
        ):
            yield "400", "Bad input: a message, and field problems under errors; nothing changes."


def drop_trailing_slash_duplicates(endpoints: list[Any], **kwargs: Any) -> list[Any]:
    """Every API path is also answered with a trailing slash (common.routes); the schema
    lists each operation once, without it."""
    return [endpoint for endpoint in endpoints if not endpoint[0].endswith("/")]
