"""The project's own apps, read from INSTALLED_APPS: those whose package is a top-level folder
of this repository. The test run collects every folder (pytest.ini), the complexity
ceiling measures each one (tools/complexity.py) and the architecture test reads each one's
imports (tests/test_architecture.py), so a new app needs no list edited anywhere."""

from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parent.parent


def local_app_folders() -> list[str]:
    """The folder names of the local apps, in INSTALLED_APPS' order ("common", "accounts", ...)."""
    return [
        Path(config.path).name
        for config in apps.get_app_configs()
        if Path(config.path).resolve().parent == ROOT
    ]
