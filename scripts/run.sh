#!/usr/bin/env bash
# Run the site locally, in this terminal, until Ctrl-C:
#   Redis (installed with apt-get when missing, started when not answering),
#   migrations, then the web server on 127.0.0.1:$PORT (default 8000),
#   a Celery worker and Celery beat.  Ctrl-C (or any of them dying) stops all
#   that this script started.
# Environment: PORT, PYTHON (default .venv/bin/python), REDIS_URL (default
# redis://127.0.0.1:6379/0), DATABASE_URL (default SQLite db.sqlite3),
# WEB_WORKERS (2), WEB_THREADS (16), GRADE_CONCURRENCY (1: the grading
# worker), CELERY_CONCURRENCY (2: the worker for the solver's moves and analyses).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8000}"
PY="${PYTHON:-.venv/bin/python}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
RUN_DIR="${RUN_DIR:-${TMPDIR:-/tmp}/open-domino-run-$(id -u)}"
mkdir -p "$RUN_DIR"

pids=()
cleanup() {
    trap - INT TERM EXIT
    echo "run.sh: stopping ${pids[*]:-nothing}" >&2
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for _ in $(seq 50); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ "$alive" = 0 ] && break
        sleep 0.2
    done
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Redis ------------------------------------------------------------------
hostport="${REDIS_URL#*://}"; hostport="${hostport##*@}"; hostport="${hostport%%/*}"
REDIS_HOST="${hostport%%:*}"; REDIS_PORT="${hostport##*:}"
[ "$REDIS_PORT" = "$hostport" ] && REDIS_PORT=6379
redis_ping() {
    "$PY" - "$REDIS_URL" <<'PYEOF' >/dev/null 2>&1
import sys, redis
sys.exit(0 if redis.Redis.from_url(sys.argv[1], socket_connect_timeout=0.5).ping() else 1)
PYEOF
}
if ! redis_ping; then
    if ! command -v redis-server >/dev/null 2>&1; then
        echo "run.sh: installing redis-server with apt-get" >&2
        SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server
    fi
    echo "run.sh: starting redis-server on $REDIS_HOST:$REDIS_PORT" >&2
    redis-server --port "$REDIS_PORT" --bind "$REDIS_HOST" --save '' --appendonly no \
        --logfile "$RUN_DIR/redis.log" &
    pids+=($!)
    for _ in $(seq 100); do redis_ping && break; sleep 0.1; done
    redis_ping || { echo "run.sh: redis-server did not start (see $RUN_DIR/redis.log)" >&2; exit 1; }
fi

# --- database and static files ---------------------------------------------
"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput -v0
# Puzzles: at least 200 in the pool and today's daily puzzle, mined by
# the workers started below; in the background (a subshell: no job of this
# script, so `wait -n` below ignores it), so that the server starts at once.
( "$PY" manage.py ensure_puzzle_pool --min 200 --wait 120 >"$RUN_DIR/puzzle-pool.log" 2>&1 & )
# The endgame library: built in the background when empty (in a
# subshell, so that it is no job of this script and `wait -n` below ignores it).
( "$PY" manage.py ensure_endgames >"$RUN_DIR/ensure_endgames.log" 2>&1 & )

# --- web server, worker, beat -----------------------------------------------
"$PY" -m gunicorn config.wsgi:application \
    --bind "127.0.0.1:$PORT" --worker-class gthread \
    --workers "${WEB_WORKERS:-2}" --threads "${WEB_THREADS:-16}" \
    --access-logfile - --graceful-timeout 5 &
pids+=($!)
# One worker only grades (a player waits for that); the other plays the
# solver's moves and runs analyses, and grades too when it is free.
"$PY" -m celery -A config.celery_app worker -l INFO -Q grades -n "grades@%h" \
    --concurrency "${GRADE_CONCURRENCY:-1}" --without-gossip --without-mingle &
pids+=($!)
"$PY" -m celery -A config.celery_app worker -l INFO -Q grades,celery -n "main@%h" \
    --concurrency "${CELERY_CONCURRENCY:-2}" --without-gossip --without-mingle &
pids+=($!)
"$PY" -m celery -A config.celery_app beat -l INFO -s "$RUN_DIR/celerybeat-schedule" &
pids+=($!)

echo "run.sh: the site is at http://127.0.0.1:$PORT/ (Ctrl-C stops it)" >&2
wait -n
echo "run.sh: a process stopped; stopping the others" >&2
exit 1
