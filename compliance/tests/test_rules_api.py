"""The owner's rules through the API: add, edit, switch off, delete; the refusals in plain
words; the kill switch taking effect at once; dates; every change in the history."""

from datetime import timedelta

import pytest

from activity.tests.helpers import changes_of, latest
from common.shoptime import shop_today
from compliance.models import Rule
from tests.factories import checkout_body, line, make_product, post_checkout

from .helpers import blocked_ids, check

pytestmark = pytest.mark.django_db

URL = "/api/compliance/rules"
PARTY_BLOCK = {
    "name": "No party poppers",
    "applies": {"category": "party-supplies"},
    "where": {"state": "ca", "zips": ["92868"]},
    "action": "block",
    "message": "Party poppers are banned here.",
    "source": "City of Orange, 2026",
}


def create(client, **changes):
    return client.post(URL, {**PARTY_BLOCK, **changes}, format="json")


def test_an_owner_adds_a_rule_and_reads_it_back(admin_client_api):
    response = create(admin_client_api)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body == {
        "id": body["id"],
        "name": "No party poppers",
        "applies": {"attribute": None, "category": "party-supplies"},
        "where": {"state": "CA", "cities": [], "zips": ["92868"], "counter": None},
        "from": None,
        "until": None,
        "action": "block",
        "message": "Party poppers are banned here.",
        "requires": [],
        "source": "City of Orange, 2026",
        "active": True,
        "reviewed": True,
    }
    assert admin_client_api.get(f"{URL}/{body['id']}").json() == body
    assert body in admin_client_api.get(URL).json()


@pytest.mark.parametrize(
    "changes,field,message",
    [
        ({"applies": {"attribute": "sugar"}}, "applies", "Unknown attribute sugar"),
        ({"applies": {"category": "candy"}}, "applies", "Unknown category candy"),
        ({"applies": {}}, "applies", "Please choose what the rule applies to"),
        ({"where": {"state": "California"}}, "where", "The state must be two letters"),
        ({"where": {"zips": ["9286"]}}, "where", "A ZIP code must be 5 digits (got 9286)"),
        (
            {"from": "2026-05-01", "until": "2026-04-30"},
            "until",
            "The rule cannot end (2026-04-30) before it starts (2026-05-01).",
        ),
        (
            {"action": "id_at_handover", "requires": ["fingerprint"]},
            "requires",
            "Unknown requirement fingerprint",
        ),
        ({"requires": ["idType"]}, "requires", "Only id_at_handover and record rules"),
        ({"message": "  "}, "message", "A block rule needs a message"),
        ({"action": "ban"}, "action", "Unknown action ban"),
        ({"name": ""}, "name", "Please give the rule a name."),
    ],
)
def test_a_bad_rule_is_refused_in_plain_words_and_nothing_is_stored(
    admin_client_api, changes, field, message
):
    before = Rule.objects.count()

    response = create(admin_client_api, **changes)

    assert response.status_code == 400
    assert response.json()["errors"][field][0].startswith(message)
    assert response.json()["message"].startswith(message)
    assert Rule.objects.count() == before


def test_a_bad_edit_leaves_the_rule_as_it_was(admin_client_api):
    rule = Rule.objects.get(name="Kratom off sale")

    response = admin_client_api.patch(
        f"{URL}/{rule.pk}", {"applies": {"category": "candy"}}, format="json"
    )

    assert response.status_code == 400
    rule.refresh_from_db()
    assert (rule.category, rule.reviewed) == ("kratom", False)


def test_editing_a_first_run_rule_marks_it_reviewed_and_switching_it_does_not(admin_client_api):
    flavoured = Rule.objects.get(name="Flavoured tobacco and vapes")
    url = f"{URL}/{flavoured.pk}"

    switched = admin_client_api.patch(url, {"active": False}, format="json").json()
    edited = admin_client_api.patch(url, {"message": "Not sold here."}, format="json").json()

    assert (switched["active"], switched["reviewed"]) == (False, False)
    assert (edited["message"], edited["reviewed"], edited["active"]) == (
        "Not sold here.",
        True,
        False,
    )


def test_the_kratom_kill_switch_takes_the_category_off_sale_at_once(
    admin_client_api, customer_client, api_client
):
    # Its own attribute off: only the category's switch stands in the way.
    tea = make_product(name="Leaf Tea", category="kratom", regulatory={"kratom": False})
    switch = Rule.objects.get(name="Kratom off sale")
    body = checkout_body(line(tea), ageConfirmed=True)

    assert blocked_ids(check(api_client, tea, option="shipping", state="NV")) == [tea.pk]
    off = admin_client_api.patch(f"{URL}/{switch.pk}", {"active": False}, format="json")
    assert off.status_code == 200
    assert check(api_client, tea)["blocked"] == []
    post_checkout(customer_client, body)

    admin_client_api.patch(f"{URL}/{switch.pk}", {"active": True}, format="json")

    assert blocked_ids(check(api_client, tea)) == [tea.pk]
    refused = post_checkout(customer_client, body, status=400)
    assert refused["errors"]["cartItems"] == [f"Leaf Tea: {switch.message}"]
    assert customer_client.get(f"/api/products/{tea.pk}").json()["regulatory"]["kratom"] is False


def test_a_rule_holds_from_its_first_day_to_its_last(admin_client_api, api_client):
    balloons = make_product(name="Balloons")
    today = shop_today()
    rule = create(
        admin_client_api, where={}, **{"from": (today + timedelta(days=1)).isoformat()}
    ).json()
    url = f"{URL}/{rule['id']}"

    assert check(api_client, balloons)["blocked"] == []
    admin_client_api.patch(url, {"from": today.isoformat()}, format="json")
    assert blocked_ids(check(api_client, balloons)) == [balloons.pk]
    admin_client_api.patch(url, {"until": today.isoformat()}, format="json")
    assert blocked_ids(check(api_client, balloons)) == [balloons.pk]
    admin_client_api.patch(
        url,
        {"from": None, "until": (today - timedelta(days=1)).isoformat()},
        format="json",
    )
    assert check(api_client, balloons)["blocked"] == []


def test_a_counter_rule_holds_only_at_the_counter(admin_client_api, api_client):
    balloons = make_product(name="Balloons")
    create(admin_client_api, where={"counter": True})

    assert blocked_ids(check(api_client, balloons)) == [balloons.pk]
    assert check(api_client, balloons, option="delivery", zip_code="92840")["blocked"] == []


def test_every_change_is_in_the_history(admin_client_api, admin_user):
    created = create(admin_client_api).json()
    url = f"{URL}/{created['id']}"
    admin_client_api.patch(url, {"active": False}, format="json")

    changed = latest(admin_client_api, entity="rule", id=created["id"])
    assert changed["action"] == "changed"
    assert changes_of(changed)["active"] == (True, False)

    assert admin_client_api.delete(url).status_code == 204
    deleted = latest(admin_client_api, entity="rule", id=created["id"])
    assert deleted["action"] == "deleted"
    assert admin_client_api.get(url).status_code == 404


def test_the_check_refuses_a_bad_query_in_plain_words(api_client):
    bad = api_client.get("/api/compliance/check", {"productIds": "1,x"})
    option = api_client.get("/api/compliance/check", {"productIds": "1", "deliveryOption": "drone"})

    assert bad.status_code == option.status_code == 400
    assert "productIds" in bad.json()["errors"]
    assert option.json()["errors"]["deliveryOption"] == [
        "deliveryOption must be pickup, delivery or shipping."
    ]
