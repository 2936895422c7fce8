"""Operator commands: bulk_products, import_products, stock_report; and the demo catalog."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from shop.models import Product, ProductImage, ProductType
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", ["bulk_products", "import_products", "stock_report"])
def test_help(name):
    from django.core.management import load_command_class

    parser = load_command_class("shop", name).create_parser("manage.py", name)
    assert len(parser.format_help()) > 200


class TestBulkProducts:
    def test_creates_products_with_types_and_shared_images(self, media_root):
        out, _ = run("bulk_products", "30", "--types", "2", "--images", "2", "--seed", "7")

        assert "Created 30 products (60 types, 60 images)" in out
        assert Product.objects.count() == 30 and ProductType.objects.count() == 60
        assert ProductImage.objects.count() == 60
        assert ProductImage.objects.values("path").distinct().count() <= 4
        assert all(
            (media_root / path).is_file()
            for path in ProductImage.objects.values_list("path", flat=True)
        )

    def test_same_seed_same_names(self, media_root):
        run("bulk_products", "5", "--images", "0", "--seed", "3")
        first = list(Product.objects.order_by("id").values_list("name", "price", "quantity"))
        Product.objects.all().delete()
        run("bulk_products", "5", "--images", "0", "--seed", "3")

        assert (
            list(Product.objects.order_by("id").values_list("name", "price", "quantity")) == first
        )

    @pytest.mark.parametrize("args", [["0"], ["5", "--images", "6"], ["5", "--types", "-1"]])
    def test_bad_arguments(self, args):
        with pytest.raises(CommandError):
            run("bulk_products", *args)


class TestImportProducts:
    GOOD = (
        "name,description,price,availability,category,quantity,types\n"
        "Frosty Mango,Iced mango,12.50,true,disposables,4,\n"
        "Lava Flow,,21.99,yes,juices,0,3 mg|21.99|5; 6 mg||2\n"
        "Mystery Box,,,false,labubu,,\n"
    )

    def write(self, tmp_path, text):
        path = tmp_path / "products.csv"
        path.write_text(text, encoding="utf-8")
        return str(path)

    def test_dry_run_writes_nothing(self, tmp_path):
        out, _ = run("import_products", self.write(tmp_path, self.GOOD))

        assert "Dry run: 3 products and 2 types are valid" in out
        assert not Product.objects.exists()

    def test_commit_writes_products_and_types(self, tmp_path):
        out, _ = run("import_products", self.write(tmp_path, self.GOOD), "--commit")

        assert "Imported 3 products and 2 types" in out
        lava = Product.objects.get(name="Lava Flow")
        assert [(t.name, t.price, t.quantity) for t in lava.types.order_by("id")] == [
            ("3 mg", lava.types.get(name="3 mg").price, 5),
            ("6 mg", None, 2),
        ]
        mystery = Product.objects.get(name="Mystery Box")
        assert mystery.price is None and mystery.availability is False and mystery.quantity == 0

    def test_bad_rows_are_reported_by_number_and_nothing_is_written(self, tmp_path):
        text = (
            "name,price,category,quantity,types\n"
            "Good,1.00,juices,1,\n"
            "Bad price,-2,juices,1,\n"
            ",1.00,juices,1,\n"
            "Bad category,1.00,tobacco,1,\n"
            "Bad type,1.00,juices,1,|x|y\n"
        )
        with pytest.raises(CommandError, match="4 row\\(s\\) with errors; nothing was imported"):
            out, err = io.StringIO(), io.StringIO()
            try:
                call_command(
                    "import_products",
                    self.write(tmp_path, text),
                    "--commit",
                    stdout=out,
                    stderr=err,
                )
            finally:
                errors = err.getvalue()

        assert "row 3: price: Price must be" in errors
        assert "row 4: name: Product name is required." in errors
        assert "row 5: category: Please choose one of the 13 categories" in errors
        assert "row 6: type 1" in errors and "Please enter name for the product type" in errors
        assert not Product.objects.exists()

    def test_missing_columns_and_unknown_columns(self, tmp_path):
        with pytest.raises(CommandError):
            run("import_products", self.write(tmp_path, "title,price\nX,1\n"))
        with pytest.raises(CommandError):
            run("import_products", self.write(tmp_path, "name,category,colour\nX,juices,red\n"))
        assert not Product.objects.exists()

    def test_missing_file(self):
        with pytest.raises(CommandError, match="no such file"):
            run("import_products", "/nonexistent/products.csv")


class TestStockReport:
    def test_lists_products_without_types_and_types_at_or_under_threshold(self):
        make_product(name="Low", quantity=2, category="disposables")
        make_product(name="Plenty", quantity=50)
        with_types = make_product(name="Typed", quantity=0, types=2)
        with_types.types.filter(name="Type 0").update(quantity=1)
        with_types.types.filter(name="Type 1").update(quantity=9)

        out, _ = run("stock_report", "--threshold", "5")

        assert "2 item(s) with 5 or fewer units in stock" in out
        assert "Typed - Type 0" in out and "Low (Vapes)" in out
        assert "Plenty" not in out and "Type 1" not in out

    def test_csv(self):
        product = make_product(name="Low", quantity=0, availability=False, category="disposables")

        out, _ = run("stock_report", "--format", "csv")

        assert out.splitlines() == [
            "product_id,product,type_id,type,category,quantity,available",
            f"{product.pk},Low,,,Vapes,0,no",
        ]

    def test_nothing_low(self):
        make_product(quantity=100)

        out, _ = run("stock_report", "--threshold", "3")

        assert "No product or type has 3 or fewer units in stock." in out


class TestDemo:
    def test_demo_data_is_believable_idempotent_and_prints_the_sign_in_details(self, media_root):
        """One test for `demo_data` (the shop's, its accounts' and its images'): it stores some
        fifty pictures, seconds a run."""
        from PIL import Image

        from accounts.models import User
        from shop import demo

        first, _ = run("demo_data")
        counts = (
            Product.objects.count(),
            ProductType.objects.count(),
            ProductImage.objects.count(),
        )
        second, _ = run("demo_data")

        for out in (first, second):
            assert "admin@example.com" in out
            assert "WELCOME-DEMO" in out
        assert User.objects.filter(is_staff=True).count() == 1

        assert (
            Product.objects.count(),
            ProductType.objects.count(),
            ProductImage.objects.count(),
        ) == counts
        assert counts[0] >= 40
        assert Product.objects.values("category").distinct().count() == 13
        assert Product.objects.filter(price__isnull=True).count() == 2
        assert Product.objects.filter(quantity=0).exists()
        assert ProductType.objects.filter(availability=False).exists()
        assert ProductType.objects.filter(price__isnull=False).exists()
        assert all(
            (media_root / p).is_file()
            for p in ProductImage.objects.values_list("thumbnail_path", flat=True)
        )
        for name in demo.E2E_PRODUCTS:
            assert (
                Product.objects.get(name=name)
                .types.filter(quantity__gt=0, availability=True)
                .exists()
            )
        # Stored at a full size larger than the thumbnail: the product page never upscales it.
        image = ProductImage.objects.order_by("id").first()
        with (
            Image.open(media_root / image.path) as full,
            Image.open(media_root / image.thumbnail_path) as thumb,
        ):
            assert full.width == 800
            assert thumb.width == 400
