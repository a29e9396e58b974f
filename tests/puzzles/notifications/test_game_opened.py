"""Opening a game's page marks what its player was told of that game read:
its turns, its end and the challenge that made it; not another game's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles.notifications.models import Notice, NoticeBox
from puzzles.people.models import Challenge

from .conftest import game_between, play_one, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def unread(client) -> set[str]:
    return set(Notice.objects.filter(user=client.user, read_at__isnull=True).values_list("key", flat=True))


def of_game(game_id: int) -> set[str]:
    """The keys of every notice told of ``game_id``, whoever was told."""
    challenge = Challenge.objects.get(game_id=game_id).pk
    return {key for key in Notice.objects.values_list("key", flat=True) if key.startswith(f"turn:{game_id}:")} | {
        f"challenge:{challenge}",
        f"ended:{game_id}",
    }


def version(client) -> int:
    return NoticeBox.objects.get(user=client.user).version


def test_opening_a_game_marks_its_notices_read_and_no_others(account):
    ann, bob = account("ann"), account("bob")
    game, other = game_between(ann, bob), game_between(ann, bob)
    clients = {"A": ann, "B": bob}
    for _ in range(3):
        play_one(clients, game)
    assert bob.post(f"/api/games/{game}/resign/", format="json").status_code == 200
    play_one(clients, other)
    before = unread(bob)
    assert before & of_game(game) >= {f"challenge:{Challenge.objects.get(game_id=game).pk}", f"ended:{game}"}
    assert any(key.startswith(f"turn:{game}:") for key in before)
    assert before & of_game(other)
    woken = version(bob)

    assert bob.get(f"/play/{game}/").status_code == 200
    assert unread(bob) == before - of_game(game)  # this game's read, the other game's not
    assert version(bob) > woken  # the bell's long poll is woken
    assert bob.get("/api/notifications/").json()["unread"] == len(before - of_game(game))

    woken = version(bob)
    with CaptureQueriesContext(connection) as queries:  # nothing left to read: nothing written, the bell not woken
        assert bob.get(f"/play/{game}/").status_code == 200
    assert not [
        q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT"))
    ]
    assert version(bob) == woken
    # a page of a game one watches reads nothing of one's own
    cid = account("cid")
    post_challenge(ann, to="cid")
    told = unread(cid)
    assert told
    assert cid.get(f"/play/{game}/").status_code == 200
    assert unread(cid) == told


def at_table(game_id: int, here: bool) -> None:
    """Both players' pages of the game open (a socket each, seen now), or closed a minute ago."""
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.games.models import GameSeat

    seen = timezone.now() - (timedelta(0) if here else timedelta(minutes=1))
    GameSeat.objects.filter(game_id=game_id).update(sockets=1 if here else 0, seen_until=seen)


def test_a_notice_of_a_game_its_player_is_looking_at_is_made_read(account):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    clients = {"A": ann, "B": bob}
    at_table(game, True)
    told = clients[play_one(clients, game)]
    (notice,) = Notice.objects.filter(user=told.user, key__startswith=f"turn:{game}:").exclude(key=f"turn:{game}:0")
    assert notice.read_at is not None  # on the list, not counted by the bell
    assert told.get("/api/notifications/").json()["unread"] == len(unread(told))
    assert not any(key.startswith(f"turn:{game}:") and key != f"turn:{game}:0" for key in unread(told))
    at_table(game, False)
    told = clients[play_one(clients, game)]
    assert f"turn:{game}:2" in unread(told)  # gone from the page: counted
    at_table(game, True)
    assert told.post(f"/api/games/{game}/resign/", format="json").status_code == 200
    assert not Notice.objects.filter(key=f"ended:{game}", read_at__isnull=True).exists()
