"""The cyclomatic complexity ceiling of the app code (make lint): no function or method
above MAX, measured by radon as docs/architecture.md describes. Prints the ones over it,
worst first, and exits 1 when there are any."""

import os
import sys
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Function

ROOT = Path(__file__).resolve().parent.parent
MAX = 12
SKIPPED_PARTS = {"migrations", "tests", "testing"}


def measured_folders() -> list[str]:
    """Every local app of INSTALLED_APPS (config/local_apps.py) and the project package
    (settings, URLs): a new app is measured without a list to edit."""
    sys.path.insert(0, str(ROOT))
    # Only the app registry is read: no key, env file or database is needed.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "complexity-check-only")
    os.environ.setdefault("ENV_FILE", "")
    import django
    from django.conf import settings

    django.setup()
    from config.local_apps import local_app_folders

    return [*local_app_folders(), settings.SETTINGS_MODULE.split(".")[0]]


def over_the_ceiling(root: Path, folders: list[str]) -> list[tuple[int, str]]:
    found = []
    for app in folders:
        for path in sorted((root / app).rglob("*.py")):
            if SKIPPED_PARTS & set(path.relative_to(root).parts):
                continue
            # Methods come as functions of their own, beside their class.
            for block in cc_visit(path.read_text()):
                if isinstance(block, Function) and block.complexity > MAX:
                    where = f"{path.relative_to(root)}:{block.lineno} {block.fullname}"
                    found.append((block.complexity, where))
    return sorted(found, reverse=True)


def main() -> int:
    found = over_the_ceiling(ROOT, measured_folders())
    for complexity, where in found:
        print(f"{where}: cyclomatic complexity {complexity} (at most {MAX})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
