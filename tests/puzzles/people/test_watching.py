"""The games to watch (``/api/watch/``), the featured game
(``/api/watch/featured/``) and each game's spectator count
(``/api/games/<id>/spectators/``)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache

from puzzles.games import spectators
from puzzles.games.models import Game
from puzzles.people import watching
from puzzles.people.models import GameRating

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db


def rate(user, rating: float, family: str = "lewicki", time_class: str = "live") -> None:
    GameRating.objects.create(user=user, time_class=time_class, family=family, rating=rating, rd=60, volatility=0.06)


def start(first, second, **challenge) -> int:
    created = post_challenge(first, **challenge)
    return accept(second, created["id"])["game"]


@pytest.fixture(autouse=True)
def unshared(monkeypatch):
    """Each read of the list reads the games afresh (it is shared for a couple
    of seconds; ``test_the_list_is_shared`` keeps that)."""
    monkeypatch.setattr(watching, "SHARED_SECONDS", 0)


def listed(api, **params) -> list[dict]:
    response = api.get("/api/watch/", params)
    assert response.status_code == 200, response.content
    return response.json()["games"]


@pytest.fixture
def players(account):
    names = ["ann", "bob", "cid", "dan", "eve", "fay"]
    made = {name: account(name) for name in names}
    for name, rating in zip(names, [1900, 1800, 1500, 1400, 1700, 1650], strict=True):
        rate(made[name].user, rating)
    rate(made["cid"].user, 2100, family="block")
    rate(made["dan"].user, 2000, family="block")
    return made


def test_the_games_in_progress_best_rated_first_with_their_players(players, api):
    low = start(players["cid"], players["dan"])
    high = start(players["ann"], players["bob"], clock={"initial": 180, "increment": 2})
    games = listed(api)
    assert [g["game"] for g in games] == [high, low]
    top = games[0]
    assert top["rating"] == 1850
    assert [(p["seat"], p["name"], p["rating"]) for p in top["players"]] == [("A", "ann", 1900), ("B", "bob", 1800)]
    assert (top["control"], top["time_class"], top["moves"], top["spectators"]) == ("3+2", "live", 0, 0)
    assert top["url"] == f"/play/{high}/"
    assert top["variant_text"]
    # a practice game is no game between people: not listed
    api.post("/api/games/", {"variant": "lewicki", "level": "casual"}, format="json")
    assert len(listed(api)) == 2


def test_filters_by_variant_family_and_lowest_average_rating(players, api):
    open_game = start(players["ann"], players["bob"])  # 1850
    block = start(players["cid"], players["dan"], variant="block")  # 2050 in the block pool
    middle = start(players["eve"], players["fay"])  # 1675
    assert [g["game"] for g in listed(api)] == [block, open_game, middle]
    assert [g["game"] for g in listed(api, variant="block")] == [block]
    assert [g["game"] for g in listed(api, variant="lewicki")] == [open_game, middle]
    assert [g["game"] for g in listed(api, min_rating=1700)] == [block, open_game]
    assert [g["game"] for g in listed(api, variant="lewicki", min_rating=1900)] == []
    for bad in ({"variant": "chess"}, {"min_rating": "high"}, {"min_rating": "-5"}, {"min_rating": "99999"}):
        response = api.get("/api/watch/", bad)
        assert response.status_code == 400, bad
        assert "error" in response.json()


def test_concealed_games_and_closed_accounts_are_not_listed(players, api):
    hidden = start(players["ann"], players["bob"])
    closed = start(players["cid"], players["dan"])
    shown = start(players["eve"], players["fay"])
    assert {g["game"] for g in listed(api)} == {hidden, closed, shown}
    Game.objects.filter(pk=hidden).update(concealed=True)
    players["dan"].user.is_active = False
    players["dan"].user.save()
    assert [g["game"] for g in listed(api)] == [shown]


def test_a_private_events_games_are_not_listed_nor_featured(players, api):
    from django.utils import timezone

    from puzzles.tournaments.models import Entry, Pairing, Tournament

    private = start(players["ann"], players["bob"])
    public = start(players["eve"], players["fay"])
    for game_id, password in ((private, "hashed-secret"), (public, "")):
        event = Tournament.objects.create(kind="arena", starts_at=timezone.now(), password=password)
        a, b = (
            Entry.objects.create(tournament=event, owner=p.user, name=p.user.username)
            for p in (players["ann"], players["bob"])
        )
        Pairing.objects.create(tournament=event, a=a, b=b, game_id=game_id)
    assert [g["game"] for g in listed(api)] == [public]
    assert api.get("/api/watch/featured/").json()["game"]["game"] == public


def test_a_finished_game_leaves_the_list_and_the_featured_game_moves_on(players, api):
    best = start(players["ann"], players["bob"])
    second = start(players["eve"], players["fay"])
    assert api.get("/api/watch/featured/").json()["game"]["game"] == best
    # a better game starting later does not take the screen from the one shown
    GameRating.objects.filter(user=players["cid"].user, time_class="live", family="lewicki").update(rating=2500)
    better = start(players["cid"], players["dan"])
    assert [g["game"] for g in listed(api)][0] == better
    assert api.get("/api/watch/featured/").json()["game"]["game"] == best
    assert players["ann"].post(f"/api/games/{best}/resign/").status_code == 200
    assert best not in [g["game"] for g in listed(api)]
    assert api.get("/api/watch/featured/").json()["game"]["game"] == better
    for game_id in (better, second):
        Game.objects.filter(pk=game_id).update(status=Game.Status.OVER)
    assert api.get("/api/watch/featured/").json() == {"game": None}


def test_the_featured_game_is_a_clocked_one_before_a_better_correspondence_one(players, api):
    rate(players["cid"].user, 2600, time_class="correspondence")
    rate(players["dan"].user, 2600, time_class="correspondence")
    start(players["cid"], players["dan"], clock=None, days=3)
    live = start(players["eve"], players["fay"])
    assert api.get("/api/watch/featured/").json()["game"]["game"] == live


@pytest.fixture
def counting(redis_server):
    """The tests' own Redis, with no spectator left from another test (whose games had the same ids)."""
    for key in spectators._redis().scan_iter("od:spectators:*"):
        spectators._redis().delete(key)
    return redis_server


