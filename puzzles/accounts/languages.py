"""The site's language for a player: chosen in the header's language menu,
kept in Django's language cookie for the browser session and, for an
account, in ``LanguagePreference`` so that it follows the player to any
browser at log-in.  Without a choice, ``LocaleMiddleware`` takes the
browser's ``Accept-Language``: that language is never stored on an account,
so that an account without a choice follows each browser it logs in from.
No URL carries a language code."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .models import LanguagePreference

CODES = {code for code, _name in settings.LANGUAGES}


def remember(user: Any, code: str) -> None:
    """Store ``code`` as the account's language (nothing for a guest or an unknown code)."""
    if user is not None and user.is_authenticated and code in CODES:
        LanguagePreference.objects.update_or_create(user=user, defaults={"language": code})


def chosen(request: HttpRequest) -> str | None:
    """The language this browser chose in the language menu (its language
    cookie), or None when the site follows its ``Accept-Language``."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in CODES else None


def remember_choice(request: HttpRequest, user: Any) -> None:
    """Store the language this browser chose (if it chose one) as the account's."""
    code = chosen(request)
    if code is not None:
        remember(user, code)


def preferred(user: Any) -> str | None:
    if user is None or not user.is_authenticated:
        return None
    found = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
    return found if found in CODES else None


def apply(response: HttpResponse, code: str) -> HttpResponse:
    """Make ``code`` the language of the next requests (the cookie ``set_language`` writes too)."""
    translation.activate(code)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def at_log_in(request: HttpRequest, user: Any, response: HttpResponse) -> HttpResponse:
    """On log-in: the account's language wins; an account without one keeps
    the language in use, and takes it as its own only if this browser chose it
    in the menu (the browser's ``Accept-Language`` alone is no choice)."""
    code = preferred(user)
    if code is None:
        remember_choice(request, user)
        return response
    return apply(response, code)
