"""Django's SQLite backend, with the site's write transactions taking turns
at a lock file before SQLite's own lock.

Every transaction of the site begins ``BEGIN IMMEDIATE`` (the write lock at
once).  When another connection holds it, SQLite's busy handler sleeps and
tries again after 1, 2, 5, 10 ... 100 ms, however soon the lock was given
back: under many writers (hundreds of games moving at once) a write that
needed a millisecond waited tens or hundreds, and readers in WAL mode
retried in busy loops meanwhile.  Here a transaction first takes an
exclusive ``flock`` on ``<database>.writers`` (the kernel wakes the next
waiter the moment it is released, and releases it when a process dies),
then begins; the commit or rollback gives it back.  Writes outside a
transaction (autocommit) still meet SQLite's busy handler, as before.
"""

from __future__ import annotations

import fcntl
import os
from typing import Any

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turn_fd: int | None = None
        self._has_turn = False

    def _turn_file(self) -> int | None:
        """The lock file's descriptor, opened once per connection (a lock
        taken through one open file excludes every other, threads included);
        None for an in-memory database."""
        if self._turn_fd is None:
            name = str(self.settings_dict["NAME"])
            if self.is_in_memory_db() or not name:
                return None
            self._turn_fd = os.open(f"{name}.writers", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        return self._turn_fd

    def _take_turn(self) -> None:
        fd = self._turn_file()
        if fd is not None and not self._has_turn:
            fcntl.flock(fd, fcntl.LOCK_EX)
            self._has_turn = True

    def _give_turn(self) -> None:
        if self._has_turn and self._turn_fd is not None:
            self._has_turn = False
            fcntl.flock(self._turn_fd, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self) -> None:
        self._take_turn()
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # (not in django-stubs)
        except BaseException:
            self._give_turn()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()  # type: ignore[misc]
        finally:
            self._give_turn()

    def _rollback(self) -> None:
        try:
            super()._rollback()  # type: ignore[misc]
        finally:
            self._give_turn()

    def _close(self) -> None:
        try:
            super()._close()  # type: ignore[misc]
        finally:
            self._give_turn()
            if self._turn_fd is not None:
                os.close(self._turn_fd)
                self._turn_fd = None