def count(api, game_id: int, watching: bool = False) -> int:
    response = api.get(f"/api/games/{game_id}/spectators/", {"watching": "true"} if watching else {})
    assert response.status_code == 200, response.content
    return response.json()["spectators"]


def test_the_spectator_count_moves_up_and_down(players, account, counting, monkeypatch):
    game_id = start(players["ann"], players["bob"])
    ann, gus, hal = players["ann"], account("gus"), account("hal")
    assert count(ann, game_id) == 0
    assert count(gus, game_id, watching=True) == 1
    assert count(gus, game_id, watching=True) == 1  # the same spectator again
    assert count(hal, game_id, watching=True) == 2
    assert count(ann, game_id, watching=True) == 2  # a player does not watch their own game
    text = ann.get(f"/api/games/{game_id}/spectators/").json()["text"]
    assert "2" in text
    assert listed(ann)[0]["spectators"] == 2
    # a spectator's socket closing takes it out at once
    spectators.left(game_id, f"session:{hal.session.session_key}")
    assert count(ann, game_id) == 1
    # one no longer seen for SEEN_SECONDS no longer counts
    later = spectators.time.time() + spectators.SEEN_SECONDS + 1
    monkeypatch.setattr(spectators.time, "time", lambda: later)
    assert count(ann, game_id) == 0


def test_the_game_page_shows_the_count_and_a_spectators_page_asks_as_a_watcher(players, account):
    game_id = start(players["ann"], players["bob"])
    watcher = account("gus")
    page = watcher.get(f"/play/{game_id}/").content.decode()
    assert f'data-spectators="/api/games/{game_id}/spectators/" data-watching' in page
    own = players["ann"].get(f"/play/{game_id}/").content.decode()
    assert f'data-spectators="/api/games/{game_id}/spectators/" role="status"' in own


