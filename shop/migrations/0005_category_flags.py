from django.db import migrations, models

from shop.categories import AGE_RESTRICTED, NOT_SHIPPABLE


def set_flags(apps, schema_editor):
    Category = apps.get_model("shop", "Category")
    Category.objects.filter(id__in=AGE_RESTRICTED).update(age_restricted=True)
    Category.objects.filter(id__in=NOT_SHIPPABLE).update(shippable=False)


class Migration(migrations.Migration):
    dependencies = [("shop", "0004_product_version")]

    operations = [
        migrations.AddField(
            model_name="category",
            name="age_restricted",
            field=models.BooleanField(
                default=False,
                help_text="21+: checkout asks for an age confirmation and the order an ID check.",
            ),
        ),
        migrations.AddField(
            model_name="category",
            name="shippable",
            field=models.BooleanField(
                default=True,
                help_text="Off: products of this category can only be picked up or delivered.",
            ),
        ),
        migrations.RunPython(set_flags, migrations.RunPython.noop),
    ]
