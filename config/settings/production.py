"""Production: debug off; the secret key and the host names must come from
the environment (``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``).  Behind TLS
(``DJANGO_SECURE_TLS=1``, the default): cookies only over HTTPS, HSTS, HTTPS
redirects, and ``manage.py check --deploy`` is clean (a test runs it).
``DJANGO_SECURE_TLS=0`` serves plain HTTP (``make run`` on loopback)."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env


def _required(name: str) -> str:
    value = os.environ.get(name, "").strip()  # as it is (no "$" lookup, see base.py)
    if not value:
        raise ImproperlyConfigured(f"{name} must be set in production")
    return value


DEBUG = False
SECRET_KEY = _required("DJANGO_SECRET_KEY")
if len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be a long random string in production")
# The deal secret: set, it must be as hard to guess as the secret key; unset,
# it is derived from the secret key (base.py).
OD_DEAL_SECRET = os.environ.get("OD_DEAL_SECRET", "").strip()
if OD_DEAL_SECRET and len(OD_DEAL_SECRET) < 32:
    raise ImproperlyConfigured("OD_DEAL_SECRET must be a random string of at least 32 characters in production")
_required("DJANGO_ALLOWED_HOSTS")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

TLS = env.bool("DJANGO_SECURE_TLS", default=True)
SESSION_COOKIE_SECURE = TLS
CSRF_COOKIE_SECURE = TLS
SECURE_SSL_REDIRECT = TLS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TLS else None
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=365 * 24 * 3600) if TLS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = TLS
SECURE_HSTS_PRELOAD = TLS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
