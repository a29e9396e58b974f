"""Each web process's heartbeat, in the database: what tells that the site
could not take moves (``core.outages``).

Every ``OD_HEARTBEAT`` seconds (0.25; 0: off) a thread of each web process
probes Redis (an answer within ``PROBE_TIMEOUT`` seconds, else an outage
opens from the last answer; the next answer closes it), writes its
``WebBeat`` (now, and the arrival of the oldest POST it is still serving),
and reads the outages again for the moves it plays.  The beat is in the
database, not in Redis, which may be what is down.  When a web process
starts (``start``, before it serves), it looks at the last beat of any
process: none for longer than a dead process takes to be noticed means
every web process was down, and that span is recorded as an outage (a
stop of the whole site on purpose too: nobody could move then either).  A
process's beat is left behind when it ends, and goes stale."""

from __future__ import annotations

import functools
import logging
import os
import socket
import threading
from datetime import datetime, timedelta

import redis
from django.conf import settings
from django.db import connection
from django.db.models import Max
from django.utils import timezone

from . import arrival, outages
from .models import Outage, WebBeat

log = logging.getLogger(__name__)

PROBE_TIMEOUT = 0.5  # seconds for Redis to answer a PING
FORGET_BEATS = timedelta(days=1)  # a dead process's beat is deleted after this

_started = False


def name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:200]


def start() -> None:
    """In a web process, before it serves: record the outage since the last
    beat, if it was every process's, and beat from now on (once a process)."""
    global _started
    if _started or outages.beat_seconds() <= 0:
        return
    _started = True
    try:
        look_back(timezone.now())
        beat(timezone.now())
        outages.spans(timezone.now(), fresh=True)
    except Exception:  # the database may be down too: the thread tries again
        log.exception("the heartbeat could not start")
    finally:
        connection.close()
    threading.Thread(target=_run, name="heartbeat", daemon=True).start()


def gap() -> timedelta:
    """No beat for longer than this, and the site was down: a beat and a half
    missed.  (A process slow to beat under load gives its players a second
    back, never takes one; a shorter gap is charged.)"""
    return timedelta(seconds=1.5 * outages.beat_seconds() + 0.25)


def look_back(now: datetime) -> None:
    """If no web process has beaten for ``gap()``, the site was down since the last beat."""
    last = WebBeat.objects.aggregate(last=Max("beat_at"))["last"]
    if last is not None and now - last > gap():
        # The last process died between its last beat and the next: the middle, within half a beat.
        start = last + timedelta(seconds=outages.beat_seconds() / 2)
        outages.record(Outage.WEB, start, now, by=name())
        log.warning("no web process was alive from %s to %s: recorded as an outage", start, now)


def beat(now: datetime) -> None:
    """This process's beat at ``now``: an update of its row (its SQL built
    once: Django building it four times a second cost more CPU than the
    database's work), the row made the first time."""
    oldest = arrival.oldest_in_flight()
    moment = WebBeat._meta.get_field("beat_at")
    with connection.cursor() as cursor:
        cursor.execute(
            _beat_sql(), [moment.get_db_prep_save(now, connection), moment.get_db_prep_save(oldest, connection), name()]
        )
        updated = cursor.rowcount
    if not updated:
        WebBeat.objects.create(name=name(), beat_at=now, oldest_request_at=oldest)


@functools.cache
def _beat_sql() -> str:
    quote, meta = connection.ops.quote_name, WebBeat._meta
    column = {field: quote(meta.get_field(field).column) for field in ("beat_at", "oldest_request_at", "name")}  # type: ignore[union-attr,arg-type]
    return (
        f"UPDATE {quote(meta.db_table)} SET {column['beat_at']} = %s, {column['oldest_request_at']} = %s "
        f"WHERE {column['name']} = %s"
    )


class _Probe:
    """Redis as this process sees it: the last answer, and whether it answers now."""

    def __init__(self) -> None:
        self.client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=PROBE_TIMEOUT, socket_timeout=PROBE_TIMEOUT
        )
        self.last_answer = timezone.now()
        self.down = False

    def check(self) -> None:
        try:
            self.client.ping()
        except redis.RedisError:
            if not self.down:
                log.warning("Redis does not answer: an outage from %s", self.last_answer)
            self.down = True
            outages.begin(Outage.REDIS, self.last_answer, by=name())
            return
        self.last_answer = timezone.now()
        if self.down or any(end is None for _start, end in outages.spans(self.last_answer)):
            outages.finish(Outage.REDIS, self.last_answer)
            self.down = False


_stopping = threading.Event()


def _run() -> None:
    probe = _Probe()
    every = outages.beat_seconds()
    rounds = 0
    # The thread keeps its database connection from beat to beat (taken from
    # the process's pool once, closed on an error and taken again): a
    # connection taken and handed back four times a second cost more CPU than
    # the beat's two queries.
    while not _stopping.wait(every):
        try:
            probe.check()
            beat(timezone.now())
            outages.spans(timezone.now(), fresh=True)
            rounds += 1
            if rounds % 600 == 1:
                WebBeat.objects.filter(beat_at__lt=timezone.now() - FORGET_BEATS).delete()
        except Exception:
            log.exception("heartbeat")
            connection.close()
