"""Settings of the open-domino training site, shared by every environment
(``local`` for a developer's machine, ``test``, ``production``).

Everything that differs between machines comes from the environment, read
through django-environ, with defaults that work on a developer's machine as
they are; docs/configuration.md lists every variable, its default and what it
does.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent.parent


class _Env(environ.Env):
    """django-environ's typed readers, whose refusal of a value (no number
    where one is needed) names the variable: the site does not start."""

    def get_value(
        self, var: str, cast: Any = None, default: Any = environ.Env.NOTSET, parse_default: bool = False
    ) -> Any:
        try:
            return super().get_value(var, cast=cast, default=default, parse_default=parse_default)
        except ValueError as exc:
            raise ImproperlyConfigured(f"the environment variable {var} is not valid: {exc}") from None

    def bool(self, var: str, default: Any = environ.Env.NOTSET) -> bool:  # type: ignore[override]
        """A switch: 1/true/yes/on/y/ok or 0/false/no/off/n (any case); anything
        else stops the start (a mistyped DJANGO_SECURE_TLS would otherwise turn
        HTTPS off)."""
        raw = os.environ.get(var)
        if raw is None:
            if isinstance(default, environ.NoValue):
                raise ImproperlyConfigured(f"the environment variable {var} is not set")
            return bool(default)
        value = raw.strip().lower()
        if value in {"1", "true", "yes", "on", "y", "ok"}:
            return True
        if value in {"0", "false", "no", "off", "n", ""}:
            return False
        raise ImproperlyConfigured(f"the environment variable {var} is not valid: {raw!r} is no yes or no")

    def list(self, var: str, cast: Any = None, default: Any = environ.Env.NOTSET) -> list[Any]:  # type: ignore[override]
        """A comma-separated list, each item without the spaces around it ("a, b")."""
        return [item.strip() for item in super().list(var, cast=cast, default=default) if str(item).strip()]


# Every variable is read through these; docs/configuration.md lists them all.
env = _Env()

# The site's own variables begin with OD_; under their former names (several
# prefixes, or none) they would be ignored without a word, so the site does
# not start while one is still set.
_FORMER_NAMES = {
    "PUZZLES_REQUEUE_EVERY": "OD_REQUEUE_EVERY",
    "PUZZLES_STALE_AFTER": "OD_STALE_AFTER",
    "PUZZLES_GRADE_IN_REQUEST": "OD_GRADE_IN_REQUEST",
    "PUZZLES_GRADE_DELAY": "OD_GRADE_DELAY",
    "PUZZLES_REPLY_IN_REQUEST": "OD_REPLY_IN_REQUEST",
    "PUZZLES_MAX_POLLS_PER_CLIENT": "OD_MAX_POLLS_PER_CLIENT",
    "PUZZLES_MAX_URL_CHARS": "OD_MAX_URL_CHARS",
    "API_RATE_ANON": "OD_API_RATE_ANON",
    "API_RATE_USER": "OD_API_RATE_USER",
    "API_RATE_ANALYSES": "OD_API_RATE_ANALYSES",
    "API_RATE_ANALYSES_ADDRESS": "OD_API_RATE_ANALYSES_ADDRESS",
    "AXES_FAILURE_LIMIT": "OD_AXES_FAILURE_LIMIT",
    "LOGIN_FAILURES_PER_ADDRESS": "OD_LOGIN_FAILURES_PER_ADDRESS",
    "SIGNUPS_PER_HOUR": "OD_SIGNUPS_PER_HOUR",
    "FRONTEND_DIST": "OD_FRONTEND_DIST",
    "DATABASE_CONN_MAX_AGE": "OD_DATABASE_CONN_MAX_AGE",
    "DATABASE_POOL": "OD_DATABASE_POOL",
    "DATABASE_POOL_SIZE": "OD_DATABASE_POOL_SIZE",
    "WEB_THREADS": "OD_WEB_THREADS",
}
for _former, _name in _FORMER_NAMES.items():
    if _former in os.environ:
        raise ImproperlyConfigured(f"the environment variable {_former} is no longer read: it is now {_name}")

# Read as it is: django-environ would take a key beginning with "$" for the
# name of another variable.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "django-insecure-dev-only-open-domino-3c9e1b7a5f2d4e6a8b0c")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "puzzles.core.api.csrf_failure"  # JSON under /api/

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "channels",
    "oauth2_provider",
    # The site, one app per part of the product (puzzles/README.md).
    "puzzles.legacy",
    "puzzles.core",
    "puzzles.accounts",
    "puzzles.analyses",
    "puzzles.games",
    "puzzles.training",
    "puzzles.ratings",
    "puzzles.social",
    "puzzles.botaccounts",
    "puzzles.study",
    "puzzles.matches",
    "puzzles.people",
    "puzzles.daily",
    "puzzles.tournaments",
    "puzzles.learn",
    "puzzles.coach",
    "puzzles.insights",
    "puzzles.mygames",
    "puzzles.archive",
    "puzzles.chat",
    "puzzles.notifications",
    "puzzles.offline",
    "puzzles.botapi",
    "puzzles.site",
    "puzzles.apitokens",
]

MIDDLEWARE = [
    # First: the request's arrival, as the ASGI entry stamped it (a move is timed then).
    "puzzles.core.arrival.ArrivalMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # An address longer than OD_MAX_URL_CHARS gets a 414 (JSON under /api/).
    "puzzles.core.middleware.LongAddressMiddleware",
    # A 429 page whose limit said when to come back gets its Retry-After.
    "puzzles.core.middleware.RetryAfterMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # An account's requests mark it online (a cache key, written every 20 s at most).
    "puzzles.social.middleware.OnlineMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The Content-Security-Policy header (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # Last: counts failed log-ins and locks out (django-axes).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # The challenges waiting for the reader, in every page's header.
                "puzzles.people.context_processors.inbox",
            ],
        },
    },
]

# ------------------------------------------------------------------ database
# SQLite by default, in WAL mode (readers never wait for the writer) with
# IMMEDIATE transactions and a busy timeout, so the web server's threads and
# the Celery worker's processes can write side by side.  PostgreSQL (or any
# other database) through DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env.int("OD_DATABASE_CONN_MAX_AGE", default=60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's backend, whose transactions take turns at a lock file first
    # (puzzles/core/sqlite/base.py: no sleeping in SQLite's busy handler).
    DATABASES["default"]["ENGINE"] = "puzzles.core.sqlite"
    DATABASES["default"]["CONN_MAX_AGE"] = 0 if DATABASES["default"]["NAME"] == ":memory:" else 60
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool("OD_DATABASE_POOL", default=True):
    # A pool of connections per process (psycopg_pool), shared by its threads:
    # under ASGI every request runs in a thread of its own, and without a pool
    # each would open (and hold, while a long poll waits) a connection of its own.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env.int("OD_DATABASE_POOL_SIZE", default=10),
        "timeout": 20,
    }

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Parameters bound by the server, not quoted into the SQL in Python
    # (psycopg's ClientCursor, Django's default): a query costs the process
    # less CPU, and one run often enough on a connection is prepared once
    # (psycopg's prepare_threshold) and then only executed.
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = env.bool(
        "OD_DATABASE_SERVER_BINDING", default=True
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --------------------------------------------------------------------- redis
REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6390/0")  # the Redis `make run` starts

CACHES = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "od",
        "OPTIONS": {
            "CLIENT_CLASS": "django_redis.client.DefaultClient",
            # The cache is only a fast copy of the database: a Redis outage
            # makes it miss, never fail a request.
            "IGNORE_EXCEPTIONS": True,
            # A hung Redis holds a request no longer than this per call
            # (a read over loopback or a LAN takes milliseconds).
            "SOCKET_CONNECT_TIMEOUT": 0.5,
            "SOCKET_TIMEOUT": 0.5,
        },
    }
}
DJANGO_REDIS_IGNORE_EXCEPTIONS = True
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

# The events pushed to the pages that follow a game over a WebSocket
# (puzzles/games/stream.py): Channels' layer on Redis pub/sub, one PUBLISH
# an event, nothing stored.
CHANNEL_LAYERS = {
    "default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [REDIS_URL]}}
}

SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# The rate limits' counters (puzzles/core/throttles.py, the ``limits`` library):
# the site's Redis, so that every web process counts against the same numbers.
OD_RATE_LIMIT_STORAGE = REDIS_URL

# ------------------------------------------------------------------- celery
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL)
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Two queues: "grades" (a human waits for the grade of their move) and the
# default "celery" (the solver's moves, analyses asked for through the API,
# upkeep).  scripts/run.sh starts a worker that serves only grades, so a grade
# never waits behind a long analysis; a worker started without -Q serves both.
# Within a queue, priorities (Redis: 0 first).  A message whose worker died is
# handed out again after the visibility timeout; the beat task re-queues sooner.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("grades"), Queue("celery"))
CELERY_TASK_ROUTES = {
    "puzzles.games.tasks.grade_move_task": {"queue": "grades", "priority": 0},
    "puzzles.games.tasks.solver_turn_task": {"queue": "celery", "priority": 0},
    # The analyses of a human's turn, ahead of the move (the next request
    # needs them): beside the solver's turns, leaving the grading worker free.
    "puzzles.games.tasks.turn_prepare_task": {"queue": "celery", "priority": 0},
    "puzzles.analyses.tasks.compute_analysis_task": {"queue": "celery", "priority": 5},
    "puzzles.games.tasks.requeue_stale_work_task": {"queue": "celery", "priority": 9},
    # A game between people's deadline (loss on time): quick, beside the grades.
    "puzzles.games.tasks.deadline_task": {"queue": "grades", "priority": 0},
    # The moves of a game between people, graded together once it is over (solver work).
    "puzzles.games.tasks.grade_game_task": {"queue": "celery", "priority": 0},
    # A player waits for the solver's reply in a puzzle attempt.
    "puzzles.training.tasks.attempt_settle_task": {"queue": "grades", "priority": 0},
    "puzzles.training.tasks.mine_seeds_task": {"queue": "celery", "priority": 8},
    # Offline puzzles' keys: behind what a player waits for.
    "puzzles.offline.tasks.keys_build_task": {"queue": "celery", "priority": 8},
}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "priority_steps": list(range(10)),
    "sep": ":",
    "queue_order_strategy": "priority",
    "visibility_timeout": 3600,
    # A request that queues a task must not hang on a hung Redis: the work is
    # in the database, and the beat's sweep queues it again.
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_EXTENDED = True
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_IGNORE_RESULT = True  # the outcome of every task is in the database
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_ALWAYS_EAGER = False
# Celery closes a worker's database connection before and after every task
# unless told to keep it: a new SQLite connection (or, on PostgreSQL, a new
# pool) per task was an eighth of the general worker's CPU time.  Kept for
# this many tasks; around each task, config.celery_app closes one that broke
# or outlived CONN_MAX_AGE, as Django does around a request.
CELERY_DB_REUSE_MAX = env.int("CELERY_DB_REUSE_MAX", default=500)
CELERY_WORKER_SEND_TASK_EVENTS = False
CELERY_TIMEZONE = "UTC"
# How often the beat looks for work left waiting, and for the deadlines of
# games between people coming before its next look; also how often it settles
# what a lost game_finished signal left and expires challenges.
OD_REQUEUE_EVERY_SECONDS = env.float("OD_REQUEUE_EVERY", default=15.0)
CELERY_BEAT_SCHEDULE = {
    "requeue-stale-work": {
        "task": "puzzles.games.tasks.requeue_stale_work_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    # Today's (UTC) daily puzzle (idempotent), and upkeep (stale attempts,
    # the pool of unused puzzles).
    "daily-puzzle": {"task": "puzzles.training.tasks.daily_puzzle_task", "schedule": timedelta(seconds=60)},
    "puzzle-upkeep": {"task": "puzzles.training.tasks.puzzle_upkeep_task", "schedule": timedelta(minutes=5)},
    # The offline keys of puzzles that have none, a batch at a time, so that a player's first pack is whole.
    "offline-keys": {"task": "puzzles.offline.tasks.keys_upkeep_task", "schedule": timedelta(minutes=5)},
    # Today's (UTC) daily deal, made before its first player comes (idempotent).
    # Tournaments: start what is due, pair arenas' waiting players, move Swiss rounds on, finish
    # what is over (each game's end moves its event on at once; this catches the rest).
    "tournaments-tick": {"task": "puzzles.tournaments.tasks.tournaments_tick_task", "schedule": timedelta(seconds=2)},
    # The site's recurring events (hourly arena, evening Swiss, daily duplicate), made ahead of their start.
    "tournaments-schedule": {
        "task": "puzzles.tournaments.tasks.schedule_upkeep_task",
        "schedule": timedelta(minutes=1),
    },
    "daily-deal": {"task": "puzzles.daily.tasks.daily_deal_task", "schedule": timedelta(seconds=60)},
    # Daily games over whose result is not recorded yet (a grade that came after the game's end, a lost
    # game_finished), recorded; reads never write it (they work the player's own out from the moves).
    "daily-settle": {
        "task": "puzzles.daily.tasks.daily_settle_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    # Open challenges and lobby seeks whose time has run out, marked expired (reads write nothing: the
    # lobby leaves them out meanwhile, and accepting one refuses it), at the stale-work sweep's pace.
    "challenges-expire": {
        "task": "puzzles.people.tasks.challenges_expire_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    # What a lost games.signals.game_finished left (a process killed between a game's commit and its
    # signal): people's match deals not counted, rated games and won matches not rated, accuracies
    # missing; the solver matches' deals not counted. Reads never settle it: made good within one
    # interval of the stale-work sweep (OD_REQUEUE_EVERY, 15 s by default), idempotent, capped a run.
    "people-settle": {
        "task": "puzzles.people.tasks.people_settle_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    # Correspondence turns whose notice a lost games.signals.turn_passed left unsent, told once.
    "notices-settle": {
        "task": "puzzles.notifications.tasks.turns_settle_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    "matches-settle": {
        "task": "puzzles.matches.tasks.matches_settle_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
    # The admin's cheating report: expected play by rating fitted again, every account scored (people.cheating).
    "cheating-report": {"task": "puzzles.people.tasks.cheating_report_task", "schedule": timedelta(hours=6)},
    # Last month's open data file (puzzles.archive): written once, on the first of the month (UTC).
    "open-data-month": {
        "task": "puzzles.archive.tasks.open_data_month_task",
        "schedule": crontab(minute=30, hour=1, day_of_month=1),
    },
    # Game analyses a dead worker left pending or running.
    "requeue-stale-game-analyses": {
        "task": "puzzles.study.tasks.requeue_stale_game_analyses_task",
        "schedule": timedelta(seconds=OD_REQUEUE_EVERY_SECONDS),
    },
}

# What the beat task looks for: a move still ungraded, a solver turn still
# not played, an analysis still pending, this many seconds after it was due.
OD_STALE_AFTER_SECONDS = env.float("OD_STALE_AFTER", default=10.0)
# A human's move whose position's analysis is already known is graded in the
# request that plays it (a lookup; the answer carries the grade); 0 sends every
# grade to the grading workers, as when the analysis is still being computed.
OD_GRADE_IN_REQUEST = env.bool("OD_GRADE_IN_REQUEST", default=True)
# For crash tests only: the grading service sleeps this long before it writes.
OD_GRADE_DELAY_SECONDS = env.float("OD_GRADE_DELAY", default=0.0)
# How long an analysis stays in the Redis cache (the database keeps it for good).
OD_ANALYSIS_CACHE_SECONDS = 24 * 3600
# How long the analyses computed ahead of a human's turn stay in Redis (the
# positions each of their moves would leave; the database keeps none).
OD_AHEAD_CACHE_SECONDS = 3600
# With the analyses computed ahead at hand, the request that plays a human's
# move also plays the solver's reply (a lookup, as the grade is); 0 leaves
# every reply to the workers.
OD_REPLY_IN_REQUEST = env.bool("OD_REPLY_IN_REQUEST", default=True)
# Longest wait of GET /api/games/<id>/?wait=<version>.
OD_MAX_WAIT_SECONDS = 25.0
# Long polls one client (a session, else an address) may hold at a time, per web process.
OD_MAX_POLLS_PER_CLIENT = env.int("OD_MAX_POLLS_PER_CLIENT", default=8)
# Game sockets (/ws/games/<id>/) one client may hold open at a time, per web
# process: past it the handshake is refused and the page long-polls instead.
OD_MAX_SOCKETS_PER_CLIENT = env.int("OD_MAX_SOCKETS_PER_CLIENT", default=16)
# A rated live game between people may be aborted only by a player whose
# opponent, to make their first move, has let this long pass since the game
# started or since the last move (the whole deal is seen before the first
# move: an abort at will would let a player keep a rating from a bad deal).
# A correspondence game waits an hour (games.early.CORRESPONDENCE_ABORT_WAIT).
OD_RATED_ABORT_WAIT_SECONDS = env.float("OD_RATED_ABORT_WAIT", default=30.0)
# A seat's first move in a live game between people is not timed by its
# clock but must come within this many seconds, else the game is called off
# (a rated match's later deal: forfeited).
OD_FIRST_MOVE_SECONDS = env.int("OD_FIRST_MOVE_SECONDS", default=60)
# A match's next deal is dealt as the last one ends, while its players may
# still read that deal's result: its first-move time starts once every player
# has opened the new deal's page (games.presence), or at the latest this many
# seconds after it was dealt.
OD_NEXT_DEAL_GRACE_SECONDS = env.float("OD_NEXT_DEAL_GRACE", default=60.0)

# A live game may be claimed by a player once every opponent's page has been
# gone this many seconds (games.disconnects).
OD_DISCONNECT_CLAIM_SECONDS = env.float("OD_DISCONNECT_CLAIM", default=30.0)

# The days of vacation from correspondence games an account has a calendar
# year (games.vacations): their turns' deadlines wait meanwhile.
OD_VACATION_DAYS = env.float("OD_VACATION_DAYS", default=14.0)

# Each web process's heartbeat in the database, and its probe of Redis, every
# this many seconds (puzzles/core/heartbeat.py): what tells the clocks of
# games between people that the site could not take moves.  0: off.
# Its cost, each web process, measured on SQLite (WAL, synchronous=NORMAL):
# a beat is one row's UPDATE, 0.12 ms and 4.1 KB of WAL (one page), and the
# outages' read 0.2 ms: about 1.3 ms of database and 16 KB of WAL a second.
OD_HEARTBEAT_SECONDS = env.float("OD_HEARTBEAT", default=0.25)

# The secret the site draws deals nobody may foresee from (the daily deal's
# seed and salt: puzzles/games/dealing.py).  Empty: derived from SECRET_KEY
# under a label of its own (HMAC-SHA256), so each installation has its own
# without another variable.  Read as it is (no "$" lookup, as SECRET_KEY).
OD_DEAL_SECRET = os.environ.get("OD_DEAL_SECRET", "")

# ------------------------------------------------------------ notifications
# Web Push: the site's VAPID key pair (base64url: the private key's 32 bytes,
# the public key's uncompressed point) and the contact the push services are
# given.  Empty: no Web Push (local and test settings make a pair).
OD_VAPID_PRIVATE_KEY = os.environ.get("OD_VAPID_PRIVATE_KEY", "")
OD_VAPID_PUBLIC_KEY = os.environ.get("OD_VAPID_PUBLIC_KEY", "")
OD_VAPID_SUBJECT = env.str("OD_VAPID_SUBJECT", default="mailto:admin@localhost")
# A subscription's push service must be at an https:// address (browsers' are);
# plain http only where this is on (local.py and the tests: a push service of their own).
OD_PUSH_ALLOW_HTTP = env.bool("OD_PUSH_ALLOW_HTTP", default=False)
# The push services a subscription may name (its host is one of these or
# under one): the browsers' own, so the site never posts to an address a
# player chose (an internal one).  A comma-separated list.
OD_PUSH_HOSTS = env.list(
    "OD_PUSH_HOSTS",
    default=[
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "push.services.mozilla.com",
        "web.push.apple.com",
        "notify.windows.com",
    ],
)
# Email: EMAIL_URL (django-environ: smtp://user:password@host:587, submit://...
# for STARTTLS, smtps://... for TLS) and the sender's address; the site's own
# address (OD_SITE_URL, e.g. https://domino.example) before a notice's link.
vars().update(env.email_url("EMAIL_URL", default="smtp://localhost:25"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Open domino trainer <noreply@localhost>")
OD_SITE_URL = env.str("OD_SITE_URL", default="").rstrip("/")

# ---------------------------------------------------------------------- DRF
REST_FRAMEWORK = {
    # drf-spectacular's, which also states the rules across a body's fields.
    "DEFAULT_SCHEMA_CLASS": "puzzles.core.contract.ContractAutoSchema",
    # The session, then API tokens (Authorization: Bearer; puzzles/apitokens).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "puzzles.core.authentication.SessionAuthentication",
        "puzzles.apitokens.authentication.TokenAuthentication",
    ],
    # Anyone may call; a token only within its scopes (puzzles/apitokens/scopes.py).
    "DEFAULT_PERMISSION_CLASSES": ["puzzles.apitokens.scopes.HasScope"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_PARSER_CLASSES": ["puzzles.core.parsers.StrictJSONParser"],
    "EXCEPTION_HANDLER": "puzzles.core.api.exception_handler",
    # A ?format= the endpoint has no renderer for is a 400, not a 404.
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "puzzles.core.negotiation.ContentNegotiation",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Rate limits, per client (IP address for guests, the account once logged
    # in), sized so that a player never meets them: a brisk game is a few
    # requests a second at most.  Asking for analyses has its own, lower limit.
    # (Counted in one step a request: puzzles/core/throttles.py.)
    # (And each API token's requests by token: puzzles/apitokens/scopes.py counts them.)
    "DEFAULT_THROTTLE_CLASSES": ["puzzles.core.throttles.PlayerThrottle"],
    # A guest is counted by the address the server saw (REMOTE_ADDR), never by
    # an X-Forwarded-For header the client wrote itself: the web server puts
    # the address a trusted proxy forwarded there (--forwarded-allow-ips).
    "NUM_PROXIES": 0,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("OD_API_RATE_ANON", default="1200/min"),
        "user": env.str("OD_API_RATE_USER", default="2400/min"),
        "analyses": env.str("OD_API_RATE_ANALYSES", default="120/min"),
        "analyses_address": env.str("OD_API_RATE_ANALYSES_ADDRESS", default="600/min"),
        # Seeks and challenges posted by every guest behind one address together
        # (each player has a cap of open ones; a new guest is a new player).
        "lobby_address": env.str("OD_API_RATE_LOBBY_ADDRESS", default="60/hour"),
        # Each API token's (personal or OAuth2), beside its account's.
        "token": env.str("OD_API_RATE_TOKEN", default="600/min"),
    },
}

# OAuth2 for third-party apps (django-oauth-toolkit; puzzles/apitokens): the
# authorization code flow with PKCE, the site's scopes, tokens that expire.
OAUTH2_PROVIDER = {
    "SCOPES": {"read": "read", "play": "play", "challenge": "challenge", "bot": "bot"},
    "DEFAULT_SCOPES": ["read"],
    "PKCE_REQUIRED": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": env.int("OD_OAUTH_ACCESS_SECONDS", default=3600),
    "REFRESH_TOKEN_EXPIRE_SECONDS": env.int("OD_OAUTH_REFRESH_SECONDS", default=30 * 24 * 3600),
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,  # a refresh token used twice revokes its whole family
    # RFC 9700 (OAuth 2.0 Security BCP): no implicit or password grant, PKCE by S256 only,
    # tokens in the Authorization header only, the issuer in the authorization response,
    # tokens stored as their SHA-256 only.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
}
# The toolkit warns that http redirect addresses are allowed: an app's are
# https, or http on the loopback only, for a program on the player's own
# machine (RFC 8252), which puzzles/apitokens/oauth_services.py enforces.
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008"]

SPECTACULAR_SETTINGS = {
    "TITLE": "Open domino trainer API",
    "DESCRIPTION": (
        "Practice deals of open domino against an exact solver; every move graded. "
        "Positions and moves use the notation of docs/rules.md section 2. Values are always from the "
        "point of view of the player to move (for a move: the player who makes it). "
        "The solver never runs inside a request: analyses, grades and the solver's moves "
        "come from Celery tasks, so clients poll (or long-poll a game with `?wait=<version>`)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Swagger UI would otherwise ask validator.swagger.io about the schema.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "REDOC_UI_SETTINGS": {"hideDownloadButton": False},
    "COMPONENT_SPLIT_REQUEST": True,
    # The errors the shared layers answer for any endpoint (rate limit, body, address).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "puzzles.core.schema.add_shared_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "SideEnum": ["A", "B"],
        "GameLevelEnum": ["perfect", "strong", "casual"],
        "HintLevelEnum": [(1, "1"), (2, "2"), (3, "3")],
        "GradeEnum": ["best", "inaccuracy", "mistake", "blunder"],
        "GameStatusEnum": ["your-move", "thinking", "over"],
        # A game's status as its reader sees it (games.presentation.STATUSES): the game JSON's and a bot's.
        "GameOutputStatusEnum": ["your-move", "thinking", "over", "their-move"],
        "ChallengeStatusEnum": ["open", "started", "declined", "cancelled", "expired"],
        # Tournaments: the kind of event, its status, a game's outcome.
        "TournamentKindEnum": ["arena", "swiss", "duplicate", "team"],
        "TournamentStatusEnum": ["created", "started", "finished"],
        "PairingOutcomeEnum": ["a", "b", "draw", "aborted", "bye"],
        "OutcomeEnum": ["win", "loss", "draw"],  # a study step's and a result's, named before the above
        # Seats of every variant, the sides a result names, the variants, the roles in a game.
        "SeatEnum": ["A", "B", "C", "D"],
        "SeatOrRandomEnum": ["A", "B", "C", "D", "random"],
        "WinnerEnum": ["A", "B", "A+C", "B+D"],
        "VariantEnum": [
            "lewicki",
            "lewicki+doubles",
            "lewicki9",
            "lewicki9+doubles",
            "block",
            "block+doubles",
            "partnership",
            "partnership+doubles",
        ],
        "GameRoleEnum": ["human", "partner", "opponent"],
        # Games between people: the kind of game, and who plays a seat.
        "GameKindEnum": ["practice", "people"],
        "SeatPlayerKindEnum": ["account", "guest", "solver"],
        "PuzzleKindEnum": ["win", "most"],
        # The daily deal: where a player's game of it stands.
        "DailyStatusEnum": ["new", "playing", "grading", "over"],
        # An API token's scopes (puzzles/apitokens).
        "TokenScopeEnum": ["read", "play", "challenge", "bot"],
        # The rules across a body's fields (puzzles/core/contract.py): seats C and D
        # and the solver's seats in partnership only.
        "TwoSeatOrRandomEnum": ["A", "B", "random"],
        "FourSeatVariantEnum": ["partnership", "partnership+doubles"],
    },
}

# ------------------------------------------------------------ auth, i18n
# Log-in lockout (django-axes): after AXES_FAILURE_LIMIT wrong passwords for
# one account from one address, that pair is locked out for an hour (429).
# Besides, after OD_LOGIN_FAILURES_PER_ADDRESS wrong passwords from one address
# within an hour, whatever the usernames, that address is (429 too).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "puzzles.accounts.limits.AddressLockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("OD_AXES_FAILURE_LIMIT", default=10)
AXES_COOLOFF_TIME = timedelta(hours=1)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "puzzles.accounts.limits.locked_out"
OD_LOGIN_FAILURES_PER_ADDRESS = env.int("OD_LOGIN_FAILURES_PER_ADDRESS", default=30)
# Sign-ups per address and hour.
OD_MAX_URL_CHARS = env.int("OD_MAX_URL_CHARS", default=8190)
OD_SIGNUPS_PER_HOUR = env.int("OD_SIGNUPS_PER_HOUR", default=5)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "puzzles.accounts.passwords.NotBlankValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Content-Security-Policy (django-csp): every script, style, image, font and
# request comes from the site itself, no inline script or style, no frames.  The
# API docs pages (Swagger UI, Redoc) widen it for their own inline styles
# (config/urls.py).  'wasm-unsafe-eval' lets the pages compile the solver's
# WebAssembly (the analysis in the player's browser); it allows no eval().
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "site:home"
LOGOUT_REDIRECT_URL = "site:home"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("pl", _("Polish")),
    ("nl", _("Dutch")),
    ("ro", _("Romanian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# The monthly open data files of rated games (puzzles.archive), served at /data/.
OD_OPEN_DATA_DIR = Path(
    env.str("OD_OPEN_DATA_DIR", default=str(Path(os.environ.get("OD_RUN_DIR", str(BASE_DIR / ".run"))) / "open-data"))
)

# ------------------------------------------------------------ static files
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
OD_FRONTEND_DIST = Path(env.str("OD_FRONTEND_DIST", default=str(BASE_DIR / "frontend" / "dist")))
# The Vite build is served under /static/frontend/ (Vite's `base` should be that).
OD_FRONTEND_MANIFEST = OD_FRONTEND_DIST / ".vite" / "manifest.json"
OD_FRONTEND_STATIC_PREFIX = "frontend"
STATICFILES_DIRS = [(OD_FRONTEND_STATIC_PREFIX, OD_FRONTEND_DIST)] if OD_FRONTEND_DIST.is_dir() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# In development, serve straight from the apps and frontend/dist (no collectstatic needed).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
