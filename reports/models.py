from django.db import models


class DeliverySalesNotice(models.Model):
    """The admins were told a month's delivery-sales report is ready (`manage.py
    compliance_monthly`): the month (its first day) is the key, so a second run, cron and a
    timer both, or every app server at once, tells them once."""

    month = models.DateField(primary_key=True)
    queued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Delivery sales {self.month:%Y-%m}"
