"""Issue 43, item 7: every setting has a bound and a form, and what the owner saves cannot
make the shop front slow (GET /api/shop/info stays small whatever is saved)."""

import pytest

from storesettings.fields import MAX_ZIP_CODES
from storesettings.models import SettingsChange

pytestmark = pytest.mark.django_db
URL = "/api/shop/settings"


def info_size(api_client):
    response = api_client.get("/api/shop/info")
    assert response.status_code == 200
    return len(response.content)


class TestAttacker:
    def test_ninety_thousand_zip_codes_are_refused(self, admin_client_api, api_client):
        before = info_size(api_client)
        flood = [f"{n:05d}" for n in range(10000, 99999)]

        response = admin_client_api.patch(URL, {"deliveryZipCodes": flood}, format="json")

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "deliveryZipCodes": [f"ZIP codes served must list at most {MAX_ZIP_CODES} ZIP codes."]
        }
        assert info_size(api_client) == before
        assert not SettingsChange.objects.exists()

    def test_a_repeated_zip_code_is_refused(self, admin_client_api):
        response = admin_client_api.patch(
            URL, {"deliveryZipCodes": ["92840", "92841", "92840"]}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "deliveryZipCodes": ["ZIP codes served lists 92840 twice."]
        }

    @pytest.mark.parametrize("bad", ["not a phone", "555", "+44 20 7946 0958", "1" * 41])
    def test_a_pickup_phone_checkout_would_refuse(self, admin_client_api, bad):
        before = admin_client_api.get(URL).json()["pickupPhone"]

        response = admin_client_api.patch(URL, {"pickupPhone": bad}, format="json")

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["pickupPhone"]
        assert admin_client_api.get(URL).json()["pickupPhone"] == before

    def test_a_single_line_setting_refuses_lines(self, admin_client_api):
        response = admin_client_api.patch(URL, {"shopName": "Shop\nName"}, format="json")

        assert response.status_code == 400
        assert response.json()["errors"] == {"shopName": ["Shop name must be one line."]}

    def test_the_longest_of_everything_keeps_shop_info_small(self, admin_client_api, api_client):
        codes = [f"{n:05d}" for n in range(90000, 90000 + MAX_ZIP_CODES)]
        body = {
            "shopName": "N" * 100,
            "pickupLocation": "L" * 200,
            "pickupInstructions": "I" * 500,
            "deliveryArea": "A" * 100,
            "deliveryZipCodes": codes,
        }

        assert admin_client_api.patch(URL, body, format="json").status_code == 200

        assert info_size(api_client) < 40_000


class TestOwner:
    def test_a_phone_is_kept_in_checkouts_form(self, admin_client_api):
        response = admin_client_api.patch(URL, {"pickupPhone": "714.555.0199"}, format="json")

        assert response.status_code == 200
        assert admin_client_api.get(URL).json()["pickupPhone"] == "(714) 555-0199"

    def test_the_first_run_values_save_back_unchanged(self, admin_client_api):
        answer = admin_client_api.get(URL).json()
        body = {k: v for k, v in answer.items() if k not in ("updatedAt", "updatedBy", "changes")}

        assert admin_client_api.put(URL, body, format="json").status_code == 200
