"""A hero slide's words over the API: its button (label and link, a pair) and focal point,
validated with 400s naming the field (docs/api.md, Hero images)."""

import pytest

from hero.models import HeroImage
from hero.tests.factories import create, make_hero

pytestmark = pytest.mark.django_db


class TestSlideText:
    """The slide's button and focal point (docs/api.md, Hero images)."""

    def test_created_with_a_button_and_focal_point(self, admin_client_api, customer_client):
        response = create(
            admin_client_api,
            cta_label="Shop the sale",
            cta_link="/?category=juices",
            object_position="80% 30%",
        )

        assert response.status_code == 201
        body = customer_client.get("/api/hero/images").json()[0]
        assert (body["cta_label"], body["cta_link"], body["object_position"]) == (
            "Shop the sale",
            "/?category=juices",
            "80% 30%",
        )

    def test_defaults_no_button_and_the_centre(self, admin_client_api):
        body = create(admin_client_api).json()

        assert (body["cta_label"], body["cta_link"], body["object_position"]) == (
            "",
            "",
            "50% 50%",
        )

    def test_an_https_link_is_accepted(self, admin_client_api):
        response = create(
            admin_client_api, cta_label="Read more", cta_link="https://blog.example.com/post"
        )

        assert response.status_code == 201
        assert response.json()["cta_link"] == "https://blog.example.com/post"

    @pytest.mark.parametrize(
        "link",
        [
            "http://plain.example.com/",
            "javascript:alert(1)",
            "//evil.example/",
            "/\\evil.example/",
            "relative/path",
            "https://",
            "/a b",
        ],
    )
    def test_a_bad_link_is_400_naming_the_field(self, admin_client_api, link):
        response = create(admin_client_api, cta_label="Go", cta_link=link)

        assert response.status_code == 400
        body = response.json()
        assert body["message"] == (
            "Link must be a path on this site starting with / or an https:// address."
        )
        assert "cta_link" in body["errors"]
        assert not HeroImage.objects.exists()

    @pytest.mark.parametrize("point", ["50%", "101% 0%", "50 50", "center", "-1% 5%", "5.5% 5%"])
    def test_a_bad_focal_point_is_400(self, admin_client_api, point):
        response = create(admin_client_api, object_position=point)

        assert response.status_code == 400
        assert response.json()["message"].startswith("Focal point must be two percentages")
        assert "object_position" in response.json()["errors"]
        assert not HeroImage.objects.exists()

    @pytest.mark.parametrize(
        "fields,field",
        [({"cta_label": "Go"}, "cta_link"), ({"cta_link": "/"}, "cta_label")],
    )
    def test_a_button_needs_both_label_and_link(self, admin_client_api, fields, field):
        response = create(admin_client_api, **fields)

        assert response.status_code == 400
        assert response.json()["message"] == (
            "A button needs both a label and a link (or neither)."
        )
        assert field in response.json()["errors"]
        assert not HeroImage.objects.exists()

    def test_update_checks_the_pair_as_stored_and_changes_nothing(self, admin_client_api):
        hero = make_hero(cta_label="Shop", cta_link="/", object_position="10% 90%")

        refused = admin_client_api.put(
            f"/api/hero/images/{hero.pk}",
            {"cta_link": "", "title": "Changed"},
            format="multipart",
        )
        moved = admin_client_api.put(
            f"/api/hero/images/{hero.pk}", {"object_position": "0% 100%"}, format="multipart"
        )

        assert refused.status_code == 400
        assert "cta_link" in refused.json()["errors"]
        assert moved.status_code == 200
        hero.refresh_from_db()
        assert (hero.title, hero.cta_link, hero.object_position) == ("Slide", "/", "0% 100%")

    def test_a_too_long_label_is_400(self, admin_client_api):
        response = create(admin_client_api, cta_label="x" * 61, cta_link="/")

        assert response.status_code == 400
        assert response.json()["message"] == "Button label must be at most 60 characters."
        assert not HeroImage.objects.exists()
