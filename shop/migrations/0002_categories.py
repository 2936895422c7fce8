from django.db import migrations

from shop.categories import CATEGORIES


def create_categories(apps, schema_editor):
    Category = apps.get_model("shop", "Category")
    for position, (slug, name, color_class, description, icon) in enumerate(CATEGORIES):
        Category.objects.update_or_create(
            id=slug,
            defaults={
                "name": name,
                "color_class": color_class,
                "description": description,
                "icon": icon,
                "position": position,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("shop", "0001_initial")]

    operations = [migrations.RunPython(create_categories, migrations.RunPython.noop)]
