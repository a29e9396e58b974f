"""The people pages without scripts: a challenge made and accepted by plain
forms with their CSRF tokens, the challenge page sending its players to the
game; the leaderboard and a profile (ratings, the history chart as inline
SVG, recent games linked to their reviews, the accuracy trend) in each
language; the "your turn" list of the home page; the nav links; the rematch."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from puzzles.games.models import Game
from puzzles.people import services
from puzzles.people.models import Challenge, GameAccuracy, GameRating, RatingChange
from solver import Position

from .conftest import accept, play_plies, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = {"en": "Leaderboard", "pl": "Tabela rankingowa", "nl": "Ranglijst", "ro": "Clasament"}


def csrf(client: Client, url: str) -> str:
    html = client.get(url).content.decode()
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found, url
    return found.group(1)


def test_a_challenge_by_plain_forms_with_csrf():
    ann, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    token = csrf(ann, "/challenges/new/")
    made = ann.post(
        "/challenges/new/",
        {"csrfmiddlewaretoken": token, "variant": "lewicki", "control": "3+2", "human": "A", "partner": ""},
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    url = made["Location"]
    challenge = Challenge.objects.get()
    assert url == f"/challenges/{challenge.pk}/"
    assert (challenge.clock_initial, challenge.clock_increment) == (180, 2)
    own = ann.get(url).content.decode()
    assert "Waiting for your opponent" in own
    assert f"http://testserver{url}" in own
    assert "Accept the challenge" not in own
    page = bob.get(url).content.decode()
    assert "Accept the challenge" in page
    assert f'action="/challenges/{challenge.pk}/accept/"' in page
    assert bob.post(f"/challenges/{challenge.pk}/accept/").status_code == 403  # no token, no seat
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    accepted = bob.post(f"/challenges/{challenge.pk}/accept/", {"csrfmiddlewaretoken": token})
    challenge.refresh_from_db()
    assert challenge.game is not None
    assert accepted["Location"] == f"/play/{challenge.game_id}/"
    assert ann.get(url)["Location"] == f"/play/{challenge.game_id}/"
    assert bob.get(accepted["Location"]).status_code == 200
    # a third visitor watches: the page says the game has started
    watcher = Client().get(url).content.decode()
    assert "Watch the game" in watcher
    assert "Accept the challenge" not in watcher


def test_form_errors_say_what_is_wrong():
    client = Client()
    refused = client.post("/challenges/new/", {"variant": "lewicki", "control": "5+3", "human": "A", "rated": "on"})
    assert refused.status_code == 400
    assert "log in" in refused.content.decode()
    unknown = client.post("/challenges/new/", {"variant": "lewicki", "control": "5+3", "human": "A", "to": "nobody"})
    assert unknown.status_code == 400
    assert "no player is called" in unknown.content.decode()
    assert not Challenge.objects.exists()


@pytest.fixture
def rated_history(account):
    """ann and bob with a few rated games: ratings, their changes, accuracies."""
    ann, bob = account("ann"), account("bob")
    games = []
    for i in range(3):
        created = post_challenge(ann, rated=True, seat="A")
        game = Game.objects.get(pk=accept(bob, created["id"])["game"])
        play_plies({"A": ann, "B": bob}, game.pk, 4)  # two moves each: a game given up before is not rated
        assert (bob if i % 2 == 0 else ann).post(f"/api/games/{game.pk}/resign/").status_code == 200
        # the accuracy is crafted here
        GameAccuracy.objects.update_or_create(
            game=game,
            seat="A",
            defaults={"user": ann.user, "rated": True, "choices": 10, "best": 7 + i, "accuracy": 70.0 + 10 * i},
        )
        games.append(game)
    GameRating.objects.filter(user=ann.user).update(rd=80)
    return ann, bob, games


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_leaderboard_and_profile_in_each_language(rated_history, language):
    ann, bob, games = rated_history
    client = Client()
    board = client.get("/players/?time=live&family=lewicki", HTTP_ACCEPT_LANGUAGE=language)
    html = board.content.decode()
    assert board.status_code == 200
    assert f'<html lang="{language}">' in html
    assert LANGUAGES[language] in html
    assert 'href="/players/ann/"' in html
    assert 'href="/players/bob/"' not in html  # bob's rating is still provisional
    rating = round(GameRating.objects.get(user=ann.user).rating)
    assert str(rating) in html
    profile = client.get("/players/ann/", HTTP_ACCEPT_LANGUAGE=language)
    page = profile.content.decode()
    assert profile.status_code == 200
    assert f'<html lang="{language}">' in page
    assert page.count("<polyline") == 2  # the rating history and the accuracy trend
    assert RatingChange.objects.filter(user=ann.user).count() == 3
    for game in games:
        assert f'href="/games/{game.pk}/review/"' in page
    assert re.search(r"80[.,]0%", page)  # the number written as the language writes it
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/players/?time=blitz&family=chess").status_code == 200


def test_home_lists_the_games_where_it_is_your_turn(api, other_api):
    created = post_challenge(api, clock=None, days=3)
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])
    to_move = Position.parse(game.current_position).side
    mover, waiter = (api, other_api) if to_move == "A" else (other_api, api)
    home = mover.get("/").content.decode()
    assert "Your turn" in home
    assert f'href="/play/{game.pk}/"' in home
    waiting = waiter.get("/").content.decode()
    assert f'<li data-game="{game.pk}">' not in waiting  # not in "Your turn"
    assert f'<tr data-game="{game.pk}" class="status-' in waiting  # only in "Your games", to continue


def test_nav_links():
    html = Client().get("/").content.decode()
    assert 'href="/lobby/"' in html
    assert 'href="/players/"' in html


def test_a_rematch_swaps_the_sides(api, other_api):
    created = post_challenge(api, seat="A", clock=None, days=1)
    first = accept(other_api, created["id"])
    early = api.post(f"/api/challenges/{created['id']}/rematch/")
    assert early.status_code == 409
    assert "over" in early.json()["error"]
    assert api.post(f"/api/games/{first['game']}/resign/").status_code == 200
    from rest_framework.test import APIClient

    assert APIClient().post(f"/api/challenges/{created['id']}/rematch/").status_code == 403
    offered = other_api.post(f"/api/challenges/{created['id']}/rematch/")
    assert offered.status_code == 201, offered.content
    rematch = offered.json()
    assert rematch["rematch_of"] == created["id"]
    assert rematch["you"]["seat"] == "A"
    assert rematch["days"] == 1
    stranger = APIClient().post(f"/api/challenges/{rematch['id']}/accept/", {}, format="json")
    assert stranger.status_code == 403
    game = Game.objects.get(pk=accept(api, rematch["id"])["game"])
    seats = dict(game.seats.values_list("seat", "session_key"))
    assert seats == {"A": other_api.session["od_player"], "B": api.session["od_player"]}


def test_expired_challenge_page():
    client = Client()
    created = post_challenge(client_api := __import__("rest_framework.test", fromlist=["APIClient"]).APIClient())
    Challenge.objects.filter(pk=created["id"]).update(expires_at=timezone.now() - timedelta(minutes=1))
    services.challenges_expire()  # the beat's sweep: the page only reads
    page = client.get(created["url"]).content.decode()
    assert "expired" in page
    assert "Accept the challenge" not in page
    assert client_api is not None


FOR_YOU = {
    "en": "Challenges for you",
    "pl": "Wyzwania dla ciebie",
    "nl": "Uitdagingen voor jou",
    "ro": "Provocări pentru tine",
}


@pytest.mark.parametrize("language", sorted(FOR_YOU))
def test_a_named_challenge_waits_in_the_lobby_and_on_the_home_page_of_its_player(account, language):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    lobby, inbox, theirs = (
        c.get(url).json()["version"]
        for c, url in ((bob, "/api/lobby/1/"), (bob, "/api/lobby/1/for-you/"), (cid, "/api/lobby/1/for-you/"))
    )
    first = post_challenge(ann, to="bob", rated=True)
    # bob's challenges move on (his open pages, the lobby's list among them, redraw it);
    # the lobby's seeks and cid's challenges do not
    assert bob.get("/api/lobby/1/for-you/").json()["version"] > inbox
    assert bob.get("/api/lobby/1/").json()["version"] == lobby
    assert cid.get("/api/lobby/1/for-you/").json()["version"] == theirs
    fragment = bob.get("/lobby/?seeks=1").content.decode()
    assert f'data-challenge="{first["id"]}"' in fragment.split('<div id="lobby-seeks"')[0]
    assert 'data-challenge="' not in cid.get("/lobby/?seeks=1").content.decode()
    second = post_challenge(ann, to="bob", clock=None, days=3)
    post_challenge(ann, to="cid")
    page = Client(enforce_csrf_checks=True)
    page.force_login(bob.user)
    page.cookies["django_language"] = language
    for url in ("/lobby/", "/"):
        html = page.get(url).content.decode()
        # (the header's notice of the challenges says the same words)
        listed = html[html.index('<section class="for-you">') :]
        assert FOR_YOU[language] in listed[: listed.index("</h2>")]
        listed = listed[: listed.index("</section>")]
        # both of bob's, newest first, each with its accept and decline forms; not cid's
        assert listed.index(f'data-challenge="{second["id"]}"') < listed.index(f'data-challenge="{first["id"]}"')
        assert listed.count("<li ") == 2
        assert ">ann<" not in listed
        assert "ann" in listed
        for made in (first, second):
            assert f'action="/challenges/{made["id"]}/accept/"' in listed
            assert f'action="/challenges/{made["id"]}/decline/"' in listed
    # the creator and a stranger see none of it
    for other in (ann, cid):
        assert '<section class="for-you">' not in other.get("/lobby/").content.decode() or other is cid
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.get("/lobby/").content.decode()).group(1)
    accepted = page.post(f"/challenges/{first['id']}/accept/", {"csrfmiddlewaretoken": token})
    assert accepted.status_code == 302
    assert accepted["Location"].startswith("/play/")
    declined = page.post(f"/challenges/{second['id']}/decline/", {"csrfmiddlewaretoken": token})
    assert declined.status_code == 302
    # accepted and declined: nothing waits for bob any more
    assert '<section class="for-you">' not in page.get("/lobby/").content.decode()
    assert Challenge.objects.get(pk=second["id"]).status == Challenge.Status.DECLINED


def test_a_refusal_by_a_plain_form_is_in_the_players_language():
    """A refused accept by the challenge page's form says why in the player's
    language (the status in it too); the API without a language says it in English."""
    from rest_framework.test import APIClient

    ann = Client(enforce_csrf_checks=True)
    ann.cookies["django_language"] = "pl"
    token = csrf(ann, "/challenges/new/")
    made = ann.post(
        "/challenges/new/",
        {"csrfmiddlewaretoken": token, "variant": "lewicki", "control": "3+2", "human": "A", "partner": ""},
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    challenge = Challenge.objects.get()
    own = ann.post(f"/challenges/{challenge.pk}/accept/", {"csrfmiddlewaretoken": token}, follow=True)
    assert own.redirect_chain == [(f"/challenges/{challenge.pk}/", 302)]
    html = own.content.decode()
    assert "to twoje wyzwanie: wyślij jego link graczowi, z którym chcesz zagrać" in html
    assert "this is your own challenge" not in html
    # the game starts; a late visitor's accept is refused with the challenge's status in Polish
    bob = APIClient()
    assert bob.post(f"/api/challenges/{challenge.pk}/accept/", {}, format="json").status_code == 200
    late = Client(enforce_csrf_checks=True)
    late.cookies["django_language"] = "pl"
    token = csrf(late, "/lobby/")
    refused = late.post(f"/challenges/{challenge.pk}/accept/", {"csrfmiddlewaretoken": token}, follow=True)
    assert refused.redirect_chain == [(f"/challenges/{challenge.pk}/", 302)]
    assert "to wyzwanie jest już rozpoczęte: nie można go przyjąć, odrzucić ani anulować" in refused.content.decode()
    # the same refusal by the API, with no language asked: English
    api = APIClient().post(f"/api/challenges/{challenge.pk}/accept/", {}, format="json")
    assert api.status_code == 409
    assert api.json()["error"] == "the challenge is started: it can no longer be accepted, declined or cancelled"
