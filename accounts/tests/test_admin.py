"""The Django admin's registration code pages write through accounts.services."""

import pytest

from accounts.models import RegistrationCode

pytestmark = pytest.mark.django_db


def test_the_disable_action_disables_the_selected_codes_only(admin_browser):
    chosen = RegistrationCode.objects.create(code="GIFT-1")
    gone = RegistrationCode.objects.create(code="GIFT-2", is_active=False)
    other = RegistrationCode.objects.create(code="KEEP")

    response = admin_browser.post(
        "/admin/accounts/registrationcode/",
        {"action": "disable", "_selected_action": [chosen.pk, gone.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert "Disabled 2 registration code(s)." in response.content.decode()
    assert list(RegistrationCode.objects.filter(is_active=True)) == [other]


def test_a_code_added_in_the_admin(admin_browser):
    response = admin_browser.post(
        "/admin/accounts/registrationcode/add/",
        {"code": "SPRING", "note": "flyers", "max_uses": "3", "is_active": "on"},
    )

    assert response.status_code == 302
    code = RegistrationCode.objects.get()
    assert (code.code, code.note, code.max_uses, code.is_active) == ("SPRING", "flyers", 3, True)


def test_a_code_edited_in_the_admin_keeps_its_letters(admin_browser):
    code = RegistrationCode.objects.create(code="SPRING", note="flyers")

    response = admin_browser.post(
        f"/admin/accounts/registrationcode/{code.pk}/change/",
        {"code": "SUMMER", "note": "posters", "max_uses": ""},
    )

    assert response.status_code == 302
    code.refresh_from_db()
    assert (code.code, code.note, code.is_active) == ("SPRING", "posters", False)
