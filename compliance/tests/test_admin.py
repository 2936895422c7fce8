"""The Django admin's rules page writes through compliance.services: the same refusals,
and a saved rule as the API would store it."""

import pytest

from compliance.models import Rule

pytestmark = pytest.mark.django_db

ADD = "/admin/compliance/rule/add/"
FORM = {
    "name": "No chargers at the counter",
    "attribute": "n2o",
    "category": "",
    "state": "ca",
    "cities": "[]",
    "zips": '["92868"]',
    "counter": "unknown",
    "valid_from": "",
    "valid_until": "",
    "action": "block",
    "message": "Not here.",
    "requires": "[]",
    "source": "A test",
    "active": "on",
}


def test_a_rule_added_in_the_admin_is_stored_by_the_service(admin_browser):
    response = admin_browser.post(ADD, FORM)

    assert response.status_code == 302
    rule = Rule.objects.get(name="No chargers at the counter")
    assert (rule.state, rule.zips, rule.counter, rule.reviewed) == ("CA", ["92868"], None, True)


def test_the_admin_shows_the_services_refusal_and_stores_nothing(admin_browser):
    before = Rule.objects.count()

    response = admin_browser.post(ADD, {**FORM, "zips": '["9286"]', "message": ""})

    assert response.status_code == 200
    assert b"A ZIP code must be 5 digits (got 9286)." in response.content
    assert b"A block rule needs a message" in response.content
    assert Rule.objects.count() == before
