from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.template.defaultfilters import pluralize

from orders.export import exports_delete_old


class Command(BaseCommand):
    help = (
        "Delete the files of the Django admin's background order exports finished more than "
        "EXPORT_FILES_KEEP_DAYS ago (their emailed links answer 404 from then on). Safe to "
        "repeat and to run on every server; run daily by shop-housekeeping.timer."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = exports_delete_old()
        days = settings.EXPORT_FILES_KEEP_DAYS
        self.stdout.write(
            f"Deleted {deleted} export{pluralize(deleted)} older than {days} day{pluralize(days)}."
        )
