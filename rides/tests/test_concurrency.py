import threading

import pytest
from django.db import connection

from common.errors import Conflict
from rides import services
from rides.models import RideEvent
from rides.tests.factories import make_ride


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_admins_setting_the_same_status_at_once_record_one_change(admin_user):
    ride = make_ride()
    barrier = threading.Barrier(2)
    outcomes = []

    def change():
        try:
            barrier.wait()
            services.ride_set_status(ride_id=ride.pk, status="accepted", actor=admin_user)
            outcomes.append("changed")
        except Conflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=change) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["changed", "conflict"]
    assert RideEvent.objects.filter(ride=ride, to_status="accepted").count() == 1
