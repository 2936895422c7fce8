from django.apps import AppConfig


class ActivityConfig(AppConfig):
    name = "activity"
    verbose_name = "Activity history"

    def ready(self) -> None:
        from activity.context import install_command_hook
        from activity.registry import register_all

        register_all()
        install_command_hook()
