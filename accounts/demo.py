"""Demo accounts for `manage.py demo_data`: an admin, a customer and a registration code."""

import os
from datetime import date
from typing import Any

from accounts.models import RegistrationCode, User
from accounts.people import admin_ensure

ADMIN_EMAIL = "admin@example.com"
CUSTOMER_EMAIL = "shopper@example.com"
# An adult's date of birth, so the demo customer can buy 21+ goods as a real one would once
# their profile holds it (orders/age.py).
CUSTOMER_BORN = date(1990, 5, 17)


def seed(out: Any) -> None:
    admin_password = os.environ.get("DEMO_ADMIN_PASSWORD", "admin-demo-2468")
    customer_password = os.environ.get("DEMO_CUSTOMER_PASSWORD", "shopper-demo-1357")
    code = os.environ.get("DEMO_REGISTRATION_CODE", "WELCOME-DEMO")

    admin_ensure(email=ADMIN_EMAIL, password=admin_password, name="Shop Owner")
    customer = User.objects.filter(email=CUSTOMER_EMAIL).first()
    if customer is None:
        User.objects.create_user(
            email=CUSTOMER_EMAIL,
            password=customer_password,
            name="Sam Rivera",
            date_of_birth=CUSTOMER_BORN,
        )
    else:
        if not customer.check_password(customer_password):
            customer.set_password(customer_password)
        customer.date_of_birth = customer.date_of_birth or CUSTOMER_BORN
        customer.save()
    RegistrationCode.objects.update_or_create(
        code=code,
        defaults={"is_active": True, "expires_at": None, "max_uses": None, "note": "demo"},
    )
    out.write(f"  admin:             {ADMIN_EMAIL}  password: {admin_password}")
    out.write(f"  customer:          {CUSTOMER_EMAIL}  password: {customer_password}")
    out.write(f"  registration code: {code}  (sign-up page: /login?mode=signup)")
