#!/usr/bin/env bash
# Run the site in this terminal until Ctrl-C, under supervisord, which
# restarts any process that dies (Ctrl-C stops them all):
#   the site's own Redis (installed with apt-get when missing) on
#   127.0.0.1:$OD_REDIS_PORT (default 6390), with append-only persistence in
#   $OD_RUN_DIR/redis, unless REDIS_URL names another one to use; the web
#   server on 127.0.0.1:$PORT (default 8000), a Celery worker that only grades,
#   a general Celery worker, Celery beat, and two one-off jobs in the
#   background (the puzzle pool and the endgame library).
#
# OD_MODE=production (the default, `make run`): the production settings with
# debug off, the secret key generated once per installation and kept outside
# the repository ($OD_SECRET_FILE, default
# ~/.config/open-domino/secret_key), plain HTTP on loopback unless
# DJANGO_SECURE_TLS=1 (behind a TLS proxy).  OD_MODE=dev (`make dev`): the
# local settings with debug pages.
#
# Environment: PORT, OD_PYTHON (default .venv/bin/python), OD_REDIS_PORT (6390: the
# site's own Redis), REDIS_URL (a Redis to use instead; started here only
# when nothing answers there), DATABASE_URL (default SQLite db.sqlite3), OD_RUN_DIR
# (default .run/ in the project: logs, Redis data, beat schedule, the
# supervisor socket), OD_WEB_WORKERS (2), OD_WEB_THREADS (16), OD_GRADE_CONCURRENCY
# (1: the grading worker), OD_CELERY_CONCURRENCY (2: the solver's moves and
# analyses), OD_PUZZLE_POOL_MIN (200), OD_ENDGAMES_MIN (1: build the library when
# it has fewer endgames; 0: never), OD_WORKER_LOG_LEVEL (the Celery workers':
# WARNING in production, INFO in dev, which logs every task), OD_WEB_ACCESS_LOG
# (1: a line per request on the output; the default in dev, and 0 in
# production, where the proxy in front logs the requests).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
# The variables read here begin with OD_; one still set under its former
# name would be ignored without a word.
for former in SITE_MODE SITE_PYTHON RUN_DIR OPEN_DOMINO_SECRET_FILE WEB_WORKERS GRADE_CONCURRENCY \
              CELERY_CONCURRENCY PUZZLE_POOL_MIN ENDGAMES_MIN WORKER_LOG_LEVEL WEB_ACCESS_LOG; do
    if [ -n "${!former+set}" ]; then
        echo "run.sh: error: $former is no longer read: the site's variables begin with OD_ (docs/configuration.md)" >&2
        exit 2
    fi
done

PORT="${PORT:-8000}"
PY="${OD_PYTHON:-.venv/bin/python}"  # not PYTHON: the Makefile's name for the Python that makes .venv
PY="$(command -v "$PY")"
# Without REDIS_URL the site runs its own Redis, never one that happens to
# answer on the machine (Debian's service on 6379, another site): that one
# keeps no append-only file here, and two sites on one Redis database take
# each other's tasks.
OWN_REDIS=0
if [ -z "${REDIS_URL:-}" ]; then
    OWN_REDIS=1
    if ! [[ "${OD_REDIS_PORT:-6390}" =~ ^[0-9]+$ ]]; then
        echo "run.sh: error: OD_REDIS_PORT is a port number, not '${OD_REDIS_PORT}'" >&2
        exit 2
    fi
    REDIS_URL="redis://127.0.0.1:${OD_REDIS_PORT:-6390}/0"
fi
export REDIS_URL
OD_RUN_DIR="${OD_RUN_DIR:-$ROOT/.run}"
mkdir -p "$OD_RUN_DIR/log" "$OD_RUN_DIR/redis"
OD_RUN_DIR="$(cd "$OD_RUN_DIR" && pwd -P)"  # without symlinks: as Redis reports its folder
# One site per run directory: a second start would take over the first's Redis.
running="$(cat "$OD_RUN_DIR/supervisord.pid" 2>/dev/null || true)"
if [ -n "$running" ] && tr '\0' ' ' <"/proc/$running/cmdline" 2>/dev/null | grep -q supervisord; then
    echo "run.sh: error: the site already runs from $OD_RUN_DIR (supervisord, pid $running);" \
         "stop it first, or give this one another OD_RUN_DIR" >&2
    exit 2
fi
OD_MODE="${OD_MODE:-production}"

