#!/usr/bin/env bash
# The graded-move round trip under load: starts the whole
# site (scripts/run.sh: Redis, gunicorn, the Celery workers and beat) on a spare
# port with a scratch database, runs scripts/load_moves.py with 20 concurrent
# players on loopback, prints its figures and stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
scratch="$(mktemp -d)"
free_port() { "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="${BENCH_PORT:-$(free_port)}"
export DATABASE_URL="sqlite:///$scratch/bench.sqlite3"
# A Redis of its own on a spare port (run.sh starts it): two sites on one
# Redis database would take each other's tasks.
export REDIS_URL="${BENCH_REDIS_URL:-redis://127.0.0.1:$(free_port)/0}"
export OPEN_DOMINO_SECRET_FILE="$scratch/secret_key"
export PUZZLE_POOL_MIN=0 ENDGAMES_MIN=0  # the load test needs no puzzle pool or library
# All the scripted players come from one address: lift the per-client limits.
export API_RATE_ANON=1000000/min API_RATE_USER=1000000/min
PORT="$port" RUN_DIR="$scratch" scripts/run.sh >"$scratch/site.log" 2>&1 &
site=$!
trap 'kill -TERM $site 2>/dev/null; wait $site 2>/dev/null; rm -rf "$scratch"' EXIT
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
