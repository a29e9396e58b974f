"""The settings modules: production refuses to start without a secret key and
host names, and passes Django's deployment checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def test_production_settings_pass_the_deployment_checks():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="k" * 30 + "-a-long-random-production-secret-value",
        DJANGO_ALLOWED_HOSTS="domino.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_needs_a_secret_key_and_host_names():
    result = _manage("check", DJANGO_SETTINGS_MODULE="config.settings.production", DJANGO_ALLOWED_HOSTS="x.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set in production" in result.stderr
    result = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="k" * 60,
    )
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS must be set in production" in result.stderr


def test_local_settings_are_the_default_and_show_debug_pages():
    result = _manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.conf import settings; print(settings.DEBUG, settings.SETTINGS_MODULE)",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "config.settings.local"]


def test_the_served_processes_leave_their_loaded_code_to_the_collector_no_more():
    """A web worker (loading config.asgi) and a Celery pool process freeze
    what they loaded and collect the young generation less often: full
    collections walking Django and the rest took hundreds of milliseconds."""
    script = (
        "import gc\n"
        "before = gc.get_freeze_count()\n"
        "import config.asgi\n"
        "web = (before, gc.get_freeze_count(), gc.get_threshold())\n"
        "gc.unfreeze(); gc.set_threshold(700, 10, 10)\n"
        "from celery import signals\n"
        "import config.celery_app\n"
        "signals.worker_process_init.send(sender=None)\n"
        "print((web, gc.get_freeze_count() > 0, gc.get_threshold()))\n"
    )
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    (before, frozen, thresholds), worker_frozen, worker_thresholds = eval(result.stdout.strip().splitlines()[-1])  # noqa: S307
    assert before == 0
    assert frozen > 10_000
    assert thresholds == (20_000, 20, 20)
    assert worker_frozen
    assert worker_thresholds == (20_000, 20, 20)


def test_a_variable_that_is_not_valid_stops_the_start_and_is_named():
    result = _manage("check", OD_SIGNUPS_PER_HOUR="five")
    assert result.returncode != 0
    assert "the environment variable OD_SIGNUPS_PER_HOUR is not valid" in result.stderr


def test_a_variable_set_under_its_former_name_stops_the_start_and_names_the_new_one():
    result = _manage("check", PUZZLES_GRADE_IN_REQUEST="0")
    assert result.returncode != 0
    assert "PUZZLES_GRADE_IN_REQUEST is no longer read: it is now OD_GRADE_IN_REQUEST" in result.stderr


def test_the_variables_are_read_typed():
    code = (
        "from django.conf import settings as s; "
        "print(s.OD_SIGNUPS_PER_HOUR, s.OD_REPLY_IN_REQUEST, s.ALLOWED_HOSTS, s.OD_STALE_AFTER_SECONDS)"
    )
    result = _manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        OD_SIGNUPS_PER_HOUR="7",
        OD_REPLY_IN_REQUEST="off",
        DJANGO_ALLOWED_HOSTS="a.example, b.example",
        OD_STALE_AFTER="2.5",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "7 False ['a.example', 'b.example'] 2.5"


def test_a_secret_key_beginning_with_a_dollar_is_read_as_it_is_and_a_mistyped_switch_stops():
    code = "from django.conf import settings as s; print(s.SECRET_KEY)"
    result = _manage("shell", "--no-imports", "-c", code, DJANGO_SECRET_KEY="$abc-not-a-variable-name")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "$abc-not-a-variable-name"
    result = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="k" * 60,
        DJANGO_ALLOWED_HOSTS="x.org",
        DJANGO_SECURE_TLS="ture",
    )
    assert result.returncode != 0
    assert "DJANGO_SECURE_TLS is not valid" in result.stderr
