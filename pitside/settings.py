"""Pitside settings, read from the environment.

The embedded default (no environment at all) is a one-machine club: SQLite next to manage.py,
Celery tasks run eagerly (the periodic ones on the embedded worker that `make run` starts), DEBUG on.
Production sets DEBUG=false and must then provide SECRET_KEY and ALLOWED_HOSTS, or Pitside refuses to start.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured

# Django's generic classes (ModelAdmin[League]) accept the type parameters mypy checks, at run time too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

# --- Core ------------------------------------------------------------------
DEBUG = env.bool("DEBUG", default=True)
if DEBUG:
    SECRET_KEY = env.str("SECRET_KEY", default="insecure-development-only-key")
else:
    SECRET_KEY = env.str("SECRET_KEY", default="")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("Set SECRET_KEY (at least 50 random characters) when DEBUG is off.")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "accounts",  # first: its changepassword command (which revokes API tokens) replaces django.contrib.auth's
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "leagues",
    "home",
    "rosters",
    "games",
    "slaughterball",
    "bloodbowl",
    "blitzbowl",
    "pitfighter",
    "slaughterville",
    "notifications",
    "sheets",
    "webhooks",
    "calendars",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "pitside.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Which league's house values a request handed to the engine, for its refusal (leagues.setup).
    "leagues.setup.LeagueSetupMiddleware",
    "pitside.middleware.RefuseNulMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Log-in tries from one address in line, so that the lock-out counts every failure before the next try.
    "accounts.lockout.OneLoginAtATimeMiddleware",
    # Last, as django-axes asks: it turns a log-in refused by the lock-out into its 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "pitside.urls"
WSGI_APPLICATION = "pitside.wsgi.application"

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
                "notifications.context_processors.unread",
                "leagues.context_processors.registered_game_systems",
            ],
            "builtins": ["pitside.names", "pitside.printed"],
        },
    },
]

# --- Database ----------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE takes the write lock when a transaction starts, so two purchases on SQLite
    # queue up instead of one failing half-way with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections: a connection opened per request costs more than a cheap page's queries. A web worker
# keeps its connection up to CONN_MAX_AGE seconds (0: close it after each request) and checks it before
# reusing it after an error; Celery's Django fixup closes a worker's connection around each task anyway
# (README: the connection budget).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache, Celery -------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    # The cache holds only the API's throttle counts, which let requests through while Redis is down
    # (pitside.throttling): give up on an unreachable Redis within a second rather than hold the request.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT = "pitside.broker:Transport"  # kombu's Redis transport, fixed to survive an outage
    CELERY_RESULT_BACKEND = REDIS_URL
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    # The periodic jobs run on `manage.py embedded_worker` (a worker with celery beat, which `make run` starts
    # beside the server) over a broker in files that needs no service; no result backend.
    EMBEDDED_CELERY_DIR = Path(env.str("EMBEDDED_CELERY_DIR", default=str(BASE_DIR / "var" / "celery")))
    CELERY_BROKER_URL = "filesystem://localhost/"  # the host means nothing here; without one kombu warns
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(EMBEDDED_CELERY_DIR / "messages"),
        "data_folder_out": str(EMBEDDED_CELERY_DIR / "messages"),
        "control_folder": str(EMBEDDED_CELERY_DIR / "control"),
    }
    CELERY_BEAT_SCHEDULE_FILENAME = str(EMBEDDED_CELERY_DIR / "beat-schedule")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
# A worker's process is replaced by a fresh one after this many tasks, or after a task that left it holding more than
# this much memory: Python keeps what a big sheet's rendering took, for the process's life, once it is freed.
CELERY_WORKER_MAX_TASKS_PER_CHILD = env.int("WORKER_MAX_TASKS_PER_CHILD", default=200)
CELERY_WORKER_MAX_MEMORY_PER_CHILD = env.int("WORKER_MAX_MEMORY_MB", default=600) * 1024  # Celery counts KiB
# A worker reconnects to Redis for as long as it is down, at start too, rather than exit after 100 tries.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# One queue per kind of work, each with its own workers (deploy/systemd), so that a slow channel receiver,
# a mail server or a big sheet holds only its own: channel posts, mail, sheets, standings; the rest on `celery`.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "webhooks.tasks.*": {"queue": "channels"},
    "notifications.tasks.*": {"queue": "mail"},
    "accounts.tasks.*": {"queue": "mail"},
    "sheets.tasks.*": {"queue": "sheets"},
    "slaughterball.tasks.*": {"queue": "standings"},
    "slaughterball.tasks_calendar.*": {"queue": "standings"},
    "bloodbowl.tasks.*": {"queue": "standings"},
}
# Every queue: what a single worker for all the work takes (`celery -A pitside worker -Q celery,channels,...`).
WORKER_QUEUES = sorted({CELERY_TASK_DEFAULT_QUEUE, *(route["queue"] for route in CELERY_TASK_ROUTES.values())})
# Periodic tasks (celery beat): one entry per area, each safe to run twice.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
# Results: the full standings recompute that catches any recompute lost (broker down, worker killed).
CELERY_BEAT_SCHEDULE["standings-recompute"] = {"task": "slaughterball.tasks.standings_recompute_all_task", "schedule": 10 * 60}
# Blood Bowl's: every league's table and leaders, which also follow grants and house values (every 10 minutes).
CELERY_BEAT_SCHEDULE["bb-standings-recompute"] = {"task": "bloodbowl.tasks.standings_recompute_all_task", "schedule": 10 * 60}
# Calendar: deadline reminders, and finishing seasons whose Slaughterbrawl is confirmed (every 15 minutes).
CELERY_BEAT_SCHEDULE["calendar-periodic"] = {"task": "slaughterball.tasks_calendar.calendar_periodic", "schedule": 15 * 60}
# Sheets: queue again the renderings whose task was lost (the broker down, a worker killed), every 5 minutes.
CELERY_BEAT_SCHEDULE["sheet-sweep"] = {"task": "sheets.tasks.sheet_sweep_task", "schedule": 5 * 60}
# Mail: the notifications whose mail never went (the broker down, a task out of retries), every 10 minutes.
CELERY_BEAT_SCHEDULE["notification-email-sweep"] = {"task": "notifications.tasks.notification_email_sweep", "schedule": 10 * 60}
# Channels: the posts whose task was lost (the broker down, a worker killed mid-post), every 5 minutes.
CELERY_BEAT_SCHEDULE["webhook-delivery-sweep"] = {"task": "webhooks.tasks.delivery_sweep", "schedule": 5 * 60}

# --- Channels (outgoing webhooks), links ------------------------------------------------
# Posts go only to public addresses; true lets a channel post to loopback and private ones (tests, a local receiver).
WEBHOOKS_ALLOW_PRIVATE = env.bool("WEBHOOKS_ALLOW_PRIVATE", default=False)
# Seconds a post may take in all (the name's lookup, connecting, sending, the whole answer); a slower receiver's
# post is a failed try. A try's claim holds 30 s longer, so the sweep never queues a post still under way again;
# at most a minute keeps the whole try well within a task's soft time limit, which would cut it short unrecorded.
WEBHOOKS_TIMEOUT = env.float("WEBHOOKS_TIMEOUT", default=5.0)
if not 0 < WEBHOOKS_TIMEOUT <= 60:
    raise ImproperlyConfigured("WEBHOOKS_TIMEOUT, a channel post's deadline, is more than 0 and at most 60 seconds.")
# Tries before a post is given up (the commissioners are told); back-off from BASE seconds, doubling, to CAP.
WEBHOOKS_MAX_TRIES = env.int("WEBHOOKS_MAX_TRIES", default=8)
WEBHOOKS_RETRY_BASE = env.float("WEBHOOKS_RETRY_BASE", default=10.0)
WEBHOOKS_RETRY_CAP = env.float("WEBHOOKS_RETRY_CAP", default=3600.0)
# Pitside's public address (https://pitside.example.org): links in channel posts and calendar feeds are
# absolute with it, relative without.
SITE_URL = env.str("SITE_URL", default="")

# --- Auth ---------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# django-axes checks every log-in (the page, /admin/login/, the token API) before the password is.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
# How many proxies in front of Pitside append the client's address to X-Forwarded-For. 0: the client is
# REMOTE_ADDR and the header is ignored (a client can write anything in it). The log-in lock-out and the
# API's throttles both read the address this way (accounts.lockout.client_address, DRF's NUM_PROXIES).
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
# The lock-out: after LOGIN_FAILURE_LIMIT failed log-ins for one username from one address, that pair is
# refused for LOGIN_LOCKOUT_SECONDS. Failures are counted in the database (not the cache): with Redis
# down, log-in still works and is still counted.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(seconds=env.int("LOGIN_LOCKOUT_SECONDS", default=900))
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"]]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_USERNAME_CALLABLE = "accounts.lockout.username"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# An API token works for this long after it is made; a password change revokes it at once.
API_TOKEN_LIFETIME = timedelta(days=env.int("API_TOKEN_LIFETIME_DAYS", default=30))

# --- Internationalisation, static files ------------------------------------------
LANGUAGE_CODE = "en-us"
# Pitside speaks English only. Its API schema is kept per language of these (pitside.schema_view): Django's default,
# a hundred, would let clients fill each process with a hundred copies.
LANGUAGES = [("en", "English")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Rendered PDF sheets (sheets/): the web processes and the Celery workers must share this folder.
MEDIA_ROOT = env.str("MEDIA_ROOT", default=str(BASE_DIR / "media"))
MEDIA_URL = "media/"  # never served: sheets are answered by their views

# --- Request bodies and uploads ----------------------------------------------------------
# A body without files: Django refuses a longer one (a 413 from the API, a 400 from a page).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)
# A body with files (multipart), refused whole beyond this many bytes by pitside.uploads.UploadLimitHandler.
UPLOAD_MAX_SIZE = env.int("UPLOAD_MAX_SIZE", default=2_621_440)
# An upload within the limit stays in memory: none is ever written to a temporary file.
FILE_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_MAX_SIZE
FILE_UPLOAD_HANDLERS = [
    "pitside.uploads.UploadLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# --- Email -----------------------------------------------------------------------
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="pitside@localhost")
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
# Seconds before an unreachable mail server fails a send (which is then retried), instead of hanging a worker.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
EMAIL_FILE_PATH = env.str("EMAIL_FILE_PATH", default=str(BASE_DIR / "sent-mail"))

# --- REST API --------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "pitside.parsers.JSONParser",
        "pitside.parsers.FormParser",
        "pitside.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "pitside.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "pitside.api_errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "login": env.str("LOGIN_THROTTLE_RATE", default="10/min"),
        # pitside.throttling: per user, or per address for anonymous clients
        "sheets": env.str("SHEET_THROTTLE_RATE", default="20/min"),
        # a club signing up together shares one address
        "signup": env.str("SIGNUP_THROTTLE_RATE", default="20/hour"),
        "league_create": env.str("LEAGUE_CREATE_THROTTLE_RATE", default="10/hour"),
        # each one that names an account sends a mail: per address, and per address asked for
        "password_reset": env.str("PASSWORD_RESET_THROTTLE_RATE", default="10/hour"),
        "password_reset_account": env.str("PASSWORD_RESET_ACCOUNT_THROTTLE_RATE", default="3/hour"),
    },
    "NUM_PROXIES": NUM_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Pitside API",
    "DESCRIPTION": "Leagues and campaigns for arena sports board games. Errors always have the shape "
    '{"errors": [{"code", "field", "message"}]}.',
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "DEFAULT_GENERATOR_CLASS": "pitside.schema.OnceSchemaGenerator",  # generated once per process
    # /api/docs/ loads Swagger UI from Pitside's static files (drf-spectacular-sidecar), not from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # pitside.converters.IdConverter: an id, documented as the integer it is (at most 2**63 - 1).
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "format": "int64", "minimum": 0, "maximum": 2**63 - 1}},
    "COMPONENT_SPLIT_REQUEST": True,
    # Two "kind" choice sets: each named, so neither gets a generated name.
    "ENUM_NAME_OVERRIDES": {
        "KindEnum": "slaughterball.models.Purchase.Kind",
        "BloodBowlPurchaseKindEnum": "bloodbowl.apis.teams.PURCHASE_KINDS",
        "HouseValuesFormatEnum": "leagues.apis.HOUSE_VALUES_FORMATS",
        "ChannelKindEnum": "webhooks.models.Channel.Kind",
        "ChannelEventEnum": "webhooks.models.Channel.Event",
    },
}

# --- Production hardening (check --deploy) ------------------------------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
SECURE_CONTENT_TYPE_NOSNIFF = True
# pitside.middleware.ContentSecurityPolicyMiddleware: scripts only from Pitside's own files (no inline script);
# inline styles are allowed, as htmx and Swagger UI add them.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}
