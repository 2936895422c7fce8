"""Filters of the plain-text email templates (<app>/templates/<app>/email/*.txt)."""

from decimal import Decimal

from django import template

register = template.Library()


@register.filter
def money(value: Decimal) -> str:
    return f"${value:.2f}"
