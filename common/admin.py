from typing import ClassVar

from django.contrib import admin


class StatusEventInline(admin.TabularInline):
    """The read-only history of a record's state changes (orders, rides): written by the
    services only, so staff can read it but never add, edit or delete a row."""

    extra = 0
    can_delete = False
    fields: ClassVar[tuple[str, ...]] = ("created_at", "actor", "from_status", "to_status")
    readonly_fields = fields
    ordering = ("created_at", "id")

    def has_add_permission(self, request, obj=None):
        return False


# The task results' page (emails and other background jobs): which attempt a row is and its
# error at a glance, so a mail outage is visible without opening each row.
from django_tasks_db.admin import DBTaskResultAdmin  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402


class TaskResultAdmin(DBTaskResultAdmin):
    list_display = (
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
    def attempt(self, obj):
        return (obj.args_kwargs or {}).get("kwargs", {}).get("attempt", 1)

    @admin.display(description="last error")
    def last_error(self, obj):
        if not obj.traceback:
            return "-"
        # The traceback's last line is "ExceptionClass: message".
        return obj.traceback.strip().splitlines()[-1][:200]


admin.site.unregister(DBTaskResult)
admin.site.register(DBTaskResult, TaskResultAdmin)
