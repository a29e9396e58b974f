"""ASGI entry point (what ``make run`` serves: gunicorn with uvicorn workers).
Long polls wait on the event loop (``puzzles.core.longpoll``); every other
view runs as under WSGI, in a thread."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

application = get_asgi_application()
