"""The one settings module, read from the environment (12-factor).

With nothing set the site runs on the embedded default: SQLite, the in-memory channel
layer and Celery tasks run eagerly in-process. ``DATABASE_URL`` switches to PostgreSQL
(psycopg 3) and ``REDIS_URL`` to the Redis channel layer and a Redis Celery broker.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab

from config.env import envbool, envint, envlist, envnetworks, envstr

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: bin/serve (development) sets DEBUG=1; a deployment never does.
DEBUG = envbool("DEBUG", False)
DEV_SECRET_KEY = "dev-only-insecure-key-change-me"  # noqa: S105 - refused outside DEBUG
SECRET_KEY = envstr("SECRET_KEY", DEV_SECRET_KEY if DEBUG else "")
if not DEBUG and SECRET_KEY in ("", DEV_SECRET_KEY):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a secret value when DEBUG is off (docs/security.md); "
        "for development run bin/serve, or set DEBUG=1."
    )
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "csp",
    "axes",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "allauth",
    "allauth.account",
    "django_celery_beat",
    # django-ninja as an app: /api/docs then renders its Swagger UI from the package's own
    # templates and static files instead of a CDN (ninja/openapi/docs.py), under the CSP.
    "ninja",
    "accounts",
    "games",
    "tournaments",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before CommonMiddleware (Django's order): the language is the
    # set_language cookie's, else the browser's Accept-Language, else LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    # Before anything queries with the request's text: a NUL or a lone surrogate in the
    # path, query, headers or form is answered 400 in the visitor's language
    # (config/bad_input.py).
    "config.bad_input.reject_unstorable_input",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: the profile's time zone, else the browser's, else TIME_ZONE.
    "accounts.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = envstr("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=envint("DB_CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            # SQLITE_PATH: another file (the embedded default's test runs one of its own).
            "NAME": envstr("SQLITE_PATH") or BASE_DIR / "db.sqlite3",
            # Live play writes from several threads (moves, the bots' thread, clocks): a
            # move must never be lost to "database is locked" (tests/embedded/
            # test_sqlite_writers.py). IMMEDIATE: a transaction takes the write lock when it
            # begins, so it waits for it (the busy timeout, in seconds) instead of failing
            # when a read turns into a write; WAL: readers and the writer do not block each
            # other; synchronous=NORMAL is WAL's safe setting (a power cut may lose the last
            # commits, never corrupt the file).
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = envstr("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels_redis's layer, serving a group's members on this process without
            # Redis (config/channel_layer.py; the floor benchmark sets the stock one).
            "BACKEND": envstr(
                "CHANNEL_LAYER_BACKEND", "config.channel_layer.LocalFirstRedisChannelLayer"
            ),
            "CONFIG": {
                # redis-py 8 reads with a 5 s socket timeout by default, which is also how
                # long channels_redis blocks in BZPOPMIN: every consumer idle for 5 s died
                # with a TimeoutError (channels_redis#422). The timeout must outlast that
                # blocking read; it still bounds a silently dead connection.
                # redis-py 8 also caps a pool at 100 connections and then raises instead of
                # waiting: 500 players leaving (or joining) at once crashed consumers
                # (bench/load.py at 500 matches; tests/faults/test_bursts.py).
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": envint("CHANNELS_REDIS_SOCKET_TIMEOUT", 15),
                        "max_connections": envint("CHANNELS_REDIS_MAX_CONNECTIONS", 2000),
                    }
                ],
                "prefix": envstr("CHANNELS_PREFIX", "cartelle"),
            },
        }
    }
    CELERY_BROKER_URL = envstr("CELERY_BROKER_URL", REDIS_URL)
    CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", False)
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task whose whole worker died (SIGKILL, OOM, a lost machine) stays "unacknowledged" in
# Redis until the visibility timeout passes; kombu's default is an hour, so a result being
# recorded then waited an hour (bench/faults.py, worker-kill). Every task is short and
# idempotent, so a redelivery after a few minutes is safe even if the first run is still
# going. Sweep for such tasks every 10 s instead of every 100 s.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 300),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_BACKEND = None
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# The one place where periodic jobs are defined; django-celery-beat copies it into the
# database at start-up, where staff can edit it in admin.
CELERY_BEAT_SCHEDULE = {
    "start-due-rounds": {
        "task": "tournaments.tasks.start_due_rounds",
        "schedule": crontab(minute="*"),
    },
    "forfeit-idle-matches": {
        "task": "games.tasks.forfeit_idle_matches",
        "schedule": crontab(minute="*"),
    },
    "record-unrecorded-results": {
        "task": "tournaments.tasks.record_unrecorded_results",
        "schedule": crontab(minute="*"),
    },
    "league-windows": {"task": "leagues.tasks.open_due_windows", "schedule": crontab(minute="*")},
    "league-agreed-times": {
        "task": "leagues.tasks.start_agreed_matches",
        "schedule": crontab(minute="*"),
    },
    "league-forfeits": {"task": "leagues.tasks.close_due_windows", "schedule": crontab(minute="*")},
    # Proposes a K per game from the site's own rated matches; staff apply it in admin.
    "refit-k": {"task": "tournaments.tasks.refit_k", "schedule": crontab(minute=30, hour=4)},
}

AUTH_USER_MODEL = "accounts.Player"
AUTHENTICATION_BACKENDS = [
    # First, as django-axes asks: it refuses a locked-out (username, address) pair before
    # any password is checked, for the admin login and allauth's alike.
    "accounts.backends.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if envbool("FAST_PASSWORD_HASHER", False):
    # Tests only: hashing with PBKDF2 dominates a suite that logs many users in.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
# Login limits (docs/security.md). allauth counts per client address only, in the shared
# cache; django-axes (in the database, shared by every worker and kept across restarts)
# locks a (username, address) pair after AXES_FAILURE_LIMIT failures, so a stranger
# elsewhere cannot lock a player out, and covers the admin login too.
ACCOUNT_RATE_LIMITS = {"login_failed": "20/m/ip", "login": "30/m/ip"}
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=envint("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The client's address (config/client_ip.py, docs/security.md): the connection's peer,
# unless it is one of TRUSTED_PROXIES (addresses or CIDR networks, comma separated); then
# the rightmost X-Forwarded-For entry that is not one of them. Resolved once at the ASGI
# entry; axes, allauth and the sockets all read that. Empty: no header is ever read.
TRUSTED_PROXIES = envnetworks("TRUSTED_PROXIES")
if envstr("PROXY_COUNT"):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("PROXY_COUNT is gone: name the proxies in TRUSTED_PROXIES.")
AXES_CLIENT_IP_CALLABLE = "config.client_ip.request_client_ip"
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "accounts.usernames.axes_username"
LOGIN_REDIRECT_URL = "home"
LOGIN_URL = "account_login"

EMAIL_BACKEND = envstr("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "cartelle@localhost")

# Italian and English (docs/i18n.md); English when the browser asks for neither.
LANGUAGE_CODE = "en"
LANGUAGES = [("it", "Italiano"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# WhiteNoise serves static files under any ASGI server, also before collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

SESSION_COOKIE_AGE = int(timedelta(days=30).total_seconds())

# The cache shared by every process (allauth's login limits, the socket limits): Redis
# when REDIS_URL is set, else this process's memory (the embedded default runs one).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": envstr("CACHE_URL", REDIS_URL),
            "KEY_PREFIX": envstr("CHANNELS_PREFIX", "cartelle"),
            # A hung Redis must not hold a caller for ever: the kept move reads the
            # spectator count on the event loop (games/services/moves.py, match_apply_kept_async).
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 5},
        }
    }

# HTTPS (docs/security.md): behind TLS set HTTPS=1, and PROXY_SSL_HEADER=1 when a proxy
# terminates it and sends X-Forwarded-Proto. Then cookies are Secure, plain http is
# redirected and HSTS is sent.
HTTPS = envbool("HTTPS", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", 31536000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", True)
if envbool("PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from this site
# only; the sockets to this site; nothing framed. The live table is ES modules from
# /static/ and builds its cards with the DOM (inline style attributes only via CSSOM),
# so no inline script is needed; styles allow 'unsafe-inline' for the few style
# attributes in templates.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", "ws:", "wss:"] if DEBUG else ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
    }
}

# Live play: a match WebSocket accepts at most this many messages per second per connection,
# on average over LIVE_MESSAGE_BURST_SECONDS: a token bucket of that many seconds' messages,
# so that messages a busy server let queue up on a socket, then handles in one go, are not
# refused for the server's own delay (docs/reliability.md, duplicates).
LIVE_MAX_MESSAGES_PER_SECOND = envint("LIVE_MAX_MESSAGES_PER_SECOND", 20)
LIVE_MESSAGE_BURST_SECONDS = envint("LIVE_MESSAGE_BURST_SECONDS", 2)
LIVE_MAX_MESSAGE_BYTES = envint("LIVE_MAX_MESSAGE_BYTES", 4096)
# Socket slots (docs/security.md, "Socket slots"; games/slots.py): the sockets open now,
# counted in the shared cache: a signed-in player's own, wherever they come from (a club
# behind one address gets in); anonymous ones per client address; spectators per match.
# A slot not refreshed for LIVE_SLOT_SECONDS (its process gone) is reaped on the next read.
LIVE_MAX_CONNECTIONS_PER_PLAYER = envint("LIVE_MAX_CONNECTIONS_PER_PLAYER", 12)
LIVE_MAX_CONNECTIONS_PER_ADDRESS = envint("LIVE_MAX_CONNECTIONS_PER_ADDRESS", 30)
LIVE_MAX_SPECTATORS_PER_MATCH = envint("LIVE_MAX_SPECTATORS_PER_MATCH", 200)
LIVE_SLOT_SECONDS = envint("LIVE_SLOT_SECONDS", 60)
# Presence messages (a tab hidden or shown), broadcast to the whole table: at most this
# many at once, refilled at this many a minute, on top of the messages' own limit.
LIVE_PRESENCE_BURST = envint("LIVE_PRESENCE_BURST", 10)
LIVE_PRESENCE_PER_MINUTE = envint("LIVE_PRESENCE_PER_MINUTE", 30)
# The standings and leaderboard sockets' message rate.
UPDATES_MAX_MESSAGES_PER_SECOND = envint("UPDATES_MAX_MESSAGES_PER_SECOND", 2)
# A fair clock (games/services/clocks.py, seat_arrived): a match with a move clock gives its
# players this long to connect before the first move's clock starts; a seat that has not
# come by then forfeits.
MATCH_GRACE_SECONDS = envint("MATCH_GRACE_SECONDS", 600)
# A computer opponent's move is stored no sooner than this after the move that put it on
# move, so that a person at the table can follow it; its search runs meanwhile
# (games/services/bot_moves.py). 500 ms keeps a round of three bots within 2 s (issue 32);
# a table without a person does not wait.
BOT_DELAY_SECONDS = envint("BOT_DELAY_MILLISECONDS", 500) / 1000
# Where tasks run eagerly (the embedded default), play bots' moves on a thread of their
# own rather than inside the request or socket message of the move before them
# (games/services/bot_queue.py, ``_bot_thread``). bin/serve sets it; the tests play them inline.
BOT_MOVES_IN_THREAD = envbool("BOT_MOVES_IN_THREAD", False)
# Rumino's claim window (games/claim_window.py, docs/games/rumino.md): after every discard
# play pauses this long, for everyone alike, while a claim may be made. 0: no pause, and so
# no time to claim either (offers lapse at once; tests that play fast).
RUMINO_CLAIM_SECONDS = envint("RUMINO_CLAIM_MILLISECONDS", 6000) / 1000
# An open challenge of the lobby (games/lobby.py) lapses this long after it was offered:
# the lobby lists only players' recent offers, and one left behind is not taken by surprise.
CHALLENGE_MINUTES = envint("CHALLENGE_MINUTES", 60)
# The ISMCTS bot's wall-time cap a move (games/bots.py, search_budget): a safety, the bot
# runs its game's iterations well within it (Rumino's cap is 4 times it).
BOT_SEARCH_SECONDS = envint("BOT_SEARCH_MILLISECONDS", 450) / 1000
# A game's K is refitted from its own rated matches once a format has this many
# (tournaments.rating_fit.k_refit; docs/ratings.md).
RATING_REFIT_MIN_MATCHES = envint("RATING_REFIT_MIN_MATCHES", 500)
# A match socket refused this many times for its rate (then one more a second) is closed.
LIVE_RATE_LIMIT_STRIKES = envint("LIVE_RATE_LIMIT_STRIKES", 40)
# Threads a server process runs players' moves on (games/consumers.py, ``play_action``),
# each with its own database connection, so that one move waiting on the database or on
# its broadcast does not hold up the process's other matches. 0: every move on Django's
# one thread of thread-sensitive code, as before (docs/performance.md).
LIVE_MOVE_THREADS = envint("LIVE_MOVE_THREADS", 4)

# The kept move's one statement on the event loop itself, on psycopg's async driver, with
# no thread (games/async_db.py, services.match_apply_kept_async); 0: every move on the
# threads above. LIVE_ASYNC_CONNECTIONS: PostgreSQL connections a server process keeps for
# it (docs/scaling.md counts them).
LIVE_ASYNC_MOVES = envbool("LIVE_ASYNC_MOVES", True)
LIVE_ASYNC_CONNECTIONS = envint("LIVE_ASYNC_CONNECTIONS", 6)
# Whether the kept move's statement waits for PostgreSQL to flush its commit to disk. Off:
# a move is acknowledged once committed in memory (visible to every reader at once) and on
# disk within 3 x wal_writer_delay (0.6 s by default); a crash of the PostgreSQL server
# (not of a site process) can lose the moves of that last fraction of a second, which the
# players then play again (docs/reliability.md, docs/scaling.md). A deal's end, a result,
# and everything else the site stores wait for the flush either way.
LIVE_MOVE_SYNCHRONOUS_COMMIT = envbool("LIVE_MOVE_SYNCHRONOUS_COMMIT", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}
