import gc
import os

# Off while Django starts; common's AppConfig.ready() turns it back on (docs/performance.md,
# "Starting a process").
gc.disable()

from django.core.wsgi import get_wsgi_application  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
