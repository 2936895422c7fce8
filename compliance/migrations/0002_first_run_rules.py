"""The first-run rules of a Garden Grove, California shop (issue 38): each names its source
and is marked not reviewed ("check before relying on it"); the owner edits them."""

from datetime import date

from django.db import migrations

PLAIN_NICOTINE = ["idType", "birthYear", "recipientName", "signature"]
N2O_WARNING = (
    "WARNING: Inhaling nitrous oxide can cause serious injury or death. Selling it to anyone "
    "under 18, or for inhaling it, is a crime (Penal Code 381b, 381c). Keep out of reach of "
    "children. Use only as a whipped-cream propellant."
)

RULES = [
    {
        "name": "Flavoured tobacco and vapes",
        "attribute": "flavoured",
        "state": "CA",
        "valid_from": date(2022, 12, 21),
        "action": "block",
        "message": "Flavoured tobacco products and vapes cannot be sold in California.",
        "source": "SB 793 (Health and Safety Code 104559.5), upheld by Proposition 31; "
        "in force 21 December 2022. Applies to flavoured e-liquids and vapes whether or "
        "not they hold nicotine.",
    },
    {
        "name": "Nicotine not on the Unflavored Tobacco List",
        "attribute": "notOnUtl",
        "state": "CA",
        "valid_from": date(2025, 1, 1),
        "action": "block",
        "message": "This nicotine product is not on California's Unflavored Tobacco List, "
        "so it cannot be sold.",
        "source": "AB 3218 (Health and Safety Code 104559.1): from 1 January 2025 only "
        "products on the Attorney General's Unflavored Tobacco List may be sold, in stores "
        "and by delivery. Check each product's entry against the list.",
    },
    {
        "name": "Kratom and 7-OH",
        "attribute": "kratom",
        "state": "CA",
        "valid_from": date(2025, 10, 1),
        "action": "block",
        "message": "Kratom and 7-OH products cannot be sold in California.",
        "source": "California Department of Public Health, October 2025: kratom and 7-OH "
        "products are illegal to sell online or in stores; several Orange County cities "
        "ban them as well.",
    },
    {
        "name": "Kratom off sale",
        "category": "kratom",
        "action": "block",
        "message": "Kratom products are off sale.",
        "source": "Kill switch: the kratom category off sale everywhere. Switch this rule "
        "off to sell the category again.",
    },
    {
        "name": "N2O sales log",
        "attribute": "n2o",
        "state": "CA",
        "action": "record",
        "message": N2O_WARNING,
        "requires": ["idType", "birthYear", "recipientName", "signature", "homeAddress"],
        "source": "Penal Code 381e: every sale of nitrous oxide is recorded with the "
        "buyer's government photo ID, full home address and signature, kept at least one "
        "year, with the printed warnings (the message is the warning to print).",
    },
    {
        "name": "N2O banned in Orange, Huntington Beach, Tustin, Costa Mesa",
        "attribute": "n2o",
        "state": "CA",
        "cities": ["Orange", "Huntington Beach", "Tustin", "Costa Mesa"],
        # Sunset Beach has been part of Huntington Beach since 2011.
        "zips": ["90742"],
        "action": "block",
        "message": "N2O chargers cannot be sold or delivered in this city.",
        "source": "City ordinances of Orange, Huntington Beach, Tustin and Costa Mesa "
        "banning the sale of nitrous oxide chargers. Matched by the USPS city of the "
        "delivery ZIP: city lines and ZIP codes differ, so check the ZIPs at the edges.",
    },
    {
        "name": "N2O banned in unincorporated Orange County",
        "attribute": "n2o",
        "state": "CA",
        "zips": ["92655", "92676", "92678", "92679", "92694"],
        "action": "block",
        "message": "N2O chargers cannot be sold or delivered in unincorporated Orange County.",
        "source": "Orange County ordinance banning nitrous oxide sales in unincorporated "
        "areas. ZIPs: Midway City 92655, Silverado 92676, Trabuco Canyon and Coto de Caza "
        "92678/92679 (92679 also serves Dove Canyon in Rancho Santa Margarita), Ladera "
        "Ranch 92694. Not listed because they share their ZIP with a city: Rossmoor "
        "(90720, Los Alamitos), North Tustin (92705, Santa Ana), Las Flores and Emerald "
        "Bay. City lines and ZIP codes differ: check before relying on it.",
    },
    {
        "name": "Inhalable hemp",
        "attribute": "inhalable",
        "state": "CA",
        "valid_from": date(2026, 1, 1),
        "action": "block",
        "message": "Inhalable hemp products cannot be sold in California.",
        "source": "AB 8 (2025) and the CDPH emergency regulations on industrial hemp: "
        "inhalable hemp products banned from 1 January 2026.",
    },
    {
        "name": "Hemp with detectable THC",
        "attribute": "thcDetectable",
        "state": "CA",
        "valid_from": date(2026, 1, 1),
        "action": "block",
        "message": "Hemp products with detectable THC cannot be sold in California.",
        "source": "AB 8 (2025) and the CDPH emergency regulations: from 1 January 2026 a "
        "hemp food or drink may hold no detectable THC per serving.",
    },
    {
        "name": "Alcohol: ID at hand-over",
        "attribute": "alcohol",
        "action": "id_at_handover",
        "message": "Check a government photo ID showing 21 or older. Refuse the sale to a "
        "minor or to anyone who is obviously intoxicated.",
        "requires": ["idType", "birthYear", "recipientName"],
        "source": "Business and Professions Code 25658 and 25602; ABC rules for "
        "licensees delivering alcohol: proof of age and identity at delivery.",
    },
    {
        "name": "Nicotine delivered: adult ID and signature",
        "attribute": "nicotine",
        "state": "CA",
        "counter": False,
        "action": "id_at_handover",
        "message": "Delivery sale of nicotine products: check the adult's government photo "
        "ID (21 or older) and take their signature.",
        "requires": PLAIN_NICOTINE,
        "source": "Federal PACT Act (15 U.S.C. 376a): a delivery sale needs an adult's ID "
        "and signature at delivery, and a monthly report to the state tax administrator.",
    },
    {
        "name": "Nicotine never by mail",
        "attribute": "nicotine",
        "action": "no_mail_carrier",
        "message": "Vapes and nicotine products cannot be sent by mail. Please choose "
        "pickup or local delivery.",
        "source": "USPS Publication 52 and the Preventing Online Sales of E-Cigarettes to "
        "Children Act: vapes non-mailable since 21 October 2021.",
    },
]


def first_run_rules(apps, schema_editor):
    Rule = apps.get_model("compliance", "Rule")
    for fields in RULES:
        Rule.objects.create(**fields, active=True, reviewed=False)


def forget(apps, schema_editor):
    apps.get_model("compliance", "Rule").objects.filter(
        name__in=[fields["name"] for fields in RULES], reviewed=False
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("compliance", "0001_initial"), ("shop", "0020_regulatory_attributes")]

    operations = [migrations.RunPython(first_run_rules, forget)]
