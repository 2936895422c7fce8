"""Filters of the plain-text email templates (<app>/templates/<app>/email/*.txt)."""

from decimal import Decimal

from django import template

register = template.Library()


@register.filter
def money(value: Decimal) -> str:
    return f"${value:.2f}"


@register.filter
def percent(value: Decimal) -> str:
    """A rate as people write it: 8.75%, 12.5%, 10%."""
    return f"{value.normalize():f}%"
