"""Hero images over the API: who sees what, create, update, toggle, delete, reorder (the
slide's words and focal point: test_slide_text.py)."""

import pytest

from hero.models import HeroImage
from hero.tests.factories import create, form, make_hero
from tests.factories import png_upload

pytestmark = pytest.mark.django_db

HERO_KEYS = {
    "id",
    "title",
    "description",
    "alt_text",
    "cta_label",
    "cta_link",
    "object_position",
    "display_order",
    "is_active",
    "image_url",
    "created_at",
}
NEED_IMAGE = "Please provide an image URL or upload an image file"


class TestList:
    def test_anonymous_is_401(self, api_client):
        response = api_client.get("/api/hero/images")

        assert response.status_code == 401
        assert response.json() == {
            "message": "Please sign in to continue.",
            "code": "not_authenticated",
        }

    def test_customer_sees_active_images_in_display_order(self, customer_client):
        second = make_hero(title="B", display_order=1)
        make_hero(title="Hidden", display_order=0, is_active=False)
        first = make_hero(title="A", display_order=0)

        body = customer_client.get("/api/hero/images").json()

        assert [hero["id"] for hero in body] == [first.pk, second.pk]
        assert set(body[0]) == HERO_KEYS

    def test_admin_sees_all_ties_by_id(self, admin_client_api):
        heroes = [
            make_hero(display_order=0),
            make_hero(display_order=0, is_active=False),
            make_hero(display_order=0),
        ]

        body = admin_client_api.get("/api/hero/images").json()

        assert [hero["id"] for hero in body] == [hero.pk for hero in heroes]


class TestCreate:
    def test_anonymous_is_401(self, api_client):
        assert create(api_client).status_code == 401
        assert not HeroImage.objects.exists()

    def test_customer_is_403(self, customer_client):
        assert create(customer_client).status_code == 403
        assert not HeroImage.objects.exists()

    def test_admin_creates_with_a_url(self, admin_client_api):
        response = create(admin_client_api, display_order="3")

        assert response.status_code == 201
        body = response.json()
        assert body["title"] == "Summer sale"
        assert body["alt_text"] == "Beach with shopping bags"
        assert body["display_order"] == 2
        assert body["is_active"] is True
        assert body["image_url"] == "https://cdn.example.com/summer.jpg"

    def test_admin_creates_with_a_site_path(self, admin_client_api):
        response = create(admin_client_api, image_url="/static/banner.jpg")

        assert response.status_code == 201
        assert response.json()["image_url"] == "/static/banner.jpg"

    def test_admin_creates_with_a_file(self, admin_client_api, media_root, client):
        response = create(admin_client_api, image_url="", image=png_upload())

        assert response.status_code == 201
        url = response.json()["image_url"]
        assert url.startswith("/media/hero/") and url.endswith(".webp")
        assert (media_root / url.removeprefix("/media/")).is_file()
        assert client.get(url).status_code == 200

    def test_file_wins_over_a_url_sent_with_it(self, admin_client_api, media_root):
        response = create(admin_client_api, image=png_upload())

        assert response.json()["image_url"].startswith("/media/hero/")

    def test_neither_url_nor_file_is_400_with_its_message(self, admin_client_api):
        response = create(admin_client_api, image_url="")

        assert response.status_code == 400
        assert response.json()["message"] == NEED_IMAGE
        assert not HeroImage.objects.exists()

    def test_a_file_that_is_not_an_image_is_400(self, admin_client_api, media_root):
        from django.core.files.uploadedfile import SimpleUploadedFile

        fake = SimpleUploadedFile(
            "evil.png", b"<script>alert(1)</script>", content_type="image/png"
        )

        response = create(admin_client_api, image_url="", image=fake)

        assert response.status_code == 400
        assert "is not a valid image" in response.json()["message"]
        assert not HeroImage.objects.exists()

    @pytest.mark.parametrize(
        "url",
        [
            "javascript:alert(1)",
            "JAVASCRIPT:alert(1)",
            "data:image/png;base64,AAAA",
            "//evil.example/x.png",
            "/\\evil.example/x.png",
            "ftp://files.example/x.png",
            "http://",
            "https:///nohost.png",
            "vbscript:msgbox",
            "relative/path.png",
            "https://cdn.example.com/a b.png",
        ],
    )
    def test_bad_url_schemes_are_refused(self, admin_client_api, url):
        response = create(admin_client_api, image_url=url)

        assert response.status_code == 400
        assert response.json()["message"].startswith("Image URL must be")
        assert "image_url" in response.json()["errors"]
        assert not HeroImage.objects.exists()

    @pytest.mark.parametrize("order", ["0", "-1", "first"])
    def test_display_order_below_one_is_400(self, admin_client_api, order):
        response = create(admin_client_api, display_order=order)

        assert response.status_code == 400
        assert response.json()["message"].startswith("Display order must")

    def test_without_display_order_it_goes_last(self, admin_client_api):
        make_hero(display_order=4)

        body = create(admin_client_api, display_order="").json()

        assert body["display_order"] == 5

    @pytest.mark.parametrize(
        "flag,expected", [("0", False), ("false", False), ("1", True), ("true", True)]
    )
    def test_is_active_as_the_form_sends_it(self, admin_client_api, flag, expected):
        assert create(admin_client_api, is_active=flag).json()["is_active"] is expected

    def test_missing_is_active_means_active(self, admin_client_api):
        body = form()
        del body["is_active"]

        assert (
            admin_client_api.post("/api/hero/images", body, format="multipart").json()["is_active"]
            is True
        )


