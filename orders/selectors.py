from datetime import datetime, time, timedelta

from django.db.models import Prefetch

from orders.calendar import SHOP_TIME_ZONE
from orders.models import Order, OrderLine


def _with_lines(queryset):
    return queryset.select_related("user").prefetch_related(
        Prefetch("items", queryset=OrderLine.objects.order_by("id"))
    )


def order_list(*, user):
    """Orders `user` may see, newest first (ties by id, so pages never repeat rows):
    an admin sees every order, a customer only their own."""
    queryset = Order.objects.all() if user.is_staff else Order.objects.filter(user=user)
    return _with_lines(queryset).order_by("-created_at", "-id")


def order_get(*, order_id):
    return _with_lines(Order.objects.filter(pk=order_id)).first()


def order_by_idempotency_key(*, user, key):
    return _with_lines(Order.objects.filter(user=user, idempotency_key=key)).first()


def orders_for_export(*, date_from=None, date_to=None, status=None, queryset=None):
    """Orders for a CSV export, oldest first; dates are business dates in the shop's zone."""
    queryset = Order.objects.all() if queryset is None else queryset
    # A range on created_at, not created_at__date: the zone is fixed here and the index is used.
    if date_from is not None:
        queryset = queryset.filter(created_at__gte=datetime.combine(date_from, time.min, tzinfo=SHOP_TIME_ZONE))
    if date_to is not None:
        next_day = datetime.combine(date_to + timedelta(days=1), time.min, tzinfo=SHOP_TIME_ZONE)
        queryset = queryset.filter(created_at__lt=next_day)
    if status:
        queryset = queryset.filter(status=status)
    return _with_lines(queryset).order_by("created_at", "id")
