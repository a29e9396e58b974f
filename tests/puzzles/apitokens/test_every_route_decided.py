"""Every state-changing endpoint of the API has a scope decision: the scope a
token needs, or SESSION_ONLY. A new view that states none is refused to tokens
at run time, and fails here, so that its author decides."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.views import APIView

from puzzles.apitokens.grants import SCOPES, SESSION_ONLY
from puzzles.apitokens.routes import DECISIONS
from puzzles.apitokens.scopes import HasScope, decision

UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


def api_views(patterns=None, namespace: str = ""):
    """(route, URL name, view class) of every DRF view in the URLconf."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}:{entry.namespace}".strip(":") if entry.namespace else namespace
            yield from ((str(entry.pattern) + r, n, c) for r, n, c in api_views(entry.url_patterns, inner))
        elif isinstance(entry, URLPattern):
            cls = getattr(entry.callback, "cls", None) or getattr(entry.callback, "view_class", None)
            if isinstance(cls, type) and issubclass(cls, APIView):
                name = f"{namespace}:{entry.name}".strip(":") if entry.name else ""
                yield str(entry.pattern), name, cls


def test_the_walk_finds_the_api():
    names = {name for _, name, _ in api_views()}
    assert {"games:api-game-moves", "people:api-challenges", "apitokens:api-tokens"} <= names


def test_every_unsafe_route_has_a_scope_decision():
    undecided = []
    for route, name, cls in api_views():
        for method in UNSAFE:
            if hasattr(cls, method.lower()):
                found = decision(cls, method, name)
                if found not in (*SCOPES, SESSION_ONLY):
                    undecided.append(f"{method} {route} ({name or cls.__name__}): {found!r}")
    assert not undecided, (
        "give these views a required_scope (a scope of puzzles.apitokens.grants, or SESSION_ONLY) or an "
        "entry in puzzles/apitokens/routes.py:\n" + "\n".join(undecided)
    )


def test_every_api_view_checks_scopes():
    """No view replaces the default permission with one that skips the scopes
    (but the schema and its docs pages, public and read only)."""
    skipping = [
        name or cls.__name__
        for _, name, cls in api_views()
        if not cls.__module__.startswith("drf_spectacular.")
        and not any(isinstance(p, HasScope) for p in cls().get_permissions())
    ]
    assert not skipping, f"these views leave out puzzles.apitokens.scopes.HasScope: {skipping}"


def test_the_routes_table_names_real_endpoints():
    names = {name for _, name, _ in api_views()}
    assert not sorted(set(DECISIONS) - names)


def test_decisions_follow_the_rules():
    # Reading always needs read; the views that play need play; challenges need challenge.
    assert decision(APIView, "GET", "games:api-game-moves") == "read"
    assert decision(APIView, "POST", "games:api-game-moves") == "play"
    assert decision(APIView, "POST", "games:api-game-resign") == "play"
    assert decision(APIView, "POST", "people:api-challenge-accept") == "challenge"
    assert decision(APIView, "POST", "people:api-seeks") == "challenge"
    assert decision(APIView, "PUT", "notifications:api-settings") == SESSION_ONLY
    assert decision(APIView, "POST", "no:such-view") is None

    class Stated(APIView):
        required_scope = "bot"

    class PerMethod(APIView):
        required_scope = {"GET": SESSION_ONLY, "POST": SESSION_ONLY}

    assert decision(Stated, "POST", "games:api-game-moves") == "bot"  # the view's word first
    assert decision(Stated, "GET", None) == "read"
    assert decision(PerMethod, "GET", None) == SESSION_ONLY


@pytest.mark.django_db(transaction=True)
def test_a_read_token_changes_nothing_anywhere(django_user_model):
    """Every state-changing endpoint, called with a token that may only read,
    is refused before its view runs (403 naming the scope, or saying tokens
    may not), except the few that only compute (decided ``read``)."""
    from rest_framework.test import APIClient

    from puzzles.apitokens.services import create_personal_token

    user = django_user_model.objects.create_user("reader", password="a-long-pass-phrase-29")
    _, text = create_personal_token(user, name="reader", scopes=["read"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {text}")
    wrong = []
    for route, name, cls in api_views():
        path = "/" + re.sub(r"<(?:id|int):\w+>", "1", re.sub(r"<(?:str|slug|path):\w+>", "x", route))
        for method in UNSAFE:
            if not hasattr(cls, method.lower()):
                continue
            needed = decision(cls, method, name)
            response = getattr(client, method.lower())(path, {}, format="json")
            if needed == "read":
                if response.status_code == 403 and "scope" in response.json().get("error", ""):
                    wrong.append(f"{method} {path}: refused a read token ({response.json()})")
                continue
            expected = (
                "API tokens may not do this" if needed == SESSION_ONLY else f"this token lacks the {needed} scope"
            )
            if response.status_code != 403 or expected not in response.json().get("error", ""):
                wrong.append(f"{method} {path}: {response.status_code} {response.content[:120]!r}")
    assert not wrong, "\n".join(wrong)
