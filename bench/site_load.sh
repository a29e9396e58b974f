#!/usr/bin/env bash
# The graded-move round trip under load: starts the whole
# site (scripts/run.sh: Redis, gunicorn, the Celery workers and beat) on a spare
# port with a scratch database, runs scripts/load_moves.py with 20 concurrent
# players on loopback, prints its figures and stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
scratch="$(mktemp -d)"
port="${BENCH_PORT:-8765}"
export DATABASE_URL="sqlite:///$scratch/bench.sqlite3"
export REDIS_URL="${BENCH_REDIS_URL:-redis://127.0.0.1:6379/9}"
export PUZZLE_POOL_MIN=0 ENDGAMES_MIN=0  # the load test needs no puzzle pool or library
PORT="$port" RUN_DIR="$scratch" scripts/run.sh >"$scratch/site.log" 2>&1 &
site=$!
trap 'kill -INT $site 2>/dev/null; wait $site 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 120); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
    sleep 0.5
done
curl -fs "http://127.0.0.1:$port/" >/dev/null || { echo "the site did not start:"; tail -30 "$scratch/site.log"; exit 1; }
echo "graded-move round trip, 20 players on loopback (players think ~1 s a move):"
"$PY" scripts/load_moves.py --url "http://127.0.0.1:$port" --players 20 --duration "${BENCH_SECONDS:-30}"
echo
echo "the same with no thinking time (the two cores saturated):"
"$PY" scripts/load_moves.py --url "http://127.0.0.1:$port" --players 20 --duration 15 --think 0 || true