# --- settings ----------------------------------------------------------------
case "$OD_MODE" in
    production)
        export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-config.settings.production}"
        # Two lines per task at INFO were a fifteenth of a worker's CPU time.
        OD_WORKER_LOG_LEVEL="${OD_WORKER_LOG_LEVEL:-WARNING}"
        # A line per request was a twentieth of a web worker's CPU time, and
        # supervisord's again to pass it on.
        OD_WEB_ACCESS_LOG="${OD_WEB_ACCESS_LOG:-0}"
        export DJANGO_ALLOWED_HOSTS="${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"
        export DJANGO_SECURE_TLS="${DJANGO_SECURE_TLS:-0}"
        if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
            secret_file="${OD_SECRET_FILE:-${XDG_CONFIG_HOME:-$HOME/.config}/open-domino/secret_key}"
            if [ ! -s "$secret_file" ]; then
                mkdir -p "$(dirname "$secret_file")"
                (umask 077; "$PY" -c 'import secrets; print(secrets.token_urlsafe(64))' >"$secret_file")
                echo "run.sh: a new secret key is in $secret_file" >&2
            fi
            DJANGO_SECRET_KEY="$(cat "$secret_file")"
            export DJANGO_SECRET_KEY
        fi
        ;;
    dev)
        export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-config.settings.local}"
        OD_WORKER_LOG_LEVEL="${OD_WORKER_LOG_LEVEL:-INFO}"
        OD_WEB_ACCESS_LOG="${OD_WEB_ACCESS_LOG:-1}"
        export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"
        ;;
    *)
        echo "run.sh: OD_MODE is production or dev, not '$OD_MODE'" >&2
        exit 2
        ;;
esac

# --- Redis ---------------------------------------------------------------------
hostport="${REDIS_URL#*://}"; hostport="${hostport##*@}"; hostport="${hostport%%/*}"
REDIS_HOST="${hostport%%:*}"; OD_REDIS_PORT="${hostport##*:}"
[ "$OD_REDIS_PORT" = "$hostport" ] && OD_REDIS_PORT=6379
redis_ping() {
    "$PY" - "$REDIS_URL" <<'PYEOF' >/dev/null 2>&1
import sys, redis
sys.exit(0 if redis.Redis.from_url(sys.argv[1], socket_connect_timeout=0.5).ping() else 1)
PYEOF
}
redis_ours() {  # a Redis left by an earlier run in this run directory (its supervisor was killed)
    "$PY" - "$REDIS_URL" "$OD_RUN_DIR/redis" <<'PYEOF' >/dev/null 2>&1
import os, sys, redis
r = redis.Redis.from_url(sys.argv[1], socket_connect_timeout=0.5)
sys.exit(0 if os.path.realpath(r.config_get("dir").get("dir", "")) == os.path.realpath(sys.argv[2]) else 1)
PYEOF
}
if [ "$OWN_REDIS" = 1 ] && redis_ping; then
    if redis_ours; then
        echo "run.sh: stopping the Redis an earlier run left on port $OD_REDIS_PORT (its data is kept)" >&2
        "$PY" -c "import sys, redis; redis.Redis.from_url(sys.argv[1]).shutdown()" "$REDIS_URL" 2>/dev/null || true
        for _ in $(seq 50); do redis_ping || break; sleep 0.1; done
        if redis_ping; then
            echo "run.sh: error: the Redis left on port $OD_REDIS_PORT does not stop; stop it by hand" >&2
            exit 2
        fi
    else
        echo "run.sh: error: something else answers on $REDIS_HOST:$OD_REDIS_PORT, the site's own Redis port;" \
             "set OD_REDIS_PORT to a free port, or REDIS_URL to use that Redis" >&2
        exit 2
    fi
fi
if [ "$OWN_REDIS" = 0 ] && ! redis_ping; then
    OWN_REDIS=1  # REDIS_URL names a Redis on this machine that is not running: start it here
fi
if [ "$OWN_REDIS" = 1 ] && ! command -v redis-server >/dev/null 2>&1; then
    echo "run.sh: installing redis-server with apt-get" >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server
fi

# --- database and static files -------------------------------------------------
"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput -v0

# --- the processes, under supervisord ------------------------------------------
# config/supervisord.conf names them; what it reads from the environment:
export ROOT OD_RUN_DIR PORT PY REDIS_HOST OD_REDIS_PORT OD_WORKER_LOG_LEVEL
export OD_WEB_WORKERS="${OD_WEB_WORKERS:-2}" OD_WEB_THREADS="${OD_WEB_THREADS:-16}"
export OD_GRADE_CONCURRENCY="${OD_GRADE_CONCURRENCY:-1}" OD_CELERY_CONCURRENCY="${OD_CELERY_CONCURRENCY:-2}"
export OD_PUZZLE_POOL_MIN="${OD_PUZZLE_POOL_MIN:-200}"
START_REDIS=false START_PUZZLE_POOL=false START_ENDGAMES=false
if [ "$OWN_REDIS" = 1 ]; then START_REDIS=true; fi
if [ "$OD_PUZZLE_POOL_MIN" -gt 0 ]; then START_PUZZLE_POOL=true; fi
if [ "${OD_ENDGAMES_MIN:-1}" -gt 0 ]; then START_ENDGAMES=true; fi
export START_REDIS START_PUZZLE_POOL START_ENDGAMES
if [ "$OD_WEB_ACCESS_LOG" = 1 ]; then
    export GUNICORN_CMD_ARGS="${GUNICORN_CMD_ARGS:-} --access-logfile -"
fi

echo "run.sh: the site is at http://127.0.0.1:$PORT/ ($OD_MODE; Ctrl-C stops it; logs in $OD_RUN_DIR/log)" >&2
exec "$PY" -m supervisor.supervisord -c "$ROOT/config/supervisord.conf"
