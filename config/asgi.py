"""ASGI entry point (what ``make run`` serves: gunicorn with uvicorn workers).

Long polls are held on the event loop (``puzzles.core.longpoll.LongPolls``);
so are the bots' NDJSON streams
(``puzzles.botapi.streaming.BotStreams``, once Django's view has opened
them); every other request goes to Django's WSGI handler in a pool of
``OD_WEB_THREADS`` threads (default 16; ``puzzles.core.threaded_wsgi``), each
request in one step, as under a threaded WSGI server.  In front of both,
``Arrivals`` stamps each request once its body is in (a move is timed then,
however long it waits after; a body slower than ``OD_WEB_BODY_TIMEOUT`` is
refused), and the process's heartbeat starts before it serves
(``puzzles.core.heartbeat``: the outages the clocks leave out).  A
WebSocket goes to Channels' router: a page following a game
(``puzzles.games.stream``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

django_application = get_wsgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from puzzles.botapi.streaming import BotStreams  # noqa: E402
from puzzles.core import heartbeat  # noqa: E402  (after Django is set up)
from puzzles.core.arrival import Arrivals  # noqa: E402
from puzzles.core.longpoll import LongPolls  # noqa: E402
from puzzles.core.threaded_wsgi import ThreadedWsgi  # noqa: E402
from puzzles.games.stream import GameStream  # noqa: E402
from puzzles.tournaments.stream import TournamentStream  # noqa: E402

http = Arrivals(
    BotStreams(LongPolls(ThreadedWsgi(django_application, threads=int(os.environ.get("OD_WEB_THREADS", "16")))))
)
# A game or an event followed over a WebSocket: only from the site's own
# pages (the Origin header), the reader known by the session cookie.
websocket = AllowedHostsOriginValidator(
    AuthMiddlewareStack(
        URLRouter(
            [
                path("ws/games/<int:game_id>/", GameStream.as_asgi()),
                path("ws/tournaments/<int:tournament_id>/", TournamentStream.as_asgi()),
            ]
        )
    )
)
application = ProtocolTypeRouter({"http": http, "websocket": websocket})
heartbeat.start()

from config import gc_tuning  # noqa: E402

gc_tuning.settle()  # everything is loaded: the collector leaves it alone from now on
