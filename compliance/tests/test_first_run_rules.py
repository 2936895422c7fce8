"""Each first-run rule through the API (GET /api/compliance/check, as the product page and
the cart ask it): a product it blocks and one it lets through, at the counter and for
delivery ZIP codes in and out of its place, and before and after its dates."""

from datetime import timedelta

import pytest

from common.shoptime import shop_today
from compliance.models import Rule
from compliance.places import COUNTER, place_for
from compliance.selectors import sale_check
from tests.factories import make_product

from .helpers import blocked_ids, check, messages

pytestmark = pytest.mark.django_db

# Garden Grove (the shop's city), Orange, Huntington Beach, Sunset Beach (Huntington
# Beach since 2011), Midway City (unincorporated), Tustin, Costa Mesa, Irvine.
GARDEN_GROVE, ORANGE, HUNTINGTON, SUNSET, MIDWAY = "92840", "92868", "92648", "90742", "92655"
TUSTIN, COSTA_MESA, IRVINE = "92780", "92627", "92618"


def rule(name):
    return Rule.objects.get(name=name)


def test_every_first_run_rule_names_its_source_and_asks_to_be_checked():
    rules = list(Rule.objects.all())
    assert len(rules) == 12
    assert all(r.source and not r.reviewed and r.active for r in rules)


@pytest.mark.parametrize(
    "option,zip_code", [("pickup", ""), ("delivery", GARDEN_GROVE), ("delivery", IRVINE)]
)
def test_a_flavoured_vape_is_blocked_across_california_an_unflavoured_listed_one_is_not(
    api_client, option, zip_code
):
    mango = make_product(name="Mango Ice", category="disposables", regulatory={"flavoured": True})
    tobacco = make_product(name="Classic Tobacco", category="disposables")

    body = check(api_client, mango, tobacco, option=option, zip_code=zip_code)

    assert blocked_ids(body) == [mango.pk]
    assert messages(body) == [rule("Flavoured tobacco and vapes").message]


def test_a_nicotine_product_off_the_unflavored_list_is_blocked_and_a_listed_one_is_not(
    api_client,
):
    unlisted = make_product(name="Nameless Pouch", category="pouches", regulatory={"utlEntry": ""})
    listed = make_product(name="Listed Pouch", category="pouches")

    body = check(api_client, unlisted, listed, option="delivery", zip_code=IRVINE)

    assert blocked_ids(body) == [unlisted.pk]
    assert "Unflavored Tobacco List" in messages(body)[0]


def test_a_kratom_product_outside_the_kratom_category_is_blocked_by_its_attribute(api_client):
    capsules = make_product(name="Leaf Capsules", regulatory={"kratom": True})
    balloons = make_product(name="Balloons")

    body = check(api_client, capsules, balloons)

    assert blocked_ids(body) == [capsules.pk]
    assert messages(body) == [rule("Kratom and 7-OH").message]


@pytest.mark.parametrize(
    "zip_code,blocked",
    [
        (ORANGE, True),
        (HUNTINGTON, True),
        (SUNSET, True),
        (TUSTIN, True),
        (COSTA_MESA, True),
        (MIDWAY, True),
        (GARDEN_GROVE, False),
        (IRVINE, False),
    ],
)
def test_n2o_is_blocked_for_delivery_in_the_cities_and_unincorporated_county_that_ban_it(
    api_client, zip_code, blocked
):
    chargers = make_product(name="Cream Chargers 24", category="cream-chargers")
    balloons = make_product(name="Balloons")

    body = check(api_client, chargers, balloons, option="delivery", zip_code=zip_code)

    assert blocked_ids(body) == ([chargers.pk] if blocked else [])


def test_n2o_at_the_counter_is_sold_with_its_record_and_the_warning_to_print(api_client):
    chargers = make_product(name="Cream Chargers 24", category="cream-chargers")
    balloons = make_product(name="Balloons")

    body = check(api_client, chargers, balloons)

    assert body["blocked"] == []
    assert body["notices"] == [
        {"productId": chargers.pk, "productTypeId": None, "message": rule("N2O sales log").message}
    ]
    assert rule("N2O sales log").requires == [
        "idType",
        "birthYear",
        "recipientName",
        "signature",
        "homeAddress",
    ]


