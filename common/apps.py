import gc

from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "common"
    verbose_name = "Common"

    def ready(self) -> None:
        # manage.py and config/wsgi.py start with the garbage collector off: Django's start
        # makes a few hundred thousand objects that live as long as the process, and
        # collecting while they were made cost 40% of a start's CPU (docs/performance.md,
        # "Starting a process"). Frozen, they are never scanned again.
        gc.freeze()
        gc.enable()
