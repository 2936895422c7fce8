from typing import Any, ClassVar

from django.contrib import admin
from django.http import HttpRequest


class StatusEventInline(admin.TabularInline):
    """The read-only history of a record's state changes (orders, rides): written by the
    services only, so staff can read it but never add, edit or delete a row."""

    extra = 0
    can_delete = False
    fields: ClassVar[tuple[str, ...]] = ("created_at", "actor", "from_status", "to_status")
    readonly_fields = fields
    ordering = ("created_at", "id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# The task results' page (emails and other background jobs): which attempt a row is and its
# error at a glance, so a mail outage is visible without opening each row.
from django_tasks_db.admin import DBTaskResultAdmin  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402


class TaskResultAdmin(DBTaskResultAdmin):
    list_display = (  # type: ignore[assignment]
        "task_name",
        "status",
        "attempt",
        "last_error",
        "enqueued_at",
        "display_run_after",
        "finished_at",
    )
    search_fields = ("task_path", "exception_class_path")

    @admin.display(description="attempt")
    def attempt(self, obj: Any) -> Any:
        return (obj.args_kwargs or {}).get("kwargs", {}).get("attempt", 1)

    @admin.display(description="last error")
    def last_error(self, obj: Any) -> str:
        if not obj.traceback:
            return "-"
        # The traceback's last line is "ExceptionClass: message".
        return obj.traceback.strip().splitlines()[-1][:200]


admin.site.unregister(DBTaskResult)
admin.site.register(DBTaskResult, TaskResultAdmin)