class TestUpdate:
    def test_anonymous_is_401_and_customer_403(self, api_client, customer_client):
        hero = make_hero()

        assert (
            api_client.put(f"/api/hero/images/{hero.pk}", form(), format="multipart").status_code
            == 401
        )
        assert (
            customer_client.put(
                f"/api/hero/images/{hero.pk}", form(), format="multipart"
            ).status_code
            == 403
        )

    def test_admin_updates_the_fields_sent(self, admin_client_api):
        hero = make_hero(title="Old", description="Keep me")

        response = admin_client_api.put(
            f"/api/hero/images/{hero.pk}",
            {"title": "New", "display_order": "2"},
            format="multipart",
        )

        assert response.status_code == 200
        body = response.json()
        assert (body["title"], body["description"], body["display_order"]) == ("New", "Keep me", 1)
        assert body["image_url"] == "https://cdn.example.com/slide.jpg"

    def test_sending_back_the_current_url_keeps_the_stored_file(self, admin_client_api, media_root):
        created = create(admin_client_api, image_url="", image=png_upload()).json()

        response = admin_client_api.put(
            f"/api/hero/images/{created['id']}",
            form(title="Renamed", image_url=created["image_url"]),
            format="multipart",
        )

        assert response.json()["image_url"] == created["image_url"]
        assert HeroImage.objects.get().image_path.startswith("hero/")
        assert (media_root / created["image_url"].removeprefix("/media/")).is_file()

    def test_replacing_the_file_removes_the_old_one(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        old = create(admin_client_api, image_url="", image=png_upload(color=(1, 2, 3))).json()[
            "image_url"
        ]

        with django_capture_on_commit_callbacks(execute=True):
            new = admin_client_api.put(
                f"/api/hero/images/{HeroImage.objects.get().pk}",
                {"image": png_upload(color=(250, 250, 0))},
                format="multipart",
            ).json()["image_url"]

        assert new != old
        assert not (media_root / old.removeprefix("/media/")).exists()
        assert (media_root / new.removeprefix("/media/")).is_file()

    def test_a_bad_url_on_update_is_400_and_changes_nothing(self, admin_client_api):
        hero = make_hero()

        response = admin_client_api.put(
            f"/api/hero/images/{hero.pk}",
            {"title": "X", "image_url": "javascript:alert(1)"},
            format="multipart",
        )

        assert response.status_code == 400
        hero.refresh_from_db()
        assert (hero.title, hero.image_url) == ("Slide", "https://cdn.example.com/slide.jpg")

    def test_unknown_id_is_404(self, admin_client_api):
        response = admin_client_api.put("/api/hero/images/999", form(), format="multipart")

        assert response.status_code == 404
        assert response.json() == {"message": "Hero image not found", "code": "not_found"}


class TestToggle:
    @pytest.mark.parametrize("flag", [False, True])
    def test_json_is_active_sets_only_that_flag(self, admin_client_api, flag):
        hero = make_hero(title="Keep", display_order=3, is_active=not flag)

        response = admin_client_api.put(
            f"/api/hero/images/{hero.pk}", {"is_active": flag}, format="json"
        )

        assert response.status_code == 200
        body = response.json()
        assert body["is_active"] is flag
        assert (body["title"], body["display_order"], body["image_url"]) == (
            "Keep",
            3,
            "https://cdn.example.com/slide.jpg",
        )

    def test_an_inactive_image_disappears_for_customers(self, admin_client_api, customer_client):
        hero = make_hero()

        admin_client_api.put(f"/api/hero/images/{hero.pk}", {"is_active": False}, format="json")

        assert customer_client.get("/api/hero/images").json() == []

    @pytest.mark.parametrize("body", [{}, {"is_active": "maybe"}, {"is_active": None}])
    def test_a_toggle_without_a_flag_is_400(self, admin_client_api, body):
        hero = make_hero()

        assert (
            admin_client_api.put(f"/api/hero/images/{hero.pk}", body, format="json").status_code
            == 400
        )

    def test_customer_cannot_toggle(self, customer_client):
        hero = make_hero()

        assert (
            customer_client.put(
                f"/api/hero/images/{hero.pk}", {"is_active": False}, format="json"
            ).status_code
            == 403
        )
        hero.refresh_from_db()
        assert hero.is_active is True


class TestDelete:
    def test_anonymous_is_401_and_customer_403(self, api_client, customer_client):
        hero = make_hero()

        assert api_client.delete(f"/api/hero/images/{hero.pk}").status_code == 401
        assert customer_client.delete(f"/api/hero/images/{hero.pk}").status_code == 403
        assert HeroImage.objects.filter(pk=hero.pk).exists()

    def test_admin_delete_removes_the_row_and_the_file(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        url = create(admin_client_api, image_url="", image=png_upload()).json()["image_url"]
        stored = media_root / url.removeprefix("/media/")

        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client_api.delete(f"/api/hero/images/{HeroImage.objects.get().pk}")

        assert response.status_code == 204
        assert not HeroImage.objects.exists()
        assert not stored.exists()

    def test_a_file_another_image_uses_is_kept(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        first = create(admin_client_api, image_url="", image=png_upload()).json()
        second = create(admin_client_api, image_url="", image=png_upload()).json()
        assert first["image_url"] == second["image_url"]

        with django_capture_on_commit_callbacks(execute=True):
            admin_client_api.delete(f"/api/hero/images/{first['id']}")

        assert (media_root / second["image_url"].removeprefix("/media/")).is_file()

    def test_unknown_id_is_404(self, admin_client_api):
        response = admin_client_api.delete("/api/hero/images/999")

        assert response.status_code == 404
        assert response.json() == {"message": "Hero image not found", "code": "not_found"}
