import os
import sys
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker

from common.worker import Worker, keep_running


class Command(db_worker.Command):
    help = (
        "Run the background worker (emails): db_worker's options, and it waits out database "
        "outages, queues again the tasks of a killed worker and writes a heartbeat for "
        "/readyz. --restart runs it as a child process started again whenever it stops."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--restart",
            action="store_true",
            help="Start the worker again whenever it exits (make run's Procfile: honcho "
            "would otherwise stop the web server with it). Command line only.",
        )

    def handle(self, *, restart: bool, **options: Any) -> None:  # type: ignore[override]
        if restart:
            args = [arg for arg in sys.argv[2:] if arg != "--restart"]
            command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "run_worker", *args]
            sys.exit(keep_running(command)())
        # db_worker's handle builds the library's Worker; the same steps with this one.
        self.configure_logging(options["verbosity"])
        excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
        queues = options["queue_name"].split(",")
        if excluded and "*" not in queues:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = Worker(
            queue_names=queues,
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
            excluded_queue_names=excluded,
        )
        if options["reload"] and not options["batch"]:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()  # only the reloaded child handles signals
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()
