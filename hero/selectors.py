from hero.models import HeroImage


def hero_list(*, user):
    """The carousel's slides in display order (ties by id); customers see only active ones."""
    heroes = HeroImage.objects.all()
    if not user.is_staff:
        heroes = heroes.filter(is_active=True)
    return heroes.order_by("display_order", "id")


def hero_path_in_use(path):
    return HeroImage.objects.filter(image_path=path).exists()
