"""The Django admin's view of the activity history: django-auditlog's own, read only, with a
search that fits this shop's users (a name and an email, no first and last names)."""

from auditlog.admin import LogEntryAdmin
from auditlog.models import LogEntry
from django.contrib import admin

admin.site.unregister(LogEntry)


@admin.register(LogEntry)
class ActivityLogEntryAdmin(LogEntryAdmin):
    search_fields = ["object_repr", "changes", "actor__name", "actor__email"]
