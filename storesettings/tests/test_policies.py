"""The shop's policy pages (storesettings/policies.py) come from the server with the shop's
own name and phone, for anyone: the footer links to them before signing in."""

import pytest

from storesettings.policies import POLICY_IDS

pytestmark = pytest.mark.django_db


def test_shop_info_serves_the_three_policies_with_the_shops_details(api_client, admin_client_api):
    saved = admin_client_api.patch(
        "/api/shop/settings",
        {"shopName": "Corner Test Shop", "pickupPhone": "(714) 555-0199"},
        format="json",
    )
    assert saved.status_code == 200, saved.json()

    answer = api_client.get("/api/shop/info")

    assert answer.status_code == 200
    policies = answer.json()["policies"]
    assert [p["id"] for p in policies] == list(POLICY_IDS)
    assert all(p["title"] and p["paragraphs"] for p in policies)
    privacy = " ".join(policies[0]["paragraphs"])
    assert "Corner Test Shop" in privacy and "(714) 555-0199" in privacy
