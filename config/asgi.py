"""ASGI entry point (what ``make run`` serves: gunicorn with uvicorn workers).
Long polls are held on the event loop in front of Django
(``puzzles.core.longpoll.LongPolls``); every other request goes to Django,
whose views run as under WSGI, in a thread."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

django_application = get_asgi_application()

from puzzles.core.longpoll import LongPolls  # noqa: E402  (after Django is set up)

application = LongPolls(django_application)
