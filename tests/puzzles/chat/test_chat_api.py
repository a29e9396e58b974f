"""The chat's API: who reads and posts in each room (a game's players, its
spectators, a tournament's entrants), presets in the reader's language, the
length and rate limits, mutes, reports, blocks, and guests in rated games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from puzzles.chat.models import Message, Mute, Report
from puzzles.games.models import Game, GameSeat
from puzzles.social.models import Block
from puzzles.tournaments.models import Entry, Tournament
from solver import deal

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db


def people_game(
    seats: dict, rated: bool = False, status: str = Game.Status.YOUR_MOVE, variant: str = "lewicki"
) -> Game:
    """A game between the players of ``seats`` (seat to a ``Player``)."""
    position = deal(7, variant)
    game = Game.objects.create(
        variant=variant,
        start_position=str(position),
        current_position=str(position),
        kind=Game.Kind.PEOPLE,
        people="".join(sorted(seats)),
        rng_seed=7,
        status=status,
        rated=rated,
    )
    for seat, player in seats.items():
        GameSeat.objects.create(game=game, seat=seat, **player.owner_fields())
    return game


@pytest.fixture
def table(django_user_model):
    ann, ann_player = account_client(django_user_model, "ann")
    bob, bob_player = account_client(django_user_model, "bob")
    eve, _eve_player = account_client(django_user_model, "eve")
    game = people_game({"A": ann_player, "B": bob_player})
    return ann, bob, eve, game


def user(name: str):
    return get_user_model().objects.get(username=name)


def post(client, url: str, HTTP_ACCEPT_LANGUAGE: str = "en", **body):  # noqa: N803 - Django's header argument
    return client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=HTTP_ACCEPT_LANGUAGE)


def test_the_players_room_is_the_seated_players_own(table):
    ann, bob, eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    sent = post(ann, url, text="  hi   there ")
    assert sent.status_code == 201, sent.content
    assert sent.json()["text"] == "hi there"
    assert sent.json()["mine"] is True
    room = bob.get(url).json()
    assert [(m["author"], m["text"], m["mine"]) for m in room["messages"]] == [("ann", "hi there", False)]
    assert room["can_post"] is True
    assert room["version"] == 1
    # a spectator neither reads nor posts there
    assert eve.get(url).status_code == 403
    assert post(eve, url, text="psst").status_code == 403
    # only what came after the last message read
    post(bob, url, preset="good-luck")
    later = ann.get(url, {"after": room["messages"][-1]["id"]}).json()["messages"]
    assert [m["preset"] for m in later] == ["good-luck"]


def test_the_spectators_room_is_closed_to_the_players_until_the_game_is_over(table):
    ann, _bob, eve, game = table
    url = f"/api/chat/games/{game.pk}/spectators/"
    assert post(eve, url, text="nice move").status_code == 201
    assert ann.get(url).status_code == 403
    assert post(ann, url, text="thanks").status_code == 403
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    assert [m["text"] for m in ann.get(url).json()["messages"]] == ["nice move"]
    assert post(ann, url, text="thanks").status_code == 201


def test_partners_have_no_room_during_play_and_open_it_once_the_game_is_over(django_user_model):
    clients = {}
    seats = {}
    for seat, name in zip("ABCD", ("ann", "bob", "cid", "dan"), strict=True):
        clients[seat], seats[seat] = account_client(django_user_model, name)
    game = people_game(seats, variant="partnership")
    url = f"/api/chat/games/{game.pk}/players/"
    for seat in "AC":  # partners, and the others too
        read, sent = clients[seat].get(url, HTTP_ACCEPT_LANGUAGE="pl"), post(clients[seat], url, preset="good-luck")
        assert (read.status_code, sent.status_code) == (403, 403)
        assert "Partnerzy" in read.json()["error"]
    assert "opens once the game is over" in clients["B"].get(url).json()["error"]
    assert not Message.objects.exists()
    # a two-player game's room is open during play
    two = people_game({"A": seats["A"], "B": seats["B"]})
    assert post(clients["A"], f"/api/chat/games/{two.pk}/players/", text="hi").status_code == 201
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    assert post(clients["A"], url, text="well played, partner").status_code == 201
    assert [m["text"] for m in clients["C"].get(url).json()["messages"]] == ["well played, partner"]


def test_a_practice_game_has_no_rooms(django_user_model):
    ann, ann_player = account_client(django_user_model, "ann")
    game = people_game({})
    Game.objects.filter(pk=game.pk).update(kind=Game.Kind.PRACTICE, **ann_player.owner_fields())
    assert ann.get(f"/api/chat/games/{game.pk}/players/").status_code == 404
    assert ann.get("/api/chat/games/999999/spectators/").json()["error"]


def test_a_preset_is_shown_in_each_readers_language(table):
    ann, bob, _eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    assert post(ann, url, preset="good-game").status_code == 201
    words = {}
    for language in ("en", "pl", "nl", "ro"):
        room = bob.get(url, HTTP_ACCEPT_LANGUAGE=language).json()
        words[language] = room["messages"][0]["text"]
        assert room["messages"][0]["preset"] == "good-game"
        assert len(room["presets"]) >= 5
    assert words["en"] == "Good game!"
    assert len(set(words.values())) == 4, words  # each its own language's words
    assert post(ann, url, preset="no-such-preset").status_code == 400
    both = post(ann, url, preset="thanks", text="x")
    assert both.status_code == 400
    assert both.json()["error"]


def test_length_and_rate_limits(table):
    ann, _bob, _eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    too_long = post(ann, url, text="x" * 141)
    assert too_long.status_code == 400
    assert "140" in too_long.json()["error"]
    assert post(ann, url, text="   ").status_code == 400
    for n in range(5):
        assert post(ann, url, text=f"message {n}").status_code == 201
    sixth = post(ann, url, text="one more")
    assert sixth.status_code == 429
    assert "10" in sixth.json()["error"]
    # ten seconds on, the player may write again
    Message.objects.update(created_at=timezone.now() - timedelta(seconds=11))
    assert post(ann, url, text="again").status_code == 201


def test_a_muted_player_cannot_post_until_the_mute_ends(table):
    ann, bob, _eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    mute = Mute.objects.create(owner=user("ann"), until=timezone.now() + timedelta(hours=1))
    refused = post(ann, url, text="hello")
    assert refused.status_code == 403
    # why, and until when (UTC)
    said = refused.json()["error"]
    assert "muted" in said
    assert f"{mute.until:%Y-%m-%d %H:%M} UTC" in said
    assert ann.get(url).json()["can_post"] is False
    assert ann.get(url).json()["why_not"] == said
    # a muted player who also shares the room with their blocker learns of the mute, not of a block
    Block.objects.create(blocker=user("bob"), blocked=user("ann"))
    assert post(ann, url, text="hello").json()["error"] == said
    Block.objects.all().delete()
    assert post(bob, url, text="hello").status_code == 201
    Mute.objects.filter(pk=mute.pk).update(until=timezone.now() - timedelta(seconds=1))
    assert post(ann, url, text="hello").status_code == 201


def test_a_report_keeps_the_message_and_its_room(table):
    ann, bob, eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    message = post(ann, url, text="rude words").json()
    reported = post(bob, message["report_url"], reason="rude")
    assert reported.status_code == 201
    report = Report.objects.get()
    assert report.message_id == message["id"]
    assert report.room.game_id == game.pk
    assert report.reason == "rude"
    assert report.reporter.username == "bob"
    # once a reader; not one's own; not from a room one cannot read
    assert post(bob, message["report_url"]).status_code == 201
    assert Report.objects.count() == 1
    assert post(ann, message["report_url"]).status_code == 400
    assert post(eve, message["report_url"]).status_code == 404


def test_a_blocked_pair_cannot_chat(table):
    ann, bob, eve, game = table
    players = f"/api/chat/games/{game.pk}/players/"
    spectators = f"/api/chat/games/{game.pk}/spectators/"
    assert post(ann, players, text="before").status_code == 201
    Block.objects.create(blocker=user("bob"), blocked=user("ann"))
    # neither posts in the players' room they share; the blocker is told of their block
    refused = post(bob, players, text="after")
    assert refused.status_code == 403
    assert "blocked" in refused.json()["error"]
    assert bob.get(players).json()["can_post"] is False
    # the blocked player is not: neutral words, on the post and in the room's box, in every language
    for language in ("en", "pl", "nl", "ro"):
        refused = post(ann, players, text="after", HTTP_ACCEPT_LANGUAGE=language)
        assert refused.status_code == 403
        room = ann.get(players, HTTP_ACCEPT_LANGUAGE=language).json()
        assert room["can_post"] is False
        assert room["why_not"] == refused.json()["error"]
        for said in (refused.json()["error"].lower(), room["why_not"].lower()):
            assert not any(word in said for word in ("block", "blok", "bloc")), said
    assert post(ann, players, text="after").json()["error"] == "You cannot post in this room."
    # bob no longer sees ann's messages anywhere; eve still does
    assert bob.get(players).json()["messages"] == []
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    assert post(ann, spectators, text="in the other room").status_code == 201
    assert bob.get(spectators).json()["messages"] == []
    assert [m["text"] for m in eve.get(spectators).json()["messages"]] == ["in the other room"]


def test_guests_read_but_cannot_post_in_a_rated_games_rooms(django_user_model):
    guest, guest_player = guest_client()
    ann, ann_player = account_client(django_user_model, "ann")
    rated = people_game({"A": ann_player, "B": guest_player}, rated=True)
    url = f"/api/chat/games/{rated.pk}/players/"
    assert post(ann, url, text="hi").status_code == 201
    room = guest.get(url).json()
    assert [m["text"] for m in room["messages"]] == ["hi"]
    assert room["can_post"] is False
    assert "Guests" in room["why_not"]
    assert post(guest, url, text="hello").status_code == 403
    watcher, _ = guest_client()
    assert post(watcher, f"/api/chat/games/{rated.pk}/spectators/", text="hello").status_code == 403
    # a casual game's guest chats
    casual = people_game({"A": ann_player, "B": guest_player})
    sent = post(guest, f"/api/chat/games/{casual.pk}/players/", preset="hello")
    assert sent.status_code == 201
    assert sent.json()["author"].startswith("Guest ")


def test_a_tournaments_room_is_read_by_anyone_and_written_by_its_entrants(django_user_model):
    ann, ann_player = account_client(django_user_model, "ann")
    eve, _ = account_client(django_user_model, "eve")
    tournament = Tournament.objects.create(kind=Tournament.Kind.ARENA, minutes=30, starts_at=timezone.now())
    Entry.objects.create(tournament=tournament, name="ann", **ann_player.owner_fields())
    url = f"/api/chat/tournaments/{tournament.pk}/"
    assert post(ann, url, preset="good-luck").status_code == 201
    visitor, _ = guest_client()
    for reader in (eve, visitor):
        room = reader.get(url).json()
        assert [m["author"] for m in room["messages"]] == ["ann"]
        assert room["can_post"] is False
    assert post(eve, url, text="me too").status_code == 403
    assert eve.get("/api/chat/tournaments/424242/").status_code == 404


def test_a_long_poll_answers_304_when_nothing_came_and_at_once_when_behind(table):
    ann, bob, _eve, game = table
    url = f"/api/chat/games/{game.pk}/players/"
    assert bob.get(url, {"wait": 0, "timeout": 0.2}).status_code == 304
    post(ann, url, text="news")
    answer = bob.get(url, {"wait": 0, "timeout": 5})
    assert answer.status_code == 200
    assert answer.json()["version"] == 1


def test_a_muted_guest_who_logs_in_stays_muted(django_user_model):
    from puzzles.accounts.signals import guest_claimed

    guest, guest_player = guest_client()
    ann, ann_player = account_client(django_user_model, "ann")
    game = people_game({"A": ann_player, "B": guest_player})
    Mute.objects.create(session_key=guest_player.token, until=timezone.now() + timedelta(hours=1))
    assert post(guest, f"/api/chat/games/{game.pk}/players/", text="hi").status_code == 403
    account = django_user_model.objects.create_user("gus", password="a-long-pass-phrase-29")
    guest_claimed.send(sender=None, user=account, session_key=guest_player.token, request=None)
    assert Mute.objects.get().owner == account


def test_a_room_or_message_not_there_is_said_in_the_readers_language(table):
    ann, _bob, _eve, _game = table
    missing = {
        "/api/chat/games/999999/players/": "Nie ma takiej partii między ludźmi.",
        "/api/chat/tournaments/999999/": "Nie ma takiego turnieju.",
    }
    for url, words in missing.items():
        response = ann.get(url, HTTP_ACCEPT_LANGUAGE="pl")
        assert (response.status_code, response.json()["error"]) == (404, words)
    reported = ann.post("/api/chat/messages/999999/report/", {}, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert (reported.status_code, reported.json()["error"]) == (404, "Dit bericht bestaat niet.")
    # the notices' long poll's box that is not there, in the same way
    box = ann.get("/api/notifications/2/", HTTP_ACCEPT_LANGUAGE="ro")
    assert (box.status_code, box.json()["error"]) == (404, "Notificările sunt la id-ul 1.")


def test_a_guests_messages_are_shown_under_the_account_they_log_in_to(django_user_model):
    guest, guest_player = guest_client()
    ann, ann_player = account_client(django_user_model, "ann")
    game = people_game({"A": ann_player, "B": guest_player})
    url = f"/api/chat/games/{game.pk}/players/"
    assert post(guest, url, text="hi").status_code == 201
    assert post(ann, url, text="hello").status_code == 201
    assert [m["author"] for m in ann.get(url).json()["messages"]][0].startswith("Guest ")
    django_user_model.objects.create_user("gus", password="a-long-pass-phrase-29")
    logged = guest.post("/accounts/login/", {"username": "gus", "password": "a-long-pass-phrase-29"})
    assert logged.status_code == 302
    said = ann.get(url).json()["messages"]
    assert [(m["author"], m["account"], m["text"]) for m in said] == [("gus", "gus", "hi"), ("ann", "ann", "hello")]
    assert [m["mine"] for m in guest.get(url).json()["messages"]] == [True, False]  # the account's own now
    assert Message.objects.get(text="hi").owner == user("gus")
    # the account's blocks apply to them as to its other messages
    Block.objects.create(blocker=user("ann"), blocked=user("gus"))
    assert [m["text"] for m in ann.get(url).json()["messages"]] == ["hello"]
