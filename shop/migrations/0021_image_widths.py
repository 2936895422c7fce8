from django.db import migrations, models


def read_widths(apps, schema_editor):
    """The stored pictures' widths, read from their files' headers (a missing file stays
    unknown: the client then offers that picture at one size only)."""
    from common.images import stored_width

    ProductImage = apps.get_model("shop", "ProductImage")
    rows = list(ProductImage.objects.filter(width__isnull=True))
    for row in rows:
        row.width = stored_width(row.path)
        row.thumbnail_width = stored_width(row.thumbnail_path)
    ProductImage.objects.bulk_update(rows, ["width", "thumbnail_width"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("shop", "0020_regulatory_attributes"),
    ]

    operations = [
        migrations.AddField(
            model_name="productimage",
            name="width",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="productimage",
            name="thumbnail_width",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(read_widths, migrations.RunPython.noop),
    ]
