"""A developer's machine: the base settings with debug pages on unless
``DJANGO_DEBUG=0`` (the default of ``manage.py``, the WSGI app and Celery)."""

import os

from config.vapid import kept_pair

from .base import *  # noqa: F403
from .base import BASE_DIR, OD_VAPID_PRIVATE_KEY, OD_VAPID_PUBLIC_KEY, REST_FRAMEWORK, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
}
# Serve static files straight from the apps and frontend/dist (no collectstatic needed).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Mail goes to the console unless EMAIL_URL names a server.
if not os.environ.get("EMAIL_URL"):
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
OD_PUSH_ALLOW_HTTP = env.bool("OD_PUSH_ALLOW_HTTP", default=True)
# Web Push: a key pair made once for this machine (.vapid-local.json, out of git) unless the environment gives one.
if not (OD_VAPID_PRIVATE_KEY and OD_VAPID_PUBLIC_KEY):
    OD_VAPID_PRIVATE_KEY, OD_VAPID_PUBLIC_KEY = kept_pair(BASE_DIR / ".vapid-local.json")
