"""common.services: the update helper every app's services use."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import RegistrationCode
from common.services import model_update, unknown_fields_check
from rides.models import Ride
from rides.tests.factories import make_ride

pytestmark = pytest.mark.django_db


def test_only_changed_fields_are_saved_with_updated_at():
    ride = make_ride()
    before = ride.updated_at
    changed = model_update(ride, data={"name": "Sam", "phone": ride.phone})
    assert changed == ["name"]
    stored = Ride.objects.get(pk=ride.pk)
    assert stored.name == "Sam"
    assert stored.updated_at > before


def test_nothing_changed_saves_nothing():
    ride = make_ride()
    with CaptureQueriesContext(connection) as queries:
        changed = model_update(ride, data={"name": ride.name})
    assert changed == []
    assert len(queries) == 0


def test_a_model_without_updated_at_saves_just_the_field():
    code = RegistrationCode.objects.create(code="ABC", note="old")
    assert model_update(code, data={"note": "new"}) == ["note"]
    assert RegistrationCode.objects.get(pk=code.pk).note == "new"


def test_attribute_names_map_a_field_to_its_attribute():
    ride = make_ride()
    changed = model_update(ride, data={"where": "3 Elm St"}, attribute_names={"where": "address"})
    assert changed == ["address"]
    assert Ride.objects.get(pk=ride.pk).address == "3 Elm St"


def test_unknown_fields_are_a_type_error_naming_them():
    with pytest.raises(TypeError, match=r"ride_update\(\) got unexpected fields \['colour'\]"):
        unknown_fields_check("ride_update", {"colour": 1, "name": "x"}, {"name"})
