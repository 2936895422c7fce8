from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts import (
            schema,  # noqa: F401  (OpenAPI description of the token auth)
            signals,  # noqa: F401  (failed admin sign-ins count too)
        )
