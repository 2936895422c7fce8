from django.contrib import admin


class StatusEventInline(admin.TabularInline):
    """The read-only history of a record's state changes (orders, rides): written by the
    services only, so staff can read it but never add, edit or delete a row."""

    extra = 0
    can_delete = False
    fields = ("created_at", "actor", "from_status", "to_status")
    readonly_fields = fields
    ordering = ("created_at", "id")

    def has_add_permission(self, request, obj=None):
        return False
