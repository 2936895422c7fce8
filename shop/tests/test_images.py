"""Product images: upload checks, files on disk, keep-lists, deletion, media serving."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from shop.models import Product, ProductImage
from shop.tests.factories import product_form
from tests.factories import bomb_png, png_upload

pytestmark = pytest.mark.django_db


def stored_files(media_root):
    return sorted(
        p.relative_to(media_root).as_posix() for p in media_root.rglob("*") if p.is_file()
    )


def create(client, *uploads, **fields):
    return client.post(
        "/api/products", {**product_form(**fields), "images": list(uploads)}, format="multipart"
    )


def on_disk(media_root, url):
    return (media_root / url.removeprefix("/media/")).is_file()


class TestUpload:
    def test_images_and_thumbnails_are_stored_and_served(
        self, admin_client_api, customer_client, media_root, django_capture_on_commit_callbacks
    ):
        response = create(
            admin_client_api,
            png_upload("a.png", (2400, 1200)),
            png_upload("b.png", color=(0, 90, 0)),
        )

        assert response.status_code == 201
        body = response.json()
        assert len(body["images"]) == len(body["thumbnails"]) == 2
        assert all(
            url.startswith("/media/products/") and url.endswith(".webp") for url in body["images"]
        )
        assert all(on_disk(media_root, url) for url in body["images"] + body["thumbnails"])
        from PIL import Image

        with Image.open(media_root / body["images"][0].removeprefix("/media/")) as big:
            assert max(big.size) == 1600
        served = customer_client.get(body["images"][0])
        assert served.status_code == 200
        assert "max-age=31536000" in served.headers["Cache-Control"]
        assert served.headers["Content-Type"] == "image/webp"

    def test_six_images_is_400_and_nothing_is_stored(self, admin_client_api, media_root):
        uploads = [png_upload(f"{n}.png", color=(n * 40, 0, 0)) for n in range(6)]

        response = create(admin_client_api, *uploads)

        assert response.status_code == 400
        assert response.json()["message"] == "A product can have at most 5 images."
        assert not Product.objects.exists() and stored_files(media_root) == []

    def test_text_file_renamed_jpg_is_400(self, admin_client_api, media_root):
        fake = SimpleUploadedFile(
            "notes.jpg", b"just some text, not a picture", content_type="image/jpeg"
        )

        response = create(admin_client_api, png_upload(), fake)

        assert response.status_code == 400
        assert (
            response.json()["message"]
            == "notes.jpg is not a valid image. Please upload a JPEG, PNG, WebP or GIF file."
        )
        assert not Product.objects.exists() and stored_files(media_root) == []

    def test_12_mb_upload_is_413(self, admin_client_api, media_root):
        huge = SimpleUploadedFile(
            "huge.jpg", b"\xff\xd8\xff" + b"0" * (12 * 1024 * 1024), content_type="image/jpeg"
        )

        response = create(admin_client_api, huge)

        assert response.status_code == 413
        assert response.json()["message"] == "huge.jpg is too large. Images can be at most 10 MB."
        assert not Product.objects.exists() and stored_files(media_root) == []

    def test_decompression_bomb_is_400(self, admin_client_api, media_root):
        response = create(admin_client_api, bomb_png())

        assert response.status_code == 400
        assert (
            response.json()["message"]
            == "bomb.png has too many pixels. Please upload a smaller image."
        )
        assert not Product.objects.exists() and stored_files(media_root) == []

    def test_files_of_a_failed_transaction_are_removed(
        self, admin_client_api, media_root, monkeypatch
    ):
        from shop import services

        def broken(*args, **kwargs):
            raise services.InvalidInput("boom")

        monkeypatch.setattr(services, "_add_images", broken)

        response = create(admin_client_api, png_upload())

        assert response.status_code == 400
        assert not Product.objects.exists() and stored_files(media_root) == []


class TestUpdateImages:
    def make(self, client, count=2):
        uploads = [png_upload(f"{n}.png", color=(n * 50, 20, 20)) for n in range(count)]
        return create(client, *uploads).json()

    def test_keep_list_reorders_drops_and_adds(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        product = self.make(admin_client_api, 3)
        first, second, third = product["images"]

        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client_api.put(
                f"/api/products/{product['id']}",
                {
                    "existingImages": json.dumps([third, first]),
                    "images": [png_upload("new.png", color=(1, 2, 3))],
                },
                format="multipart",
            )

        assert response.status_code == 200
        images = response.json()["images"]
        assert images[:2] == [third, first] and len(images) == 3
        assert not on_disk(media_root, second)
        assert all(on_disk(media_root, url) for url in images)

    def test_without_keep_list_every_image_stays(self, admin_client_api, media_root):
        product = self.make(admin_client_api)

        response = admin_client_api.put(
            f"/api/products/{product['id']}", {"name": "Renamed"}, format="multipart"
        )

        assert response.json()["images"] == product["images"]

    def test_kept_plus_new_over_5_is_400(self, admin_client_api, media_root):
        product = self.make(admin_client_api, 3)
        files_before = stored_files(media_root)

        response = admin_client_api.put(
            f"/api/products/{product['id']}",
            {
                "existingImages": json.dumps(product["images"]),
                "images": [png_upload(f"n{n}.png", color=(9, n, 9)) for n in range(3)],
            },
            format="multipart",
        )

        assert response.status_code == 400
        assert ProductImage.objects.count() == 3 and stored_files(media_root) == files_before

    @pytest.mark.parametrize("value", ["not json", '{"a": 1}', "[1, 2]", '"/media/x.webp"'])
    def test_existing_images_not_a_json_list_is_400(self, admin_client_api, media_root, value):
        product = self.make(admin_client_api)

        response = admin_client_api.put(
            f"/api/products/{product['id']}", {"existingImages": value}, format="multipart"
        )

        assert response.status_code == 400
        assert response.json()["message"] == "existingImages must be a JSON list of image URLs."
        assert ProductImage.objects.count() == 2

    def test_existing_images_naming_another_products_image_is_400(
        self, admin_client_api, media_root
    ):
        mine = self.make(admin_client_api)
        other = create(
            admin_client_api, png_upload("o.png", color=(0, 0, 250)), name="Other"
        ).json()

        response = admin_client_api.put(
            f"/api/products/{mine['id']}",
            {"name": "Changed", "existingImages": json.dumps(other["images"])},
            format="multipart",
        )

        assert response.status_code == 400
        assert response.json()["message"].startswith("Not an image of this product")
        assert Product.objects.get(pk=mine["id"]).name == "Frosty Mango Pod"
        assert ProductImage.objects.filter(product_id=mine["id"]).count() == 2


class TestDeleteImages:
    def test_deletes_named_images_and_their_files(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        product = create(
            admin_client_api, png_upload("a.png"), png_upload("b.png", color=(1, 1, 1))
        ).json()
        doomed, kept = product["images"]

        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client_api.delete(
                f"/api/products/{product['id']}/images", {"imagePaths": [doomed]}, format="json"
            )

        assert response.status_code == 200
        assert response.json()["images"] == [kept]
        assert not on_disk(media_root, doomed) and not on_disk(media_root, product["thumbnails"][0])
        assert on_disk(media_root, kept)

    @pytest.mark.parametrize(
        "paths",
        [
            ["/media/products/../../config/settings/__init__.py"],
            ["../manage.py"],
            ["OWN", "/media/products/unknown.webp"],
            [],
            "not a list",
        ],
    )
    def test_anything_not_its_own_image_is_400_and_nothing_is_deleted(
        self, admin_client_api, media_root, paths
    ):
        product = create(admin_client_api, png_upload("a.png")).json()
        paths = (
            [product["images"][0] if p == "OWN" else p for p in paths]
            if isinstance(paths, list)
            else paths
        )
        files_before = stored_files(media_root)

        response = admin_client_api.delete(
            f"/api/products/{product['id']}/images", {"imagePaths": paths}, format="json"
        )

        assert response.status_code == 400
        assert "message" in response.json()
        assert ProductImage.objects.count() == 1 and stored_files(media_root) == files_before

    def test_another_products_image_is_400(self, admin_client_api, media_root):
        mine = create(admin_client_api, png_upload("a.png")).json()
        other = create(admin_client_api, png_upload("b.png", color=(5, 5, 5)), name="Other").json()

        response = admin_client_api.delete(
            f"/api/products/{mine['id']}/images", {"imagePaths": other["images"]}, format="json"
        )

        assert response.status_code == 400
        assert ProductImage.objects.count() == 2


class TestDeleteProduct:
    def test_files_are_gone_after_delete(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        product = create(
            admin_client_api, png_upload("a.png"), png_upload("b.png", color=(3, 3, 3))
        ).json()
        assert len(stored_files(media_root)) == 4

        with django_capture_on_commit_callbacks(execute=True):
            assert admin_client_api.delete(f"/api/products/{product['id']}").status_code == 204

        assert stored_files(media_root) == []

    def test_a_file_shared_with_another_product_stays(
        self, admin_client_api, media_root, django_capture_on_commit_callbacks
    ):
        first = create(admin_client_api, png_upload("same.png")).json()
        second = create(admin_client_api, png_upload("same.png"), name="Twin").json()
        assert first["images"] == second["images"]  # content-hash names

        with django_capture_on_commit_callbacks(execute=True):
            admin_client_api.delete(f"/api/products/{first['id']}")

        assert on_disk(media_root, second["images"][0]) and on_disk(
            media_root, second["thumbnails"][0]
        )
