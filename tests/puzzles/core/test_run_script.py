"""What ``make run`` (``scripts/run.sh``) starts by default: the production
settings with debug off, a secret key made once and readable by its owner
only, and the site's own Redis with append-only persistence in the run
directory, so that a restart keeps what was queued; never a Redis that
happens to answer on the machine."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from running_site import ROOT, free_port, scratch_database, start_site

pytestmark = pytest.mark.worker


def started_redis(port: int, folder) -> subprocess.Popen[bytes]:
    import redis

    folder.mkdir(parents=True, exist_ok=True)
    binary = shutil.which("redis-server")
    assert binary, "redis-server is not installed"
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "", "--appendonly", "yes"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while True:
        try:
            if redis.Redis(port=port, socket_connect_timeout=0.5).ping():
                return proc
        except redis.ConnectionError:
            assert time.monotonic() < deadline
            assert proc.poll() is None
            time.sleep(0.05)


def test_the_default_site_runs_production_settings_and_its_own_lasting_redis(tmp_path):
    import redis

    redis_port = free_port()
    database = scratch_database(tmp_path)
    # a Redis an earlier run left behind in this run directory (its supervisor was killed)
    leftover = started_redis(redis_port, tmp_path / "run" / "redis")
    redis.Redis(port=redis_port).set("queued-before", "kept")
    try:
        first = start_site(tmp_path, 1, redis_port, database)
        site = next(first)
        assert leftover.wait(10) == 0  # shut down (saving), and started again under the supervisor
        client = redis.Redis.from_url(site["redis"])
        assert client.get("queued-before") == b"kept"
        config = client.config_get("*")
        assert config["appendonly"] == "yes"
        assert config["dir"] == str(tmp_path / "run" / "redis")
        # debug off: a missing page is the plain 404, not Django's debug page with the URL patterns
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(site["base"] + "/no-such-page/", timeout=10)
        page = missing.value.read().decode()
        assert missing.value.code == 404
        assert "URLconf" not in page
        assert "DEBUG" not in page
        secret = tmp_path / "secret_key"
        key = secret.read_text()
        assert len(key.strip()) >= 50
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        assert not str(secret).startswith(str(ROOT))
        client.set("queued-during", "kept")
        # a second start from the same run directory is refused: it leaves the running site alone
        twice = subprocess.run(
            ["scripts/run.sh"],
            cwd=ROOT,
            env={**site["env"], "PORT": str(free_port())},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert twice.returncode == 2, twice.stderr[-2000:]
        assert "error: the site already runs from" in twice.stderr, twice.stderr[-2000:]
        assert client.ping()
        assert urllib.request.urlopen(site["base"] + "/api/puzzles/themes/", timeout=10).status == 200
        next(first, None)  # Ctrl-C: everything stops
        with pytest.raises(redis.ConnectionError):
            redis.Redis(port=redis_port, socket_connect_timeout=0.5).ping()

        # started again: the same key, and Redis has what it held (the append-only file)
        second = start_site(tmp_path, 1, redis_port, database)
        site = next(second)
        assert secret.read_text() == key
        again = redis.Redis.from_url(site["redis"])
        assert again.get("queued-during") == b"kept"
        assert again.get("queued-before") == b"kept"
        next(second, None)
    finally:
        if leftover.poll() is None:
            leftover.kill()


def run_script(tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "REDIS_URL"},
        "OD_PYTHON": sys.executable,
        "PORT": str(free_port()),
        "OD_RUN_DIR": str(tmp_path / "run"),
        "OD_SECRET_FILE": str(tmp_path / "secret_key"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        **env,
    }
    return subprocess.run(["scripts/run.sh"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_a_foreign_redis_on_the_sites_port_is_refused_not_used(tmp_path):
    """Another program's Redis on the port the site would give its own: the
    script says so and stops (status 2) before it starts anything."""
    port = free_port()
    foreign = started_redis(port, tmp_path / "elsewhere")
    try:
        result = run_script(tmp_path, OD_REDIS_PORT=str(port))
        assert result.returncode == 2, result.stderr[-2000:]
        assert f"error: something else answers on 127.0.0.1:{port}" in result.stderr
        assert foreign.poll() is None  # left alone
        assert not (tmp_path / "site.sqlite3").exists()  # nothing started, nothing migrated
    finally:
        foreign.kill()


def test_a_redis_port_that_is_no_number_is_refused(tmp_path):
    """A port that is not a number (such as a URL) is refused before anything starts."""
    result = run_script(tmp_path, OD_REDIS_PORT="tcp://10.0.0.5:6379")
    assert result.returncode == 2
    assert "error: OD_REDIS_PORT is a port number, not 'tcp://10.0.0.5:6379'" in result.stderr
    assert not (tmp_path / "site.sqlite3").exists()


def descendants(pid: int) -> set[int]:
    """``pid`` and every process below it, from /proc."""
    found, todo = set(), [pid]
    while todo:
        current = todo.pop()
        found.add(current)
        for task in os.listdir(f"/proc/{current}/task") if os.path.isdir(f"/proc/{current}/task") else []:
            try:
                with open(f"/proc/{current}/task/{task}/children") as children:
                    todo += [int(child) for child in children.read().split()]
            except OSError:
                pass
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat_file:
            return stat_file.read().split(") ", 1)[1][0] != "Z"  # a zombie has ended
    except OSError:
        return False


def test_the_sites_processes_end_with_a_killed_supervisor(tmp_path):
    """supervisord killed outright (SIGKILL, the OOM killer): the web server,
    the workers, beat and Redis end with it, instead of living on as orphans
    that hold the port and take tasks, and the site starts again at once."""
    import socket

    from running_site import supervised_pid

    starting = start_site(tmp_path, 1)
    site = next(starting)
    supervisor = int((site["run"] / "supervisord.pid").read_text())
    programs = {name: supervised_pid(site, name) for name in ("redis", "web", "grades", "main", "beat")}
    # the workers run below the web server's CPU priority (nice 5 more)
    nice = {name: os.getpriority(os.PRIO_PROCESS, programs[name]) for name in ("web", "grades", "main")}
    assert nice["grades"] == nice["main"] == min(19, nice["web"] + 5), nice
    processes = descendants(supervisor) - {supervisor}
    assert set(programs.values()) <= processes
    assert len(processes) > len(programs)
    os.kill(supervisor, 9)
    # told to stop (TERM), a worker first finishes the task in hand (a new
    # site's workers make puzzles, which on a loaded machine takes a while)
    deadline = time.monotonic() + 120
    while any(alive(pid) for pid in processes):
        assert time.monotonic() < deadline, [pid for pid in processes if alive(pid)]
        time.sleep(0.2)
    with (
        pytest.raises(ConnectionRefusedError),
        socket.create_connection(("127.0.0.1", int(site["env"]["PORT"])), timeout=2),
    ):
        pass
    next(starting, None)
    again = start_site(tmp_path, 1, int(site["redis"].rsplit(":", 1)[1].split("/")[0]), site["database"])
    next(again)
    next(again, None)
