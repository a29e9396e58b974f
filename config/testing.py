"""A throwaway PostgreSQL cluster for the test suite (``OD_TEST_DATABASE=postgresql``):
``initdb`` into a temporary folder, a server on a free loopback port with
trust authentication, stopped and removed when the process ends.  Nothing is
written into the repository.  PostgreSQL refuses to run as root, so as root
the server runs as the ``postgres`` system user (the Debian package makes it)."""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def _bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (apt-get install -y postgresql)")
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="od-postgres-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.user = "postgres"
        self._as: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        else:
            self.user = pwd.getpwuid(os.geteuid()).pw_name

    def _run(self, *command: str) -> None:
        result = subprocess.run([*self._as, *command], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> Cluster:
        self._run(
            _bin("initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            _bin("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "server.log"), "-w", "start"
        )
        atexit.register(self.stop)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(
                [*self._as, _bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(self.folder, ignore_errors=True)

    def settings(self, name: str) -> dict[str, object]:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": "postgres",
            "USER": self.user,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "CONN_MAX_AGE": 0,
            "OPTIONS": {"server_side_binding": True},  # as production binds (config/settings/base.py)
            "TEST": {"NAME": name},
        }
