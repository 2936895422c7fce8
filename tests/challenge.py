"""Solving the sign-in challenge as a browser does (accounts/limits.py, docs/api.md): the
tests' and bench/'s client side of GET /api/auth/challenge."""

import base64
import json

import altcha


def solve(challenge):
    """The `altcha` payload that answers a challenge (the JSON of GET /api/auth/challenge)."""
    solution = altcha.solve_challenge_v1(
        challenge["challenge"], challenge["salt"], challenge["algorithm"], challenge["maxNumber"]
    )
    assert solution is not None, "the challenge has no solution"
    payload = {**challenge, "number": solution.number}
    payload.pop("maxNumber")
    return base64.b64encode(json.dumps(payload).encode()).decode()


def solved(client):
    """Fetch a challenge with a Django/DRF test client and solve it."""
    response = client.get("/api/auth/challenge")
    assert response.status_code == 200, response.content
    return solve(response.json())


def sign_in(base, password, ip, *, device=None, timeout=60):
    """Sign in on a live server as the shop's client does (frontend/src/features/auth): on a
    429 `challenge_required`, fetch a challenge, solve it and send the password again.
    (status, answer, the device cookie set or None, whether it was challenged)."""
    from tests.liveserver import call

    headers = {"X-Forwarded-For": ip}
    if device:
        headers["Cookie"] = f"shop_device={device}"
    body = {"password": password}
    status, raw, response_headers = call(
        base, "POST", "/api/auth/login", body, headers=headers, timeout=timeout
    )
    answer = json.loads(raw)
    challenged = status == 429 and answer.get("code") == "challenge_required"
    if challenged:
        _, raw_challenge, _ = call(base, "GET", "/api/auth/challenge", headers=headers)
        body["altcha"] = solve(json.loads(raw_challenge))
        status, raw, response_headers = call(
            base, "POST", "/api/auth/login", body, headers=headers, timeout=timeout
        )
        answer = json.loads(raw)
    return status, answer, device_cookie(response_headers), challenged


def device_cookie(headers):
    import re

    found = re.search(r'shop_device="?([^";]+)', " ".join(headers.get_all("Set-Cookie") or []))
    return found.group(1) if found else None
