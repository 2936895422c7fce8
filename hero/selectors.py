from typing import TYPE_CHECKING

from django.db.models import QuerySet

from hero.models import HeroImage

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


def hero_list(*, user: "User | AnonymousUser") -> QuerySet[HeroImage]:
    """The carousel's slides in display order (ties by id); customers see only active ones."""
    heroes = HeroImage.objects.all()
    if not user.is_staff:
        heroes = heroes.filter(is_active=True)
    return heroes.order_by("display_order", "id")


def hero_path_in_use(path: str) -> bool:
    return HeroImage.objects.filter(image_path=path).exists()
