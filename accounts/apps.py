from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts import (
            schema,  # noqa: F401  (OpenAPI description of the token auth)
            signals,  # noqa: F401  (failed admin sign-ins count too)
        )
        from accounts.roles import staff_group_sync

        # After every app's permissions exist (the last app's post_migrate has run when
        # any runs again: the handler is idempotent and cheap).
        post_migrate.connect(staff_group_sync, dispatch_uid="accounts.staff_group_sync")
