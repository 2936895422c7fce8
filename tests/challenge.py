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
