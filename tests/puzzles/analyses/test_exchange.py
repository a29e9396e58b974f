"""The look-ahead's traffic with Redis (``analyses_exchange``): what one round
computed is shared and the next round's positions are read in one round trip,
in the cache's own encoding, and a Redis that cannot be reached is a miss."""

from __future__ import annotations

import pytest
import redis
from django.core.cache import cache

import solver
from puzzles.analyses import services
from puzzles.analyses.cache import analysis_cache_exchange, analysis_key
from puzzles.analyses.selectors import analysis_cached_fast, analysis_memory_clear


@pytest.fixture
def redis_cache(redis_server, settings):
    """The site's cache as in production: django-redis, on the tests' Redis."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_server,
            "KEY_PREFIX": "od:test-exchange",
            "OPTIONS": {"CLIENT_CLASS": "django_redis.client.DefaultClient", "IGNORE_EXCEPTIONS": True},
        }
    }
    cache.clear()
    yield cache
    cache.clear()


@pytest.fixture
def round_trips(monkeypatch):
    """Each round trip to Redis: a command's name, or a pipeline's names."""
    trips: list[tuple[str, ...]] = []
    command, execute = redis.Redis.execute_command, redis.client.Pipeline.execute

    def one(client, *args, **kwargs):
        trips.append((str(args[0]),))
        return command(client, *args, **kwargs)

    def pipelined(pipe, *args, **kwargs):
        trips.append(tuple(str(c[0][0]) for c in pipe.command_stack))
        return execute(pipe, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "execute_command", one)
    monkeypatch.setattr(redis.client.Pipeline, "execute", pipelined)
    return trips


def test_one_round_trip_shares_some_and_reads_others(redis_cache, round_trips):
    a, b, c = (str(solver.deal(seed)) for seed in (11, 12, 13))
    first = solver.analyse(solver.Position.parse(a))
    found = analysis_cache_exchange({a: first.to_json()}, 60, [a, b])
    assert round_trips == [("SET", "MGET")]
    assert found == {a: first.to_json()}  # what was just shared is read back; b is nobody's yet
    # written as the cache writes: its own reads find it, with the time to live asked for
    assert cache.get(analysis_key(a)) == first.to_json()
    assert 55 <= cache.ttl(analysis_key(a)) <= 60
    assert analysis_cache_exchange({}, 60, [c]) == {}
    assert analysis_cache_exchange({}, 60, []) == {}


def test_the_service_reads_this_processs_memory_first(redis_cache, round_trips):
    a, b = (str(solver.deal(seed)) for seed in (11, 12))
    analysis_memory_clear()
    first = services.analysis_computed(a)  # remembered by this process, not in Redis
    found = services.analyses_exchange({}, [a, b])
    assert found == {a: first}
    assert round_trips == [("MGET",)]
    round_trips.clear()
    assert services.analyses_exchange({}, [a]) == {a: first}
    assert round_trips == []
    # another process finds what was shared
    services.analyses_exchange({a: first}, [])
    analysis_memory_clear()
    assert analysis_cached_fast(a) == first


def test_redis_out_of_reach_is_a_miss(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # nothing listens on the discard port
            "OPTIONS": {
                "CLIENT_CLASS": "django_redis.client.DefaultClient",
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.2,
            },
        }
    }
    position = str(solver.deal(11))
    assert analysis_cache_exchange({position: {"x": 1}}, 60, [position]) == {}


@pytest.mark.django_db(transaction=True)
def test_a_turns_look_ahead_takes_a_round_trip_a_round(redis_cache, round_trips, api, no_tasks):
    from puzzles.games import lookahead as game_lookahead
    from puzzles.games import selectors as game_selectors

    seed = next(
        s
        for s in range(100)
        if solver.deal(s).side == "A"
        and not any(m.stone and m.stone.low == m.stone.high for m in solver.deal(s).legal_moves())
    )
    created = api.post("/api/games/", {"seed": seed, "human": "A", "level": "strong"}, format="json").json()
    game = game_selectors.game_by_id(created["id"])
    analysis_memory_clear()
    cache.clear()
    round_trips.clear()
    game_lookahead.turn_prepare(game=game, position=game.current_position)
    # the start and its children looked up; the start (nobody had it) shared at once, before the
    # solver's positions are solved; those shared and the solver's replies looked up; the
    # replies shared: a round trip a round, whatever the number of moves
    assert [set(t) for t in round_trips] == [{"MGET"}, {"SET"}, {"SET", "MGET"}, {"SET"}], round_trips
    assert len(round_trips[1]) == 1
    start = solver.Position.parse(game.current_position)
    analysis_memory_clear()  # what the web process finds: all of it in Redis
    assert analysis_cached_fast(str(start)) is not None
    assert all(analysis_cached_fast(str(start.push(m))) is not None for m in start.legal_moves())
    # done again (a task run twice, or by the other pool process): nothing solved, nothing
    # written, everything read from Redis in one round trip a round
    analysis_memory_clear()
    round_trips.clear()
    solved: list = []
    real = services.solver.analyse
    monkey = pytest.MonkeyPatch()
    monkey.setattr(services.solver, "analyse", lambda *a, **k: solved.append(a) or real(*a, **k))
    try:
        game_lookahead.turn_prepare(game=game, position=game.current_position)
    finally:
        monkey.undo()
    assert solved == [], round_trips
    assert round_trips == [("MGET",), ("MGET",)], round_trips
