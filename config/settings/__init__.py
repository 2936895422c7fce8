"""Settings for every profile, read from the environment.

The default profile (no environment at all) is a laptop: SQLite and media files under
var/, a cache table in that database, console email. Production sets DATABASE_URL, SECRET_KEY,
ALLOWED_HOSTS and, for several app servers, REDIS_URL and the S3 variables. The README's
configuration table lists every variable read here.

One module per concern; `base` comes first (it reads the env file and the keys the others
use), and no other part depends on another.
"""

from config.settings.api import *  # noqa: F403
from config.settings.base import *  # noqa: F403
from config.settings.files import *  # noqa: F403
from config.settings.logs import *  # noqa: F403
from config.settings.signin import *  # noqa: F403
