"""How django-axes names who is failing to sign in to the Django admin."""

from rest_framework.settings import api_settings


def client_ip(request):
    """The client address as the API's throttles see it: REMOTE_ADDR, or the right
    X-Forwarded-For entry when NUM_PROXIES proxies stand in front (a client cannot pick
    its own address by sending the header)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = api_settings.NUM_PROXIES or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-min(proxies, len(hops))]
    return remote


def username(request, credentials):
    """One account whatever the case or spacing of the email typed."""
    value = (credentials or {}).get("username")
    if value is None:
        data = getattr(request, "POST", None) or {}
        value = data.get("username")
    return (value or "").strip().lower() or None