def test_the_watch_and_tv_pages(players, client):
    assert "No game between people is being played now" in client.get("/tv/").content.decode()
    game_id = start(players["ann"], players["bob"])
    page = client.get("/watch/").content.decode()
    assert f'href="/play/{game_id}/"' in page
    assert "ann (1900)" in page
    assert client.get("/watch/", {"variant": "block"}).content.decode().count('class="watch-open"') == 0
    # a digit that is not an ASCII one is no rating: no filter, not a 500
    superscript = client.get("/watch/", {"min_rating": "²"})
    assert superscript.status_code == 200
    assert f'href="/play/{game_id}/"' in superscript.content.decode()
    tv = client.get("/tv/").content.decode()
    assert f'data-tv data-api="/api/watch/featured/" data-game="{game_id}"' in tv
    assert 'id="game-root"' in tv
    polish = client.get("/watch/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Partie do oglądania" in polish
    assert "Games to watch" not in polish


def test_the_list_is_shared_for_a_moment_per_filter(players, api, monkeypatch, django_assert_num_queries):
    monkeypatch.setattr(watching, "SHARED_SECONDS", 2)
    first = start(players["ann"], players["bob"])
    assert [g["game"] for g in listed(api)] == [first]
    start(players["eve"], players["fay"])
    with django_assert_num_queries(0):
        assert [g["game"] for g in listed(api)] == [first]  # the same for everyone until it is read again
    assert len(listed(api, variant="lewicki")) == 1  # each filter's made from the shared read
    cache.clear()
    assert len(listed(api)) == 2


def test_spectators_with_no_session_count_once_per_page(players, counting):
    from rest_framework.test import APIClient

    game_id = start(players["ann"], players["bob"])
    url = f"/api/games/{game_id}/spectators/"
    first, second = APIClient(), APIClient()  # no session: one address
    answer = first.get(url, {"watching": "true"}).json()
    assert answer["spectators"] == 1
    mine = answer["viewer"]  # the server's id for this page, sent back each time
    assert first.get(url, {"watching": "true", "viewer": mine}).json() | {"viewer": mine} == answer
    theirs = second.get(url, {"watching": "true"}).json()
    assert theirs["spectators"] == 2
    again = second.get(url, {"watching": "true", "viewer": theirs["viewer"]}).json()
    assert (again["spectators"], again["viewer"]) == (2, theirs["viewer"])
    assert second.get(url, {"watching": "true", "viewer": "no"}).status_code == 400


def test_made_up_viewer_ids_do_not_raise_the_count(players, counting):
    from rest_framework.test import APIClient

    game_id = start(players["ann"], players["bob"])
    other = start(players["eve"], players["fay"])
    url = f"/api/games/{game_id}/spectators/"
    reader = APIClient()
    for n in range(100):  # ids the server never issued, and ids of another game's page
        made_up = f"page{n:04d}abcdefgh"
        assert reader.get(url, {"watching": "true", "viewer": made_up}).json()["viewer"] != made_up
    foreign = reader.get(f"/api/games/{other}/spectators/", {"watching": "true"}).json()["viewer"]
    assert reader.get(url, {"watching": "true", "viewer": foreign}).json()["viewer"] != foreign
    # a made-up session is no session: such a reader is given a viewer id like any other without one
    made_up_session = APIClient()
    made_up_session.cookies[settings.SESSION_COOKIE_NAME] = "madeupsessionkey0000000000000001"
    assert "viewer" in made_up_session.get(url, {"watching": "true"}).json()
    # each made-up id was answered with an id of the server's, counted once an address: at most the cap
    assert spectators.count(game_id) == spectators.PER_ADDRESS
    assert spectators.count(other) == 1
    # another address still counts; an IPv6 address counts as its /64, whichever address of it asks
    assert APIClient(REMOTE_ADDR="10.0.0.9").get(url, {"watching": "true"}).json()["spectators"] == (
        spectators.PER_ADDRESS + 1
    )
    for n in range(2 * spectators.PER_ADDRESS):
        APIClient(REMOTE_ADDR=f"2001:db8::{n + 1:x}").get(url, {"watching": "true"})
    assert spectators.count(game_id) == 2 * spectators.PER_ADDRESS + 1


def test_a_game_page_poll_says_which_players_are_online(players, account, counting):
    from puzzles.social import presence

    game_id = start(players["ann"], players["bob"])
    url = f"/api/games/{game_id}/spectators/"
    presence.forget()
    cache.clear()
    gus = account("gus")
    assert gus.get(url).json()["online"] == []  # the watcher is online, but has no seat
    players["bob"].get(url)  # Bob's page polls: Bob is online (the request marks him so)
    answer = gus.get(url).json()
    assert answer["online"] == ["B"]
    cache.clear()  # a minute passes with no request of Bob's
    presence.forget()
    assert gus.get(url).json()["online"] == []
