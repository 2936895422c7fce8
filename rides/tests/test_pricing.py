import pytest

from rides.models import Setting, SettingKey
from rides.selectors import DEFAULT_PRICING_DESCRIPTION

pytestmark = pytest.mark.django_db

URL = "/api/rides/settings/pricing"


def put(client, description):
    return client.put(URL, {"description": description}, format="json")


class TestRead:
    @pytest.mark.parametrize("who", ["anonymous", "customer", "admin"])
    def test_default_text_for_everyone(self, api_client, customer_client, admin_client_api, who):
        client = {"anonymous": api_client, "customer": customer_client, "admin": admin_client_api}[
            who
        ]

        response = client.get(URL)

        assert response.status_code == 200
        assert response.json() == {"ride_pricing_description": DEFAULT_PRICING_DESCRIPTION}

    def test_default_text_has_every_price_figure(self):
        for figure in ["$15", "$2.50 per mile", "$10", "$20", "final price", "payment is due"]:
            assert figure in DEFAULT_PRICING_DESCRIPTION

    def test_a_stale_token_does_not_break_the_public_read(self, api_client):
        api_client.credentials(HTTP_AUTHORIZATION="Bearer forged")

        assert api_client.get(URL).status_code == 200


class TestUpdate:
    def test_anonymous_is_401(self, api_client):
        response = put(api_client, "Cheap rides")

        assert response.status_code == 401
        assert response.json() == {
            "message": "Please sign in to continue.",
            "code": "not_authenticated",
        }
        assert not Setting.objects.exists()

    def test_customer_is_403(self, customer_client):
        assert put(customer_client, "Cheap rides").status_code == 403
        assert not Setting.objects.exists()

    def test_admin_sets_the_text_everyone_then_reads(
        self, admin_client_api, api_client, admin_user
    ):
        response = put(admin_client_api, "  Flat $30 anywhere in town.\nLarge items +$10.  ")

        assert response.status_code == 200
        assert response.json() == {
            "message": "Pricing description updated successfully",
            "ride_pricing_description": "Flat $30 anywhere in town.\nLarge items +$10.",
        }
        assert api_client.get(URL).json() == {
            "ride_pricing_description": "Flat $30 anywhere in town.\nLarge items +$10."
        }
        assert Setting.objects.get().updated_by == admin_user

    def test_a_second_update_replaces_the_first(self, admin_client_api, api_client):
        put(admin_client_api, "First")
        put(admin_client_api, "Second")

        assert api_client.get(URL).json()["ride_pricing_description"] == "Second"
        assert Setting.objects.count() == 1

    @pytest.mark.parametrize(
        "body", [{"description": ""}, {"description": "   "}, {}, {"description": None}]
    )
    def test_empty_text_is_400_and_keeps_the_old_one(self, admin_client_api, api_client, body):
        put(admin_client_api, "Kept")

        response = admin_client_api.put(URL, body, format="json")

        assert response.status_code == 400
        assert response.json()["message"] == "Please enter a pricing description."
        assert api_client.get(URL).json()["ride_pricing_description"] == "Kept"


class TestFallback:
    def test_deleting_the_setting_brings_the_default_back(self, admin_client_api, api_client):
        put(admin_client_api, "Custom")
        Setting.objects.filter(key=SettingKey.RIDE_PRICING_DESCRIPTION).delete()

        assert api_client.get(URL).json()["ride_pricing_description"] == DEFAULT_PRICING_DESCRIPTION

    def test_a_blank_stored_text_falls_back_to_the_default(self, api_client):
        Setting.objects.create(key=SettingKey.RIDE_PRICING_DESCRIPTION, value="  ")

        assert api_client.get(URL).json()["ride_pricing_description"] == DEFAULT_PRICING_DESCRIPTION
