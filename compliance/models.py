"""The compliance rules: data an owner edits (docs/api.md, Compliance). What a rule
means when a sale is checked is compliance/selectors.py `sale_check`, the one place."""

from django.db import models


class Action(models.TextChoices):
    BLOCK = "block", "Block the sale"
    ID_AT_HANDOVER = "id_at_handover", "Check ID at hand-over"
    RECORD = "record", "Record the sale"
    NO_MAIL_CARRIER = "no_mail_carrier", "Never by mail carrier"


class Attribute(models.TextChoices):
    """What a rule applies to, read from a line's regulatory attributes (shop/regulatory.py)."""

    NICOTINE = "nicotine", "Contains nicotine"
    FLAVOURED = "flavoured", "Flavoured"
    NOT_ON_UTL = "notOnUtl", "Nicotine, not on the Unflavored Tobacco List"
    KRATOM = "kratom", "Kratom or 7-OH"
    N2O = "n2o", "N2O"
    INHALABLE = "inhalable", "Inhalable"
    THC_DETECTABLE = "thcDetectable", "THC detectable"
    ALCOHOL = "alcohol", "Alcohol"


class Requirement(models.TextChoices):
    """What the person handing over records (the hand-over's request names)."""

    ID_TYPE = "idType", "ID type"
    BIRTH_YEAR = "birthYear", "Year of birth"
    RECIPIENT_NAME = "recipientName", "Recipient's name"
    SIGNATURE = "signature", "Signature"
    HOME_ADDRESS = "homeAddress", "Home address"


class Rule(models.Model):
    """What a rule applies to (an attribute, a category or both), where (empty: everywhere)
    and when (inclusive, open when null), and what it does."""

    name = models.CharField(max_length=120)
    attribute = models.CharField(max_length=20, choices=Attribute.choices, blank=True)
    # A category id (shop.Category); kept as text so a rule outlives nothing it names.
    category = models.CharField(max_length=40, blank=True)
    state = models.CharField(max_length=2, blank=True)
    # City names (as the USPS names a ZIP's city, compliance/places.py) and ZIP codes.
    cities = models.JSONField(default=list, blank=True)
    zips = models.JSONField(default=list, blank=True)
    # True: only pickup at the shop's counter; False: only away from it (delivery,
    # shipping); null: either.
    counter = models.BooleanField(null=True, blank=True)
    valid_from = models.DateField("from", null=True, blank=True)
    valid_until = models.DateField("until", null=True, blank=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    message = models.TextField(blank=True)
    requires = models.JSONField(default=list, blank=True)
    source = models.TextField(blank=True)
    active = models.BooleanField(default=True)
    reviewed = models.BooleanField(
        default=False, help_text="Off: check before relying on it (every first-run rule)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name
