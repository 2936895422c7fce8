"""How django-axes names who is failing to sign in to the Django admin."""

from rest_framework.throttling import BaseThrottle


def client_ip(request):
    """The client address exactly as the API's throttles see it: REMOTE_ADDR, or the right
    X-Forwarded-For entry when NUM_PROXIES proxies stand in front (a client cannot pick
    its own address by sending the header)."""
    return BaseThrottle().get_ident(request)


def username(request, credentials):
    """One account whatever the case or spacing of the email typed."""
    value = (credentials or {}).get("username")
    if value is None:
        data = getattr(request, "POST", None) or {}
        value = data.get("username")
    return (value or "").strip().lower() or None
