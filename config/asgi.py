"""ASGI entry point (what ``make run`` serves: gunicorn with uvicorn workers).

Long polls are held on the event loop (``puzzles.core.longpoll.LongPolls``);
every other request goes to Django's WSGI handler in a pool of
``OD_WEB_THREADS`` threads (default 16; ``puzzles.core.threaded_wsgi``), each
request in one step, as under a threaded WSGI server.  In front of both,
``Arrivals`` stamps each request once its body is in (a move is timed then,
however long it waits after; a body slower than ``OD_WEB_BODY_TIMEOUT`` is
refused), and the process's heartbeat starts before it serves
(``puzzles.core.heartbeat``: the outages the clocks leave out)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

django_application = get_wsgi_application()

from puzzles.core import heartbeat  # noqa: E402  (after Django is set up)
from puzzles.core.arrival import Arrivals  # noqa: E402
from puzzles.core.longpoll import LongPolls  # noqa: E402
from puzzles.core.threaded_wsgi import ThreadedWsgi  # noqa: E402

application = Arrivals(LongPolls(ThreadedWsgi(django_application, threads=int(os.environ.get("OD_WEB_THREADS", "16")))))
heartbeat.start()

from config import gc_tuning  # noqa: E402

gc_tuning.settle()  # everything is loaded: the collector leaves it alone from now on
