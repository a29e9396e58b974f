"""Fixtures of the site's tests (pytest-django reads the settings module
from pyproject.toml)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def pytest_unconfigure(config) -> None:
    """Remove this process's temporary folder of the test database (config/settings/test.py)."""
    from django.conf import settings

    folder = getattr(settings, "TEST_DIR", None)
    if folder is not None and Path(folder).name.startswith("od-site-tests-"):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts and ends in the site's default language: Django
    activates each request's language in its thread and nothing resets it,
    so a test whose last request was answered in Polish left the next test
    in the same process rendering in Polish."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def clear_cache():
    """Each test starts and ends with an empty cache and no rate limit counted
    (both local memory in the tests), and with no analysis or outage
    remembered by the process: the outages a test wrote are rolled back with
    it, and one left marked as to be read again would cost the next test's
    first move a query."""
    from django.core.cache import cache

    from puzzles.analyses.selectors import analysis_memory_clear
    from puzzles.core import outages, throttles

    def clear() -> None:
        cache.clear()
        throttles.reset()
        analysis_memory_clear()
        outages._known, outages._stale = [], False  # as a process starts

    clear()
    yield
    clear()


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def other_api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def account(django_user_model):
    """A logged-in API client of a new account: ``account("ann")``."""
    from rest_framework.test import APIClient

    def make(name: str):
        user = django_user_model.objects.create_user(name, password=f"pw-{name}-12345")
        client = APIClient()
        client.force_login(user)
        client.user = user
        return client

    return make


def _redis_ping(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


@pytest.fixture(scope="session")
def redis_server():
    """A Redis at the tests' REDIS_URL: reused if one answers there, else
    started (``--save ''``: nothing written to disk) and stopped afterwards."""
    from django.conf import settings

    url = settings.REDIS_URL
    if _redis_ping(url):
        yield url
        return
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (apt-get install -y redis-server)")
    port = url.rsplit(":", 1)[1].split("/")[0]
    proc = subprocess.Popen(
        [binary, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not _redis_ping(url):
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"redis-server did not start on port {port}")
        time.sleep(0.05)
    yield url
    proc.terminate()
    proc.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def no_tasks():
    """Queue nothing (as if no worker were running): records what was sent,
    as ``(task, args)``."""
    from unittest import mock

    sent: list = []
    with mock.patch("puzzles.core.tasking.send", lambda task, *args: sent.append((task, args))):
        yield sent


@pytest.fixture
def running_site(tmp_path, request):
    """The whole site as ``make run`` starts it, on spare ports (``@pytest.mark.web_workers(n)``: n web processes)."""
    from running_site import start_site

    marker = request.node.get_closest_marker("web_workers")
    yield from start_site(tmp_path, marker.args[0] if marker else 2)
