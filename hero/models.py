from django.db import models
from django.db.models import Q

from common.images import url_for
from hero.validators import (
    DEFAULT_FOCAL_POINT,
    validate_focal_point,
    validate_image_url,
    validate_link,
)


class HeroImage(models.Model):
    """One slide of the homepage carousel."""

    title = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    alt_text = models.CharField(max_length=300, blank=True)
    # The slide's button: both or neither (hero.services checks the pair).
    cta_label = models.CharField("call-to-action label", max_length=60, blank=True)
    cta_link = models.CharField(
        "call-to-action link", max_length=1000, blank=True, validators=[validate_link]
    )
    # CSS object-position of the picture: the part that stays in view when it is cropped.
    object_position = models.CharField(
        "focal point",
        max_length=9,
        default=DEFAULT_FOCAL_POINT,
        validators=[validate_focal_point],
        help_text='"x% y%": 0% 0% keeps the top left in view, 100% 100% the bottom right.',
    )
    # 0-based here and in the API's answers; the admin form and the React form count from 1.
    display_order = models.PositiveIntegerField(default=0, db_index=True)
    is_active = models.BooleanField(default=True)
    # Exactly one of these holds the picture: an address an admin typed (external http(s)
    # or a path on this site), or the storage name of an uploaded, re-encoded file.
    external_url = models.CharField(max_length=1000, blank=True, validators=[validate_image_url])
    image_path = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["display_order", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(external_url="") & ~Q(image_path=""))
                | (~Q(external_url="") & Q(image_path="")),
                name="hero_image_has_one_source",
            )
        ]

    def __str__(self) -> str:
        return self.title or f"Hero image #{self.pk}"

    @property
    def image_url(self) -> str:
        return url_for(self.image_path) if self.image_path else self.external_url
