"""A concealed game between people (a team match's table, whose deal the
other table plays at the same time) is read by its own two players alone
while it is concealed: a team-mate of the other table, a third account and
a guest get the answer a game that does not exist gets, on every path a
game is read by (its page, review, record, API, long poll, socket,
spectators' check-in, bot stream, spectators' chat, rating), and it is not
in the games to watch.  Once it is shown, everyone reads it as before."""

from __future__ import annotations

import json
from importlib import import_module

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db.models import F
from django.test import RequestFactory
from django.urls import path
from rest_framework.test import APIClient

from puzzles.accounts.players import PLAYER_SESSION_KEY
from puzzles.games import disconnects
from puzzles.games.models import Game
from puzzles.games.stream import NOT_FOUND, GameStream
from puzzles.tournaments.models import Pairing

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)

MISSING = 987654321  # no game has this id


def team_match(django_user_model) -> tuple[dict[str, APIClient], Pairing]:
    """A team match two a side, its first deal dealt; table 1 (Red 1 in A, Blue 1 in B)."""
    maker = account_client(django_user_model, "captain")[0]
    body = {"kind": "team", "teams": ["Red", "Blue"], "team_size": 2, "deals": 2, "days": 1}
    made = maker.post("/api/tournaments/", body, format="json")
    assert made.status_code == 201, made.content
    clients = {name: guest_client()[0] for name in ("red1", "blue1", "red2", "blue2")}
    for name, client in clients.items():
        team = "Red" if name.startswith("red") else "Blue"
        joined = client.post(f"/api/tournaments/{made.json()['id']}/join/", {"team": team}, format="json")
        assert joined.status_code == 200, joined.content
    table = Pairing.objects.filter(tournament_id=made.json()["id"], round=1).order_by("id").first()
    assert table is not None
    assert table.a.session_key == token_of(clients["red1"])
    return clients, table


def token_of(client: APIClient) -> str:
    store = import_module(settings.SESSION_ENGINE).SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value)
    return str(store[PLAYER_SESSION_KEY])


def answers(client: APIClient, game_id: int) -> dict[str, tuple[int, object]]:
    """What each way of reading a game answers ``client``: its status, and the API's error."""
    version = Game.objects.get(pk=game_id).version if Game.objects.filter(pk=game_id).exists() else 0
    reads = {
        "page": f"/play/{game_id}/",
        "review": f"/games/{game_id}/review/",
        "record": f"/games/{game_id}/record.txt",
        "api": f"/api/games/{game_id}/",
        "poll": f"/api/games/{game_id}/?wait={version}&timeout=1",
        "spectators": f"/api/games/{game_id}/spectators/?watching=true",
        "bot stream": f"/api/bot/game/stream/{game_id}",
        "chat": f"/api/chat/games/{game_id}/spectators/",
        "rating": f"/api/games/{game_id}/rating/",
    }
    out: dict[str, tuple[int, object]] = {}
    for name, url in reads.items():
        response = client.get(url)
        error = response.json().get("error") if url.startswith("/api/") and response.status_code >= 400 else None
        out[name] = (response.status_code, error)
    return out


def held_poll_version(client: APIClient, game_id: int) -> int | None:
    """The version a long poll held before Django waits on for ``client`` (None: refused)."""
    request = RequestFactory().get(f"/api/games/{game_id}/?wait=0")
    store = import_module(settings.SESSION_ENGINE).SessionStore
    cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
    request.session = store(cookie.value if cookie is not None else None)
    request.user = _user_of(request.session)
    return disconnects.poll_version(request, game_id)


def _user_of(session):
    user_id = session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id) if user_id else AnonymousUser()


def socket_opens(client: APIClient, game_id: int) -> bool:
    """Whether ``client``'s page may follow the game over its WebSocket (else it is closed as not found)."""
    application = AuthMiddlewareStack(URLRouter([path("ws/games/<int:game_id>/", GameStream.as_asgi())]))
    cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
    headers = [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie.value}".encode())] if cookie else []

    scope = {"type": "websocket", "path": f"/ws/games/{game_id}/", "headers": headers, "subprotocols": []}

    async def opening() -> bool:
        socket = ApplicationCommunicator(application, scope)
        await socket.send_input({"type": "websocket.connect"})
        answer = await socket.receive_output(timeout=10)
        if answer["type"] == "websocket.accept":
            hello = json.loads((await socket.receive_output(timeout=10))["text"])
            assert hello["game"] == game_id
            await socket.send_input({"type": "websocket.disconnect", "code": 1000})
            await socket.wait(timeout=10)
            return True
        assert answer == {"type": "websocket.close", "code": NOT_FOUND}
        await socket.wait(timeout=10)
        return False

    return async_to_sync(opening)()


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def test_a_concealed_table_is_read_by_its_own_players_alone(django_user_model):
    clients, table = team_match(django_user_model)
    game_id = table.game_id
    assert game_id is not None
    assert Game.objects.get(pk=game_id).concealed
    carol = account_client(django_user_model, "carol")[0]
    outsiders = {"team-mate at the other table": clients["red2"], "third player": carol, "guest": APIClient()}
    players = {"Red 1": clients["red1"], "Blue 1": clients["blue1"]}

    for who, client in outsiders.items():
        missing, refused = answers(client, MISSING), answers(client, game_id)
        assert refused == missing, who  # told as of a game that does not exist
        assert all(status == 404 for status, _error in refused.values()), (who, refused)
        assert held_poll_version(client, game_id) is None, who
        assert not socket_opens(client, game_id), who
    for who, client in players.items():
        read = answers(client, game_id)
        assert read["api"][0] == read["page"][0] == read["record"][0] == 200, (who, read)
        assert held_poll_version(client, game_id) == Game.objects.get(pk=game_id).version
        assert socket_opens(client, game_id), who
    cache.clear()
    assert game_id not in [row["game"] for row in carol.get("/api/watch/").json()["games"]]
    featured = carol.get("/api/watch/featured/").json()["game"]
    assert featured is None or featured["game"] != game_id

    # the deal shown (as when every table has played it): anyone reads the game again
    Game.objects.filter(pk=game_id).update(concealed=False, version=F("version") + 1)
    cache.clear()
    for who, client in outsiders.items():
        read = answers(client, game_id)
        for name in ("page", "record", "api", "spectators", "chat", "rating"):
            assert read[name][0] == 200, (who, name, read)
        assert read["poll"][0] == 304, read  # held its second, unchanged
        assert read["review"][0] == 302, read  # (a game in progress is reviewed on its play page)
        assert held_poll_version(client, game_id) == Game.objects.get(pk=game_id).version
        assert socket_opens(client, game_id), who
    assert game_id in [row["game"] for row in carol.get("/api/watch/").json()["games"]]