@pytest.mark.parametrize(
    "name,attribute",
    [("Inhalable hemp", "inhalable"), ("Hemp with detectable THC", "thcDetectable")],
)
def test_hemp_rules_block_from_2026_and_not_before(api_client, name, attribute):
    banned = make_product(name="Hemp Item", category="hemp", regulatory={attribute: True})
    plain = make_product(name="Hemp Lotion", category="hemp")
    starts = rule(name).valid_from

    body = check(api_client, banned, plain, option="delivery", zip_code=IRVINE)
    before = sale_check([(banned.pk, None)], COUNTER, starts - timedelta(days=1))
    first_day = sale_check([(banned.pk, None)], COUNTER, starts)

    assert blocked_ids(body) == [banned.pk]
    assert messages(body) == [rule(name).message]
    assert before.blocked == [] and [b.product_id for b in first_day.blocked] == [banned.pk]


@pytest.mark.parametrize(
    "name", ["Flavoured tobacco and vapes", "Nicotine not on the Unflavored Tobacco List"]
)
def test_the_nicotine_rules_start_on_their_day(name):
    vape = make_product(
        name="Berry Vape", category="disposables", regulatory={"flavoured": True, "utlEntry": ""}
    )
    starts = rule(name).valid_from

    def rules_on(day):
        return {r["name"] for r in sale_check([(vape.pk, None)], COUNTER, day).applied}

    assert name not in rules_on(starts - timedelta(days=1))
    assert name in rules_on(starts)


def test_alcohol_asks_for_an_id_at_hand_over_and_blocks_nothing(api_client):
    wine = make_product(name="Red Wine", category="alcohol")
    balloons = make_product(name="Balloons")

    body = check(api_client, wine, balloons, option="delivery", zip_code=ORANGE)

    assert body["blocked"] == []
    assert body["notices"] == [
        {
            "productId": wine.pk,
            "productTypeId": None,
            "message": rule("Alcohol: ID at hand-over").message,
        }
    ]
    assert "intoxicated" in body["notices"][0]["message"]


def test_nicotine_delivered_asks_for_an_id_and_signature_but_not_at_the_counter(api_client):
    vape = make_product(name="Classic Tobacco", category="disposables")
    delivered = rule("Nicotine delivered: adult ID and signature")

    at_door = check(api_client, vape, option="delivery", zip_code=GARDEN_GROVE)
    at_counter = check(api_client, vape)

    assert messages(at_door, "notices") == [delivered.message]
    assert at_counter["notices"] == []
    assert "signature" in delivered.requires


def test_nicotine_is_never_shipped_and_is_sold_at_the_counter(api_client):
    # A shippable category, so only the compliance rule stands in the way.
    kit = make_product(
        name="Pipe Kit With Pods",
        category="glass-pipe",
        regulatory={"nicotineMg": 20, "utlEntry": "Kit - Tobacco"},
    )
    pipe = make_product(name="Glass Pipe", category="glass-pipe")

    shipped = check(api_client, kit, pipe, option="shipping", state="CA")
    counter = check(api_client, kit, pipe)

    assert blocked_ids(shipped) == [kit.pk]
    assert messages(shipped) == [rule("Nicotine never by mail").message]
    assert counter["blocked"] == []


def test_a_state_rule_does_not_follow_a_shipment_out_of_california():
    pen = make_product(name="Hemp Pen", category="hemp", regulatory={"inhalable": True})
    today = shop_today()

    in_state = sale_check([(pen.pk, None)], place_for("shipping", shipping_state="CA"), today)
    nevada = sale_check([(pen.pk, None)], place_for("shipping", shipping_state="NV"), today)

    assert [b.product_id for b in in_state.blocked] == [pen.pk]
    assert nevada.blocked == []
