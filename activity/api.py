"""The activity history for admins: a thin view over activity.selectors."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from activity import selectors
from activity.registry import KINDS
from activity.serializers import ActivityPageSerializer, entry_items, kinds
from common.pagination import paginate
from common.permissions import IsAdmin
from common.schema import error, see_api_docs

ACTIVITY_PAGE_SIZE = 20


@extend_schema(
    operation_id="activity_list",
    parameters=[
        OpenApiParameter("entity", str, enum=[kind.name for kind in KINDS]),
        OpenApiParameter(
            "id",
            str,
            description="One record of `entity` (a number; a category's slug). A product's "
            "history holds its types' and images' entries too.",
        ),
        OpenApiParameter("person", int, description="The id of the user who made the change."),
        OpenApiParameter(
            "from", OpenApiTypes.DATE, description="Entries on or after that Los Angeles day."
        ),
        OpenApiParameter(
            "to", OpenApiTypes.DATE, description="Entries on or before that Los Angeles day."
        ),
        OpenApiParameter("page", int, description="From 1."),
        OpenApiParameter("limit", int, description=f"Default {ACTIVITY_PAGE_SIZE}, at most 100."),
    ],
    responses={
        200: ActivityPageSerializer,
        400: error("A bad filter, page or limit (the message names it), or id without entity."),
    },
    description=see_api_docs(
        "Admin only. The history of writes to the catalog, hero images, users, settings, "
        "orders and rides, newest first: who, when, through which door, and each field's "
        "before and after.",
        "Activity history",
    ),
)
@api_view(["GET"])
@permission_classes([IsAdmin])
def activity_list(request: Request) -> Response:
    filters = selectors.parse_activity_filters(request.query_params)
    page = paginate(
        request,
        selectors.activity_list(filters=filters),
        key="entries",
        serialize=entry_items,
        default_limit=ACTIVITY_PAGE_SIZE,
    )
    return Response({**page, "kinds": kinds()})
